"""The referee's evidence beside a ruling: the double-dummy analysis of a deal's cards.

The cards are a ``Layout`` (``tables.layouts``, the one store of double-dummy results): for a
deal that plays a duplicate board, the board's own, read from the board (the boards hook of
``extensions``), never typed again; for a deal of an ordinary round, the cards the chief
referee enters in the board notation (``scoring.board``, a ``DealHands`` row). The solver
(``scoring.dd``) says what the declarer takes against the best defence in the declared
contract, with his actual discard if known, else his best one: what he could guarantee.
Beside a Kodeks 3.8.5.1 ruling each plan's recorded result (the plan played, and the other:
the guaranteed result or the dissenter's alternative) is set against it. Every card is seen
double dummy, so whist or pass, open or closed play change nothing in what the best defence
takes. The numbers are evidence for the referee; the ruling is his.

``keep_numbers`` works out and keeps on the layout what the deal's contract needs, called by
the services that enter the hands or correct the deal (a POST); ``numbers_of`` reads them,
or works them out without keeping them (a page or a PDF, a GET, writes nothing);
``evidence_of`` turns them and the deal into the block the deal's evidence page and the
protocol show.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring.board import parse_board
from scoring.cards import cards_text

from . import layouts
from .dealdata import CALL_WORDS, STRAIN_SIGNS, dealer_of, declarer_of, ruling_of
from .extensions import played_boards
from .models import DealHands, Layout, Table

DISPUTED = "kodex-3.8.5.1"


@dataclass(frozen=True)
class Cards:
    """What a deal's evidence reads: the layout, the declarer's hand on it, his actual
    discard (empty: not known), the chief's entry (None: nobody entered anything, the
    board's cards are read) and the board's number when the deal plays one (``sealed``: the
    reader may not see that board yet)."""

    layout: Layout
    declarer_hand: int
    discard: str = ""
    entry: DealHands | None = None
    board: int | None = None
    sealed: bool = False


def hand_of_seats(dealer: str, seats: Sequence[str]) -> dict[str, int]:
    """Each seat letter's hand (1, 2, 3) for this dealer: the first hand sits to the
    dealer's left (clockwise is the letters' order); at a table of four the dealer holds no
    cards, at a table of three he is the third hand. Empty when the dealer is unknown."""
    if dealer not in seats:
        return {}
    at = list(seats).index(dealer)
    order = [seats[(at + i) % len(seats)] for i in range(1, len(seats) + 1)]
    return {letter: hand for hand, letter in enumerate(order[:3], start=1)}


def has_contract(data: Mapping[str, Any]) -> bool:
    """A game or a misère: a deal with a declarer and a contract to analyse."""
    return data.get("type") in ("game", "misere") and bool(declarer_of(data))


def _line(data: Mapping[str, Any]) -> str:
    if data.get("type") == "misere":
        return layouts.MISERE
    return str((data.get("contract") or {}).get("strain"))


def _numbers(
    analysis: Mapping[str, Any], tried: Mapping[str, Any], cards: Cards, line: str
) -> dict:
    """The numbers of the deal's contract out of the layout's table: ``best_discard``/``best``
    (the declarer's best discard and his tricks with it; at misère 0 when it holds, 1 when
    it is caught), ``discard``/``tricks`` (the discard analysed: the actual one if known,
    else the best)."""
    hand = str(cards.declarer_hand)
    if line == layouts.MISERE:
        best, best_discard = (
            (0 if analysis["misere"][hand] else 1),
            analysis["misere_discards"][hand],
        )
    else:
        best, best_discard = analysis["tricks"][hand][line], analysis["discards"][hand][line]
    out = {"best_discard": best_discard, "best": int(best)}
    if not cards.discard:
        return out | {"discard": best_discard, "tricks": int(best), "actual": False}
    found = tried[layouts.tried_key(cards.declarer_hand, cards.discard)]
    taken = (0 if found[line] else 1) if line == layouts.MISERE else int(found[line])
    return out | {"discard": cards.discard, "tricks": taken, "actual": True}


def numbers_of(cards: Cards, data: Mapping[str, Any]) -> dict:
    """The numbers for the deal as it stands, read from the layout, and what it lacks worked
    out here and not kept (a read changes nothing; ``keep_numbers`` keeps them)."""
    layout, line, hand = cards.layout, _line(data), cards.declarer_hand
    analysis, tried = layout.analysis or {}, layout.tried or {}
    if not layouts.has_line(analysis, hand, line) or (
        cards.discard and not layouts.has_tried(tried, hand, cards.discard)
    ):
        board = parse_board(layout.text)
        analysis = layouts.with_lines(analysis, board, [(hand, line)])
        if cards.discard:
            tried = layouts.with_tried(tried, board, hand, cards.discard)
    return _numbers(analysis, tried, cards, line)


def keep_numbers(cards: Cards, data: Mapping[str, Any]) -> dict:
    """``numbers_of`` the deal as it now stands, kept on the layout (a board's table only by
    its job: for its deals just the actual discard's numbers): for the service that changed
    what the numbers depend on."""
    layouts.keep(
        cards.layout, cards.declarer_hand, _line(data), cards.discard, lines=cards.board is None
    )
    return numbers_of(cards, data)


# -- the block shown ---------------------------------------------------------------------


@dataclass(frozen=True)
class HandLine:
    label: str
    cards: str
    declarer: bool


@dataclass(frozen=True)
class Plan:
    """One side of the dispute: its label, the defenders' calls, the recorded tricks of the
    declarer and of the defenders, the result and how it stands against double dummy."""

    label: str
    calls: str
    declarer: int
    defenders: int
    result: str
    against: str


@dataclass(frozen=True)
class Evidence:
    number: int
    cards: Cards
    lines: list[HandLine]
    contract: str
    declarer: str
    discard: str
    discard_actual: bool
    misere: bool
    tricks: int  # the declarer's against the best defence (misère: 0 holds, 1 caught)
    defenders: int
    guarantee: str
    best_note: str
    plans: list[Plan]
    seat_note: str


def _down(n: int) -> str:
    return ngettext("remiz, down %(n)s", "remiz, down %(n)s", n) % {"n": n}


def _result(level: int | None, tricks: int) -> str:
    if level is None:  # misère
        if tricks == 0:
            return _("the misère holds")
        return ngettext(
            "the misère is caught: %(n)s trick", "the misère is caught: %(n)s tricks", tricks
        ) % {"n": tricks}
    if tricks >= level:
        return _("the contract is made")
    return _down(level - tricks)


def _against(misere: bool, dd_declarer: int, declarer: int, defenders: int) -> str:
    if misere:
        if (declarer == 0) == (dd_declarer == 0):
            return _("as double dummy")
        if declarer == 0:
            return _("double dummy the best defence catches the misère")
        return _("double dummy the declarer keeps the misère clean")
    best = 10 - dd_declarer
    if defenders == best:
        return _("as the best defence takes double dummy")
    if defenders < best:
        n = best - defenders
        return ngettext(
            "%(n)s trick fewer than the best defence takes double dummy",
            "%(n)s tricks fewer than the best defence takes double dummy",
            n,
        ) % {"n": n}
    n = defenders - best
    return ngettext(
        "%(n)s trick more than the declarer's best play allows double dummy",
        "%(n)s tricks more than the declarer's best play allows double dummy",
        n,
    ) % {"n": n}


def _plans(
    data: Mapping[str, Any], names: Mapping[str, str], level: int | None, dd_tricks: int
) -> list[Plan]:
    ruling = ruling_of(data)
    if ruling.get("rule") != DISPUTED:
        return []
    declarer = declarer_of(data)
    misere = level is None
    calls = ", ".join(
        f"{names.get(c.get('player'), c.get('player'))} "
        f"{CALL_WORDS.get(c.get('call'), c.get('call'))}"
        for c in sorted(data.get("defence") or [], key=lambda c: c.get("order", 0))
    )
    played = data.get("tricks")
    if ruling.get("mode") == "commercial":
        insisting = str(ruling.get("insisting"))
        who = names.get(insisting, insisting)
        dissenters = ", ".join(names.get(d, d) for d in ruling.get("dissenters") or [])
        sides = [
            (
                _("the plan of %(name)s, who insisted, as played") % {"name": who},
                data.get("tricks"),
            ),
            (
                _("the result %(name)s guaranteed to %(others)s")
                % {"name": who, "others": dissenters},
                ruling.get("guaranteed"),
            ),
        ]
    else:
        dissenter = str(ruling.get("dissenter"))
        who = names.get(dissenter, dissenter)
        sides = [
            (_("the whister's plan, as played"), played),
            (
                _("the alternative plan of %(name)s, who dissented") % {"name": who},
                ruling.get("alternative"),
            ),
        ]
    plans = []
    for index, (label, tricks) in enumerate(sides):
        if not isinstance(tricks, Mapping) or declarer not in tricks:
            continue
        mine = int(tricks[declarer])
        theirs = sum(int(n) for p, n in tricks.items() if p != declarer)
        plans.append(
            Plan(
                label,
                calls if index == 0 else "",
                mine,
                theirs,
                _result(level, mine),
                _against(misere, dd_tricks, mine, theirs),
            )
        )
    return plans


def evidence_of(
    deal_number: int, data: Mapping[str, Any], cards: Cards, names: Mapping[str, str]
) -> Evidence:
    """The evidence block of a deal with its cards (``names``: seat letter -> name)."""
    found = numbers_of(cards, data)
    board = parse_board(cards.layout.text)
    seats = hand_of_seats(dealer_of(data), list(names))
    player_of = {hand: letter for letter, hand in seats.items()}
    declarer = declarer_of(data)
    misere = data.get("type") == "misere"
    contract = data.get("contract") or {}
    level = None if misere else int(contract.get("level") or 0)
    sign = STRAIN_SIGNS.get(str(contract.get("strain")), "")
    shown = pgettext("contract", "misère") if misere else f"{level}{sign}"
    lines = []
    for hand, held in enumerate(board.hands, start=1):
        letter = player_of.get(hand)
        label = _("hand %(n)s") % {"n": hand}
        if letter:
            label += f" — {names.get(letter, letter)}"
        if hand == cards.declarer_hand:
            label += f" ({_('declarer')})"
        lines.append(HandLine(label, cards_text(held), hand == cards.declarer_hand))
    lines.append(HandLine(_("talon"), cards_text(board.talon), False))
    tricks = int(found["tricks"])
    if found["actual"] and found["best"] != tricks:
        best_note = _result(level, int(found["best"]))
        best_note = _("with his best discard %(cards)s: %(result)s") % {
            "cards": found["best_discard"],
            "result": best_note
            if misere
            else ngettext("%(n)s trick", "%(n)s tricks", int(found["best"])) % {"n": found["best"]},
        }
    else:
        best_note = ""
    seat_note = ""
    if seats and seats.get(declarer) != cards.declarer_hand:
        seat_note = _(
            "The declarer sits at hand %(n)s by the dealer recorded; check the hands."
        ) % {"n": seats.get(declarer, "—")}
    return Evidence(
        number=deal_number,
        cards=cards,
        lines=lines,
        contract=str(shown),
        declarer=names.get(declarer, declarer),
        discard=str(found["discard"]),
        discard_actual=bool(found["actual"]),
        misere=misere,
        tricks=tricks,
        defenders=10 - tricks,
        guarantee=_result(level, tricks),
        best_note=best_note,
        plans=_plans(data, names, level, tricks),
        seat_note=seat_note,
    )


def current_hands(deal_ids: Sequence[int]) -> dict[int, DealHands]:
    """The latest entry of each of these deals (one query, with its layout)."""
    latest: dict[int, DealHands] = {}
    found = DealHands.objects.filter(deal_id__in=list(deal_ids)).select_related("author", "layout")
    for row in found:
        if row.deal_id not in latest or row.version > latest[row.deal_id].version:
            latest[row.deal_id] = row
    return latest


def cards_of(table: Table, deals: Sequence[Any], viewer: Any = None) -> dict[int, Cards]:
    """The cards of each of these deals of ``table`` that has a contract and cards: a board's
    for a deal that plays one (with the chief's actual discard, if entered), else the
    chief's latest entry; by deal pk. ``viewer``: who reads (None: a service)."""
    deals = [d for d in deals if has_contract(d.data)]
    entries = current_hands([d.pk for d in deals])
    boards = played_boards(table, deals, viewer)
    out: dict[int, Cards] = {}
    for deal in deals:
        entry = entries.get(deal.pk)
        played = boards.get(deal.pk)
        if played is not None:
            hand = played.hands.get(declarer_of(deal.data), 0)
            if hand in layouts.HANDS:
                discard = entry.discard if entry else ""
                out[deal.pk] = Cards(
                    played.layout, hand, discard, entry, played.number, not played.seen
                )
        elif entry is not None:
            out[deal.pk] = Cards(entry.layout, entry.declarer_hand, entry.discard, entry)
    return out


def deals_evidence(table: Table, deals: Sequence[Any], names: Mapping[str, str]) -> list[Evidence]:
    """The evidence the protocol prints: of each of these deals the chief referee entered
    hands for (for a deal that plays a board, his entry on its evidence page), in their
    order (two queries for the cards; the numbers read from each layout)."""
    found = cards_of(table, deals)
    return [
        evidence_of(d.number, d.data, found[d.pk], names)
        for d in deals
        if d.pk in found and found[d.pk].entry is not None
    ]
