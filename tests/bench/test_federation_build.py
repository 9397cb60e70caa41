"""The generated federation archive (``bench/federation_build.py``) is one the site could have
made: built small here, every number it writes is checked against what the site computes
from the deals, and the pages that read its kinds of tournament answer.

- the kept statistics of every table (written from the pool's templates with the players and
  the place put in) are the rows the site's own ``table_stats.keep`` makes for that table;
- every table's kept result is what the deal services keep (``results.compute_summary``),
  so the standings read from the kept results are those scored live from the deals;
- a final's players are the cut the site makes of the qualification's standings;
- a duplicate session's boards are all played where the movement gives them, each deal
  dealt by its board's dealer.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "bench"))

from federation_build import State, grow, kind_of  # noqa: E402

pytestmark = pytest.mark.django_db

SIZE = 9  # tournaments: the fourth in stages, the eighth a duplicate event


@pytest.fixture
def archive() -> State:
    state = State(
        random.Random(5), deals=(4, 7), players=(9, 16), rounds=(3, 5), career=4, season=4, pool=6
    )
    grow(state, SIZE)
    return state


def test_the_archive_holds_every_kind_and_mixed_rounds(archive: State) -> None:
    from referee.duplicate.models import Session
    from referee.tables.models import Deal, Seat, Table
    from referee.tournaments.models import Stage, Tournament

    assert Tournament.objects.count() == SIZE
    assert {n: kind_of(n) for n in range(SIZE) if kind_of(n) != "plain"} == {
        3: "staged",
        7: "duplicate",
    }
    assert Session.objects.count() == 1
    assert Stage.objects.filter(number=2).count() == 1
    assert set(Tournament.objects.values_list("convention", flat=True)) == {
        "classic",
        "fspr",
        "leningrad",
        "rostov",
        "sochi",
    }
    assert Deal.objects.count() == archive.deal_count
    assert Table.objects.count() == archive.table_count
    sizes: dict[int, set[int]] = {}
    for table, round_ in Table.objects.values_list("pk", "round"):
        sizes.setdefault(round_, set()).add(Seat.objects.filter(table=table).count())
    assert any(found == {3, 4} for found in sizes.values()), "no round mixes tables of 3 and 4"


def _kept() -> dict[tuple[int, int], tuple[Any, Any]]:
    from referee.standings.models import PlayerTableStats

    return {(r.table_id, r.player_id): (r.stats, r.others) for r in PlayerTableStats.objects.all()}


def test_the_kept_statistics_are_the_sites_rows_for_each_table(archive: State) -> None:
    from referee.standings.services.table_stats import keep
    from referee.tables.models import Seat, Table

    written = _kept()
    assert len(written) == Seat.objects.count()
    assert all(stats is not None for stats, _others in written.values())
    keep(Table.objects.values_list("pk", flat=True))
    assert _kept() == written


def test_the_kept_results_and_standings_are_those_scored_live(archive: State) -> None:
    from referee.standings.services import standings_after
    from referee.tables.models import Deal, Seat, Table
    from referee.tables.results import compute_summary
    from referee.tournaments.models import Tournament

    cache.clear()  # pages cached by another test of this worker under the same ids
    for table in Table.objects.select_related("round__tournament"):
        deals = list(
            Deal.objects.filter(table=table).order_by("number").values_list("data", flat=True)
        )
        live = compute_summary(table, deals, Seat.objects.filter(table=table).count())
        assert table.result == live, table.pk
    viewer = AnonymousUser()
    kept = {t.pk: standings_after(t, viewer=viewer).rows for t in Tournament.objects.all()}
    Table.objects.update(result=None)  # the standings score every table from its deals
    cache.clear()
    for tournament in Tournament.objects.all():
        assert standings_after(tournament, viewer=viewer).rows == kept[tournament.pk]


def test_a_finals_players_are_the_sites_cut_of_the_qualification(archive: State) -> None:
    from referee.standings.services import stage_cut, stage_tables
    from referee.tables.models import Seat
    from referee.tournaments.models import Registration, Stage

    final = Stage.objects.get(number=2)
    tournament = final.tournament
    tables = stage_tables(tournament, viewer=AnonymousUser())
    everybody = {
        str(e)
        for e in Registration.objects.filter(tournament=tournament).values_list("pk", flat=True)
    }
    cut = stage_cut(tables, final, everybody)
    assert cut is not None and not cut.tied
    assert sorted(int(p) for ids in cut.through for p in ids) == sorted(final.qualified)
    seated = set(
        Seat.objects.filter(table__round__stage=final).values_list("registration", flat=True)
    )
    assert seated == set(final.qualified)
    first = Stage.objects.get(tournament=tournament, number=1)
    assert len(first.qualified) > len(final.qualified) >= 6


def test_a_duplicate_sessions_boards_are_all_played_by_their_dealers(archive: State) -> None:
    from referee.duplicate.models import Session
    from referee.duplicate.sealing import board_numbers, closed_boards
    from referee.duplicate.services import dealer_letter, table_plan
    from referee.tables.models import Table

    session = Session.objects.get()
    assert closed_boards(session) == board_numbers(session)
    assert session.boards.count() == len(board_numbers(session))
    for table in Table.objects.filter(round__tournament=session.tournament):
        plan = table_plan(session, table.round.number, table.number)
        seats = list(table.seats.order_by("position").values_list("registration", flat=True))
        assert seats == plan["seats"]
        dealers = [
            d["dealer"] for d in table.deals.order_by("number").values_list("data", flat=True)
        ]
        assert dealers == [dealer_letter(session, seats, hands) for _b, hands in plan["boards"]]


def test_the_pages_read_the_archive(archive: State) -> None:
    from referee.duplicate.models import Session
    from referee.tournaments.models import Stage, Tournament

    client = Client(HTTP_ACCEPT_LANGUAGE="ru", HTTP_HOST="localhost")
    staged = Stage.objects.get(number=2).tournament.slug
    session = Session.objects.get()
    pages = [
        reverse("home"),
        reverse("stage-places", args=[staged]),
        reverse("duplicate-session", args=[session.tournament.slug, session.number]),
        reverse("registry-player", args=[archive.hero]),
        reverse("registry-player", args=[archive.veterans[0]]),
        reverse("registry-versus", args=[archive.hero, archive.rival]),
    ]
    for tournament in Tournament.objects.all():
        pages.append(reverse("standings", args=[tournament.slug]))
        pages.append(reverse("export-federation-xlsx", args=[tournament.slug]))
    for url in pages:
        assert client.get(url).status_code == 200, url


def test_a_players_sums_kept_with_his_final_standings_are_those_of_his_tables(
    archive: State,
) -> None:
    """What his tables in a finished tournament add up to, kept with his final standing
    (``tournament_sums``), is what the profile adds up from his tables: every player's
    profile is the same read either way, some tables having no kept row of their own."""
    from referee.ratings.services import finals, profile
    from referee.standings.models import FinalStanding, PlayerTableStats
    from referee.tables.models import Table
    from referee.tournaments.models import Player, Tournament

    tables = list(Table.objects.order_by("pk").values_list("pk", flat=True))
    unkept = random.Random(7).sample(tables, len(tables) // 10)  # scored where they are read
    PlayerTableStats.objects.filter(table_id__in=unkept).delete()
    finished = Tournament.objects.filter(status=Tournament.Status.FINISHED)
    finals.keep(finished.values_list("pk", flat=True))
    assert FinalStanding.objects.exclude(stats={}).exclude(stats=None).count() > 50
    players = list(Player.objects.order_by("pk").values_list("pk", flat=True))
    cache.clear()
    kept = {p: profile.profile(p) for p in players}
    FinalStanding.objects.update(stats=None, met=None)  # each read from his tables
    cache.clear()
    for player in players:
        assert profile.profile(player) == kept[player], player
    assert sum(len(kept[p].opponents) for p in players) > 100
