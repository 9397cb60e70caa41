"""A table's part in its players' statistics, kept when it locks (issue 33 point 2): the kept
rows give the profile and the head to head the live computation gives, on random archives,
and every change of a locked table keeps them again."""

from __future__ import annotations

import random
from fractions import Fraction as F

import pytest
from django.core.cache import cache

from referee.accounts.models import Role
from referee.demo.loader import generate_tournament
from referee.jobs import queue
from referee.ratings.services import profile
from referee.standings.models import PlayerTableStats, StandingsSettings
from referee.standings.pure.player_stats import Stats, head_to_head, player_stats
from referee.standings.pure.stats_codec import decode, encode
from referee.standings.services import table_stats
from referee.tables import services
from referee.tables.models import Deal, Table
from referee.tournaments.log import log_action
from referee.tournaments.models import Player, Registration, Tournament
from tests.referee.tables.test_services import SIX_MADE

from ..factories import referee_of, table_with_players

pytestmark = pytest.mark.django_db


def _archive(seed: int) -> list[Player]:
    """Five random tournaments (7 to 10 players: tables of 3 and of 4, two conventions)
    over one pool of eight players, each sitting in a random share of them; published
    through a random round; one table's rows lost (scored live, then)."""
    rng = random.Random(seed)
    pool = [Player.objects.create(name=f"Игрок {seed}-{i}") for i in range(8)]
    for t in range(5):
        size = rng.choice((7, 8, 9, 10))
        tournament = generate_tournament(
            size, 3, seed=seed * 100 + t, slug=f"a{seed}-{t}", deals_per_table=rng.randint(4, 9)
        )
        if t % 2:
            Tournament.objects.filter(pk=tournament.pk).update(convention="sochi")
        entries = list(Registration.objects.filter(tournament=tournament).order_by("pk"))
        for entry, player in zip(rng.sample(entries, 5), rng.sample(pool, 5), strict=True):
            Registration.objects.filter(pk=entry.pk).update(player=player)
        table_stats.keep_tournament(tournament.pk)
        StandingsSettings.objects.create(tournament=tournament, published_through=rng.randint(1, 3))
    lost = PlayerTableStats.objects.filter(player__in=pool).order_by("?").first()
    assert lost is not None
    PlayerTableStats.objects.filter(table_id=lost.table_id).delete()
    return pool


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_kept_statistics_are_the_live_ones_on_random_archives(seed):
    cache.clear()
    pool = _archive(seed)
    for player in pool:
        live = profile.load(player.pk)
        expected = player_stats(player.pk, live.tables)
        found = profile.profile(player.pk)
        assert found.overall == expected.overall
        lines = {line.tournament.pk: line.stats for line in found.tournaments}
        assert {t: s for t, s in lines.items() if s.tables} == expected.by_tournament
        assert {pk: n for pk, _name, n in found.opponents} == expected.opponents
        for other in pool:
            if other.pk == player.pk:
                continue
            page = profile.versus(player, other.pk)
            assert page.result == head_to_head(player.pk, other.pk, live.tables)
            assert len(page.tables) == page.result.tables


def test_the_codec_gives_back_what_it_wrote():
    stats = Stats(tables=2, result=F(-17, 3), contracts={(7, "H"): 2}, raspasy_result=F(5, 2))
    assert decode(encode(stats)) == stats
    assert encode(stats)["result"] == "-17/3"
    assert encode(Stats()) == {}


def _kept(table: Table) -> dict[int, Stats | None]:
    rows = PlayerTableStats.objects.filter(table=table)
    return {r.player_id: None if r.stats is None else decode(r.stats) for r in rows}


def test_locking_a_ruling_a_deletion_and_reopening_keep_the_rows():
    table = table_with_players(3, second_confirmation=False)
    tournament = table.round.tournament
    referee = referee_of(tournament)
    chief = referee_of(tournament, Role.Kind.CHIEF)
    a, b, c = (s.registration.player_id for s in table.seats.order_by("position"))
    services.record_deal(table.pk, SIX_MADE, referee)
    services.record_deal(table.pk, {**SIX_MADE, "dealer": "A"}, referee)
    assert _kept(table) == {}  # an open table: nothing kept, the profile scores it live
    services.submit_table(table.pk, referee)
    kept = _kept(table)
    # fspr: each 6♠ made writes 2 to A's pool and 8 of whists from B and from C on him;
    # settled after both (tables test_services): A 64/3, B and C −32/3 each
    assert set(kept) == {a, b, c}
    mine = kept[a]
    assert mine is not None
    assert (mine.tables, mine.deals, mine.declared, mine.made, mine.pool) == (1, 2, 2, 2, 4)
    assert mine.result == F(64, 3) and mine.whists_on == 32 and mine.first_places == 1
    theirs = kept[b]
    assert theirs is not None
    assert (theirs.whists, theirs.whists_written, theirs.result) == (2, 16, F(-32, 3))
    row = PlayerTableStats.objects.get(table=table, player_id=a)
    # the pair settlement A from B, m = mountain − 2·pool: m_A = −8, m_B = 0;
    # 10·(m_B − m_A)/3 + w[A][B] − w[B][A] = 80/3 + 0 − 16 = 32/3 (twice that, from B
    # and from C, is A's 64/3)
    assert row.others[str(b)] == ["-32/3", "32/3"]
    # a ruling adds a deal to the locked table: kept again at once
    services.record_deal(table.pk, {**SIX_MADE, "dealer": "B"}, chief, "ruling")
    assert kept_of(table, a).deals == 3
    second = Deal.objects.get(table=table, number=2)
    services.delete_deal(second.pk, chief, "entered twice")
    assert kept_of(table, a).deals == 2 and kept_of(table, a).pool == 4
    services.restore_deal(second.pk, chief, "it was not")
    assert kept_of(table, a).deals == 3
    services.reopen_table(table.pk, chief, "a wrong score")
    assert _kept(table) == {}  # live again


def kept_of(table: Table, player: int) -> Stats:
    stats = _kept(table)[player]
    assert stats is not None
    return stats


def test_a_table_not_of_3_or_4_is_kept_as_not_counting():
    table = table_with_players(2, second_confirmation=False)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.LOCKED)
    table_stats.keep([table.pk])
    assert list(_kept(table).values()) == [None, None]


def test_a_change_of_the_whole_tournament_keeps_its_rows_again_in_the_background(
    django_capture_on_commit_callbacks,
):
    tournament = generate_tournament(6, 2, seed=5, slug="whole", deals_per_table=3)
    before = _rows()
    assert len(before) == 6 * 2  # 6 players, 2 rounds, a row each
    with django_capture_on_commit_callbacks(execute=True):
        log_action(tournament, None, "tournament.convention")
        assert not PlayerTableStats.objects.exists()  # forgotten at once: live meanwhile
    assert queue.drain() == 1
    assert _rows() == before


def _rows() -> list[tuple[int, int, dict]]:
    return list(
        PlayerTableStats.objects.order_by("table_id", "player_id").values_list(
            "table_id", "player_id", "stats"
        )
    )
