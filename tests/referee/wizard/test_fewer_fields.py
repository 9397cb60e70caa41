"""The wizard needs only a name: the dates default to a one-day tournament starting today."""

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse
from django.utils import timezone

from referee.core.permissions import ORGANISERS
from referee.tournaments.models import Tournament
from tests.referee.factories import UserFactory

pytestmark = pytest.mark.django_db


def test_a_name_and_the_offered_date_make_a_one_day_tournament(client):
    user = UserFactory(username="org")
    Group.objects.get_or_create(name=ORGANISERS)[0].user_set.add(user)
    client.force_login(user)
    today = timezone.localdate().isoformat()
    page = client.get(reverse("tournament-new")).content.decode()
    assert f'name="starts_on" value="{today}"' in page
    response = client.post(
        reverse("tournament-new"),
        {
            "name": "Кубок выходного дня",
            "starts_on": today,
            "ends_on": "",
            "convention": "fspr",
            "table_size": "4",
            "method": "raw_whists",
            "tie_0": "points",
        },
    )
    tournament = Tournament.objects.get()
    assert response.url == reverse("manage", args=[tournament.slug])
    assert tournament.starts_on.isoformat() == tournament.ends_on.isoformat() == today
