"""The referee's evidence beside a ruling: the double-dummy analysis of a deal's entered hands.

The chief referee enters the deal's cards in the board notation (``scoring.board``); the
solver (``scoring.dd``) then says what the declarer takes against the best defence in the
declared contract, with his actual discard if known, else his best one: what he could
guarantee. Beside a Kodeks 3.8.5.1 ruling each plan's recorded result (the plan played,
and the other: the guaranteed result or the dissenter's alternative) is set against it.
Every card is seen double dummy, so whist or pass, open or closed play change nothing in
what the best defence takes. The numbers are evidence for the referee; the ruling is his.

``keep_analysis`` computes the numbers and keeps them on the hands' row (``DealHands.analysis``,
keyed by what they depend on), called by the services that enter the hands or correct the
deal (a POST); ``analysis_of`` reads them, or computes them without keeping them when the deal
changed since (a page or a PDF, a GET, writes nothing); ``evidence_of`` turns them and the deal
into the block the deal's evidence page and the protocol show.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from scoring import dd
from scoring.board import parse_board
from scoring.cards import cards_text, parse_cards

from .dealdata import CALL_WORDS, STRAIN_SIGNS, dealer_of, declarer_of, ruling_of
from .models import DealHands

DISPUTED = "kodex-3.8.5.1"


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


def _key(data: Mapping[str, Any], hands: DealHands) -> str:
    strain = (data.get("contract") or {}).get("strain", "")
    return f"{data.get('type')}:{strain}:{hands.declarer_hand}:{hands.discard}:{hands.version}"


def compute(board_text: str, declarer_hand: int, discard: str, data: Mapping[str, Any]) -> dict:
    """The solver's numbers for the deal's contract: ``best_discard``/``best`` (the
    declarer's best discard and his tricks with it), ``discard``/``tricks`` (the discard
    analysed: the actual one if known, else the best). At misère the tricks are 0 when the
    misère holds against the best defence, 1 when it is caught."""
    board = parse_board(board_text)
    misere = data.get("type") == "misere"
    if misere:
        best = dd.best_misere(board, declarer_hand)
    else:
        strain = str((data.get("contract") or {}).get("strain"))
        best = dd.best_discard(board, strain, declarer_hand)
    out = {"best_discard": cards_text(best.discard), "best": best.tricks}
    if discard:
        hands = dd.check_discard(board, declarer_hand, parse_cards(discard, "discard"))
        if misere:
            taken = 0 if dd.misere_holds(hands, declarer_hand) else 1
        else:
            taken = dd.tricks(hands, strain, declarer_hand)
        out |= {"discard": discard, "tricks": taken, "actual": True}
    else:
        out |= {"discard": out["best_discard"], "tricks": best.tricks, "actual": False}
    return out


def analysis_of(hands: DealHands, data: Mapping[str, Any]) -> dict:
    """The numbers for the deal as it stands: the row's cache when it is for the deal as it
    stands, else computed here and not kept (a read changes nothing; ``keep_analysis``, at
    the hands' entry and the deal's correction, keeps them)."""
    key = _key(data, hands)
    cached = hands.analysis
    if isinstance(cached, dict) and cached.get("key") == key:
        return cached
    return {"key": key, **compute(hands.board, hands.declarer_hand, hands.discard, data)}


def keep_analysis(hands: DealHands, data: Mapping[str, Any]) -> dict:
    """``analysis_of`` the deal as it now stands, kept on the hands' row (one UPDATE, the
    deal's own data untouched): for the service that changed what the numbers depend on."""
    found = analysis_of(hands, data)
    if found is not hands.analysis:
        DealHands.objects.filter(pk=hands.pk).update(analysis=found)
        hands.analysis = found
    return found


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
    hands: DealHands
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
    deal_number: int, data: Mapping[str, Any], hands: DealHands, names: Mapping[str, str]
) -> Evidence:
    """The evidence block of a deal with entered hands (``names``: seat letter -> name)."""
    found = analysis_of(hands, data)
    board = parse_board(hands.board)
    seats = hand_of_seats(dealer_of(data), list(names))
    player_of = {hand: letter for letter, hand in seats.items()}
    declarer = declarer_of(data)
    misere = data.get("type") == "misere"
    contract = data.get("contract") or {}
    level = None if misere else int(contract.get("level") or 0)
    sign = STRAIN_SIGNS.get(str(contract.get("strain")), "")
    shown = pgettext("contract", "misère") if misere else f"{level}{sign}"
    lines = []
    for hand, cards in enumerate(board.hands, start=1):
        letter = player_of.get(hand)
        label = _("hand %(n)s") % {"n": hand}
        if letter:
            label += f" — {names.get(letter, letter)}"
        if hand == hands.declarer_hand:
            label += f" ({_('declarer')})"
        lines.append(HandLine(label, cards_text(cards), hand == hands.declarer_hand))
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
    if seats and seats.get(declarer) != hands.declarer_hand:
        seat_note = _(
            "The declarer sits at hand %(n)s by the dealer recorded; check the hands."
        ) % {"n": seats.get(declarer, "—")}
    return Evidence(
        number=deal_number,
        hands=hands,
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
    """The latest entered hands of each of these deals (one query)."""
    latest: dict[int, DealHands] = {}
    for row in DealHands.objects.filter(deal_id__in=list(deal_ids)).select_related("author"):
        if row.deal_id not in latest or row.version > latest[row.deal_id].version:
            latest[row.deal_id] = row
    return latest


def deals_evidence(deals: Sequence[Any], names: Mapping[str, str]) -> list[Evidence]:
    """The evidence of each of these deals whose hands are entered, in their order (one
    query for the hands; the analysis from each row's cache, computed once)."""
    found = current_hands([d.pk for d in deals])
    return [
        evidence_of(d.number, d.data, found[d.pk], names)
        for d in deals
        if d.pk in found and has_contract(d.data)
    ]
