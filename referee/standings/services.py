"""Standings, round results and player cards, and the settings behind them (TOURNAMENTS §3–§5,
§11).

Reading: ``standings_after``, ``round_results`` and ``player_card`` build frozen values from the
tables' settled whists (``tables.results.rounds_results``) and the pure modules (``points`` turns
a table's whists into round points, ``ranking`` orders the players). Each reads a fixed number
of queries whatever the number of players and rounds. ``standings_rows`` and ``round_rows``
flatten them into plain rows with exact numbers: the one row source for the HTML pages and the
exports (pretix style); rounding is for display only.

Who sees what: officials see every round in play or finished, marked provisional while a table
is not locked or the round not finished; the public sees a published tournament's rounds up to
``published_through`` only. Anything else raises ``NotVisible`` (a view answers 404).

Changing: ``update_settings``, ``draw_lot`` and ``record_lot`` belong to the chief referee; each
runs in a transaction and writes the action log.
"""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.core.cache import cache
from django.db import transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _

from referee.core.errors import NotAllowed, ServiceError
from referee.core.permissions import is_chief, is_official
from referee.tables.dealdata import LETTERS
from referee.tables.models import Deal, Table
from referee.tables.results import TableResult as SettledTable
from referee.tables.results import rounds_results
from referee.tournaments.log import log_action
from referee.tournaments.models import ActionLog, Registration, Round, Tournament
from referee.tournaments.search import folded, registrations_named
from scoring.numbers import Amount

from .models import StandingsSettings
from .pure import points, ranking


class NotVisible(ServiceError):
    """Not for this viewer: an unpublished tournament, or a round the public does not see yet."""


class InvalidSettings(ServiceError):
    """Settings the rules refuse; ``errors`` maps each field at fault to its message (the
    first one is also ``field`` and ``message``)."""

    def __init__(self, errors: Mapping[str, str]) -> None:
        self.errors = dict(errors)
        field, message = next(iter(self.errors.items()))
        super().__init__(message, field)


# --- settings -------------------------------------------------------------------------------

EDITABLE = (
    "method",
    "params",
    "normalisation",
    "four_table_factor",
    "elimination_threshold",
    "elimination_action",
    "tie_breaks",
    "count_adjustments",
    "published_through",
)


@dataclass(frozen=True)
class Rules:
    """The settings a report was computed with (its footer, TOURNAMENTS §11)."""

    method: str
    params: Mapping[str, Any]
    normalisation: str
    four_table_factor: Fraction
    elimination_threshold: int | None
    elimination_action: str
    tie_breaks: tuple[str, ...]
    published_through: int | None
    lots: Mapping[str, int]
    scoring: points.RoundScoring
    count_adjustments: bool = True


def settings_of(tournament: Tournament) -> StandingsSettings:
    """The tournament's saved settings, or the defaults (unsaved) until the chief saves some."""
    saved = StandingsSettings.objects.filter(tournament=tournament).first()
    return saved if saved is not None else StandingsSettings(tournament=tournament)


def rules_of(settings: StandingsSettings) -> Rules:
    """The settings checked by the pure modules. ``InvalidSettings`` lists every field at
    fault, so that a form shows all its mistakes at once."""
    errors: dict[str, str] = {}

    def check(field: str, build: Callable[[], Any]) -> Any:
        try:
            return _checked(field, build)
        except ServiceError as error:
            errors.setdefault(error.field or field, error.message)
            return None

    method = check("method", lambda: points.conversion_method(settings.method, settings.params))
    normalisation = check(
        "normalisation",
        lambda: points.Normalisation(settings.normalisation, settings.four_table_factor),
    )
    elimination = None
    if settings.elimination_threshold is not None:
        elimination = check(
            "elimination_threshold",
            lambda: points.Elimination(
                Fraction(settings.elimination_threshold),
                settings.elimination_action,
            ),
        )
    scoring = None
    if method is not None and normalisation is not None:
        scoring = check(
            "normalisation", lambda: points.RoundScoring(method, normalisation, elimination)
        )
    chain = settings.tie_breaks
    check("tie_breaks", lambda: ranking.tie_break_chain(chain))
    through = settings.published_through
    if through is not None and (isinstance(through, bool) or not isinstance(through, int)):
        errors["published_through"] = _("Give a round number.")
    elif through is not None and through < 1:
        errors["published_through"] = _("Give a round number from 1, or leave it empty.")
    if errors or scoring is None:
        raise InvalidSettings(errors)
    lots = {str(k): v for k, v in (settings.lots or {}).items()}
    return Rules(
        method=settings.method,
        params=dict(settings.params or {}),
        normalisation=settings.normalisation,
        four_table_factor=normalisation.four_table_factor,
        elimination_threshold=settings.elimination_threshold,
        elimination_action=settings.elimination_action,
        tie_breaks=tuple(chain),
        published_through=through,
        lots=lots,
        scoring=scoring,
        count_adjustments=bool(settings.count_adjustments),
    )


# Where a pure module's field lands on the settings form.
_FIELD_OF = {
    "method": "method",
    "normalisation": "normalisation",
    "four_table_factor": "four_table_factor",
    "threshold": "elimination_threshold",
    "action": "elimination_action",
}


def _checked(default_field: str, build: Callable[[], Any]) -> Any:
    try:
        return build()
    except points.StandingsError as error:
        where = _FIELD_OF.get(error.field, default_field)
        if default_field == "method" and error.field != "method":
            where = "params"  # a parameter of the method: bands[1], params.x, ties…
        detail = (
            f"{error.field}: {error.message}" if error.field not in _FIELD_OF else error.message
        )
        raise ServiceError(detail, where) from None


def _chief_only(user: Any, tournament: Tournament) -> None:
    if not is_chief(user, tournament):
        raise NotAllowed(_("Only the chief referee may change the standings settings."))


def _locked_settings(tournament: Tournament) -> StandingsSettings:
    settings, _created = StandingsSettings.objects.select_for_update().get_or_create(
        tournament=tournament
    )
    return settings


@transaction.atomic
def update_settings(
    tournament: Tournament, user: Any, changes: Mapping[str, Any]
) -> StandingsSettings:
    """Change any of ``EDITABLE``; the whole result is checked before anything is saved.

    ``params`` is a JSON object (numbers exact: ints or strings such as ``"1/10"``),
    ``four_table_factor`` a number as text (``"4/3"``), ``tie_breaks`` a list of names.
    """
    _chief_only(user, tournament)
    unknown = sorted(set(changes) - set(EDITABLE))
    if unknown:
        raise ServiceError(_("Unknown setting: %(name)s.") % {"name": ", ".join(unknown)})
    settings = _locked_settings(tournament)
    before = {name: getattr(settings, name) for name in EDITABLE}
    for name, value in changes.items():
        setattr(settings, name, value)
    if not isinstance(settings.params, dict):
        raise ServiceError(_('Parameters are a JSON object, e.g. {"symmetric": false}.'), "params")
    if not isinstance(settings.tie_breaks, list | tuple):
        raise ServiceError(_("List the tie-breaks by name."), "tie_breaks")
    settings.tie_breaks = list(settings.tie_breaks)
    rules = rules_of(settings)
    settings.four_table_factor = str(rules.four_table_factor)  # "4/3", never a float
    changed = {
        name: [before[name], getattr(settings, name)]
        for name in EDITABLE
        if before[name] != getattr(settings, name)
    }
    settings.save()
    if changed:
        log_action(tournament, user, "standings.settings_changed", str(tournament), data=changed)
    return settings


@transaction.atomic
def draw_lot(
    tournament: Tournament,
    user: Any,
    *,
    seed: int | None = None,
    witness: str = "",
    reason: str = "",
) -> StandingsSettings:
    """Draw every registered player's lot number, 1..N, with a recorded seed (TOURNAMENTS §5).

    The lot is the last tie-break: lower numbers rank first. Drawing again needs a reason.
    """
    _chief_only(user, tournament)
    settings = _locked_settings(tournament)
    if settings.lots and not reason.strip():
        raise ServiceError(_("The lot is drawn already; say why it is drawn again."), "reason")
    ids = list(
        Registration.objects.filter(tournament=tournament)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    if not ids:
        raise ServiceError(_("There are no players to draw the lot for."))
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    numbers = list(range(1, len(ids) + 1))
    random.Random(seed).shuffle(numbers)
    lots = {str(registration): number for registration, number in zip(ids, numbers, strict=True)}
    _store_lot(settings, user, lots, seed, witness)
    log_action(
        tournament,
        user,
        "standings.lot_drawn",
        str(tournament),
        reason=reason,
        data={"seed": seed, "witness": witness, "lots": lots},
    )
    return settings


@transaction.atomic
def record_lot(
    tournament: Tournament,
    user: Any,
    lots: Mapping[int, int],
    *,
    witness: str = "",
    reason: str = "",
) -> StandingsSettings:
    """Record a lot drawn at the venue: registration id → lot number (distinct, from 1).

    Players left out have no lot; a tie among players who do not all have one stays a tie.
    """
    _chief_only(user, tournament)
    settings = _locked_settings(tournament)
    if settings.lots and not reason.strip():
        raise ServiceError(_("A lot is recorded already; say why it changes."), "reason")
    known = set(Registration.objects.filter(tournament=tournament).values_list("pk", flat=True))
    clean: dict[str, int] = {}
    for registration, number in lots.items():
        if registration not in known:
            raise ServiceError(_("Player %(id)s is not in this tournament.") % {"id": registration})
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise ServiceError(_("A lot number is a whole number from 1."), "lots")
        clean[str(registration)] = number
    if len(set(clean.values())) != len(clean):
        raise ServiceError(_("Two players cannot draw the same lot number."), "lots")
    _store_lot(settings, user, clean, None, witness)
    log_action(
        tournament,
        user,
        "standings.lot_recorded",
        str(tournament),
        reason=reason,
        data={"witness": witness, "lots": clean},
    )
    return settings


def _store_lot(
    settings: StandingsSettings, user: Any, lots: dict[str, int], seed: int | None, witness: str
) -> None:
    settings.lots = lots
    settings.lot_seed = seed
    settings.lot_witness = witness.strip()
    settings.lot_drawn_by = user
    settings.lot_drawn_at = timezone.now()
    settings.save()


# --- what the viewer sees -------------------------------------------------------------------


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


@dataclass
class _Data:
    official: bool
    rules: Rules
    rounds: list[Round]  # the rounds the viewer sees, in order
    tables: dict[int, list[ScoredTable]]  # round number -> its tables by number
    entries: dict[int, Registration]  # registration id -> with its player


def _load(tournament: Tournament, viewer: Any, only_round: int | None = None) -> _Data:
    official = is_official(viewer, tournament)
    if not (official or tournament.published):
        raise NotVisible(_("This tournament is not published."))
    rules = rules_of(settings_of(tournament))
    rounds_qs = Round.objects.filter(tournament=tournament).exclude(status=Round.Status.DRAFT)
    if not official:
        rounds_qs = rounds_qs.filter(number__lte=rules.published_through or 0)
    rounds = list(rounds_qs.order_by("number"))
    counted = [r for r in rounds if only_round is None or r.number == only_round]
    scored: dict[int, list[ScoredTable]] = defaultdict(list)
    round_finished = {r.number: r.status == Round.Status.FINISHED for r in rounds}
    fraction = _fractions()
    for result in rounds_results(tournament, counted):
        scored[result.round_number].append(
            _score(rules, result, round_finished[result.round_number], fraction)
        )
    entries = {
        e.pk: e for e in Registration.objects.filter(tournament=tournament).select_related("player")
    }
    return _Data(official, rules, rounds, scored, entries)


def _fractions() -> Callable[[Amount], Fraction]:
    """``Fraction`` that makes each value once: a tournament's tables repeat the same few
    results, so most conversions become a dict lookup, and a cached result that shares the
    values pickles each of them once."""
    made: dict[Amount, Fraction] = {}

    def fraction(value: Amount) -> Fraction:
        found = made.get(value)
        if found is None:
            found = made[value] = Fraction(value)
        return found

    return fraction


def _score(
    rules: Rules,
    result: SettledTable,
    round_finished: bool,
    fraction: Callable[[Amount], Fraction] = Fraction,
) -> ScoredTable:
    # With count_adjustments, referee awards outside the sheet (3.8.5.1 compensation,
    # disciplinary whists) are part of the player's result: the table no longer sums to 0.
    counts = rules.count_adjustments and bool(result.adjustments)
    of = result.result_of if counts else (lambda r: result.whists.get(r, 0))
    whists = tuple(fraction(of(r)) for r in result.registrations)
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


def _places(whists: Sequence[Fraction]) -> list[str]:
    """Places at a table by settled whists, ties shared: [+14, 2, 2, -18] → 1, 2–3, 2–3, 4."""
    return [points.place_label(best, worst) for best, worst in points.places(whists)]


# --- standings ------------------------------------------------------------------------------


@dataclass(frozen=True)
class StandingsRow:
    """One player's line. Numbers are exact; ``round_*`` have one entry per round up to the
    report's round (None where he did not play or the table does not count yet).

    ``flags``: ``provisional`` (a table of his not yet locked or a round not finished),
    ``yellow_card`` (below the elimination threshold), ``removed``, ``withdrawn``.
    """

    rank: int
    rank_label: str
    tied: bool
    registration: int
    player: str
    city: str
    points: Fraction
    whists: Fraction
    firsts: int
    rounds_played: int
    opponents_points: Fraction
    lot: int | None
    round_points: tuple[Fraction | None, ...]
    round_whists: tuple[Fraction | None, ...]
    round_tables: tuple[int | None, ...]
    yellow_cards: tuple[int, ...]
    removed_in: int | None
    decided_by: str | None
    provisional: bool
    flags: tuple[str, ...]


@dataclass(frozen=True)
class Standings:
    """The standings after ``after`` (None: no round to show yet)."""

    tournament: Tournament
    after: int | None
    rounds: tuple[int, ...]  # every round the viewer may open
    provisional: bool
    provisional_rounds: frozenset[int]
    official: bool
    rules: Rules
    rows: tuple[StandingsRow, ...]


def standings_after(
    tournament: Tournament, round_number: int | None = None, *, viewer: Any
) -> Standings:
    """The standings after ``round_number`` (default: the last round the viewer sees).

    Kept in the cache until the tournament's next logged change: every service that can
    change a result writes the action log, so its latest entry identifies the state (one
    query); a short timeout covers edits made outside the services (the admin)."""
    official = is_official(viewer, tournament)
    if not (official or tournament.published):
        raise NotVisible(_("This tournament is not published."))
    key = _cache_key(tournament, official, round_number)
    found = cache.get(key)
    if found is None:
        found = _standings(_load(tournament, viewer), tournament, round_number)
        cache.set(key, found, CACHE_SECONDS)
    return found


CACHE_SECONDS = 60


def _cache_key(tournament: Tournament, official: bool, round_number: int | None) -> str:
    latest = ActionLog.objects.filter(tournament=tournament).aggregate(n=Max("pk"))["n"] or 0
    viewer = "official" if official else "public"
    return f"standings:{tournament.pk}:{latest}:{tournament.published}:{viewer}:{round_number}"


def _standings(data: _Data, tournament: Tournament, round_number: int | None) -> Standings:
    visible = tuple(r.number for r in data.rounds)
    if round_number is not None and round_number not in visible:
        raise NotVisible(_("These results are not public yet."))
    after = round_number if round_number is not None else (visible[-1] if visible else None)
    numbers = range(1, (after or 0) + 1)
    by_round = [[t for t in data.tables.get(n, []) if t.result is not None] for n in numbers]
    ranked = ranking.standings(
        [[t.result for t in tables if t.result is not None] for tables in by_round],
        data.rules.tie_breaks,
        data.rules.lots,
    )
    seated: dict[int, dict[int, ScoredTable]] = defaultdict(dict)
    for tables in by_round:
        for table in tables:
            for registration in table.registrations:
                seated[registration][table.round] = table
    provisional_rounds = frozenset(
        t.round for n in numbers for t in data.tables.get(n, []) if t.provisional
    )
    rows = []
    for row in ranked:
        registration = int(row.player)
        entry = data.entries.get(registration)
        mine = seated[registration]
        provisional = any(t.provisional for t in mine.values())
        flags = [
            name
            for name, on in (
                ("provisional", provisional),
                ("yellow_card", bool(row.yellow_cards)),
                ("removed", row.removed_in is not None),
                ("withdrawn", entry is not None and entry.status == Registration.Status.WITHDRAWN),
            )
            if on
        ]
        rows.append(
            StandingsRow(
                rank=row.rank,
                rank_label=row.rank_label,
                tied=row.tied,
                registration=registration,
                player=entry.player.name if entry else str(registration),
                city=entry.player.city if entry else "",
                points=row.points,
                whists=row.whists,
                firsts=row.firsts,
                rounds_played=row.rounds_played,
                opponents_points=row.opponents_points,
                lot=data.rules.lots.get(str(registration)),
                round_points=row.round_points,
                round_whists=tuple(
                    mine[n].whists[mine[n].registrations.index(registration)] if n in mine else None
                    for n in numbers
                ),
                round_tables=tuple(mine[n].number if n in mine else None for n in numbers),
                yellow_cards=row.yellow_cards,
                removed_in=row.removed_in,
                decided_by=row.decided_by,
                provisional=provisional,
                flags=tuple(flags),
            )
        )
    # players sharing a place are listed by name, not by their internal ids
    rows.sort(key=lambda r: (r.rank, folded(r.player), r.registration))
    return Standings(
        tournament=tournament,
        after=after,
        rounds=visible,
        provisional=bool(provisional_rounds),
        provisional_rounds=provisional_rounds,
        official=data.official,
        rules=data.rules,
        rows=tuple(rows),
    )


def standings_rows(standings: Standings) -> list[dict[str, Any]]:
    """The standings as plain rows (one dict per player, exact numbers): the one row source
    for the page and the exports."""
    names = [f.name for f in dataclasses.fields(StandingsRow)]
    return [{name: getattr(row, name) for name in names} for row in standings.rows]


# --- round results --------------------------------------------------------------------------


@dataclass(frozen=True)
class SeatResult:
    position: int
    letter: str
    registration: int
    player: str
    city: str
    whists: Fraction
    points: Fraction | None
    place: str
    flags: tuple[str, ...]


@dataclass(frozen=True)
class TableResults:
    number: int
    status: str
    provisional: bool
    deals: int
    error: str
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True)
class RoundResults:
    tournament: Tournament
    number: int
    status: str
    provisional: bool
    official: bool
    rounds: tuple[int, ...]
    rules: Rules
    tables: tuple[TableResults, ...]


def round_results(tournament: Tournament, number: int, *, viewer: Any) -> RoundResults:
    """Every table of round ``number``: players in seat order, settled whists, round points."""
    data = _load(tournament, viewer, only_round=number)
    found = [r for r in data.rounds if r.number == number]
    if not found:
        raise NotVisible(_("These results are not public yet."))
    return _round_of(data, tournament, found[0])


def standings_with_rounds(
    tournament: Tournament, after: int | None = None, *, viewer: Any
) -> tuple[Standings, tuple[RoundResults, ...], tuple[Round, ...]]:
    """The standings after ``after`` and the results of every round they cover, from one
    load (the exports' workbook): ``round_results`` round by round would load each again.
    Also returns the covered rounds themselves."""
    data = _load(tournament, viewer)
    table = _standings(data, tournament, after)
    last = table.after or 0
    shown = tuple(r for r in data.rounds if r.number <= last)
    return table, tuple(_round_of(data, tournament, r) for r in shown), shown


def _round_of(data: _Data, tournament: Tournament, round_: Round) -> RoundResults:
    tables = tuple(_table_results(t, data.entries) for t in data.tables.get(round_.number, []))
    return RoundResults(
        tournament=tournament,
        number=round_.number,
        status=round_.status,
        provisional=any(t.provisional for t in tables),
        official=data.official,
        rounds=tuple(r.number for r in data.rounds),
        rules=data.rules,
        tables=tables,
    )


def _table_results(table: ScoredTable, entries: Mapping[int, Registration]) -> TableResults:
    places = _places(table.whists)
    seats = []
    for i, registration in enumerate(table.registrations):
        entry = entries.get(registration)
        key = str(registration)
        flags = [
            name
            for name, on in (
                ("yellow_card", table.result is not None and key in table.result.flagged),
                ("removed", table.result is not None and key in table.result.removed),
            )
            if on
        ]
        seats.append(
            SeatResult(
                position=i + 1,
                letter=LETTERS[i],
                registration=registration,
                player=entry.player.name if entry else str(registration),
                city=entry.player.city if entry else "",
                whists=table.whists[i],
                points=table.points_of(registration),
                place=places[i],
                flags=tuple(flags),
            )
        )
    return TableResults(
        number=table.number,
        status=table.status,
        provisional=table.provisional,
        deals=table.deals,
        error=table.error,
        seats=tuple(seats),
    )


def round_rows(results: RoundResults) -> list[dict[str, Any]]:
    """The round as plain rows, one per seat (exact numbers): the page's and exports' source."""
    return [
        {
            "round": results.number,
            "table": table.number,
            "table_status": table.status,
            "provisional": table.provisional,
            **dataclasses.asdict(seat),
        }
        for table in results.tables
        for seat in table.seats
    ]


# --- player card ----------------------------------------------------------------------------


@dataclass(frozen=True)
class RulingNote:
    """A ruling recorded with a deal at the player's table (TOURNAMENTS §8.4).

    ``kind`` is ``ruling`` (a Kodeks ruling of the case format) or ``referee_rulings`` (the
    referee's own entries); ``concerns`` names the players it is about; ``mine`` is True when
    the card's player is one of them.
    """

    round: int
    table: int
    deal: int
    kind: str
    rule: str
    concerns: tuple[str, ...]
    mine: bool
    details: Mapping[str, Any]


@dataclass(frozen=True)
class CardRound:
    round: int
    table: int | None
    seat: int | None
    letter: str
    opponents: tuple[str, ...]
    whists: Fraction | None
    points: Fraction | None
    place: str
    provisional: bool
    flags: tuple[str, ...]
    rulings: tuple[RulingNote, ...]


@dataclass(frozen=True)
class PlayerCard:
    tournament: Tournament
    registration: int
    player: str
    city: str
    withdrawn: bool
    standing: StandingsRow | None
    after: int | None
    official: bool
    provisional: bool
    rounds: tuple[CardRound, ...]

    @property
    def round_numbers(self) -> tuple[int, ...]:
        return tuple(r.round for r in self.rounds)


def player_card(tournament: Tournament, registration: Registration, *, viewer: Any) -> PlayerCard:
    """Every round the viewer sees: table, seat, opponents, whists, points, and the rulings
    recorded at the deals of his tables; with his place in the standings."""
    if registration.tournament_id != tournament.pk:
        raise NotVisible(_("This player is not in this tournament."))
    data = _load(tournament, viewer)
    standings = _standings(data, tournament, None)
    mine: dict[int, ScoredTable] = {}
    for number, tables in data.tables.items():
        for at in tables:
            if registration.pk in at.registrations:
                mine[number] = at
    notes = _rulings(tournament, mine, data.entries, registration.pk)
    rounds = []
    for round_ in data.rounds:
        table = mine.get(round_.number)
        if table is None:
            rounds.append(
                CardRound(round_.number, None, None, "", (), None, None, "", False, (), ())
            )
            continue
        i = table.registrations.index(registration.pk)
        key = str(registration.pk)
        flags = [
            name
            for name, on in (
                ("provisional", table.provisional),
                ("yellow_card", table.result is not None and key in table.result.flagged),
                ("removed", table.result is not None and key in table.result.removed),
            )
            if on
        ]
        rounds.append(
            CardRound(
                round=round_.number,
                table=table.number,
                seat=i + 1,
                letter=LETTERS[i],
                opponents=tuple(
                    _name(data.entries, other)
                    for other in table.registrations
                    if other != registration.pk
                ),
                whists=table.whists[i],
                points=table.points_of(registration.pk),
                place=_places(table.whists)[i],
                provisional=table.provisional,
                flags=tuple(flags),
                rulings=tuple(n for n in notes if n.round == round_.number),
            )
        )
    standing = next((r for r in standings.rows if r.registration == registration.pk), None)
    return PlayerCard(
        tournament=tournament,
        registration=registration.pk,
        player=registration.player.name,
        city=registration.player.city,
        withdrawn=registration.status == Registration.Status.WITHDRAWN,
        standing=standing,
        after=standings.after,
        official=data.official,
        provisional=any(r.provisional for r in rounds),
        rounds=tuple(rounds),
    )


def _name(entries: Mapping[int, Registration], registration: int) -> str:
    entry = entries.get(registration)
    return entry.player.name if entry else str(registration)


def _rulings(
    tournament: Tournament,
    tables: Mapping[int, ScoredTable],
    entries: Mapping[int, Registration],
    registration: int,
) -> list[RulingNote]:
    """The rulings of the deals at ``tables``, in one query."""
    by_id = {t.table_id: t for t in tables.values()}
    if not by_id:
        return []
    deals = (
        Deal.objects.filter(table_id__in=list(by_id), deleted=False)
        .filter(Q(data__has_key="ruling") | Q(data__has_key="referee_rulings"))
        .order_by("number")
        .values_list("table_id", "number", "data")
    )
    notes = []
    for table_id, deal_number, data in deals:
        table = by_id[table_id]
        letters = dict(zip(LETTERS, table.registrations, strict=False))
        for kind, rule, who, details in _ruling_items(data):
            ids = [letters[w] for w in who if w in letters]
            notes.append(
                RulingNote(
                    round=table.round,
                    table=table.number,
                    deal=deal_number,
                    kind=kind,
                    rule=rule,
                    concerns=tuple(_name(entries, i) for i in ids),
                    mine=registration in ids,
                    details=details,
                )
            )
    return notes


def _ruling_items(data: Mapping[str, Any]) -> Iterable[tuple[str, str, list[str], dict[str, Any]]]:
    """(kind, rule, seat letters concerned, details) of each ruling stored with a deal."""
    ruling = data.get("ruling")
    if isinstance(ruling, Mapping):
        rule = str(ruling.get("rule", ""))
        who = [data.get("declarer")]
        who += [ruling.get("dissenter"), ruling.get("insisting"), *ruling.get("dissenters", [])]
        details = {k: v for k, v in ruling.items() if k != "rule"}
        yield "ruling", rule, _letters(who), details
    for item in data.get("referee_rulings") or []:
        if not isinstance(item, Mapping):
            continue
        kind = str(item.get("kind", ""))
        if kind == "raspasy_dealer_fine":
            who = [data.get("dealer")]
        elif kind == "prikup_refusal":
            who = [data.get("declarer")]
        else:  # talon_peeking, manual: the player named
            who = [item.get("player")]
        details = {k: v for k, v in item.items() if k != "kind"}
        yield "referee_rulings", str(item.get("rule") or kind), _letters(who), details


def _letters(values: Iterable[Any]) -> list[str]:
    out: list[str] = []
    for value in values:
        if isinstance(value, str) and value in LETTERS and value not in out:
            out.append(value)
    return out


# --- search ---------------------------------------------------------------------------------


def search_players(tournament: Tournament, query: str, *, viewer: Any) -> list[Registration]:
    """The tournament's players whose name contains ``query`` (all of them for an empty one)."""
    if not (tournament.published or is_official(viewer, tournament)):
        raise NotVisible(_("This tournament is not published."))
    return registrations_named(tournament, query)
