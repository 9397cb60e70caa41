"""A tournament's final places: the one spot that decides them for ratings and qualification.

A duplicate event takes its places from its session (``core.rounds.final_places``, which
the duplicate app answers). A tournament run in stages takes its places by stages
(``standings.services.final_places``: the final decides its players' places, the others
follow by the stage before); one without
stages takes the standings after the last round the site sees, with their tie-breaks
(``standings_after``). A place the tie-breaks leave shared stays shared ("2–3"). A guest
(TOURNAMENTS §6.4) has no place here, so no rating change, qualification or cup points.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from referee.core import rounds as kinds
from referee.core.permissions import SITE
from referee.standings.services import Loaded, Standings, ranked_standings, standings_after
from referee.standings.services import final_places as by_stages
from referee.tournaments.models import Tournament


def final_places(
    tournament: Tournament,
    viewer: Any = SITE,
    *,
    data: Loaded | None = None,
    table: Standings | None = None,
    elsewhere: Mapping[int, kinds.Places] | None = None,
) -> dict[int, tuple[int, int]]:
    """Registration id → its final place (best, worst), counting from 1, as ``viewer`` may
    see the standings (the site itself sees every round; the public only the published).

    ``data``: the tournament already loaded for ``viewer`` (``standings.services.batch``),
    and ``table`` its standings after the last round, when the caller has them, and
    ``elsewhere`` what ``core.rounds.final_places_of`` said of many tournaments at once: then
    nothing is queried."""
    found = (  # a duplicate event's places come from its session
        kinds.final_places(tournament, viewer)
        if elsewhere is None
        else elsewhere.get(tournament.pk)
    )
    if found is not None:
        return found
    if data is not None and data.pre is not None:
        staged = bool(data.pre.stages)
    else:
        staged = tournament.stages.exists()
    if staged:
        by = by_stages(tournament, viewer=viewer, data=data)
        ranks = Counter(place.place for place in by)
        return {p.registration: (p.place, p.place + ranks[p.place] - 1) for p in by}
    if table is None:
        table = (
            standings_after(tournament, viewer=viewer)
            if data is None
            else ranked_standings(data, tournament, None)
        )
    placed = [row for row in table.rows if not row.guest]  # a guest takes no place (§6.4)
    shared = Counter(row.rank for row in placed)
    return {row.registration: (row.rank, row.rank + shared[row.rank] - 1) for row in placed}


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
