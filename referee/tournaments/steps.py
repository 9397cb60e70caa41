"""Where the organiser's path goes next: the round the chief referee can seat now. Every page
on the path from ``/t/new/`` to a seated round shows its next action (README, *The organiser
and the chief referee*)."""

from __future__ import annotations

from collections.abc import Sequence

from .models import Round, Tournament


def round_to_seat(tournament: Tournament, rounds: Sequence[Round] | None = None) -> int | None:
    """The number of the round that can be seated now: 1 before any round, the next one once
    the latest is finished; None while a round is seated or in play, or the tournament is
    finished. ``rounds``: the tournament's rounds in order, when the caller has them."""
    if tournament.status == Tournament.Status.FINISHED:
        return None
    last = rounds[-1] if rounds else tournament.rounds.order_by("-number").first()
    if last is None:
        return 1
    return last.number + 1 if last.status == Round.Status.FINISHED else None
