"""Cups and seasons: creating and editing a series, adding and removing its tournaments, and
its standings, computed on read from each tournament's result.

Every change checks the right (``core.permissions``: organisers create, a series' managers
change it), validates the rules by building them (the pure ``SeriesRules``: a refusal changes
nothing) and writes the action log of the tournament added or removed. The standings count
the published tournaments of the series that show the public at least one round, each by its
final places (``ratings.services.places``: by stages, else the standings' tie-breaks) and its
points as the public sees them, so a tournament added or corrected later changes the series
at the next read.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from referee.core.errors import NotAllowed, ServiceError
from referee.core.figures import figure
from referee.core.permissions import (
    may_create_series,
    may_manage_series,
    may_view,
    may_view_series,
)
from referee.standings.pure.series import (
    Entry,
    Note,
    SeriesError,
    SeriesRow,
    SeriesRules,
    series_method,
    series_standings,
)
from referee.standings.pure.series import Tournament as SeriesInput
from referee.standings.refusals import RULES
from referee.tournaments.log import log_action
from referee.tournaments.models import Player, Tournament
from referee.tournaments.slugs import slug_from

from . import stored
from .models import Series, SeriesTournament
from .published import Published, published_results
from .refusals import REFUSALS

#: the settings a series' form and the API change, by the model's names
RULE_FIELDS = (
    "method",
    "points_table",
    "floor",
    "shared",
    "factor",
    "winner_gets",
    "best",
    "drop_equal",
    "min_starts",
    "chain",
)
FIELDS = ("name", "slug", "season", "published", *RULE_FIELDS)
SLUG = re.compile(r"^[-a-zA-Z0-9_]{1,50}$")


def _number(text: str, field: str) -> Fraction:
    cleaned = str(text).strip().replace(",", ".")
    try:
        return Fraction(cleaned)
    except (ValueError, ZeroDivisionError):
        raise REFUSALS.error("number", field, value=text or "—") from None


def _table(text: str) -> tuple[Fraction, ...]:
    parts = [p for p in re.split(r"[;,\s]+", str(text).strip()) if p]
    return tuple(_number(p, "points_table") for p in parts)


def _chain(value: str | Sequence[str]) -> tuple[str, ...]:
    names = value.split(",") if isinstance(value, str) else list(value)
    return tuple(n.strip() for n in names if n and n.strip())


def rules_of(series: Series) -> SeriesRules:
    """The series' rules as the pure module's (refused as the standings refuse them)."""
    try:
        if series.method == Series.Method.OWN_POINTS:
            params: dict[str, object] = {"factor": _number(series.factor, "factor")}
            if str(series.winner_gets).strip():
                params["winner_gets"] = _number(series.winner_gets, "winner_gets")
        else:
            params = {
                "table": _table(series.points_table),
                "floor": _number(series.floor, "floor"),
                "shared": series.shared,
            }
        method = series_method(series.method, params)
        return SeriesRules(
            method=method,
            best=series.best,
            drop_equal=series.drop_equal,  # type: ignore[arg-type]
            min_starts=series.min_starts,
            chain=_chain(series.chain),
        )
    except SeriesError as error:
        raise RULES.wrap(error, getattr(error, "field", None)) from None
    except ServiceError:
        raise
    except Exception as error:  # a parameter the pure module refuses otherwise
        raise RULES.wrap(error, getattr(error, "field", None)) from None


def _save(series: Series, values: Mapping[str, Any]) -> None:
    """``values`` checked and saved on ``series`` (a new one or one being changed); a slug
    taken meanwhile by another series is refused as one taken before."""
    _apply(series, values)
    try:
        with transaction.atomic():
            series.save()
    except IntegrityError:
        raise REFUSALS.error("slug_taken", "slug") from None


def _apply(series: Series, values: Mapping[str, Any]) -> None:
    for name in FIELDS:
        if name not in values:
            continue
        value = values[name]
        if name == "chain" and not isinstance(value, str):
            value = ", ".join(_chain(value))
        if name in ("name", "season", "points_table", "floor", "factor", "winner_gets"):
            value = str(value or "").strip()
        setattr(series, name, value)
    if not series.name:
        raise REFUSALS.error("name_missing", "name")
    if not series.slug:
        series.slug = slug_from(series.name, "series")  # transliterated, as a tournament's
    if not SLUG.match(series.slug or ""):
        raise REFUSALS.error("slug_invalid", "slug")
    if Series.objects.filter(slug=series.slug).exclude(pk=series.pk).exists():
        raise REFUSALS.error("slug_taken", "slug")
    rules_of(series)  # refuses rules that cannot be used, before anything is saved


@transaction.atomic
def create_series(user: Any, values: Mapping[str, Any]) -> Series:
    if not may_create_series(user):
        raise NotAllowed(_("Only organisers create cups and seasons."))
    series = Series()
    _save(series, values)
    series.managers.add(user)
    return series


def _managed(series_id: int, user: Any) -> Series:
    series = Series.objects.select_for_update().filter(pk=series_id).first()
    if series is None or not may_manage_series(user, series):
        raise NotAllowed(_("Only the series' managers change it."))
    return series


@transaction.atomic
def update_series(series_id: int, user: Any, values: Mapping[str, Any]) -> Series:
    series = _managed(series_id, user)
    _save(series, values)
    return series


def _tournament(key: int | str, user: Any) -> Tournament:
    found = Tournament.objects.filter(
        **({"pk": key} if isinstance(key, int) else {"slug": str(key)})
    ).first()
    if found is None or not may_view(user, found):
        raise REFUSALS.error("tournament.unknown", "tournament")
    return found


@transaction.atomic
def add_tournament(
    series_id: int, tournament: int | str, user: Any, weight: str = "1"
) -> SeriesTournament:
    """Add a tournament (by id or slug) with its weight; the series counts it once the public
    sees it."""
    series = _managed(series_id, user)
    chosen = _tournament(tournament, user)
    weight = str(weight or "1").strip()
    try:
        SeriesInput("check", chosen.starts_on, (), _number(weight, "weight"))
    except SeriesError as error:
        raise RULES.wrap(error, "weight") from None
    if SeriesTournament.objects.filter(series=series, tournament=chosen).exists():
        raise REFUSALS.error("tournament.already", "tournament")
    entry = SeriesTournament.objects.create(series=series, tournament=chosen, weight=weight)
    log_action(
        chosen,
        user,
        "series.tournament_added",
        series.name,
        data={"series": series.slug, "weight": weight},
    )
    return entry


@transaction.atomic
def remove_tournament(series_id: int, tournament: int | str, user: Any) -> None:
    series = _managed(series_id, user)
    chosen = _tournament(tournament, user)
    entry = SeriesTournament.objects.filter(series=series, tournament=chosen).first()
    if entry is None:
        raise REFUSALS.error("tournament.not_in", "tournament")
    entry.delete()
    log_action(chosen, user, "series.tournament_removed", series.name, data={"series": series.slug})


# -- the standings -------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One tournament in a player's line: his place there, his series points, counted or
    dropped (``why``: the reason in words)."""

    place: str
    points: Fraction
    counted: bool
    why: str


@dataclass(frozen=True)
class Line:
    row: SeriesRow
    player: Player
    cells: tuple[Cell | None, ...]  # one per counted tournament, None where he did not play
    notes: tuple[str, ...]  # the notes in words

    @property
    def notes_text(self) -> str:
        return "; ".join(self.notes)


@dataclass(frozen=True)
class SeriesTable:
    series: Series
    rules: SeriesRules
    tournaments: tuple[Tournament, ...]  # those counted, in the series' order
    weights: tuple[Fraction, ...]
    waiting: tuple[Tournament, ...]  # in the series, not (yet) public
    ranked: tuple[Line, ...]
    unranked: tuple[Line, ...]

    @property
    def chain_words(self) -> str:
        return ", ".join(criterion_label(name) for name in self.rules.chain)


def criterion_label(name: str) -> str:
    return {
        "total": _("total"),
        "more_starts": _("more starts"),
        "fewer_starts": _("fewer starts"),
        "best_result": _("best single result"),
        "wins": _("tournament wins"),
        "latest": _("result in the latest tournament"),
    }.get(name, _("another tie-break"))


def _figure(value: object) -> str:
    if value is None:
        return _("did not play there")
    if isinstance(value, Fraction | int):
        return figure(value)
    return str(value)


def note_text(note: Note) -> str:
    """A note of the pure module in words (never its code)."""
    params = note.params
    if note.code == "unranked_min_starts":
        needed = int(str(params.get("needed", 0)))
        return ngettext(
            "unranked: %(starts)s of the %(needed)s start needed",
            "unranked: %(starts)s of the %(needed)s starts needed",
            needed,
        ) % {"starts": params.get("starts"), "needed": needed}
    if note.code == "shared_place":
        return _("shares the place")
    if note.code == "tie_break":
        return _("tie-break, %(criterion)s: %(value)s") % {
            "criterion": criterion_label(str(params.get("criterion", ""))),
            "value": _figure(params.get("value")),
        }
    return _("a note of the series' rules")


def reason_text(reason: str | None, rules: SeriesRules) -> str:
    if reason is None:
        return _("counts")
    best = rules.best or 0
    if reason == "not_best" and best == 1:
        return _("dropped: not his best result")
    if reason == "not_best":
        return ngettext(
            "dropped: not among the best %(best)s result",
            "dropped: not among the best %(best)s results",
            best,
        ) % {"best": best}
    if reason == "equal_dropped":
        if rules.drop_equal == "earliest":
            return _("dropped: equal to the lowest counted result, the earlier one is dropped")
        return _("dropped: equal to the lowest counted result, the later one is dropped")
    return _("dropped")


def _input(entry: SeriesTournament, found: Published | None) -> SeriesInput | None:
    if found is None:
        return None
    entries = tuple(
        Entry(found.players[registration], best, found.points.get(registration, Fraction(0)))
        for registration, (best, _worst) in found.places.items()
        if registration in found.players
    )
    return SeriesInput(
        entry.tournament.pk, entry.tournament.starts_on, entries, _number(entry.weight, "weight")
    )


def series_table(series: Series) -> SeriesTable:
    """The series' standings over its published tournaments: each finished tournament's
    result as its job kept it (``stored``), the others' worked out on read."""
    rules = rules_of(series)
    inputs: list[SeriesInput] = []
    counted: list[Tournament] = []
    waiting: list[Tournament] = []
    entries = list(
        series.entries.select_related("tournament").order_by("tournament__starts_on", "pk")
    )
    shown = [e.tournament for e in entries if e.tournament.published]
    results = stored.results_of(shown, published_results)  # kept by the workers, or now
    for entry in entries:
        found = _input(entry, results.get(entry.tournament_id))
        if found is None:
            waiting.append(entry.tournament)
            continue
        inputs.append(found)
        counted.append(entry.tournament)
    try:
        rows = series_standings(inputs, rules)
    except SeriesError as error:
        raise RULES.wrap(error) from None
    people = Player.objects.in_bulk([r.player for r in rows])
    order: dict[int | str, int] = {t.pk: i for i, t in enumerate(counted)}
    lines = []
    for row in rows:
        cells: list[Cell | None] = [None] * len(counted)
        for result in row.results:
            cells[order[result.tournament]] = Cell(
                result.place_label, result.points, result.counted, reason_text(result.reason, rules)
            )
        lines.append(
            Line(row, people[row.player], tuple(cells), tuple(note_text(n) for n in row.notes))
        )
    return SeriesTable(
        series=series,
        rules=rules,
        tournaments=tuple(counted),
        weights=tuple(i.weight for i in inputs),
        waiting=tuple(waiting),
        ranked=tuple(line for line in lines if line.row.ranked),
        unranked=tuple(line for line in lines if not line.row.ranked),
    )


def visible_series(user: Any) -> list[Series]:
    return [s for s in Series.objects.all() if may_view_series(user, s)]
