"""A session's boards valued and compared: the travellers and the session standings.

Each table's play of a board is valued on its own, as one deal settled in whists (SPEC §8,
the SET-04 valuation: pool and mountain turned into whists, zero-sum at the table) under the
tournament's convention, with no history: a raspasy at the first price of its progression, no
pool to close. Then each seat role is compared with the same role at the other tables of its
group (``standings.pure.duplicate``). Four queries, whatever the session's size."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import scoring
from referee.standings.pure.duplicate import Compared, Method, Play, Total, compare, totals
from referee.standings.pure.exact import place_label, places
from referee.tables.dealdata import LETTERS, describe_deal, letters, to_deal
from referee.tables.models import Deal, Seat, Table
from scoring.board import parse_board
from scoring.cards import RANKS, SYMBOLS
from scoring.model import STRAINS

from .models import Board, Session

ROLE_NAMES = {3: ("first", "second", "third"), 4: ("first", "second", "third", "dealer")}


def role_number(index: int, size: int) -> int:
    """``standings.pure.duplicate``'s role: 1–3 the hands, 0 the dealer of a table of 4."""
    return 0 if index == 3 else index + 1


def board_value(rules: scoring.Convention, size: int, data: Mapping[str, Any]) -> dict[str, Any]:
    """A play's settled whists by seat letter (referee adjustments added), raising the
    engine's refusal; a raspasy is scored at the first price of the progression."""
    if data.get("type") == "raspasy":
        data = {**data, "raspasy": {**(data.get("raspasy") or {}), "series_index": 1}}
    sheet = scoring.score_pulka(rules, letters(size), [to_deal(data)], None)
    adjustments = sheet.totals.adjustments
    return {
        p: Fraction(sheet.result.get(p, 0)) + Fraction(adjustments.get(p, 0)) for p in letters(size)
    }


@dataclass
class Hand:
    role: str
    registration: int
    name: str
    value: Fraction | None = None
    compared: Compared[int] | None = None


@dataclass
class TablePlay:
    """One table's play of one board: who held which hand, what was played, each value."""

    round: int
    table: int
    group: int
    hands: list[Hand]
    deal: Deal | None = None
    contract: str = ""
    error: str = ""
    #: the declarer's tricks as played, and double dummy in the same strain (or at misère:
    #: 0 when it holds, else 1), when the board's analysis is in
    taken: int | None = None
    dd: int | None = None


@dataclass
class Traveller:
    board: int
    text: str
    plays: list[TablePlay] = field(default_factory=list)
    analysis: dict[str, Any] | None = None

    @property
    def dd_rows(self) -> list[tuple[str, list[int], bool]]:
        """The double-dummy table by hand: (role, tricks in ♠ ♣ ♦ ♥ БК, misère holds)."""
        if self.analysis is None:
            return []
        return [
            (
                role,
                [self.analysis["tricks"][hand][s] for s in STRAINS],
                self.analysis["misere"][hand],
            )
            for role, hand in zip(ROLE_NAMES[3], ("1", "2", "3"), strict=True)
        ]

    @property
    def spread(self) -> Fraction | None:
        """The widest gap between two tables' values of one seat role."""
        gaps = []
        for i in range(len(self.plays[0].hands) if self.plays else 0):
            values = [v for p in self.plays if (v := p.hands[i].value) is not None]
            if len(values) > 1:
                gaps.append(max(values) - min(values))
        return max(gaps) if gaps else None

    @property
    def diagram(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """The hands by suit for the hand record: (label, [(suit sign, ranks)])."""
        return diagram(self.text)


@dataclass
class Line:
    place: str
    registration: int
    name: str
    total: Total[int]
    score: Fraction
    best: int = 0  # the place shared, from 0 (``place`` reads it "best+1–worst+1")
    worst: int = 0


@dataclass
class SessionResults:
    session: Session
    travellers: list[Traveller]
    standings: list[Line]
    withheld: int = 0  # boards left out: still to be played somewhere (``sealing.sight``)


def _beside_dd(
    play: TablePlay,
    data: Mapping[str, Any],
    seats: list[int],
    holders: list[int],
    analysis: Mapping[str, Any] | None,
) -> None:
    """The declarer's tricks as played and double dummy (a game or a misère)."""
    declarer = data.get("declarer")
    tricks = data.get("tricks")
    if analysis is None or not isinstance(declarer, str) or declarer not in LETTERS:
        return
    index = LETTERS.index(declarer)
    if index >= len(seats) or seats[index] not in holders[:3]:
        return
    hand = str(holders.index(seats[index]) + 1)
    if isinstance(tricks, Mapping) and isinstance(tricks.get(declarer), int):
        play.taken = tricks[declarer]
    if data.get("type") == "misere":
        play.dd = 0 if analysis["misere"][hand] else 1
    elif data.get("type") == "game":
        strain = (data.get("contract") or {}).get("strain")
        if strain in STRAINS:
            play.dd = analysis["tricks"][hand][strain]


def diagram(text: str) -> list[tuple[str, list[tuple[str, str]]]]:
    """A board's hands and talon by suit, in the game's order (♠ ♣ ♦ ♥), ranks high first."""
    board = parse_board(text)
    lines = []
    for label, cards in zip(("1", "2", "3", "T"), (*board.hands, board.talon), strict=True):
        by_suit = []
        for suit, symbol in enumerate(SYMBOLS):
            held = (cards >> (8 * suit)) & 0xFF
            ranks = " ".join(RANKS[r] for r in range(7, -1, -1) if held >> r & 1)
            if ranks or label != "T":  # the talon's two cards without its empty suits
                by_suit.append((symbol, ranks or "—"))
        lines.append((label, by_suit))
    return lines


def session_results(
    session: Session, lang: str = "ru", boards: frozenset[int] | None = None
) -> SessionResults:
    """The travellers and the standings over ``boards`` (None: every board): a reader who
    may not see a board (``sealing.sight``) gets neither its traveller nor its part of the
    standings."""
    rules = session.tournament.rules()
    everything = {b.number: (b.text, b.analysis) for b in Board.objects.filter(session=session)}
    shown = everything if boards is None else {n: everything[n] for n in everything if n in boards}
    tables, names, deals = _played(session)
    travellers = {
        n: Traveller(n, text, analysis=analysis) for n, (text, analysis) in sorted(shown.items())
    }
    roles = ROLE_NAMES[session.size]
    plays: list[Play[int]] = []
    for k, stanza in enumerate(session.plan["stanzas"]):
        round_number = session.first_round + k
        for planned in stanza:
            table = tables.get((round_number, planned["table"]))
            seats = planned["seats"]
            for j, (board, holders) in enumerate(planned["boards"]):
                if board not in travellers:
                    continue  # a board the reader may not see
                play = TablePlay(
                    round_number,
                    planned["table"],
                    planned["group"],
                    [Hand(roles[i], r, names.get(r, "")) for i, r in enumerate(holders)],
                )
                travellers[board].plays.append(play)
                found = deals[table.pk].get(j + 1) if table is not None else None
                if found is None:
                    continue
                play.deal = deal = found
                by_letter = {
                    letters(session.size)[i]: names.get(r, "") for i, r in enumerate(seats)
                }
                play.contract = describe_deal(deal.data, by_letter, lang)
                _beside_dd(play, deal.data, seats, holders, travellers[board].analysis)
                try:
                    values = board_value(rules, session.size, deal.data)
                except scoring.ScoringError as error:
                    play.error = str(error)
                    continue
                for i, hand in enumerate(play.hands):
                    hand.value = values[letters(session.size)[seats.index(hand.registration)]]
                    plays.append(
                        Play(
                            board,
                            planned["table"],
                            role_number(i, session.size),
                            hand.registration,
                            hand.value,
                            planned["group"],
                        )
                    )
    standings = _compared(session, plays, travellers, names)
    return SessionResults(
        session, list(travellers.values()), standings, len(everything) - len(shown)
    )


def _played(
    session: Session,
) -> tuple[dict[tuple[int, int], Table], dict[int, str], dict[int, dict[int, Deal]]]:
    """The session's tables by (round, table number), its players' names by registration,
    and the deals not struck from the sheet by table and number."""
    tables = {
        (t.round.number, t.number): t
        for t in Table.objects.filter(
            round__tournament=session.tournament, round__number__in=list(session.rounds)
        ).select_related("round")
    }
    names: dict[int, str] = {}
    for seat in Seat.objects.filter(table__in=tables.values()).select_related(
        "registration__player"
    ):
        names[seat.registration_id] = seat.registration.player.name
    deals: dict[int, dict[int, Deal]] = defaultdict(dict)
    for deal in Deal.objects.filter(table__in=tables.values(), deleted=False).order_by("number"):
        deals[deal.table_id][deal.number] = deal
    return tables, names, deals


def _compared(
    session: Session,
    plays: list[Play[int]],
    travellers: dict[int, Traveller],
    names: dict[int, str],
) -> list[Line]:
    """Every hand compared with the same hand at the other tables (written on the
    travellers), and the session's standings of the players' totals."""
    compared = compare(plays, trim=session.trim)
    by_seat = {(c.play.board, c.play.table, c.play.role): c for c in compared}
    for traveller in travellers.values():
        for play in traveller.plays:
            for i, hand in enumerate(play.hands):
                hand.compared = by_seat.get(
                    (traveller.board, play.table, role_number(i, session.size))
                )
    lines = totals(compared)
    method: Method = "datum" if session.method == Session.Method.DATUM else "matchpoints"
    scores = [t.score(method) for t in lines]
    ranked = sorted(zip(lines, scores, places(scores), strict=True), key=lambda x: x[2])
    return [
        Line(place_label(*where), t.player, names.get(t.player, ""), t, score, *where)
        for t, score, where in ranked
    ]
