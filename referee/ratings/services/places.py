"""A tournament's final places: the one spot that decides them for ratings and qualification.

A tournament run in stages takes its places by stages (``standings.services.final_places``:
the final decides its players' places, the others follow by the stage before); one without
stages takes the standings after the last round the site sees, with their tie-breaks
(``standings_after``). A place the tie-breaks leave shared stays shared ("2–3").
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from referee.core.permissions import SITE
from referee.standings.services import final_places as by_stages
from referee.standings.services import standings_after
from referee.tournaments.models import Tournament


def final_places(tournament: Tournament, viewer: Any = SITE) -> dict[int, tuple[int, int]]:
    """Registration id → its final place (best, worst), counting from 1, as ``viewer`` may
    see the standings (the site itself sees every round; the public only the published)."""
    if tournament.stages.exists():
        staged = by_stages(tournament, viewer=viewer)
        ranks = Counter(place.place for place in staged)
        return {p.registration: (p.place, p.place + ranks[p.place] - 1) for p in staged}
    table = standings_after(tournament, viewer=viewer)
    shared = Counter(row.rank for row in table.rows)
    return {row.registration: (row.rank, row.rank + shared[row.rank] - 1) for row in table.rows}


def places_within(
    places: dict[int, tuple[int, int]], members: set[int]
) -> dict[int, tuple[int, int]]:
    """The places of ``members`` among themselves (a division), ties kept shared."""
    ordered = sorted((p, r) for r, p in places.items() if r in members)
    out: dict[int, tuple[int, int]] = {}
    position = 1
    i = 0
    while i < len(ordered):
        j = i
        while j + 1 < len(ordered) and ordered[j + 1][0] == ordered[i][0]:
            j += 1
        for k in range(i, j + 1):
            out[ordered[k][1]] = (position, position + j - i)
        position += j - i + 1
        i = j + 1
    return out
