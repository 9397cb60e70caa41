"""Trick games 6–10: pool, set, trick whists, liability, consolation (SPEC §3, §4).

The formula set of SPEC §3.8 in code: ``score_game`` is the whole of it; each step
is a short function named after its rule.
"""

from __future__ import annotations

from collections.abc import Mapping

from .calls import CHECKED, HALF_WHIST, PASS_PASS, Defence, defenders_of
from .conventions import OBLIGATION
from .ledger import GORA, POOL, WHIST, Entry, Outcome, Term, new
from .numbers import Amount, divide
from .table import Table

R_MADE = "SPEC §3.8 (contract made)"
R_PASS_PASS = "SPEC §3.1 (pass – pass: made without play)"
R_HALF = "Kodeks 3.8.7 (half-whist)"
R_SET = "SPEC §3.6 (set)"
R_TRICKS = "Kodeks 3.8.1.1 (whists for defence tricks)"
R_GENTLEMAN = "Kodeks 3.8.14 (gentleman whist: halves)"
R_SHORTFALL = "Kodeks 3.8.6 (whist liability)"
R_CONSOLATION = "Kodeks 3.8.1.2 (consolation)"
R_CHECKED = "SPEC §4 (checked ten)"
R_CHECKED_OWN = "SPEC §4 (checked ten: each his own tricks)"


def score_unplayed(
    table: Table, declarer: str, level: int, defence: Defence
) -> tuple[list[Entry], Outcome]:
    """Pass – pass or an accepted half-whist: the contract counts as made (SPEC §3.7–3.8)."""
    prices = table.convention.prices
    c = prices.contract[level]
    if defence.kind == PASS_PASS:
        return [new(Entry, (POOL, declarer, c, R_PASS_PASS, _PASSED_TERMS[level], None))], _UNPLAYED
    assert defence.kind == HALF_WHIST and defence.half_whister is not None
    entries = [new(Entry, (POOL, declarer, c, R_MADE, _MADE_TERMS[level], None))]
    w = prices.whist[level]
    term = new(Term, ("half_whist", (divide(OBLIGATION[level], 2), w)))
    amount = divide(OBLIGATION[level] * w, 2)
    entries.append(new(Entry, (WHIST, defence.half_whister, amount, R_HALF, term, declarer)))
    return entries, _HALF_WHISTED


def score_played(
    table: Table,
    declarer: str,
    level: int,
    defence: Defence,
    tricks: Mapping[str, int],
    penalty_tricks: int = 0,
) -> tuple[list[Entry], Outcome]:
    """A trick game that was played. ``penalty_tricks``: Kodeks 3.4.9 takes one trick
    from the declarer's result only; whists and liability use the actual tricks, and a
    shortfall is written only on a contract made by the effective tricks (SPEC §3.8, §9.3).

    What a game wrote is kept by seat with its decision (``Defence.played``): the same
    tricks of the declarer and the defenders, at a table with or without a sitting-out
    dealer, write the same entries for whoever sits there. Not with a penalty trick or a
    pool before the deal (the classic liability reads it)."""
    played = defence.played
    if played is None or penalty_tricks or table.pool is not None:
        return _score_played(table, declarer, level, defence, tricks, penalty_tricks)
    d1, d2 = defence.defenders
    dealer = table.sitting_out
    key = (tricks[declarer], tricks[d1], tricks[d2], dealer is None)
    seats = (declarer, d1, d2, dealer, None)
    done = played.get(key)
    if done is None:
        entries, outcome = _score_played(table, declarer, level, defence, tricks, 0)
        role = {declarer: 0, d1: 1, d2: 2, dealer: 3, None: 4}  # (no dealer: None is 4)
        layout = []  # (a loop: a comprehension is a call of its own)
        for e in entries:
            layout.append((e[0], role[e[1]], e[2], e[3], e[4], role[e[5]]))
        played[key] = layout, outcome
        return entries, outcome
    layout, outcome = done
    entries = []
    for kind, who, amount, rule, term, on in layout:
        entries.append(new(Entry, (kind, seats[who], amount, rule, term, seats[on])))
    return entries, outcome


def _score_played(
    table: Table,
    declarer: str,
    level: int,
    defence: Defence,
    tricks: Mapping[str, int],
    penalty_tricks: int,
) -> tuple[list[Entry], Outcome]:
    prices = table.convention.prices
    w = prices.whist[level]
    effective = tricks[declarer] - penalty_tricks
    if effective >= level:
        c = prices.contract[level]
        entries = [new(Entry, (POOL, declarer, c, R_MADE, _MADE_TERMS[level], None))]
        trick_whists(entries, table, declarer, w, defence, tricks, False)
        d1, d2 = defence.defenders
        if defence.kind != CHECKED and tricks[d1] + tricks[d2] < OBLIGATION[level]:
            entries += shortfall(table, level, defence, tricks)  # only on a made contract
        return entries, _MADE
    undertricks = level - effective
    r = prices.set[level]
    term = new(Term, ("set", (undertricks, r)))
    entries = [new(Entry, (GORA, declarer, r * undertricks, R_SET, term, None))]
    trick_whists(entries, table, declarer, w, defence, tricks, True)
    entries += consolation(table, declarer, level, undertricks, defence)
    return entries, _SET


# Values shared by every deal that writes them (tuples: immutable), made once.
_MADE_TERMS = {level: Term("made", (level,)) for level in (6, 7, 8, 9, 10)}
_PASSED_TERMS = {level: Term("passed_out", (level,)) for level in (6, 7, 8, 9, 10)}
_MADE = Outcome("made", whisted=True)
_SET = Outcome("set", whisted=True)
_UNPLAYED = Outcome("made")
_HALF_WHISTED = Outcome("made", half_whist=True)


def _own_tricks(
    entries: list[Entry],
    whisters: tuple[str, ...],
    tricks: Mapping[str, int],
    w: Amount,
    declarer: str,
) -> None:
    """Two whisters: each writes W × his own tricks (SPEC §3.3)."""
    for p in whisters:
        taken = tricks[p]
        if taken:
            term = new(Term, ("own_tricks", (taken, w)))
            entries.append(new(Entry, (WHIST, p, w * taken, R_TRICKS, term, declarer)))


def trick_whists(
    entries: list[Entry],
    table: Table,
    declarer: str,
    w: Amount,
    defence: Defence,
    tricks: Mapping[str, int],
    is_set: bool,
) -> None:
    """Whists for defence tricks at ``w`` = W(L) (SPEC §3.3–3.5, §3.7, §4), appended to the
    deal's ``entries`` (no list of their own: every played game writes them)."""
    whisters = defence.whisters
    if len(whisters) == 2:
        _own_tricks(entries, whisters, tricks, w, declarer)
        return
    d1, d2 = defence.defenders
    defence_tricks = tricks[d1] + tricks[d2]
    if not defence_tricks:
        return
    cv = table.convention
    if defence.kind == CHECKED and cv.checked_ten_split == "own_tricks":
        _checked_own_tricks(entries, declarer, w, defence, tricks)
        return
    halves = defence.kind == CHECKED or (
        defence.passer is not None
        and cv.whist_sharing == "gentleman"
        and (is_set or cv.gentleman_split == "always")
    )
    if halves:
        half = divide(w * defence_tricks, 2)
        rule = R_CHECKED if defence.kind == CHECKED else R_GENTLEMAN
        term = new(Term, ("half_defence_tricks", (defence_tricks, w)))
        entries += [new(Entry, (WHIST, p, half, rule, term, declarer)) for p in (d1, d2)]
        return
    term = new(Term, ("defence_tricks", (defence_tricks, w)))
    entries.append(new(Entry, (WHIST, whisters[0], w * defence_tricks, R_TRICKS, term, declarer)))


def _checked_own_tricks(
    entries: list[Entry], declarer: str, w: Amount, defence: Defence, tricks: Mapping[str, int]
) -> None:
    """A checked ten under ``checked_ten_split = own_tricks``: each defender writes W × the
    tricks he took himself (SPEC §4)."""
    for p in defence.defenders:
        taken = tricks[p]
        if taken:
            term = Term("own_tricks", (taken, w))
            entries.append(Entry(WHIST, p, w * taken, R_CHECKED_OWN, term, declarer))


def shortfall(table: Table, level: int, defence: Defence, tricks: Mapping[str, int]) -> list[Entry]:
    """Whisters who took fewer than their obligation write mountain (SPEC §3.2–3.4, §3.7)."""
    obligation = OBLIGATION[level]
    d1, d2 = defence.defenders
    missing = obligation - tricks[d1] - tricks[d2]
    if missing <= 0:
        return []
    owed: list[tuple[str, int]]
    if len(defence.whisters) == 2:
        second = defence.whisters[1]
        if obligation >= 2:
            half = obligation // 2
            owed = [(p, half - tricks[p]) for p in defence.whisters if tricks[p] < half]
        elif table.convention.liability_8_to_10 == "second_whister":
            owed = [(second, missing)]
        else:
            owed = [(p, missing) for p in defence.whisters if tricks[p] == 0]
    elif defence.by_dealer and not table.convention.dealer_whist_liable:
        owed = []
    else:
        owed = [(defence.whisters[0], missing)]
    entries = []
    for player, count in owed:
        f = liability_price(table, player, level)
        term = new(Term, ("shortfall", (count, f)))
        entries.append(new(Entry, (GORA, player, f * count, R_SHORTFALL, term, None)))
    return entries


def liability_price(table: Table, whister: str, level: int) -> Amount:
    """F: R (responsible), R/2 (half), classic R/2 until the pool closes (SPEC §2.1)."""
    cv = table.convention
    mode = cv.whist_liability
    if mode == "classic":
        pool = table.pool
        if pool is None:
            closed = False
        elif cv.classic_liability_trigger == "whister_pool_closed":
            closed = pool.closed(whister)
        else:
            closed = all(pool.closed(p) for p in table.players)
        mode = "responsible" if closed else "half"
    prices = cv.prices
    return prices.liability_full[level] if mode == "responsible" else prices.liability_half[level]


def consolation(
    table: Table, declarer: str, level: int, undertricks: int, defence: Defence | None
) -> list[Entry]:
    """K × undertricks from each defender and the sitting-out dealer (SPEC §3.6).

    ``defence`` None: a penalty set without play, where both defenders write it."""
    cv = table.convention
    k = cv.prices.consolation[level]
    amount = k * undertricks
    term = new(Term, ("consolation", (undertricks, k)))
    writers: tuple[str, ...]
    if defence is None:
        writers = defenders_of(table, declarer)
    elif defence.by_dealer and not cv.dealer_whist_defenders_consolation:
        writers = ()
    elif defence.silent is None:
        writers = defence.defenders
    else:
        writers = tuple(p for p in defence.defenders if p != defence.silent)
    dealer = table.sitting_out
    if dealer is not None and (
        cv.consolation_to_dealer or (defence is not None and defence.by_dealer)
    ):
        writers += (dealer,)
    entries = []  # (a loop: a comprehension is a function call of its own, per set deal)
    for p in writers:
        entries.append(new(Entry, (WHIST, p, amount, R_CONSOLATION, term, declarer)))
    return entries
