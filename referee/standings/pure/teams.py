"""Team standings (TOURNAMENTS §2.5, proposal: the sources do not state the rule).

A team's round score is the sum of its members' round points in that round (``best=None``), or
of the best ``best`` of them (a team of 5 fielding 3 counts its best 3). Teams are ranked by
``TEAM_CHAIN``: total team points, then the members' total whists, then the team's best round;
teams still tied share a place ("2–3").

>>> from fractions import Fraction as F
>>> rows = team_standings({"Север": ["a", "b"], "Юг": ["c"]},
...                       {"a": [F(3), F(1)], "b": [F(-1), None], "c": [F(2), F(2)]},
...                       {"a": F(10), "b": F(-4), "c": F(6)})
>>> [(r.team, r.rank_label, str(r.points)) for r in rows]  # Север 3 + 1 - 1, Юг 2 + 2
[('Юг', '1', '4'), ('Север', '2', '3')]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import groupby

from .exact import exact_sum
from .points import ParameterError, place_label

TEAM_CHAIN = ("points", "whists", "best_round")


@dataclass(frozen=True)
class TeamRow:
    rank: int
    rank_label: str
    team: str
    members: tuple[str, ...]
    points: Fraction
    whists: Fraction
    round_points: tuple[Fraction | None, ...]
    best_round: Fraction | None


def team_standings(
    teams: Mapping[str, Sequence[str]],
    round_points: Mapping[str, Sequence[Fraction | None]],
    whists: Mapping[str, Fraction],
    best: int | None = None,
) -> tuple[TeamRow, ...]:
    """Rank the teams; ``round_points`` per member per round (None: did not play)."""
    if best is not None and best < 1:
        raise ParameterError("count the best K members with K ≥ 1", "team_best")
    rounds = max((len(v) for v in round_points.values()), default=0)
    made = []
    for team, members in teams.items():
        per_round: list[Fraction | None] = []
        for n in range(rounds):
            scored = [
                value for m in members if (value := _at(round_points.get(m, ()), n)) is not None
            ]
            scored.sort(reverse=True)
            per_round.append(exact_sum(scored[:best] if best else scored) if scored else None)
        played = [v for v in per_round if v is not None]
        made.append(
            (
                team,
                tuple(members),
                exact_sum(played),
                exact_sum(whists.get(m, Fraction(0)) for m in members),
                tuple(per_round),
                max(played) if played else None,
            )
        )

    def key(row: tuple[object, ...]) -> tuple[Fraction, Fraction, Fraction]:
        best_round = row[5] if row[5] is not None else Fraction(-(10**12))
        return (row[2], row[3], best_round)  # type: ignore[return-value]

    made.sort(key=lambda row: str(row[0]))
    made.sort(key=key, reverse=True)
    rows = []
    rank = 1
    for _, group in groupby(made, key=key):
        tied = list(group)
        label = place_label(rank - 1, rank + len(tied) - 2)
        for team, members, points, total_whists, per, best_round in tied:
            rows.append(TeamRow(rank, label, team, members, points, total_whists, per, best_round))
        rank += len(tied)
    return tuple(rows)


def _at(values: Sequence[Fraction | None], n: int) -> Fraction | None:
    return values[n] if n < len(values) else None
