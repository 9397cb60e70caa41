"""Playing whole tournaments through the services, one pass-pass deal per table.

The deal: the winner (seat 1 unless told) orders 6♠, both defenders pass, no play (fspr).
The declarer writes 2 in his pool; with k = 2 that is 4 mountain points less than the others.
A table of 4 (the dealer sits out): m = -4, 0, 0, 0, average -1, whists = (average - m) × 10:
the winner +30, each other player -10. A table of 3: average -4/3: +80/3, -40/3, -40/3.
"""

from __future__ import annotations

from collections.abc import Callable

from referee.accounts.models import Role
from referee.seating import services as seating
from referee.tables import services as tables
from referee.tables.dealdata import LETTERS
from referee.tournaments.models import Registration, Round

from ..factories import PlayerFactory, RegistrationFactory, TournamentFactory, referee_of

Winner = Callable[[list[int]], int]  # registration ids in seat order -> the winner's id


def tournament_of(count: int, **fields):
    """A running fspr tournament with ``count`` players p1…pN (by registration) and its chief."""
    tournament = TournamentFactory(**fields)
    entries = [
        RegistrationFactory(tournament=tournament, player=PlayerFactory(name=f"p{i}"))
        for i in range(1, count + 1)
    ]
    return tournament, entries, referee_of(tournament, Role.Kind.CHIEF)


def pass_pass(seats: list[int], winner: int) -> dict:
    letters = LETTERS[: len(seats)]
    declarer = letters[seats.index(winner)]
    others = [x for x in letters if x != declarer]
    # at a table of 4 the dealer (the seat after the declarer's defenders) sits out
    dealer = others[-1] if len(seats) == 4 else declarer
    defenders = others[:2]
    return {
        "dealer": dealer,
        "type": "game",
        "declarer": declarer,
        "contract": {"level": 6, "strain": "S"},
        "defence": [
            {"player": defenders[0], "call": "pass", "order": 1},
            {"player": defenders[1], "call": "pass", "order": 2},
        ],
        "play": "none",
    }


def play_round(
    tournament, chief, *, method: str | None = None, seed: int = 1, winner: Winner | None = None
) -> Round:
    """Seat, start, enter one deal per table, lock every table and finish the round."""
    round_ = seating.seat_next_round(tournament.pk, chief, method, seed)
    seating.start_round(round_.pk, chief)
    for table in round_.tables.order_by("number"):
        seats = list(table.seats.order_by("position").values_list("registration_id", flat=True))
        chosen = winner(seats) if winner else seats[0]
        tables.record_deal(table.pk, pass_pass(seats, chosen), chief)
        tables.submit_table(table.pk, chief)
    return seating.finish_round(round_.pk, chief)


def seated(round_: Round) -> set[int]:
    return set(
        round_.tables.values_list("seats__registration_id", flat=True).exclude(
            seats__registration_id=None
        )
    )


def ids(entries: list[Registration]) -> list[int]:
    return [e.pk for e in entries]
