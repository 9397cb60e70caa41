"""Scoring one deal: validate what was recorded, then write its ledger entries.

``score_deal(convention, players, deal)`` is the engine's entry point for a single
deal (SPEC §12.2); a pulka calls it deal after deal with the pools as they stand.

The modules of rulings, penalties and the pools' overflow are imported where a deal needs
them: most deals need none, and the command line starts without compiling them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from . import game, misere, prikup, raspasy
from .calls import CHECKED, PASS_PASS, Defence, read_defence
from .conventions import Convention
from .errors import DealError, RulingError, shown
from .ledger import DealResult, Entry, Outcome, new
from .model import (
    STRAINS,
    Deal,
    DealType,
    DisputedPlanCommercial,
    DisputedPlanQualification,
    LookedAtDiscard,
    Play,
    PrikupPremiumRecord,
    SetWithoutAll,
    TalonPeeking,
    WrongCardCount,
)
from .table import PoolState, Table

if TYPE_CHECKING:
    from .disputed import Scorer

Scored = tuple[list[Entry], Outcome]
# Enum members as module constants: an attribute of an Enum class costs ~10x a global.
GAME, MISERE, RASPASY = DealType.GAME, DealType.MISERE, DealType.RASPASY
NO_PLAY, OPEN = Play.NONE, Play.OPEN
_LEVELS = frozenset((6, 7, 8, 9, 10))
_STRAINS = frozenset(STRAINS)


def score_deal(
    convention: Convention,
    players: Sequence[str],
    deal: Deal,
    pool: PoolState | None = None,
) -> DealResult:
    """The ledger entries of one deal; raises a ``ScoringError`` and writes nothing on
    invalid input. ``pool``: pools and mountains before the deal (help, classic).

    Sochi, 6 ♠ by A, B whists alone (open), C passes; A takes 5: set by one, R(6) = 2 to
    A's mountain; B writes W × 5 defence tricks = 10 and consolation K × 1 = 2, C writes
    the consolation 2 (SPEC §3.6, golden deal SO-09):

    >>> from scoring import Call, Deal, DealType, DefenceCall, Play, preset
    >>> deal = Deal(DealType.GAME, declarer="A", level=6, strain="S",
    ...             defence=(DefenceCall("B", Call.WHIST), DefenceCall("C", Call.PASS)),
    ...             play=Play.OPEN, tricks={"A": 5, "B": 3, "C": 2})
    >>> result = score_deal(preset("sochi"), ("A", "B", "C"), deal)
    >>> [(str(e.kind), e.player, e.amount, e.on) for e in result.entries]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('gora', 'A', 2, None), ('whist', 'B', 10, 'A'),
     ('whist', 'B', 2, 'A'), ('whist', 'C', 2, 'A')]
    >>> result.outcome.result
    'set'
    >>> score_deal(preset("sochi"), ("A", "B", "C"), Deal(DealType.GAME, declarer="A", level=11))
    Traceback (most recent call last):
    ...
    scoring.errors.DealError: contract.level: level 11 is not 6..10
    """
    seats = players if type(players) is tuple else tuple(players)
    table = Table.seat(convention, seats, deal.dealer, pool)
    kind = deal.type
    if kind == GAME:
        entries, outcome = _game(table, deal, _declarer(table, deal))
    elif kind == MISERE:
        entries, outcome = _misere(table, deal, _declarer(table, deal))
    elif kind == RASPASY:
        entries, outcome = _raspasy(table, deal)
    else:
        raise DealError("deal.unknown_type", "type", value=shown(deal.type))
    if deal.talon is not None:
        prikup.parse_talon(deal.talon)
    if deal.referee_rulings:
        from . import penalties

        raspasy_deal = deal.type == RASPASY
        entries += penalties.referee_entries(table, deal.referee_rulings, raspasy_deal)
    if pool is not None and pool.size is not None:
        from .pool import apply_overflow

        entries = apply_overflow(table, entries)
    return new(DealResult, (tuple(entries), outcome))


def _raspasy(table: Table, deal: Deal) -> Scored:
    if deal.declarer is not None:
        raise DealError("deal.raspasy_declarer", "declarer")
    if deal.level is not None or deal.strain is not None:
        raise DealError("deal.raspasy_contract", "contract")
    if deal.defence:
        raise DealError("deal.raspasy_defence", "defence")
    if deal.ruling is not None:
        raise RulingError("ruling.raspasy", "ruling")
    k = deal.series_index
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise DealError("deal.series_index", "raspasy.series_index")
    cv = table.convention
    dealer_plays = table.sitting_out is not None and cv.raspasy_talon == "dealer_plays"
    if dealer_plays and cv.raspasy_recording == "whists":
        raise DealError("deal.raspasy_whists_dealer_plays", "raspasy")
    _require_play(deal)
    hands = raspasy.hands_in_play(table)
    assert deal.tricks is not None
    tricks = _tricks(table, deal.tricks, hands, "tricks")
    dealer = table.sitting_out
    if dealer is not None and dealer in hands and tricks[dealer] > 2:
        raise DealError("deal.dealer_raspasy_tricks", "tricks")
    return raspasy.score_raspasy(table, tricks, k)


def _declarer(table: Table, deal: Deal) -> str:
    """The declarer of a game or misère, who holds cards (and no raspasy index)."""
    declarer = deal.declarer
    if declarer is None:
        raise DealError("deal.declarer_needed", "declarer")
    if declarer not in table.hands:
        table.at_table(declarer, "declarer")
        raise DealError("deal.dealer_declares", "declarer")
    if deal.series_index is not None:
        raise DealError("deal.series_index_not_raspasy", "raspasy")
    return declarer


def _misere(table: Table, deal: Deal, declarer: str) -> Scored:
    if deal.level is not None or deal.strain is not None:
        raise DealError("deal.misere_contract", "contract")
    if deal.defence:
        raise DealError("deal.misere_defence", "defence")
    ruling = deal.ruling
    if isinstance(ruling, SetWithoutAll):
        from . import penalties

        _no_play(deal)
        _bid_level(ruling, 6)
        return penalties.set_without_all(table, declarer, ruling), Outcome("penalty")
    if isinstance(ruling, WrongCardCount | LookedAtDiscard):
        raise RulingError("ruling.trick_games_only", "ruling", rule=ruling.rule)

    def score_misere(tricks: Mapping[str, int]) -> Scored:
        counted = _tricks(table, tricks, table.hands, "tricks")
        return misere.score_misere(table, declarer, counted[declarer])

    _require_play(deal)
    return _with_plan(table, declarer, deal, score_misere)


def _game(table: Table, deal: Deal, declarer: str) -> Scored:
    level = deal.level
    if type(level) is not int or level not in _LEVELS:
        raise DealError("deal.level", "contract.level", value=shown(level))
    if type(deal.strain) is not str or deal.strain not in _STRAINS:
        raise DealError("deal.strain", "contract.strain", value=shown(deal.strain))
    ruling = deal.ruling
    if ruling is not None and isinstance(ruling, SetWithoutAll | WrongCardCount):
        return _penalty(table, declarer, level, deal, ruling)
    defence = read_defence(table, deal, declarer, level)
    if deal.referee_rulings:
        _no_peeker_whists(deal, defence)
    if defence.kind != CHECKED and not defence.whisters:
        if deal.play != NO_PLAY or deal.tricks is not None:
            if defence.kind == PASS_PASS:
                raise DealError("deal.unplayed_pass_pass", "play")
            raise DealError("deal.unplayed_half_whist", "play")
        if ruling is not None and not isinstance(ruling, PrikupPremiumRecord):
            raise RulingError("ruling.needs_play", "ruling", rule=ruling.rule)
        entries, outcome = game.score_unplayed(table, declarer, level, defence)
    else:
        if deal.play == NO_PLAY or deal.tricks is None:
            _require_play(deal)
        if len(defence.whisters) == 2 and deal.play == OPEN:
            raise DealError("deal.two_whisters_open", "play")
        assert deal.tricks is not None
        if ruling is None:
            tricks = _tricks(table, deal.tricks, table.hands, "tricks")
            entries, outcome = game.score_played(table, declarer, level, defence, tricks)
        else:
            penalty_tricks = 1 if isinstance(ruling, LookedAtDiscard) else 0

            def score_game(tricks: Mapping[str, int]) -> Scored:
                counted = _tricks(table, tricks, table.hands, "tricks")
                return game.score_played(table, declarer, level, defence, counted, penalty_tricks)

            entries, outcome = _with_plan(table, declarer, deal, score_game)
    if deal.talon is not None and table.convention.prikup_bonus:
        cv = table.convention
        unplayed = defence.kind != CHECKED and not defence.whisters
        if cv.prikup_bonus_unplayed or not unplayed:
            entries += prikup.premium(table, declarer, level, deal.talon)
    return entries, outcome


def _with_plan(table: Table, declarer: str, deal: Deal, score: Scorer) -> Scored:
    assert deal.tricks is not None
    actual = score(deal.tricks)
    ruling = deal.ruling
    if ruling is None:
        return actual
    from . import disputed

    if isinstance(ruling, DisputedPlanCommercial):
        return disputed.commercial(table, declarer, ruling, actual, _in_ruling(score))
    if isinstance(ruling, DisputedPlanQualification):
        return disputed.qualification(table, declarer, ruling, actual, _in_ruling(score))
    if ruling is not None and not isinstance(ruling, LookedAtDiscard | PrikupPremiumRecord):
        raise RulingError("ruling.unknown", "ruling", value=type(ruling).__name__)
    return actual


def _in_ruling(score: Scorer) -> Scorer:
    """The other outcome's trick counts are validated like the deal's own."""

    def scored(tricks: Mapping[str, int]) -> Scored:
        try:
            return score(tricks)
        except DealError as error:
            raise RulingError(error.code, "ruling", **error.params) from None

    return scored


def _penalty(
    table: Table, declarer: str, level: int, deal: Deal, ruling: SetWithoutAll | WrongCardCount
) -> Scored:
    """Penalty sets without play (Kodeks 3.4.4, 3.4.6): calls are optional."""
    from . import penalties

    _no_play(deal)
    if deal.defence:
        defence = read_defence(table, deal, declarer, level)
        if deal.referee_rulings:
            _no_peeker_whists(deal, defence)  # "may not whist in this deal" (SPEC §12.4.1)
    if isinstance(ruling, SetWithoutAll):
        bid = _bid_level(ruling, level)
        return penalties.set_without_all(table, declarer, SetWithoutAll(bid)), Outcome("penalty")
    proven = ruling.proven_undertricks
    if isinstance(proven, bool) or not isinstance(proven, int) or not 0 <= proven <= level:
        raise RulingError("ruling.proven_undertricks", "ruling.proven_undertricks", level=level)
    deliberate = ruling.deliberate
    if deliberate is not None and not isinstance(deliberate, bool):
        raise RulingError("ruling.deliberate", "ruling.deliberate")
    if table.convention.wrong_cards_rule == "deliberate_only" and deliberate is None:
        raise RulingError("ruling.deliberate_needed", "ruling.deliberate")
    entries = penalties.wrong_card_count(table, declarer, level, ruling)
    if entries is None:
        return [], Outcome("annulled")
    return entries, Outcome("penalty")


def _bid_level(ruling: SetWithoutAll, lowest: int) -> int:
    bid = ruling.bid_level
    if type(bid) is not int or bid not in (6, 7, 8, 9, 10):
        raise RulingError("ruling.bid_level", "ruling.bid_level", value=shown(bid))
    if bid < lowest:
        raise RulingError("ruling.bid_below", "ruling.bid_level", bid=bid, level=lowest)
    return bid


def _no_play(deal: Deal) -> None:
    if deal.play != NO_PLAY or deal.tricks is not None:
        raise DealError("deal.penalty_played", "play")


def _require_play(deal: Deal) -> None:
    if deal.play == NO_PLAY:
        raise DealError("deal.play_needed", "play")
    if deal.tricks is None:
        raise DealError("deal.tricks_missing", "tricks")


def _no_peeker_whists(deal: Deal, defence: Defence) -> None:
    for ruling in deal.referee_rulings:
        if isinstance(ruling, TalonPeeking) and (
            ruling.player in defence.whisters or ruling.player == defence.half_whister
        ):
            raise DealError("deal.peeker_whists", "defence", player=ruling.player)


def _tricks(
    table: Table, tricks: Mapping[str, int], hands: tuple[str, ...], field: str
) -> Mapping[str, int]:
    """Tricks per hand in play: whole numbers >= 0, every hand given, summing to 10."""
    if type(tricks) is dict and len(tricks) == len(hands):  # each hand, and no other
        total = 0
        for player in hands:
            count = tricks.get(player)
            if type(count) is not int or count < 0:
                break
            total += count
        else:
            if total == 10:
                return tricks
    if not isinstance(tricks, Mapping):
        raise DealError("deal.tricks_map", field)
    for player, count in tricks.items():
        table.at_table(player, field)
        if player not in hands:
            raise DealError("deal.no_cards", field, player=player)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise DealError("deal.tricks_whole", field, player=player)
    for player in hands:
        if player not in tricks:
            raise DealError("deal.tricks_of_missing", field, player=player)
    # every other fault was named above, so the sum is what is wrong
    raise DealError("deal.tricks_sum", field, sum=sum(tricks.values()))
