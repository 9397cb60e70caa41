"""A player's whole tournament through the pages, across the features of issue 22, as each
person does it: seven players apply on the public form (one of them twice, one with the name
the registry spells with ё), the organiser approves them, prints their badges, six check in on
their own links and one says he will miss the round; the round seats the six, each link shows
its seat, the absent one's shows none; the round is played and published, and then each
player's link offers his card, his profile counts the tournament, and the season's cup ranks
him."""

from __future__ import annotations

import re

import pytest
from django.test import Client, override_settings
from django.urls import reverse

from referee.accounts.models import Role
from referee.series import services as series
from referee.standings import services as standings
from referee.tables.models import Seat
from referee.tournaments import checkin
from referee.tournaments.models import Application, Player, Registration, Round

from .factories import PlayerFactory, TournamentFactory, UserFactory, referee_of
from .format.play import play_round

pytestmark = pytest.mark.django_db

NAMES = ["Артём Ёлкин", "Борис Гладков", "Вера Дроздова", "Глеб Самойлов", "Дарья Климова"]
NAMES += ["Нина Орлова", "Пётр Семёнов"]


def applied(client: Client, slug: str, name: str, n: int) -> str:
    page = client.post(
        reverse("tournament-join", args=[slug]),
        {"name": name, "city": "Тула", "contact": f"+7 900 000-00-{n:02d}"},
        HTTP_ACCEPT_LANGUAGE="ru",
        REMOTE_ADDR=f"10.0.0.{n}",  # from home, each on his own line
    )
    assert page.status_code == 200
    return page.content.decode()


@override_settings(SITE_URL="https://pref.example.org")
def test_from_the_application_form_to_the_cup():
    known = PlayerFactory(name="Артем Елкин", city="Тула")  # the registry's spelling
    tournament = TournamentFactory(published=True, check_in=True, slug="open")
    chief = referee_of(tournament, Role.Kind.CHIEF, name="chief")
    organiser = Client()
    organiser.force_login(chief)
    settings = reverse("manage-applications", args=[tournament.slug])
    assert organiser.post(settings, {"open": "on"}).status_code == 302

    public = Client()
    for n, name in enumerate(NAMES, start=1):
        assert "заявка получена" in applied(public, tournament.slug, name, n)
    twice = applied(public, tournament.slug, NAMES[1], 99)
    assert "заявка получена" not in twice  # the same name again is refused at the form
    assert Application.objects.filter(tournament=tournament).count() == 7

    page = organiser.get(settings, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert reverse("registry-player", args=[known.pk]) in page  # ё and е alike
    for application in Application.objects.filter(tournament=tournament):
        decide = reverse("manage-application-decide", args=[tournament.slug, application.pk])
        assert organiser.post(decide, {"action": "approve"}).status_code == 302
    entries = {e.player.name: e for e in tournament.entries.select_related("player", "tournament")}
    assert len(entries) == 7
    assert entries["Артем Елкин"].player_id == known.pk  # his registry card, not a new one
    assert Player.objects.filter(name__in=NAMES).count() == 6

    badges = organiser.get(reverse("check-in-badges", args=[tournament.slug]))
    assert badges.status_code == 200 and badges["Content-Type"] == "application/pdf"
    links = {name: link_of(e) for name, e in entries.items()}

    absent = "Нина Орлова"
    for name, link in links.items():
        if name == absent:
            answer = public.post(
                f"/api/v1/tournaments/{tournament.slug}/me/{link.split('/me/')[1]}check-in/",
                {"present": False, "reason": "поезд опаздывает"},
                content_type="application/json",
            )
            assert answer.status_code == 200 and answer.json()["state"] == "absent"
        else:
            assert public.post(link, {"action": "present"}).status_code == 302
    check_in = organiser.get(reverse("manage-check-in", args=[tournament.slug]))
    assert "поезд опаздывает" in check_in.content.decode()

    round_ = play_round(tournament, chief, seed=3)
    assert {s.registration.player.name for s in Seat.objects.filter(table__round=round_)} == (
        set(entries) - {absent}
    )
    notes = Round.objects.get(pk=round_.pk).notes
    assert "поезд опаздывает" in str(notes)
    seat = Seat.objects.select_related("table").get(
        table__round=round_, registration=entries["Вера Дроздова"]
    )
    mine = public.get(links["Вера Дроздова"], HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert f"стол {seat.table.number}, место {seat.position}" in mine
    theirs = public.get(links[absent], HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert re.search(r"стол \d+, место \d+", mine) and not re.search(r"стол \d+, место", theirs)
    card = reverse("player-card", args=[tournament.slug, entries["Вера Дроздова"].pk])
    assert card not in mine  # the results are not public yet

    standings.update_settings(tournament, chief, {"published_through": 1})
    mine = public.get(links["Вера Дроздова"], HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert card in mine
    api = public.get("/api/v1/tournaments/open/me/" + links["Вера Дроздова"].split("/me/")[1])
    assert api.json()["card_page"].endswith(card)
    vera = entries["Вера Дроздова"].player_id
    profile = public.get(reverse("registry-player", args=[vera]), HTTP_ACCEPT_LANGUAGE="ru")
    assert profile.status_code == 200 and tournament.name in profile.content.decode()

    manager = UserFactory(username="cup-organiser")
    from django.contrib.auth.models import Group

    from referee.core.permissions import ORGANISERS

    Group.objects.get_or_create(name=ORGANISERS)[0].user_set.add(manager)
    cup = series.create_series(manager, {"name": "Кубок сезона", "slug": "season"})
    series.add_tournament(cup.pk, tournament.slug, manager)
    table = series.series_table(cup)
    ranked = {line.player.name for line in (*table.ranked, *table.unranked)}
    assert ranked == set(entries) - {absent}
    cup_page = public.get(reverse("series", args=["season"]), HTTP_ACCEPT_LANGUAGE="ru")
    assert "Вера Дроздова" in cup_page.content.decode()

    # the organiser revokes a link: the old one dies, the printed badge is renewed
    old = links["Вера Дроздова"]
    organiser.post(
        reverse("manage-check-in-action", args=[tournament.slug, entries["Вера Дроздова"].pk]),
        {"action": "revoke"},
    )
    assert public.get(old).status_code == 404
    assert public.get(link_of(entries["Вера Дроздова"])).status_code == 200


def link_of(entry: Registration) -> str:
    entry = Registration.objects.select_related("tournament").get(pk=entry.pk)
    return reverse("player-link", args=[entry.tournament.slug, entry.pk, checkin.link_key(entry)])


def test_the_link_pages_name_no_key_of_another_player():
    """The private link's page holds its own key only (a page shared by a screenshot gives
    nobody else's link)."""
    tournament = TournamentFactory(published=True, check_in=True)
    referee_of(tournament, Role.Kind.CHIEF)
    from .factories import RegistrationFactory

    mine, other = (
        RegistrationFactory(tournament=tournament),
        RegistrationFactory(tournament=tournament),
    )
    html = Client().get(link_of(mine)).content.decode()
    keys = set(re.findall(r"/me/\d+/([0-9a-f]{20})/", html))
    other_key = link_of(other).rstrip("/").rsplit("/", 1)[1]
    assert other_key not in html and keys <= {link_of(mine).rstrip("/").rsplit("/", 1)[1]}
