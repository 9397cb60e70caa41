"""A registry player's profile page: the summaries of his statistics and the bar charts
(``profile`` gives the numbers); a long career shows its last tournaments unless asked for
everything (issue 33)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from referee.standings.pure.player_stats import Stats

from ..pure.bars import bar_chart
from .profile import LEVELS, STRAINS, Profile


def contracts_by_level(stats: Stats) -> list[tuple[int, int, dict[str, int]]]:
    """Per level 6..10: his games declared, and by strain."""
    out = []
    for level in LEVELS:
        by_strain = {s: stats.contracts.get((level, s), 0) for s in STRAINS}
        out.append((level, sum(by_strain.values()), by_strain))
    return out


def percent(share: Fraction | None) -> str:
    """``Fraction(3, 4)`` → ``"75 %"``; None → ``"—"``."""
    return "—" if share is None else f"{round(float(share) * 100)} %"


def summary(stats: Stats) -> dict[str, Any]:
    """What the page writes of ``stats`` beside the counts themselves."""
    return {
        "s": stats,
        "made_share": percent(stats.made_share),
        "misere_share": percent(stats.misere_share),
        "whist_share": percent(Fraction(stats.whist_sets, stats.whists) if stats.whists else None),
        "raspasy_average": stats.raspasy_average,
        "levels": contracts_by_level(stats),
        "made_by_level": {
            level: sum(stats.contracts_made.get((level, s), 0) for s in STRAINS) for level in LEVELS
        },
    }


#: what the page shows unless asked for everything (``?all=1``): a veteran's page reads as
#: fast as a beginner's (issue 33); the overall numbers count every tournament all the same
RECENT_TOURNAMENTS = 20
RECENT_OPPONENTS = 40


def charts(found: Profile, rating: Any, everything: bool = False) -> dict[str, Any]:
    """The page's context: the summaries and the bar charts (the rating chart is the
    history's, ``rating``); the last ``RECENT_TOURNAMENTS`` tournaments and the
    ``RECENT_OPPONENTS`` most met unless ``everything``."""
    levels = contracts_by_level(found.overall)
    made = summary(found.overall)["made_by_level"]
    shown = found.tournaments if everything else found.tournaments[-RECENT_TOURNAMENTS:]
    names = {line.tournament.pk: line.tournament.name for line in found.tournaments}
    rounds = [
        (f"{line.tournament.name}, {number}", points)
        for line in shown
        for number, points in enumerate(line.standing.round_points, start=1)
        if points is not None
    ]
    opponents = found.opponents
    if not everything and len(opponents) > RECENT_OPPONENTS:
        most = sorted(opponents, key=lambda o: (-o[2], o[1], o[0]))[:RECENT_OPPONENTS]
        opponents = sorted(most, key=lambda o: (o[1], o[0]))
    records = found.overall.best_result, found.overall.longest_raspasy, found.overall.worst_misere
    return {
        "overall": summary(found.overall),
        "lines": [(line, summary(line.stats)) for line in shown],
        "hidden_tournaments": len(found.tournaments) - len(shown),
        "opponents": opponents,
        "hidden_opponents": len(found.opponents) - len(opponents),
        "record_places": [names.get(r.tournament, "") if r else "" for r in records],
        "points_chart": bar_chart(
            [(label.rsplit(", ", 1)[-1], points) for label, points in rounds],
            titles=[label for label, _p in rounds],
        )
        if rounds
        else None,
        "contracts_chart": bar_chart(
            [(str(level), count) for level, count, _s in levels], [made[lv] for lv in LEVELS]
        )
        if found.overall.declared
        else None,
        "rating_chart": rating,
    }
