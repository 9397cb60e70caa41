"""What the viewer sees of the tables: the settled tables he may see, scored into round points."""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from referee.core import rounds as kinds
from referee.core.permissions import is_official
from referee.discipline.models import Entry
from referee.standings.models import StandingsSettings
from referee.standings.refusals import REFUSALS
from referee.tables.models import Substitution, Table
from referee.tables.results import SettledTable, rounds_results
from referee.tournaments.models import Registration, Round, Stage, Tournament
from scoring.numbers import Amount

from ..pure import points
from .settings import NotVisible, Rules, rules_of, settings_of


@dataclass(frozen=True)
class ScoredTable:
    """One table of one round with its round points; ``result`` is None when it does not count
    (no deals yet, a sheet the engine refuses, a table not of 3 or 4)."""

    round: int
    number: int
    table_id: int
    status: str
    provisional: bool
    deals: int
    error: str
    registrations: tuple[int, ...]  # seat order
    whists: tuple[Fraction, ...]
    result: points.TableResult | None

    def points_of(self, registration: int) -> Fraction | None:
        if self.result is None:
            return None
        return self.result.points[self.registrations.index(registration)]


@dataclass(frozen=True)
class Preloaded:
    """One tournament's rows for its standings, read beforehand together with other
    tournaments' (``batch.preload``): what ``load``, ``outside`` and ``stage_tables`` would
    otherwise each query for this tournament alone."""

    settings: StandingsSettings
    rounds: list[Round]  # not draft, in order; at least those the viewer sees
    results: list[SettledTable]  # their tables, by number
    entries: dict[int, Registration]  # with player and team
    substitutions: list[Substitution]  # at those tables, by their first deal
    discipline: list[Entry]  # the register, with the referee, in its order
    stages: list[Stage]  # in order


@dataclass
class Loaded:
    official: bool
    rules: Rules
    rounds: list[Round]  # the rounds the viewer sees, in order
    tables: dict[int, list[ScoredTable]]  # round number -> its tables by number
    entries: dict[int, Registration]  # registration id -> with its player
    pre: Preloaded | None = None  # what was read beforehand (``outside`` takes it from here)


def load(
    tournament: Tournament,
    viewer: Any,
    only_round: int | None = None,
    pre: Preloaded | None = None,
) -> Loaded:
    """The tables ``viewer`` sees, scored; from ``pre`` without a query when it is given. Only
    the rounds that count for the standings (``core.rounds``: not a duplicate stanza)."""
    official = is_official(viewer, tournament)
    if not (official or tournament.published):
        raise REFUSALS.error("not_published", cls=NotVisible)
    rules = rules_of(settings_of(tournament) if pre is None else pre.settings)
    last = None if official else rules.published_through or 0
    if pre is None:
        rounds_qs = kinds.counting(
            Round.objects.filter(tournament=tournament), kinds.STANDINGS
        ).exclude(status=Round.Status.DRAFT)
        if last is not None:
            rounds_qs = rounds_qs.filter(number__lte=last)
        rounds = list(rounds_qs.order_by("number"))
    else:
        rounds = [r for r in pre.rounds if last is None or r.number <= last]
    counted = [r for r in rounds if only_round is None or r.number == only_round]
    scored: dict[int, list[ScoredTable]] = defaultdict(list)
    round_finished = {r.number: r.status == Round.Status.FINISHED for r in rounds}
    fraction = fractions()
    policy = tournament.unfinished_pulka
    if pre is None:
        results = rounds_results(tournament, counted)
    else:
        numbers = {r.number for r in counted}
        results = [t for t in pre.results if t.round_number in numbers]
    for result in results:
        scored[result.round_number].append(
            score(rules, result, round_finished[result.round_number], fraction, policy)
        )
    if pre is None:
        entries = {
            e.pk: e
            for e in Registration.objects.filter(tournament=tournament).select_related(
                "player", "team"
            )
        }
    else:
        entries = pre.entries
    return Loaded(official, rules, rounds, scored, entries, pre)


def fractions() -> Callable[[Amount], Fraction]:
    """``Fraction`` that makes each value once: a tournament's tables repeat the same few
    results, so most conversions become a dict lookup, and a cached result that shares the
    values pickles each of them once."""
    return functools.cache(Fraction)


def score(
    rules: Rules,
    result: SettledTable,
    round_finished: bool,
    fraction: Callable[[Amount], Fraction] = Fraction,
    policy: str = "settle_as_is",
) -> ScoredTable:
    # With count_adjustments, referee awards outside the sheet (3.8.5.1 compensation,
    # disciplinary whists) are part of the player's result: the table no longer sums to 0.
    counts = rules.count_adjustments and bool(result.adjustments)
    of = result.result_of if counts else (lambda r: result.whists.get(r, 0))
    whists = tuple(fraction(of(r)) for r in result.registrations)
    if policy == "positive_to_zero" and not result.finished and any(w > 0 for w in whists):
        # TOURNAMENTS §7 (Gambler): an unfinished pulka's positive results count 0
        whists = tuple(min(w, Fraction(0)) for w in whists)
        counts = True  # no longer zero-sum
    scoring = rules.scoring
    counted = None
    error = result.error
    if result.deals and not error:
        try:
            counted = scoring.score_table(
                result.table_number,
                [str(r) for r in result.registrations],
                whists,
                zero_sum=not counts,
            )
        except points.StandingsError as refused:
            error = str(refused)
    return ScoredTable(
        round=result.round_number,
        number=result.table_number,
        table_id=result.table_id,
        status=result.status,
        provisional=result.status != Table.Status.LOCKED or not round_finished,
        deals=result.deals,
        error=error,
        registrations=result.registrations,
        whists=whists,
        result=counted,
    )


def places_at_table(whists: Sequence[Fraction]) -> list[str]:
    """Places at a table by settled whists, ties shared: [+14, 2, 2, -18] → 1, 2–3, 2–3, 4."""
    return [points.place_label(best, worst) for best, worst in points.places(whists)]
