"""The games a rating list counts, read from the tables' kept settlements.

A game is a table of 3 or 4 with deals and a settlement the engine accepts, in a finished
round that counts for the ratings (``core.rounds``: not a duplicate stanza) and that the
public sees (``core.permissions.round_counts_for_ratings``), of a tournament on the list.
A player's score is his settled whists, with the referee's adjustments where the
tournament's standings count them (the standings' own rule). A guest (TOURNAMENTS §6.4)
plays in the game unchanged (``pure.replay``), or his tables are left out where the
tournament's ``guest_games`` says ``skip``. Reading is three queries, then three a
``CHUNK`` of tournaments (a federation's thousand tournaments in ~30 queries, not 3,000).
"""

from __future__ import annotations

from collections.abc import Iterable

from referee.core import rounds as kinds
from referee.core.permissions import round_counts_for_ratings
from referee.standings.models import StandingsSettings
from referee.tables.results import SettledTable, tournaments_results
from referee.tournaments.models import GuestGames, Registration, Round, Tournament

from ..pure.replay import Game

CHUNK = 100  # tournaments read together: ~3,600 tables, within any database's parameters


def counted_tournaments(tournaments: Iterable[Tournament]) -> list[Tournament]:
    """In the order the ratings replay them: by start date, then by id."""
    return sorted(tournaments, key=lambda t: (t.starts_on, t.pk))


def games_of(tournaments: list[Tournament]) -> tuple[list[Game], dict[int, int]]:
    """Every counted game of ``tournaments`` in replay order, and the registry player of
    each registration that plays in them."""
    ids = [t.pk for t in tournaments]
    settings = {
        tid: (through, adjust)
        for tid, through, adjust in StandingsSettings.objects.filter(
            tournament_id__in=ids
        ).values_list("tournament_id", "published_through", "count_adjustments")
    }
    players: dict[int, int] = {}
    guests: set[int] = set()
    for pk, player, guest in Registration.objects.filter(tournament_id__in=ids).values_list(
        "pk", "player_id", "guest"
    ):
        players[pk] = player
        if guest:
            guests.add(pk)
    finished: dict[int, list[Round]] = {}
    counted = kinds.counting(Round.objects.all(), kinds.RATINGS)
    for round_ in counted.filter(tournament_id__in=ids, status=Round.Status.FINISHED).order_by(
        "number"
    ):
        finished.setdefault(round_.tournament_id, []).append(round_)
    counted_rounds = {
        tournament.pk: [
            r
            for r in finished.get(tournament.pk, [])
            if round_counts_for_ratings(
                tournament.published, settings.get(tournament.pk, (None, False))[0], r.number
            )
        ]
        for tournament in tournaments
    }
    games: list[Game] = []
    for start in range(0, len(tournaments), CHUNK):
        chunk = tournaments[start : start + CHUNK]
        rounds = [r for t in chunk for r in counted_rounds[t.pk]]
        read = tournaments_results({t.pk: t for t in chunk}, rounds) if rounds else {}
        for tournament in chunk:
            adjust = settings.get(tournament.pk, (None, False))[1]
            games += _games(tournament, read.get(tournament.pk, []), adjust, players, guests)
    return games, players


def _games(
    tournament: Tournament,
    results: list[SettledTable],
    adjust: bool,
    players: dict[int, int],
    guests: set[int],
) -> list[Game]:
    """The games of one tournament's counted tables, round by round, table by table."""
    games: list[Game] = []
    results.sort(key=lambda t: (t.round_number, t.table_number))
    for table in results:
        if not table.deals or table.error or len(table.registrations) not in (3, 4):
            continue
        mine = frozenset(players[r] for r in table.registrations if r in guests)
        if mine and tournament.guest_games == GuestGames.SKIP:
            continue  # the tournament leaves a guest's tables out of the ratings
        # exact amounts as the tables keep them: whole numbers stay ints (fast to compare)
        whists = [
            table.result_of(r) if adjust else table.whists.get(r, 0) for r in table.registrations
        ]
        games.append(
            Game(
                tournament.pk,
                table.round_number,
                table.table_number,
                tuple(players[r] for r in table.registrations),
                tuple(whists),
                mine,
            )
        )
    return games
