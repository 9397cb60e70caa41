"""The tournament register: every ruling, adjustment, discipline entry and appeal across the
tournament, filterable by round, table, player and kind, and a zero-sum line per round
(TOURNAMENTS §8.4, §8.6, §9.2; issue 11: organisers prove that all points sum to zero).

The zero-sum line adds every table's settled whists of the round: the sheets settle in exact
whists, so the sum is exactly 0. Referee adjustments outside the sheets (3.8.5.1 compensation,
disciplinary whists) are summed apart, since they need not sum to 0.

Reads a fixed number of queries whatever the tournament's size (six).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from referee.core.errors import NotAllowed
from referee.core.people import person
from referee.core.permissions import may_view_register
from referee.tables.dealdata import LETTERS, referee_rulings_of, ruling_of
from referee.tables.form_choices import RULINGS
from referee.tables.models import Deal
from referee.tables.results import rounds_results
from referee.tables.sheet import seated_by_table
from referee.tournaments.models import Registration, Round, Tournament

from .models import Appeal, Entry

KINDS = ("ruling", "adjustment", *Entry.Kind.values, "appeal")


def kind_label(kind: str) -> str:
    """A register row's kind in the reader's language (never the code)."""
    labels = dict(Entry.Kind.choices)
    extra = {"ruling": _("ruling"), "adjustment": _("adjustment"), "appeal": _("appeal")}
    return str(labels.get(kind) or extra.get(kind, kind))


def rule_label(rule: str) -> str:
    """A Kodeks ruling's reference as the deal form offers it ("3.4.4 contract below the
    bid…"), or the rule number a referee typed; never the code ``kodex-3.4.4``."""
    labels = {code: str(label) for code, label in RULINGS if code}
    return labels.get(rule) or rule.removeprefix("kodex-")


def ruling_kind_label(kind: str) -> str:
    """A referee's own ruling on a deal (SPEC §12.4.1) in the reader's language."""
    labels = {
        "prikup_refusal": _("prikup refusal (Kodeks 3.4.10)"),
        "raspasy_dealer_fine": _("raspasy: the dealer's fine"),
        "talon_peeking": _("peeked at the talon"),
        "manual": _("manual entry"),
    }
    return str(labels.get(kind, kind))


def status_label(status: str) -> str:
    """A register row's status in the reader's language: cancelled, automatic, a decision."""
    extra = {"cancelled": _("cancelled on appeal"), "automatic": _("automatic")}
    return str(dict(Appeal.Decision.choices).get(status) or extra.get(status, status))


@dataclass(frozen=True)
class RegisterRow:
    round: int
    table: int | None
    deal: int | None
    kind: str  # one of KINDS
    rule: str
    players: tuple[int, ...]  # registration ids concerned
    amount: Fraction | None  # whists of an adjustment, points of a deduction
    detail: str
    by: str  # the referee's user name
    at: Any  # datetime or None
    status: str  # "cancelled" (by appeal), an appeal's decision, or ""

    @property
    def kind_label(self) -> str:
        return kind_label(self.kind)

    @property
    def status_label(self) -> str:
        return status_label(self.status) if self.status else ""


@dataclass(frozen=True)
class ZeroSumLine:
    round: int
    tables: int
    whists: Fraction  # the sum of every table's settled whists: exactly 0
    adjustments: Fraction  # referee adjustments outside the sheets, summed apart

    @property
    def balanced(self) -> bool:
        return self.whists == 0


@dataclass(frozen=True)
class Register:
    tournament: Tournament
    rows: tuple[RegisterRow, ...]
    zero_sum: tuple[ZeroSumLine, ...]
    names: Mapping[int, str]


def register(
    tournament: Tournament,
    viewer: Any,
    *,
    round: int | None = None,
    table: int | None = None,
    player: int | None = None,
    kind: str | None = None,
) -> Register:
    """The register as ``viewer`` may see it (officials only), filtered."""
    if not may_view_register(viewer, tournament):
        raise NotAllowed(_("Only this tournament's referees see the tournament register."))
    rounds = list(Round.objects.filter(tournament=tournament).order_by("number"))
    results = rounds_results(tournament, rounds)
    names = dict(
        Registration.objects.filter(tournament=tournament).values_list("pk", "player__name")
    )
    rows = _rulings(tournament) + _adjustments(results) + _entries(tournament)
    rows += _appeals(tournament)
    rows = [
        r
        for r in rows
        if (round is None or r.round == round)
        and (table is None or r.table == table)
        and (player is None or player in r.players)
        and (kind is None or r.kind == kind)
    ]
    rows.sort(key=lambda r: (r.round, r.table or 0, r.deal or 0, KINDS.index(r.kind)))
    return Register(tournament, tuple(rows), _zero_sum(results, round), names)


def _rulings(tournament: Tournament) -> list[RegisterRow]:
    rows = []
    deals = (
        Deal.objects.filter(table__round__tournament=tournament, deleted=False)
        .filter(data__has_any_keys=["ruling", "referee_rulings"])
        .values_list("table__round__number", "table__number", "number", "data", "table_id")
    )
    seats = seated_by_table(table__round__tournament=tournament)
    for round_number, table_number, number, data, table_id in deals:
        by_letter = dict(zip(LETTERS, seats[table_id], strict=False))
        place = (round_number, table_number, number)
        ruling = ruling_of(data)
        if ruling:
            who = [data.get("declarer"), ruling.get("dissenter"), ruling.get("insisting")]
            rows.append(_ruling_row(place, by_letter, str(ruling.get("rule", "")), who))
        for item in referee_rulings_of(data):
            kind = ruling_kind_label(str(item.get("kind", "")))
            rule = str(item.get("rule") or "")
            rows.append(_ruling_row(place, by_letter, rule, [item.get("player")], kind))
    return rows


def _ruling_row(
    place: tuple[int, int, int],
    by_letter: dict[str, int],
    rule: str,
    who: list[Any],
    kind: str = "",
) -> RegisterRow:
    """A ruling's line: its round, table and deal, its rule, the players it concerns (their
    seat letters in the deal, ``by_letter``) and, for a referee's own ruling, its kind."""
    concerned = tuple(by_letter[w] for w in who if w in by_letter)
    return RegisterRow(*place, "ruling", rule_label(rule), concerned, None, kind, "", None, "")


def _adjustments(results: list[Any]) -> list[RegisterRow]:
    return [
        RegisterRow(
            r.round_number,
            r.table_number,
            None,
            "adjustment",
            "",
            (registration,),
            Fraction(amount),
            "",
            "",
            None,
            "",
        )
        for r in results
        for registration, amount in r.adjustments.items()
        if amount
    ]


def _entries(tournament: Tournament) -> list[RegisterRow]:
    entries = Entry.objects.filter(tournament=tournament).select_related("referee", "table")
    return [
        RegisterRow(
            e.round_number,
            e.table.number if e.table else None,
            None,
            e.kind,
            e.rule,
            (e.registration_id,),
            Fraction(e.points) if e.kind == Entry.Kind.DEDUCTION else None,
            e.reason,
            person(e.referee),
            e.at,
            "cancelled" if e.cancelled_by_id else ("automatic" if e.automatic else ""),
        )
        for e in entries
    ]


def _appeals(tournament: Tournament) -> list[RegisterRow]:
    appeals = Appeal.objects.filter(tournament=tournament).select_related(
        "filed_by", "table__round", "deal", "entry"
    )
    rows = []
    for a in appeals:
        round_number = a.table.round.number if a.table else (a.entry.round_number if a.entry else 0)
        rows.append(
            RegisterRow(
                round_number,
                a.table.number if a.table else None,
                a.deal.number if a.deal else None,
                "appeal",
                a.subject,
                (a.appellant_id,),
                None,
                a.grounds + (f" — {a.decision_reason}" if a.decision_reason else ""),
                person(a.filed_by),
                a.filed_at,
                a.decision,
            )
        )
    return rows


def _zero_sum(results: list[Any], only: int | None) -> tuple[ZeroSumLine, ...]:
    whists: dict[int, list[Any]] = defaultdict(list)
    adjustments: dict[int, list[Any]] = defaultdict(list)
    tables: dict[int, int] = defaultdict(int)
    for r in results:
        if only is not None and r.round_number != only:
            continue
        tables[r.round_number] += 1
        whists[r.round_number] += list(r.whists.values())
        adjustments[r.round_number] += list(r.adjustments.values())
    return tuple(
        ZeroSumLine(
            n,
            tables[n],
            sum((Fraction(v) for v in whists[n]), Fraction(0)),
            sum((Fraction(v) for v in adjustments[n]), Fraction(0)),
        )
        for n in sorted(tables)
    )


def filters(request: Any) -> dict[str, Any]:
    """The register's filters from a request's query (anything unreadable is no filter)."""
    found: dict[str, Any] = {}
    for key in ("round", "table", "player"):
        text = request.GET.get(key, "")
        found[key] = int(text) if text.isdecimal() else None
    kind = request.GET.get("kind", "")
    found["kind"] = kind if kind in KINDS else None
    return found
