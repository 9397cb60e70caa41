"""Whose login lockouts a chief referee sees and lifts: his own tournament's officials only,
never another tournament's, a superuser's, a staff member's or an organiser's; the site's
staff see and lift any (issue 21, point 2)."""

from __future__ import annotations

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import Group
from django.test import Client

from referee.accounts.models import Role
from referee.core.permissions import ORGANISERS

from ..factories import TournamentFactory, UserFactory, referee_of

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _throttled(settings):
    settings.AXES_ENABLED = True


def lock_out(username: str, address: str = "10.0.0.7") -> None:
    client = Client()
    for _ in range(6):
        client.post(
            "/accounts/login/", {"username": username, "password": "wrong"}, REMOTE_ADDR=address
        )


def locked(username: str) -> bool:
    return AccessAttempt.objects.filter(username=username, failures_since_start__gte=5).exists()


@pytest.fixture
def hall():
    """Two tournaments, each with its chief and a referee, and the site's other accounts,
    every one of them locked out."""
    ours, theirs = TournamentFactory(), TournamentFactory()
    chief = referee_of(ours, Role.Kind.CHIEF, "chief")
    referee_of(ours, Role.Kind.REFEREE, "our-referee")
    referee_of(ours, Role.Kind.CHIEF, "co-chief")
    referee_of(theirs, Role.Kind.REFEREE, "their-referee")
    UserFactory(username="root", is_superuser=True, is_staff=True)
    UserFactory(username="clerk", is_staff=True)
    organiser = referee_of(ours, Role.Kind.REFEREE, "organiser")
    organiser.groups.add(Group.objects.get_or_create(name=ORGANISERS)[0])
    UserFactory(username="stranger")
    for name in (
        "our-referee",
        "co-chief",
        "their-referee",
        "root",
        "clerk",
        "organiser",
        "stranger",
        "nobody-at-all",
    ):
        lock_out(name)
    client = Client()
    client.force_login(chief)
    return ours, theirs, client


def listed(client, tournament) -> set[str]:
    page = client.get(f"/t/{tournament.slug}/manage/lockouts/")
    assert page.status_code == 200
    return {a.username for a in page.context["attempts"]}


def test_the_chief_lists_only_his_own_tournaments_officials(hall):
    ours, _theirs, client = hall
    assert listed(client, ours) == {"our-referee", "co-chief"}
    page = client.get(f"/t/{ours.slug}/manage/lockouts/").content.decode()
    for name in ("their-referee", "root", "clerk", "organiser", "stranger", "nobody-at-all"):
        assert f'value="{name}"' not in page


@pytest.mark.parametrize(
    "name", ["their-referee", "root", "clerk", "organiser", "stranger", "nobody-at-all"]
)
def test_the_chief_cannot_lift_anybody_elses_lockout(hall, name):
    ours, _theirs, client = hall
    before = AccessAttempt.objects.count()
    response = client.post(f"/t/{ours.slug}/manage/lockouts/", {"username": name})
    assert response.status_code == 403
    assert locked(name)
    assert AccessAttempt.objects.count() == before


def test_the_chief_lifts_his_referees_lockout(hall):
    ours, _theirs, client = hall
    response = client.post(f"/t/{ours.slug}/manage/lockouts/", {"username": "our-referee"})
    assert response.status_code == 302
    assert not locked("our-referee")
    assert locked("their-referee") and locked("co-chief")
    assert ours.log.filter(action="login.unlocked").count() == 1


def test_the_chief_of_another_tournament_sees_none_of_ours(hall):
    _ours, theirs, _client = hall
    chief = referee_of(theirs, Role.Kind.CHIEF, "their-chief")
    client = Client()
    client.force_login(chief)
    assert listed(client, theirs) == {"their-referee"}
    assert (
        client.post(f"/t/{theirs.slug}/manage/lockouts/", {"username": "our-referee"}).status_code
        == 403
    )
    assert locked("our-referee")


def test_the_sites_staff_see_and_lift_any(hall):
    ours, _theirs, _client = hall
    clerk = Client()
    clerk.force_login(UserFactory(username="staff-member", is_staff=True))
    assert listed(clerk, ours) == {
        "our-referee",
        "co-chief",
        "their-referee",
        "root",
        "clerk",
        "organiser",
        "stranger",
        "nobody-at-all",
    }
    for name in ("their-referee", "root", "nobody-at-all"):
        assert clerk.post(f"/t/{ours.slug}/manage/lockouts/", {"username": name}).status_code == 302
        assert not locked(name)


def test_a_referee_sees_no_lockouts_page(hall):
    ours, _theirs, _client = hall
    client = Client()
    client.force_login(referee_of(ours, Role.Kind.REFEREE, "another-referee"))
    assert client.get(f"/t/{ours.slug}/manage/lockouts/").status_code == 403
    assert (
        client.post(f"/t/{ours.slug}/manage/lockouts/", {"username": "our-referee"}).status_code
        == 403
    )
    assert locked("our-referee")
