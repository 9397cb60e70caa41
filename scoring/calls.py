"""Defence calls: which sequences the rules allow and what they mean.

SPEC §3.1 (whist or pass, Stalingrad), §3.5 (gentleman retreat to half-whist), §3.7
(half-whist, returned whist, the 4-handed dealer's whist), §4 (checked ten), §12.7 item 7.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import itemgetter
from typing import Any, NamedTuple, NoReturn

from .errors import DealError
from .ledger import new
from .model import Call, Deal, DefenceCall, SetWithoutAll, WrongCardCount
from .table import MEMO_SIZE, Table

PASS_PASS = "pass_pass"
HALF_WHIST = "half_whist"
PLAYED = "played"
CHECKED = "checked"


class Defence(NamedTuple):
    """What the calls decided.

    ``kind``: ``pass_pass`` (made without play), ``half_whist`` (accepted), ``played``
    or ``checked`` (a checked ten). ``whisters`` in the order they whisted (the one who
    plays: a returner or the dealer, alone). ``passer``: the other defender beside a
    lone whister who did not return. ``silent``: a half-whister whose whist was
    returned, who writes nothing. ``by_dealer``: the 4-handed dealer took the defence.
    ``played``: what a played game under this decision wrote, by seat and tricks
    (``game.score_played`` fills it; shared by every deal whose calls read the same).
    """

    kind: str
    defenders: tuple[str, str]
    whisters: tuple[str, ...] = ()
    passer: str | None = None
    half_whister: str | None = None
    silent: str | None = None
    by_dealer: bool = False
    played: dict[tuple[int, ...], Any] | None = None


# Patterns of the defenders' calls; 0 is the first to call, 1 the other defender.
_W, _P, _H, _R, _C = Call.WHIST, Call.PASS, Call.HALF_WHIST, Call.RETURN_WHIST, Call.CHECK
_PATTERNS: dict[tuple[tuple[int, Call], ...], str] = {
    ((0, _W), (1, _W)): "two",
    ((0, _W), (1, _P)): "first_alone",
    ((0, _P), (1, _W)): "second_alone",
    ((0, _P), (1, _P)): PASS_PASS,
    ((0, _P), (1, _H)): "half_open",
    ((0, _P), (1, _H), (0, _P)): "half_second",
    ((0, _P), (1, _H), (0, _R)): "returned_by_first",
    ((0, _W), (1, _P), (0, _H)): "gentleman_half_open",
    ((0, _W), (1, _P), (0, _H), (1, _P)): "gentleman_half",
    ((0, _W), (1, _P), (0, _H), (1, _R)): "returned_by_second",
    ((0, _C), (1, _C)): CHECKED,
}
_WITH_HALF_WHIST = {
    shape for pattern, shape in _PATTERNS.items() if any(c == _H for _, c in pattern)
}
_DEALER_MAY_WHIST = {PASS_PASS, "half_second", "gentleman_half"}


#: The hands after each hand, clockwise: the defenders of a declarer at that index of
#: ``Table.hands`` (the sitting-out dealer holds no cards and is not among them).
_AFTER = ((1, 2), (2, 0), (0, 1))


def defenders_of(table: Table, declarer: str) -> tuple[str, str]:
    """The two players beside the declarer who hold cards, clockwise from him."""
    hands = table.hands
    first, second = _AFTER[hands.index(declarer)]
    return hands[first], hands[second]


# What a sequence of calls decided depends on the callers' seats, not on their names: the
# memo keeps it by role (0 the first defender, 1 the second, 2 the sitting-out dealer, 3
# nobody), so that a sequence is read once whoever sits where.
_Seats = tuple[str, str, str | None, None]
_Getter = Callable[[_Seats], Any]
_Template = tuple[str, _Getter, int, int, int, bool, dict[tuple[int, ...], Any]]
_NOBODY = 3


def read_defence(table: Table, deal: Deal, declarer: str, level: int) -> Defence:
    """Validate the calls of a trick game and say what they decided (a sequence already
    read under this convention, by players in the same seats, is not read again)."""
    hands = table.hands
    i, j = _AFTER[hands.index(declarer)]
    first, second = defenders = hands[i], hands[j]
    dealer = table.sitting_out
    calls = deal.defence
    key: tuple[object, ...]
    if len(calls) == 2 and calls[0].player == first and calls[1].player == second:
        a, b = calls  # (the common sequence: in turn, nobody replaced)
        if a.replaces is None and b.replaces is None:
            key = (level, 0, a.call, _NOBODY, 1, b.call, _NOBODY)
        else:
            return _read_defence(table, deal, declarer, level)  # refused
    else:
        by_role = _key_by_role(calls, first, second, dealer, level)
        if by_role is None:  # refused by the reading
            return _read_defence(table, deal, declarer, level)
        key = by_role
    cv = table.convention
    if cv.stalingrad:  # only there do strain, play and a penalty set matter here
        key += (deal.strain, deal.play, _penalty_without_play(deal))
    memo = cv.memo
    try:
        template: _Template | None = memo.get(key)
    except TypeError:  # a value that cannot be a key is refused by the reading itself
        return _read_defence(table, deal, declarer, level)
    if template is None:
        defence = _read_defence(table, deal, declarer, level)
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        template = memo[key] = _template(defence, dealer)
        return defence._replace(played=template[6])
    kind, whisters, passer, half_whister, silent, by_dealer, played = template
    seats: _Seats = (first, second, dealer, None)
    return new(
        Defence,
        (
            kind,
            defenders,
            whisters(seats),
            seats[passer],
            seats[half_whister],
            seats[silent],
            by_dealer,
            played,
        ),
    )


def _key_by_role(
    calls: tuple[DefenceCall, ...], first: str, second: str, dealer: str | None, level: int
) -> tuple[object, ...] | None:
    """The memo's key of any sequence but the common one: each call by its caller's role
    and the role he replaced. None: a caller who may not call (the declarer, a stranger) or
    a player replaced who is not a defender, which the reading refuses."""
    key: tuple[object, ...] = (level,)
    for call in calls:
        who, replaces = call.player, call.replaces
        if who == first:
            role = 0
        elif who == second:
            role = 1
        elif who == dealer and dealer is not None:
            role = 2
        else:
            return None
        if replaces is None:
            key += (role, call.call, _NOBODY)
        elif replaces == first:
            key += (role, call.call, 0)
        elif replaces == second:
            key += (role, call.call, 1)
        else:
            return None
    return key


def _template(defence: Defence, dealer: str | None) -> _Template:
    """The decision by role: its players' roles in (first, second, dealer, None)."""
    first, second = defence.defenders
    roles: dict[str | None, int] = {first: 0, second: 1, None: _NOBODY}
    if dealer is not None:
        roles[dealer] = 2
    whisters = [roles[p] for p in defence.whisters]
    of_whisters: _Getter
    if len(whisters) == 1:  # (a slice, for a tuple of one)
        of_whisters = itemgetter(slice(whisters[0], whisters[0] + 1))
    else:
        of_whisters = itemgetter(*whisters) if whisters else itemgetter(slice(0, 0))
    return (
        defence.kind,
        of_whisters,
        roles[defence.passer],
        roles[defence.half_whister],
        roles[defence.silent],
        defence.by_dealer,
        {},
    )


def _read_defence(table: Table, deal: Deal, declarer: str, level: int) -> Defence:
    cv = table.convention
    defenders = defenders_of(table, declarer)
    calls = deal.defence
    dealer_call: DefenceCall | None = None
    for i, call in enumerate(calls):
        if call.player in defenders and call.replaces is None:
            continue
        _check_caller(table, call, i, len(calls), declarer)
        dealer_call = call
    own_calls = calls[:-1] if dealer_call else calls
    if not own_calls:
        raise DealError("calls.missing", "defence")
    first = own_calls[0].player
    pattern = tuple([(0 if c.player == first else 1, c.call) for c in own_calls])
    checked_ten = cv.ten_mode == "checked" and level == 10
    shape = _PATTERNS.get(pattern)
    if shape is None or (shape == CHECKED) != checked_ten:
        _refuse(pattern, level, checked_ten, cv.half_whist_levels)
    if shape in _WITH_HALF_WHIST:
        if level not in cv.half_whist_levels:
            _refuse_half_whist(cv.half_whist_levels)
        gentleman_only = shape.startswith("gentleman") or shape == "returned_by_second"
        if gentleman_only and cv.whist_sharing != "gentleman":
            raise DealError("calls.gentleman_only", "defence")
    second = defenders[1] if first == defenders[0] else defenders[0]
    defence = _decide(shape, defenders, first, second)
    if dealer_call is not None:
        defence = _dealer_takes_over(table, dealer_call, defence, shape, len(calls) - 1)
    stalingrad = cv.stalingrad and level == 6 and deal.strain == "S"
    stalingrad = stalingrad and not _penalty_without_play(deal)
    if stalingrad and (len(defence.whisters) != 2 or deal.play.value != "closed"):
        raise DealError("calls.stalingrad", "defence")
    return defence


def _penalty_without_play(deal: Deal) -> bool:
    """Kodeks 3.4.4 and 3.4.6 set the declarer without play: nobody whists, so Stalingrad
    does not apply to them whatever calls were recorded (SPEC §3.1)."""
    return isinstance(deal.ruling, SetWithoutAll | WrongCardCount)


def _check_caller(table: Table, call: DefenceCall, i: int, count: int, declarer: str) -> None:
    """A call by someone other than a defender: only the sitting-out dealer's last whist."""
    field = f"defence[{i}]"
    who = table.at_table(call.player, f"{field}.player")
    if who == declarer:
        raise DealError("calls.declarer_calls", field)
    if who != table.sitting_out:
        raise DealError("calls.not_dealer", f"{field}.replaces")
    if i != count - 1:
        raise DealError("calls.after_dealer", field)
    if call.call not in (_W, _R):
        raise DealError("calls.dealer_call", field)


def _decide(shape: str, defenders: tuple[str, str], first: str, second: str) -> Defence:
    if shape == "two":
        return Defence(PLAYED, defenders, whisters=(first, second))
    if shape in ("first_alone",):
        return Defence(PLAYED, defenders, whisters=(first,), passer=second)
    if shape == "second_alone":
        return Defence(PLAYED, defenders, whisters=(second,), passer=first)
    if shape == PASS_PASS:
        return Defence(PASS_PASS, defenders)
    if shape in ("half_open", "half_second"):
        return Defence(HALF_WHIST, defenders, half_whister=second)
    if shape in ("gentleman_half_open", "gentleman_half"):
        return Defence(HALF_WHIST, defenders, half_whister=first)
    if shape == "returned_by_first":
        return Defence(PLAYED, defenders, whisters=(first,), silent=second)
    if shape == "returned_by_second":
        return Defence(PLAYED, defenders, whisters=(second,), silent=first)
    return Defence(CHECKED, defenders)


def _dealer_takes_over(
    table: Table, call: DefenceCall, defence: Defence, shape: str, index: int
) -> Defence:
    field = f"defence[{index}]"
    if shape not in _DEALER_MAY_WHIST:
        raise DealError("calls.dealer_when", field)
    if call.replaces is not None:
        table.at_table(call.replaces, f"{field}.replaces")
    if call.replaces is not None and call.replaces not in defence.defenders:
        raise DealError("calls.dealer_replaces", field, player=call.replaces)
    dealer = table.sitting_out
    assert dealer is not None
    return Defence(PLAYED, defence.defenders, whisters=(dealer,), by_dealer=True)


def _refuse_half_whist(levels: tuple[int, ...]) -> NoReturn:
    if not levels:
        raise DealError("calls.half_whist_none", "defence")
    raise DealError("calls.half_whist_level", "defence", levels=[str(lv) for lv in levels])


def _refuse(
    pattern: tuple[tuple[int, Call], ...],
    level: int,
    checked_ten: bool,
    half_levels: tuple[int, ...],
) -> NoReturn:
    """Refuse a call sequence with its most specific reason (SPEC §12.7 item 7)."""
    calls = [c for _, c in pattern]
    if checked_ten:
        raise DealError("calls.checked_ten", "defence")
    if _C in calls:
        raise DealError("calls.check_not_ten", "defence")
    if _H in calls and level not in half_levels:
        _refuse_half_whist(half_levels)
    for i, (who, call) in enumerate(pattern):
        before = pattern[:i]
        if call == _H and (1 - who, _P) not in before:
            raise DealError("calls.half_whist_after_pass", "defence")
        if call == _R and not any(c == _H for _, c in before):
            raise DealError("calls.return_without_half", "defence")
        if call == _W and (1 - who, _H) in before:
            raise DealError("calls.whist_after_half", "defence")
    if len(pattern) < 2 or len({who for who, _ in pattern}) < 2:
        raise DealError("calls.both_defenders", "defence")
    shown = [c.value.replace("_", "-") for c in calls]
    raise DealError("calls.impossible", "defence", calls=shown)
