"""What the API's output serializers read: the sheet and standings the pages show
(``tables.sheet``, ``standings.services``), gathered once per answer. The serializers
(``serializers``, ``resources``) say what of it each answer carries and how it is written;
nothing here builds JSON."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from django.db.models import Prefetch

import scoring
from referee.core.engine_text import rule_text
from referee.core.language import engine_language
from referee.core.people import person
from referee.duplicate import analysis
from referee.duplicate.analysis import SessionAnalysis
from referee.duplicate.models import Session
from referee.duplicate.notes import movement_notes
from referee.duplicate.results import Line, SessionResults, Traveller
from referee.duplicate.sealing import results_for
from referee.jobs.models import Job
from referee.tables.dealdata import LETTERS, describe_deal
from referee.tables.lap import Lap, table_lap
from referee.tables.models import Deal, Seat, Table
from referee.tables.sheet import SheetRow, TableSheet, build_sheet, table_case
from referee.tournaments.models import Registration, Round
from scoring.numbers import Amount


def seats_of(table: Table) -> list[Seat]:
    return list(
        Seat.objects.filter(table=table).select_related("registration__player").order_by("position")
    )


def letter(seat: Seat) -> str:
    return LETTERS[seat.position - 1]


@dataclass(frozen=True)
class Whist:
    by: str
    on: str
    amount: Amount


def whists(sheet: TableSheet) -> list[Whist]:
    """The sheet's whists written by one player on another, the zero ones left out."""
    return [Whist(by, on, v) for (by, on), v in sheet.whists.items() if v]


@dataclass(frozen=True)
class EntryAnswer:
    entry: scoring.Entry
    language: str

    def __getattr__(self, name: str) -> Any:
        return getattr(self.entry, name)

    @property
    def rule(self) -> str:
        return rule_text(self.entry.rule)

    @property
    def explanation(self) -> str:
        return scoring.explain_entry(self.entry, self.language)


@dataclass(frozen=True)
class DealAnswer:
    """One deal: as stored, its version, its entries on the sheet, and the table's totals."""

    sheet: TableSheet
    deal: Deal
    language: str

    @cached_property
    def row(self) -> SheetRow | None:
        return next((r for r in self.sheet.rows if r.deal.pk == self.deal.pk), None)

    @property
    def position(self) -> int | None:
        return self.row.position if self.row else None

    @property
    def summary(self) -> str:
        if self.row:
            return self.row.summary
        return describe_deal(self.deal.data, self.sheet.names, self.language)

    @property
    def entries(self) -> list[EntryAnswer]:
        return [EntryAnswer(e, self.language) for e in self.row.entries] if self.row else []


def deal(table: Table, number: int) -> DealAnswer:
    language = engine_language()
    return DealAnswer(
        build_sheet(table, language), Deal.objects.get(table=table, number=number), language
    )


def deals(table: Table, with_deleted: bool) -> list[DealAnswer]:
    """The sheet's deals in order; ``with_deleted``: the struck ones too, at their numbers."""
    language = engine_language()
    sheet = build_sheet(table, language)
    found = [row.deal for row in sheet.rows]
    if with_deleted:
        gone = Deal.objects.filter(table=table, deleted=True)
        found = sorted([*found, *gone], key=lambda d: d.number)
    return [DealAnswer(sheet, d, language) for d in found]


@dataclass
class TableAnswer:
    table: Table
    sheet: TableSheet = field(init=False)
    lap: Lap | None = field(init=False)

    def __post_init__(self) -> None:
        self.sheet = build_sheet(self.table, engine_language())
        self.lap = table_lap(self.table)

    @property
    def seats(self) -> list[Seat]:
        return seats_of(self.table)

    @property
    def deals(self) -> int:
        return len(self.sheet.rows)

    @property
    def submitted_by(self) -> str | None:
        # the officials as every page names them: full name, else login
        return person(self.table.submitted_by) or None

    @property
    def confirmed_by(self) -> str | None:
        return person(self.table.confirmed_by) or None

    @property
    def case(self) -> dict[str, Any]:
        return table_case(build_sheet(self.table, "en"))


@dataclass(frozen=True)
class RoundAnswer:
    round: Round

    def __getattr__(self, name: str) -> Any:
        return getattr(self.round, name)

    @property
    def byes(self) -> list[Registration]:
        return list(Registration.objects.filter(pk__in=self.round.byes).select_related("player"))

    @property
    def tables(self) -> list[Table]:
        """The round's tables with their seats and players: three queries for the round."""
        seats = Seat.objects.select_related("registration__player").order_by("position")
        found = self.round.tables.order_by("number").prefetch_related(Prefetch("seats", seats))
        return list(found)


# -- duplicate sessions (``resources.duplicate``) -------------------------------------------


class PlannedBoard(NamedTuple):
    board: int
    hands: list[int]


class PlannedTable(NamedTuple):
    table: int
    group: int
    set: int
    seats: list[int]
    boards: list[PlannedBoard]


class Stanza(NamedTuple):
    number: int
    round: int
    tables: list[PlannedTable]


@dataclass(frozen=True)
class SessionAnswer:
    """A duplicate session with what the reader may see of its results (``results`` None:
    nothing yet, ``sealing.results_for``)."""

    session: Session
    results: SessionResults | None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.session, name)

    @property
    def movement(self) -> list[str]:
        return movement_notes(self.session.notes)

    @property
    def groups(self) -> list[dict[str, Any]]:
        return list(self.session.plan["groups"])

    @property
    def stanzas(self) -> list[Stanza]:
        """The plan as the session keeps it (``duplicate.services.plan_json``), read out."""
        first = self.session.first_round
        return [
            Stanza(
                k + 1,
                first + k,
                [
                    PlannedTable(
                        t["table"],
                        t["group"],
                        t["set"],
                        t["seats"],
                        [PlannedBoard(b, held) for b, held in t["boards"]],
                    )
                    for t in stanza
                ],
            )
            for k, stanza in enumerate(self.session.plan["stanzas"])
        ]

    @property
    def standings(self) -> list[Line] | None:
        return self.results.standings if self.results is not None else None

    @property
    def withheld(self) -> int | None:
        return self.results.withheld if self.results is not None else None


def session_answer(session: Session, user: Any) -> SessionAnswer:
    return SessionAnswer(session, results_for(session, user, engine_language()))


class AnalysedHand(NamedTuple):
    hand: int
    tricks: dict[str, int]
    misere: bool


@dataclass(frozen=True)
class BoardAnswer:
    """A board's traveller (``duplicate.results.Traveller``) with its double dummy by hand."""

    traveller: Traveller

    def __getattr__(self, name: str) -> Any:
        return getattr(self.traveller, name)

    @property
    def analysis(self) -> list[AnalysedHand] | None:
        found = self.traveller.analysis
        if found is None:
            return None
        return [
            AnalysedHand(int(hand), found["tricks"][hand], found["misere"][hand])
            for hand in ("1", "2", "3")
        ]


@dataclass(frozen=True)
class BoardJob:
    """A board's analysis job with the board's number."""

    board: int
    job: Job

    def __getattr__(self, name: str) -> Any:
        return getattr(self.job, name)


@dataclass(frozen=True)
class AnalysisAnswer:
    """How far a session's double dummy is; ``jobs`` for the officials only (else None)."""

    session: Session
    official: bool

    @cached_property
    def state(self) -> SessionAnalysis:
        return analysis.session_analysis(self.session)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.state, name)

    @property
    def analysed_boards(self) -> list[int]:
        found = self.session.boards.filter(layout__analysis__isnull=False)
        return sorted(found.values_list("number", flat=True))

    @property
    def failed(self) -> int:
        return len(self.state.failed)

    @property
    def jobs(self) -> list[BoardJob] | None:
        if not self.official:
            return None
        numbers = dict(self.session.boards.values_list("pk", "number"))
        found = Job.objects.filter(group=analysis.group_of(self.session.pk))
        jobs = [BoardJob(numbers.get(job.args.get("board"), 0), job) for job in found]
        return sorted(jobs, key=lambda j: (j.board, j.job.pk))
