"""The qualification outlook (``services.qualification``) as the pages show it: the players
grouped by verdict, with their names and possible places."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from referee.tournaments.models import Registration, Tournament

from .services import Qualification


@dataclass
class Line:
    registration: int
    name: str
    current: int
    best: int | None
    worst: int | None


@dataclass
class OutlookView:
    qualification: Qualification
    qualified: list[Line] = field(default_factory=list)
    open: list[Line] = field(default_factory=list)
    eliminated: list[Line] = field(default_factory=list)
    unknown: list[Line] = field(default_factory=list)


def qualification_view(
    found: Qualification | None, viewer: Any, tournament: Tournament
) -> OutlookView | None:
    if found is None:
        return None
    names = dict(
        Registration.objects.filter(tournament=tournament, pk__in=list(found.players)).values_list(
            "pk", "player__name"
        )
    )
    view = OutlookView(found)
    for registration, o in sorted(found.players.items(), key=lambda item: item[1].current):
        line = Line(registration, names.get(registration, ""), o.current, o.best, o.worst)
        getattr(view, o.verdict).append(line)
    return view
