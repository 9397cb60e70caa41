"""The standings of many tournaments at once, in a fixed number of queries (issue 22 point 1:
a player's profile over fifty tournaments places him in each of them).

``preload`` reads, for every tournament given, what ``load``, ``outside`` and
``stage_tables`` read for one: the settings, the rounds, the tables with their seats (and
deals where a table keeps no summary), the registrations, the substitutions, the discipline
register and the stages: nine queries whatever the number of tournaments (and one more for
the viewer's roles when he is signed in). The standings are then the services' own, built from
those rows (``load(..., pre=...)``), so that the numbers cannot differ from the pages'.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from django.db.models import F

from referee.core import rounds as kinds
from referee.core.permissions import is_official
from referee.discipline.models import Entry
from referee.standings.models import StandingsSettings
from referee.tables.models import Substitution
from referee.tables.results import tournaments_results
from referee.tournaments.models import Registration, Round, Stage, Tournament

from .loading import Loaded, Preloaded, load
from .settings import rules_of


def preload(tournaments: Sequence[Tournament], viewer: Any) -> dict[int, Preloaded]:
    """Each tournament's rows by its id; a tournament the viewer may not see is left out
    (``load`` refuses it as it would alone)."""
    shown = {t.pk: t for t in tournaments if t.published or is_official(viewer, t)}
    saved = {
        s.tournament_id: s for s in StandingsSettings.objects.filter(tournament__in=list(shown))
    }
    settings = {pk: saved.get(pk) or StandingsSettings(tournament=t) for pk, t in shown.items()}
    last = {pk: _last_seen(t, settings[pk], viewer) for pk, t in shown.items()}
    rounds: dict[int, list[Round]] = defaultdict(list)
    for round_ in (
        kinds.counting(Round.objects.filter(tournament__in=list(shown)), kinds.STANDINGS)
        .exclude(status=Round.Status.DRAFT)
        .order_by("tournament_id", "number")
    ):
        seen = last[round_.tournament_id]
        if seen is None or round_.number <= seen:
            rounds[round_.tournament_id].append(round_)
    read = [r for found in rounds.values() for r in found]
    results = tournaments_results(shown, read)
    entries: dict[int, dict[int, Registration]] = defaultdict(dict)
    for registration in Registration.objects.filter(tournament__in=list(shown)).select_related(
        "player", "team"
    ):
        entries[registration.tournament_id][registration.pk] = registration
    substitutions: dict[int, list[Substitution]] = defaultdict(list)
    for sub in (
        Substitution.objects.filter(table__round__in=read)
        .annotate(owner=F("table__round__tournament_id"))
        .order_by("from_deal")
    ):
        substitutions[sub.owner].append(sub)
    register: dict[int, list[Entry]] = defaultdict(list)
    for entry in Entry.objects.filter(tournament__in=list(shown)).select_related("referee"):
        register[entry.tournament_id].append(entry)
    stages: dict[int, list[Stage]] = defaultdict(list)
    for stage in Stage.objects.filter(tournament__in=list(shown)).order_by(
        "tournament_id", "number"
    ):
        stages[stage.tournament_id].append(stage)
    return {
        pk: Preloaded(
            settings=settings[pk],
            rounds=rounds[pk],
            results=results.get(pk, []),
            entries=entries[pk],
            substitutions=substitutions[pk],
            discipline=register[pk],
            stages=stages[pk],
        )
        for pk in shown
    }


def _last_seen(tournament: Tournament, settings: StandingsSettings, viewer: Any) -> int | None:
    """The last round the viewer sees (None: every round in play, an official)."""
    if is_official(viewer, tournament):
        return None
    return rules_of(settings).published_through or 0


def loaded(tournaments: Sequence[Tournament], viewer: Any) -> dict[int, Loaded]:
    """``load`` of each tournament the viewer may see, from one ``preload``."""
    rows = preload(tournaments, viewer)
    return {t.pk: load(t, viewer, pre=rows[t.pk]) for t in tournaments if t.pk in rows}
