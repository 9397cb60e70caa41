"""Scoring one deal: validate what was recorded, then write its ledger entries.

``score_deal(convention, players, deal)`` is the engine's entry point for a single
deal (SPEC §12.2); a pulka calls it deal after deal with the pools as they stand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import disputed, game, misere, penalties, prikup, raspasy
from .calls import CHECKED, PASS_PASS, Defence, read_defence
from .conventions import Convention
from .errors import DealError, RulingError
from .ledger import DealResult, Entry, Outcome
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
from .pool import apply_overflow
from .table import PoolState, Table

Scored = tuple[list[Entry], Outcome]


def score_deal(
    convention: Convention,
    players: Sequence[str],
    deal: Deal,
    pool: PoolState | None = None,
) -> DealResult:
    """The ledger entries of one deal; raises a ``ScoringError`` and writes nothing on
    invalid input. ``pool``: pools and mountains before the deal (help, classic)."""
    seats = players if type(players) is tuple else tuple(players)
    table = Table.seat(convention, seats, deal.dealer, pool)
    if deal.type == DealType.RASPASY:
        entries, outcome = _raspasy(table, deal)
    elif deal.type in (DealType.GAME, DealType.MISERE):
        entries, outcome = _contract(table, deal)
    else:
        raise DealError(f"unknown deal type {deal.type!r}", "type")
    if deal.talon is not None:
        prikup.parse_talon(deal.talon)
    if deal.referee_rulings:
        raspasy_deal = deal.type == DealType.RASPASY
        entries += penalties.referee_entries(table, deal.referee_rulings, raspasy_deal)
    if pool is not None and pool.size is not None:
        entries = apply_overflow(table, entries)
    return DealResult(tuple(entries), outcome)


def _raspasy(table: Table, deal: Deal) -> Scored:
    if deal.declarer is not None:
        raise DealError("a raspasy has no declarer", "declarer")
    if deal.level is not None or deal.strain is not None:
        raise DealError("a raspasy has no contract", "contract")
    if deal.defence:
        raise DealError("nobody whists on a raspasy", "defence")
    if deal.ruling is not None:
        raise RulingError("Kodeks rulings of the case format concern games and misère", "ruling")
    k = deal.series_index
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise DealError("a raspasy needs its series index (1, 2, …)", "raspasy.series_index")
    cv = table.convention
    dealer_plays = table.sitting_out is not None and cv.raspasy_talon == "dealer_plays"
    if dealer_plays and cv.raspasy_recording == "whists":
        raise DealError(
            "raspasy on whists with the dealer playing the talon is not described by any "
            "source (SPEC §6.5)",
            "raspasy",
        )
    _require_play(deal)
    hands = raspasy.hands_in_play(table)
    assert deal.tricks is not None
    tricks = _tricks(table, deal.tricks, hands, "tricks")
    dealer = table.sitting_out
    if dealer is not None and dealer in hands and tricks[dealer] > 2:
        raise DealError("the dealer wins at most 2 raspasy tricks with the talon", "tricks")
    return raspasy.score_raspasy(table, tricks, k)


def _contract(table: Table, deal: Deal) -> Scored:
    declarer = deal.declarer
    if declarer is None:
        raise DealError("a game or misère needs its declarer", "declarer")
    if declarer not in table.hands:
        table.at_table(declarer, "declarer")
        raise DealError("the sitting-out dealer cannot declare", "declarer")
    if deal.series_index is not None:
        raise DealError("only a raspasy has a series index", "raspasy")
    if deal.type == DealType.MISERE:
        return _misere(table, deal, declarer)
    return _game(table, deal, declarer)


def _misere(table: Table, deal: Deal, declarer: str) -> Scored:
    if deal.level is not None or deal.strain is not None:
        raise DealError("a misère has no level or strain", "contract")
    if deal.defence:
        raise DealError("a misère has no defence calls", "defence")
    ruling = deal.ruling
    if isinstance(ruling, SetWithoutAll):
        _no_play(deal)
        _bid_level(ruling, 6)
        return penalties.set_without_all(table, declarer, ruling), Outcome("penalty")
    if isinstance(ruling, WrongCardCount | LookedAtDiscard):
        raise RulingError(f"{ruling.rule} applies to trick games only", "ruling")

    def score_misere(tricks: Mapping[str, int]) -> Scored:
        counted = _tricks(table, tricks, table.hands, "tricks")
        return misere.score_misere(table, declarer, counted[declarer])

    _require_play(deal)
    return _with_plan(table, declarer, deal, score_misere)


def _game(table: Table, deal: Deal, declarer: str) -> Scored:
    level = deal.level
    if isinstance(level, bool) or level not in (6, 7, 8, 9, 10):
        raise DealError(f"level {level!r} is not 6..10", "contract.level")
    if deal.strain not in STRAINS:
        raise DealError(f"strain {deal.strain!r} is not one of S, C, D, H, NT", "contract.strain")
    ruling = deal.ruling
    if isinstance(ruling, SetWithoutAll | WrongCardCount):
        return _penalty(table, declarer, level, deal, ruling)
    defence = read_defence(table, deal, declarer, level)
    if deal.referee_rulings:
        _no_peeker_whists(deal, defence)
    if defence.kind != CHECKED and not defence.whisters:
        if deal.play != Play.NONE or deal.tricks is not None:
            what = "pass – pass" if defence.kind == PASS_PASS else "an accepted half-whist"
            raise DealError(f"after {what} the deal is not played: play none, no tricks", "play")
        if ruling is not None and not isinstance(ruling, PrikupPremiumRecord):
            raise RulingError(f"{ruling.rule} needs a played deal", "ruling")
        entries, outcome = game.score_unplayed(table, declarer, level, defence)
    else:
        _require_play(deal)
        if len(defence.whisters) == 2 and deal.play == Play.OPEN:
            raise DealError("when both defenders whist the play is closed", "play")
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
    cv = table.convention
    unplayed = defence.kind != CHECKED and not defence.whisters
    if deal.talon is not None and cv.prikup_bonus and (cv.prikup_bonus_unplayed or not unplayed):
        entries += prikup.premium(table, declarer, level, deal.talon)
    return entries, outcome


def _with_plan(table: Table, declarer: str, deal: Deal, score: disputed.Scorer) -> Scored:
    assert deal.tricks is not None
    actual = score(deal.tricks)
    ruling = deal.ruling
    if ruling is None:
        return actual
    if isinstance(ruling, DisputedPlanCommercial):
        return disputed.commercial(table, declarer, ruling, actual, _in_ruling(score))
    if isinstance(ruling, DisputedPlanQualification):
        return disputed.qualification(table, declarer, ruling, actual, _in_ruling(score))
    if ruling is not None and not isinstance(ruling, LookedAtDiscard | PrikupPremiumRecord):
        raise RulingError(f"unknown ruling {type(ruling).__name__}", "ruling")
    return actual


def _in_ruling(score: disputed.Scorer) -> disputed.Scorer:
    """The other outcome's trick counts are validated like the deal's own."""

    def scored(tricks: Mapping[str, int]) -> Scored:
        try:
            return score(tricks)
        except DealError as error:
            raise RulingError(error.message, "ruling") from None

    return scored


def _penalty(
    table: Table, declarer: str, level: int, deal: Deal, ruling: SetWithoutAll | WrongCardCount
) -> Scored:
    """Penalty sets without play (Kodeks 3.4.4, 3.4.6): calls are optional."""
    _no_play(deal)
    if deal.defence:
        read_defence(table, deal, declarer, level)
    if isinstance(ruling, SetWithoutAll):
        bid = _bid_level(ruling, level)
        return penalties.set_without_all(table, declarer, SetWithoutAll(bid)), Outcome("penalty")
    proven = ruling.proven_undertricks
    if isinstance(proven, bool) or not isinstance(proven, int) or not 0 <= proven <= level:
        raise RulingError(
            f"proven_undertricks must be a whole number from 0 to {level}",
            "ruling.proven_undertricks",
        )
    deliberate = ruling.deliberate
    if deliberate is not None and not isinstance(deliberate, bool):
        raise RulingError("deliberate must be true or false", "ruling.deliberate")
    if table.convention.wrong_cards_rule == "deliberate_only" and deliberate is None:
        raise RulingError(
            "under wrong_cards_rule deliberate_only the referee records whether it was deliberate",
            "ruling.deliberate",
        )
    entries = penalties.wrong_card_count(table, declarer, level, ruling)
    if entries is None:
        return [], Outcome("annulled")
    return entries, Outcome("penalty")


def _bid_level(ruling: SetWithoutAll, lowest: int) -> int:
    bid = ruling.bid_level
    if isinstance(bid, bool) or bid not in (6, 7, 8, 9, 10):
        raise RulingError(f"bid_level {bid!r} is not 6..10", "ruling.bid_level")
    if bid < lowest:
        raise RulingError(
            f"bid_level {bid} is below the contract level {lowest}", "ruling.bid_level"
        )
    return bid


def _no_play(deal: Deal) -> None:
    if deal.play != Play.NONE or deal.tricks is not None:
        raise DealError("a penalty set without play has play none and no tricks", "play")


def _require_play(deal: Deal) -> None:
    if deal.play == Play.NONE:
        raise DealError("this deal was played: play must be open or closed", "play")
    if deal.tricks is None:
        raise DealError("the tricks of each hand are missing", "tricks")


def _no_peeker_whists(deal: Deal, defence: Defence) -> None:
    for ruling in deal.referee_rulings:
        if isinstance(ruling, TalonPeeking) and (
            ruling.player in defence.whisters or ruling.player == defence.half_whister
        ):
            raise DealError(
                f"{ruling.player} looked at the talon and may not whist in this deal", "defence"
            )


def _tricks(
    table: Table, tricks: Mapping[str, int], hands: tuple[str, ...], field: str
) -> Mapping[str, int]:
    """Tricks per hand in play: whole numbers >= 0, every hand given, summing to 10."""
    if (
        isinstance(tricks, Mapping)
        and len(tricks) == len(hands)
        and all(p in tricks for p in hands)
    ):
        total = 0
        for count in tricks.values():
            if type(count) is not int or count < 0:
                break
            total += count
        else:
            if total == 10:
                return tricks
    if not isinstance(tricks, Mapping):
        raise DealError("tricks must map each hand to its tricks", field)
    for player, count in tricks.items():
        table.at_table(player, field)
        if player not in hands:
            raise DealError(f"{player} holds no cards in this deal", field)
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise DealError(f"tricks of {player} must be a whole number >= 0", field)
    for player in hands:
        if player not in tricks:
            raise DealError(f"tricks of {player} are missing", field)
    # every other fault was named above, so the sum is what is wrong
    raise DealError(f"tricks sum to {sum(tricks.values())}, not 10", field)
