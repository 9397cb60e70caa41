"""The organiser's wizard at /t/new/ and the create_tournament service behind it."""

import datetime

import pytest
from django.contrib.auth.models import Group
from django.urls import reverse

from referee.accounts.models import Role
from referee.core.errors import NotAllowed, ServiceError
from referee.core.permissions import ORGANISERS, is_chief, is_organiser, may_create_tournaments
from referee.standings.models import StandingsSettings
from referee.tournaments.models import ActionLog, Tournament
from referee.tournaments.services import create_tournament
from referee.tournaments.slugs import slug_from
from tests.referee.factories import RegistrationFactory, TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db

DAY = datetime.date(2027, 3, 6)


def organiser(name: str = "org"):
    user = UserFactory(username=name)
    Group.objects.get_or_create(name=ORGANISERS)[0].user_set.add(user)
    return user


def values(**changes):
    base = {"name": "Кубок Сочи 2027", "slug": "", "starts_on": DAY, "ends_on": DAY}
    return base | changes


def test_slugs_are_transliterated():
    assert slug_from("Кубок ФСПР — 2026") == "kubok-fspr-2026"
    assert slug_from("Щёлково: чемпионат") == "shchelkovo-chempionat"
    assert slug_from("new") == "tournament-new"
    assert slug_from("!!!") == "tournament"


def test_only_organisers_create_and_the_creator_is_chief():
    with pytest.raises(NotAllowed):
        create_tournament(UserFactory(), values())
    user = organiser()
    assert is_organiser(user) and may_create_tournaments(user)
    tournament = create_tournament(user, values())
    assert tournament.slug == "kubok-sochi-2027"
    assert tournament.chief_referee == user
    assert tournament.status == Tournament.Status.DRAFT
    assert ActionLog.objects.filter(tournament=tournament, action="tournament.created").exists()


def test_refusals_name_their_field():
    user = organiser()
    create_tournament(user, values())
    with pytest.raises(ServiceError) as taken:
        create_tournament(user, values())
    assert taken.value.field == "slug"
    with pytest.raises(ServiceError) as dates:
        create_tournament(user, values(slug="x", ends_on=DAY - datetime.timedelta(days=1)))
    assert dates.value.field == "ends_on"
    with pytest.raises(ServiceError) as option:
        create_tournament(user, values(slug="y", options={"whist_price": "3C"}))
    assert option.value.field == "whist_price"


def test_copying_takes_the_players_and_their_forbidden_pairs():
    user = organiser()
    source = TournamentFactory(chief_referee=user, convention="sochi", time_limit_minutes=150)
    entries = [RegistrationFactory(tournament=source) for _ in range(5)]
    source.forbidden_pairs = [[entries[0].pk, entries[1].pk]]
    source.save()
    tournament = create_tournament(user, values(convention="sochi"), copy_players_from=source.pk)
    copied = list(tournament.entries.order_by("pk"))
    assert [e.player_id for e in copied] == [e.player_id for e in entries]
    assert tournament.forbidden_pairs == [sorted([copied[0].pk, copied[1].pk])]
    with pytest.raises(ServiceError):  # somebody else's tournament
        create_tournament(user, values(slug="z"), copy_players_from=TournamentFactory().pk)


def form_data(**changes):
    data = {
        "name": "Зимний кубок",
        "slug": "",
        "starts_on": "2027-01-10",
        "ends_on": "2027-01-11",
        "venue": "Тула",
        "convention": "fspr",
        "table_size": "4",
        "method": "placement_points",
        "time_limit_minutes": "120",
        "tie_0": "points",
        "tie_1": "firsts",
        "tie_2": "lot",
    }
    return data | changes


def test_the_wizard_creates_a_tournament_with_its_standings(client):
    user = organiser()
    client.force_login(user)
    page = client.get(reverse("tournament-new"))
    assert page.status_code == 200
    assert "JSON" not in page.content.decode()
    response = client.post(
        reverse("tournament-new"), form_data(opt_whist_sharing="greedy", co_chief="chief2")
    )
    assert response.status_code == 200  # chief2 has no account: refused, values kept
    assert "chief2" in response.content.decode()
    assert 'id="error-summary"' in response.content.decode()
    assert not Tournament.objects.exists()
    UserFactory(username="chief2")
    response = client.post(
        reverse("tournament-new"), form_data(opt_whist_sharing="greedy", co_chief="chief2")
    )
    tournament = Tournament.objects.get()
    assert response.url == reverse("manage", args=[tournament.slug])
    assert tournament.slug == "zimnii-kubok" and tournament.options == {"whist_sharing": "greedy"}
    assert tournament.time_limit_minutes == 120 and tournament.chief_referee == user
    settings = StandingsSettings.objects.get(tournament=tournament)
    assert settings.method == "placement_points"
    assert settings.tie_breaks == ["points", "firsts", "lot"]
    assert Role.objects.get(tournament=tournament).user.username == "chief2"


def test_the_wizard_refuses_repeated_tie_breaks_and_strangers(client):
    client.force_login(organiser())
    response = client.post(reverse("tournament-new"), form_data(tie_1="points"))
    assert response.status_code == 200 and not Tournament.objects.exists()
    client.force_login(UserFactory(username="plain"))
    assert client.get(reverse("tournament-new")).status_code == 403


def test_the_wizard_fills_itself_from_an_earlier_tournament(client):
    user = organiser()
    source = TournamentFactory(chief_referee=user, convention="rostov", deal_cap=24)
    RegistrationFactory(tournament=source)
    client.force_login(user)
    page = client.get(reverse("tournament-new"), {"copy": source.pk})
    assert page.context["form"].initial["convention"] == "rostov"
    assert page.context["form"].initial["deal_cap"] == 24
    client.post(
        reverse("tournament-new"),
        form_data(convention="rostov", copy_from=source.pk, copy_players="on"),
    )
    assert Tournament.objects.get(slug="zimnii-kubok").entries.count() == 1


def test_the_wizard_page_reads_a_fixed_number_of_queries(client, django_assert_num_queries):
    user = organiser()
    for n in range(5):
        TournamentFactory(chief_referee=user, slug=f"earlier-{n}")
    client.force_login(user)
    # session, user, the organisers group, the earlier tournaments to copy from
    with django_assert_num_queries(4):
        assert client.get(reverse("tournament-new")).status_code == 200


def test_the_creator_naming_another_chief_stays_chief_and_so_does_the_other(client):
    user = organiser()
    colleague = UserFactory(username="chief2")
    client.force_login(user)
    response = client.post(reverse("tournament-new"), form_data(co_chief="chief2"))
    tournament = Tournament.objects.get()
    assert response.url == reverse("manage", args=[tournament.slug])
    assert client.get(response.url).status_code == 200
    assert is_chief(user, tournament) and is_chief(colleague, tournament)


def test_naming_oneself_as_the_other_chief_is_no_refusal(client):
    user = organiser()
    client.force_login(user)
    response = client.post(reverse("tournament-new"), form_data(co_chief="org"))
    tournament = Tournament.objects.get()
    assert response.url == reverse("manage", args=[tournament.slug])
    assert tournament.chief_referee == user and not Role.objects.exists()
