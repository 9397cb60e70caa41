"""The board file: a session's boards exchanged with other tools, in tagged records modelled
on PBN (the Portable Bridge Notation): a dealing program's boards, another venue's session, a
printed hand-record book. The README's *The board file* is its specification; in short::

    % PREF boards 1
    [Event "Rostov cup, session 1"]

    [Board "1"]
    [Dealer "S"]
    [West "♠AKQ ♣J10 ♦987 ♥A8"]
    [East "♠J10987 ♣AK ♦AK ♥K"]
    [South "♣Q987 ♦QJ10 ♥QJ10"]
    [Talon "♥97"]
    [DoubleDummy "Declarer;S;C;D;H;NT;Misere"]
    W 6 5 4 3 2 no
    E 5 6 6 2 5 no
    S 1 2 3 4 5 yes

A line is blank, a comment (``%`` first), a tag ``[Name "value"]`` (one a line; ``\\"`` and
``\\\\`` in a value) or a row of the double-dummy table under its tag. A board begins at its
``Board`` tag; ``Event``, ``Site`` and ``Date`` before the first board are the file's; any
other tag is read and left aside, as PBN asks. The seats are ``North``, ``East``, ``South``,
``West`` (clockwise); ``Dealer`` is one seat's letter. Three seats hold ten cards each (the
cards in the engine's one notation, ``scoring.cards``), ``Talon`` the prikup's two: the dealer
holds one of the three hands (a table of three) or none (the fourth seat, a table of four).
The **first hand** is the first seat holding cards clockwise after the dealer, then the second
and the third: the board's hands by seat role (``scoring.board``), whatever the seats.

Checked line by line, card by card: a refusal (``BoardError``, a ``board.*`` code) carries the
offending line's number (``line_number``; its field ``line 14``): a card twice, an 11th card
in a hand or a 3rd in the talon at that card; a hand short of ten at its tag; a missing tag at
the board's ``Board`` line.

>>> read = read_boards(write_boards([parse_board(EXAMPLE)], size=3))
>>> read.boards[0].board == parse_board(EXAMPLE), read.boards[0].seats
(True, ('W', 'E', 'S'))
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from .board import Board, parse_board
from .cards import card_text, cards_text, parse_card_list
from .errors import BoardError, shown
from .model import STRAINS

#: the first line the writer puts (a reader does not need it)
HEADER = "% PREF boards 1"
#: the seats clockwise, as PBN names them
SEATS = ("N", "E", "S", "W")
SEAT_TAGS = {"North": "N", "East": "E", "South": "S", "West": "W"}
_TAG_OF = {letter: tag for tag, letter in SEAT_TAGS.items()}
#: the columns of the double-dummy table
DD_COLUMNS = "Declarer;" + ";".join(STRAINS) + ";Misere"
#: the seats the writer uses: dealer, then the first, second and third hand's
LAYOUTS = {3: ("S", ("W", "E", "S")), 4: ("S", ("W", "N", "E"))}
_TAG = re.compile(r'^\[([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\.)*)"\]$')
_ROW = re.compile(r"^([NESW])\s+((?:\d+\s+){5})(yes|no)$", re.IGNORECASE)
EXAMPLE = """Board 1
1: ♠AKQ ♣J10 ♦987 ♥A8
2: ♠J10987 ♣AK ♦AK ♥K
3: ♣Q987 ♦QJ10 ♥QJ10
T: ♥97
"""


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """Per hand (first, second, third): the tricks in each strain (``STRAINS``) and whether
    his misère holds."""

    tricks: tuple[Mapping[str, int], Mapping[str, int], Mapping[str, int]]
    misere: tuple[bool, bool, bool]


@dataclass(frozen=True, slots=True)
class FileBoard:
    """A board as a file holds it: the board by seat roles, its dealer's seat and the seats
    of the first, second and third hand, and the double-dummy table if given."""

    board: Board
    dealer: str
    seats: tuple[str, str, str]
    dd: DoubleDummy | None = None


@dataclass(frozen=True, slots=True)
class BoardFile:
    boards: tuple[FileBoard, ...]
    tags: Mapping[str, str] = field(default_factory=dict)


def _at(number: int, error: BoardError) -> BoardError:
    """``error`` at line ``number`` (its field and ``line_number``)."""
    found = BoardError(error.code, f"line {number}", **error.params)
    found.line_number = number
    return found


def _unquote(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


@dataclass
class _Open:
    """A board being read: its tag lines by name, and the table's rows."""

    line: int
    number: int
    tags: dict[str, tuple[int, str]] = field(default_factory=dict)
    rows: list[tuple[int, str]] = field(default_factory=list)


def read_boards(text: str) -> BoardFile:
    """The boards of a file, refused at the first offending line or card (the module's
    docstring); a file without a board is refused too."""
    header: dict[str, str] = {}
    boards: list[FileBoard] = []
    seen: dict[int, int] = {}
    current: _Open | None = None
    in_table = False
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("%"):
            in_table = in_table and line.startswith("%")
            continue
        match = _TAG.match(line)
        if match is None:
            if in_table and current is not None:
                current.rows.append((number, line))
                continue
            raise _at(number, BoardError("board.file_line", line=shown(line)))
        name, value = match.group(1), _unquote(match.group(2))
        in_table = False
        if name == "Board":
            if current is not None:
                boards.append(_board(current))
            current = _Open(number, _number(number, value))
            if current.number in seen:
                error = BoardError(
                    "board.file_twice", board=current.number, first=seen[current.number]
                )
                raise _at(number, error)
            seen[current.number] = number
        elif current is None:
            if name in ("Event", "Site", "Date"):
                header[name] = value
            elif name in (*SEAT_TAGS, "Dealer", "Talon", "DoubleDummy"):
                raise _at(number, BoardError("board.file_before", tag=name))
        elif name in (*SEAT_TAGS, "Dealer", "Talon", "DoubleDummy"):
            if name in current.tags:
                error = BoardError("board.file_tag_twice", tag=name, board=current.number)
                raise _at(number, error)
            current.tags[name] = (number, value)
            in_table = name == "DoubleDummy"
    if current is None:
        raise BoardError("board.file_empty", "file")
    boards.append(_board(current))
    return BoardFile(tuple(boards), header)


def _number(line: int, value: str) -> int:
    if not value.isascii() or not value.isdigit() or int(value) < 1:
        raise _at(line, BoardError("board.file_number", value=shown(value)))
    return int(value)


def _board(open_: _Open) -> FileBoard:
    """The board read from its tags: the seats' cards checked in the order of the lines."""
    tags = open_.tags
    if "Dealer" not in tags:
        error = BoardError("board.file_missing", tag="Dealer", board=open_.number)
        raise _at(open_.line, error)
    line, dealer = tags["Dealer"]
    if dealer not in SEATS:
        raise _at(line, BoardError("board.file_dealer", value=shown(dealer)))
    held = sorted((tags[tag][0], SEAT_TAGS[tag], tags[tag][1]) for tag in SEAT_TAGS if tag in tags)
    if len(held) != 3:
        error = BoardError("board.file_hands", board=open_.number, count=len(held))
        raise _at(held[-1][0] if len(held) > 3 else open_.line, error)
    if "Talon" not in tags:
        raise _at(open_.line, BoardError("board.file_missing", tag="Talon", board=open_.number))
    cards = _cards(sorted([*held, (tags["Talon"][0], "T", tags["Talon"][1])]))
    start = SEATS.index(dealer)
    order = [SEATS[(start + k) % 4] for k in range(1, 5)]
    first, second, third = (seat for seat in order if seat in cards and seat != "T")
    seats = (first, second, third)
    board = Board(open_.number, (cards[first], cards[second], cards[third]), cards["T"])
    dd = _dd(open_, seats) if "DoubleDummy" in tags else None
    return FileBoard(board, dealer, seats, dd)


def _cards(lines: Sequence[tuple[int, str, str]]) -> dict[str, int]:
    """Each seat's cards (``T``: the talon), card by card in the order of the lines."""
    owner: set[int] = set()
    held: dict[str, int] = {}
    for line, seat, text in lines:
        field_name = "talon" if seat == "T" else _TAG_OF[seat]
        size = 2 if seat == "T" else 10
        held[seat] = 0
        try:
            listed = parse_card_list(text, field_name)
        except BoardError as error:
            raise _at(line, error) from None
        for card in listed:
            if card in owner:
                raise _at(line, BoardError("board.card_twice", card=card_text(card)))
            if held[seat].bit_count() == size and seat == "T":
                raise _at(line, BoardError("board.talon_over", card=card_text(card)))
            if held[seat].bit_count() == size:
                raise _at(line, BoardError("board.hand_over", card=card_text(card)))
            owner.add(card)
            held[seat] |= 1 << card
        count = held[seat].bit_count()
        if count != size and seat == "T":
            raise _at(line, BoardError("board.talon_short", count=count))
        if count != size:
            raise _at(line, BoardError("board.hand_short", count=count))
    return held


def _dd(open_: _Open, seats: tuple[str, str, str]) -> DoubleDummy:
    """The double-dummy table: its columns, then a row for each seat holding cards."""
    line, columns = open_.tags["DoubleDummy"]
    if columns.replace(" ", "") != DD_COLUMNS:
        raise _at(line, BoardError("board.file_dd_columns", value=shown(columns)))
    rows: dict[str, tuple[dict[str, int], bool]] = {}
    for number, row in open_.rows:
        match = _ROW.match(" ".join(row.split()))
        values = [int(v) for v in match.group(2).split()] if match else []
        seat = match.group(1).upper() if match else ""
        if match is None or seat not in seats or any(v > 10 for v in values):
            raise _at(number, BoardError("board.file_dd_row", row=shown(row)))
        if seat in rows:
            raise _at(number, BoardError("board.file_dd_twice", seat=seat))
        rows[seat] = (dict(zip(STRAINS, values, strict=True)), match.group(3).lower() == "yes")
    if len(rows) != 3:
        missing = [seat for seat in seats if seat not in rows]
        raise _at(line, BoardError("board.file_dd_missing", seats=missing))
    first, second, third = (rows[seat] for seat in seats)
    return DoubleDummy((first[0], second[0], third[0]), (first[1], second[1], third[1]))


def write_boards(
    boards: Sequence[Board | FileBoard],
    *,
    size: int = 3,
    tags: Mapping[str, str] | None = None,
) -> str:
    """The file of ``boards``: the header line, the file's tags (Event, Site, Date), then
    each board; a plain ``Board`` is seated as a table of ``size`` is (``LAYOUTS``), a
    ``FileBoard`` keeps its own seats and its double-dummy table. Reading the text gives the
    same boards, and writing them again the same text."""
    out = [HEADER]
    for name in ("Event", "Site", "Date"):
        if tags and tags.get(name):
            out.append(f'[{name} "{_quote(tags[name])}"]')
    dealer, seats = LAYOUTS[size]
    for item in boards:
        found = FileBoard(item, dealer, seats) if isinstance(item, Board) else item
        out += ["", *board_lines(found)]
    return "\n".join(out) + "\n"


def board_lines(item: FileBoard) -> list[str]:
    """One board's lines: Board, Dealer, the first, second and third hand's seats, Talon,
    the double-dummy table."""
    board = item.board
    lines = [f'[Board "{board.number}"]', f'[Dealer "{item.dealer}"]']
    for seat, cards in zip(item.seats, board.hands, strict=True):
        lines.append(f'[{_TAG_OF[seat]} "{cards_text(cards)}"]')
    lines.append(f'[Talon "{cards_text(board.talon)}"]')
    if item.dd is not None:
        lines.append(f'[DoubleDummy "{DD_COLUMNS}"]')
        for seat, tricks, misere in zip(item.seats, item.dd.tricks, item.dd.misere, strict=True):
            counts = " ".join(str(tricks[strain]) for strain in STRAINS)
            lines.append(f"{seat} {counts} {'yes' if misere else 'no'}")
    return lines


def dd_of(analysis: Mapping[str, object] | None) -> DoubleDummy | None:
    """The site's kept analysis (``{"tricks": {"1": {...}}, "misere": {"1": ...}}``) as a
    table, None when there is none."""
    if analysis is None:
        return None
    tricks = analysis["tricks"]
    misere = analysis["misere"]
    assert isinstance(tricks, Mapping) and isinstance(misere, Mapping)
    first, second, third = (
        {strain: int(tricks[hand][strain]) for strain in STRAINS} for hand in ("1", "2", "3")
    )
    return DoubleDummy(
        (first, second, third), (bool(misere["1"]), bool(misere["2"]), bool(misere["3"]))
    )


__all__ = [
    "DD_COLUMNS",
    "LAYOUTS",
    "SEATS",
    "BoardFile",
    "DoubleDummy",
    "FileBoard",
    "board_lines",
    "dd_of",
    "parse_board",
    "read_boards",
    "write_boards",
]
