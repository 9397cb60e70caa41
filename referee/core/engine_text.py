"""The engine's refusals and option descriptions in the site's language.

The engine (``scoring``) refuses with a stable ``code``, its ``field`` and plain ``params``
and writes English from its own table (``scoring.errors.MESSAGES``). Here every code has a
translatable template with ``%(param)s`` placeholders, in the registry ``REFUSALS``
(``referee.core.codes``, whose ``refusal_text`` renders a refusal in the active language, list
parameters joined with ", "; English is the engine's own text; the codes are the engine's
own, without a namespace). ``option_label`` gives what an option of
``scoring.conventions.OPTION_DOCS`` decides: the site's one home of these descriptions (the
settings, the wizard, the printed reports).

This is the site's lowest layer: it imports only Django and the engine.
"""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy, pgettext_lazy

from scoring.conventions import OPTION_DOCS
from scoring.errors import ScoringError

from .codes import Refusals

#: code -> template (``%(param)s``), one per code of ``scoring.errors.MESSAGES``.
_ENGINE: dict[str, Promise] = {
    "case.not_object": _("an object is required"),
    "case.required": _("%(key)s is required"),
    "case.unknown_field": _("unknown field %(name)s"),
    "case.id": _("every case needs a string id"),
    "case.duplicate_id": _("the id %(id)s is used by an earlier case of this file"),
    "case.unknown_kind": _("unknown kind %(value)s"),
    "case.convention_name": _("the convention is a name"),
    "case.players": _("players must be 3 or 4 distinct ids"),
    "case.player_id": _("a player id is a string (not empty), not %(value)s"),
    "case.not_number": _("a number is required, not %(value)s"),
    "case.bool_not_number": _("a number is required, not true/false"),
    "case.not_finite": _("numbers must be finite: NaN and Infinity are refused"),
    "case.too_large": _("a number is at most 1000000000 in size"),
    "case.too_precise": _("a number has at most 9 decimal places"),
    "case.not_integer": _("a whole number is required, not %(value)s"),
    "case.not_list_of": _("%(what)s is a list"),
    "case.talon_list": _("the talon is a list of two cards"),
    "case.not_text": _("%(name)s must be a text"),
    "case.one_declarer": _("one declarer per deal"),
    "case.unknown_type": _("unknown deal type %(value)s"),
    "case.unknown_play": _("play %(value)s is not open, closed or none"),
    "case.unknown_call": _("unknown call %(value)s"),
    "case.raspasy_contract": _("a raspasy has no contract"),
    "case.misere_contract": _('a misère has the contract {"level": "misere"}'),
    "case.misere_type": _("the contract is a misère but the deal type is game"),
    "case.call_order_twice": _("two calls have the same order"),
    "case.call_order": _("call order must be a number"),
    "case.ruling_mode": _("mode must be commercial or qualification"),
    "case.unknown_rule": _("unknown rule %(value)s"),
    "case.unknown_referee_ruling": _("unknown referee ruling %(value)s"),
    "case.pool_size": _("the pool size is a number above 0"),
    "case.pool_before_in_pulka": _("a pulka starts empty: pool_before is not allowed"),
    "case.not_at_table": _("player %(player)s is not at the table"),
    "case.whists_on_himself": _("a player cannot write whists on himself"),
    "case.negative_whists": _("whist amounts cannot be negative"),
    "case.failed": _("this case could not be scored (%(error)s)"),
    "case.not_unicode": _("not valid Unicode text: it holds a lone surrogate"),
    "option.unknown": _("unknown option %(name)s"),
    "option.unknown_convention": _("unknown convention %(name)s"),
    "option.not_choice": _("%(value)s is not one of %(allowed)s"),
    "option.not_flag": _("%(value)s is not true or false"),
    "option.not_number": _("%(value)s is not a number >= 0"),
    "option.contract_value": _("a list of 5 numbers for levels 6..10 is required"),
    "option.not_levels": _("%(value)s is not a list of levels 6..10"),
    "option.progression": _("a non-empty list of positive prices is required"),
    "option.progression_zero": _("raspasy prices must be positive"),
    "option.exit": _("%(value)s is not easy | medium | hard or a list of 3 levels"),
    "option.exit_falls": _("exit levels cannot fall as raspasy go on"),
    "option.helper_choice": _("helper_choice needs the helper's own choice; not in case files"),
    "option.not_list": _("a list is required"),
    "table.players": _("a table has 3 or 4 distinct players"),
    "table.not_at_table": _("player %(player)s is not at the table"),
    "table.dealer_needed": _("a 4-handed deal needs its dealer"),
    "deal.unknown_type": _("unknown deal type %(value)s"),
    "deal.raspasy_declarer": _("a raspasy has no declarer"),
    "deal.raspasy_contract": _("a raspasy has no contract"),
    "deal.raspasy_defence": _("nobody whists on a raspasy"),
    "deal.series_index": _("a raspasy needs its series index (1, 2, …)"),
    "deal.raspasy_whists_dealer_plays": _(
        "raspasy on whists with the dealer playing the talon is not described by any "
        "source (SPEC §6.5)"
    ),
    "deal.dealer_raspasy_tricks": _("the dealer wins at most 2 raspasy tricks with the talon"),
    "deal.declarer_needed": _("a game or misère needs its declarer"),
    "deal.dealer_declares": _("the sitting-out dealer cannot declare"),
    "deal.series_index_not_raspasy": _("only a raspasy has a series index"),
    "deal.misere_contract": _("a misère has no level or strain"),
    "deal.misere_defence": _("a misère has no defence calls"),
    "deal.level": _("level %(value)s is not 6..10"),
    "deal.strain": _("strain %(value)s is not one of S, C, D, H, NT"),
    "deal.unplayed_pass_pass": _("after pass – pass the deal is not played: play none, no tricks"),
    "deal.unplayed_half_whist": _(
        "after an accepted half-whist the deal is not played: play none, no tricks"
    ),
    "deal.two_whisters_open": _("when both defenders whist the play is closed"),
    "deal.penalty_played": _("a penalty set without play has play none and no tricks"),
    "deal.play_needed": _("this deal was played: play must be open or closed"),
    "deal.tricks_missing": _("the tricks of each hand are missing"),
    "deal.peeker_whists": _("%(player)s looked at the talon and may not whist in this deal"),
    "deal.tricks_map": _("tricks must map each hand to its tricks"),
    "deal.no_cards": _("%(player)s holds no cards in this deal"),
    "deal.tricks_whole": _("tricks of %(player)s must be a whole number >= 0"),
    "deal.tricks_of_missing": _("tricks of %(player)s are missing"),
    "deal.tricks_sum": ngettext_lazy(
        "%(sum)s trick in all, not 10", "%(sum)s tricks in all, not 10", "sum"
    ),
    "deal.talon_two": _("the talon has exactly two cards"),
    "deal.talon_card": _("%(card)s is not a card like SA, HK or D10"),
    "deal.talon_twice": _("the talon cannot hold the same card twice"),
    "calls.missing": _("the defenders' calls are missing"),
    "calls.half_whist_level": _("half-whist is allowed only on %(levels)s"),
    "calls.half_whist_none": _("half-whist is allowed only on no level"),
    "calls.gentleman_only": _("whist – pass – half-whist is allowed only under gentleman whist"),
    "calls.stalingrad": _("Stalingrad: 6♠ must be whisted by both defenders and played closed"),
    "calls.declarer_calls": _("the declarer cannot make a defence call: one declarer per deal"),
    "calls.not_dealer": _("only the sitting-out dealer replaces a hand"),
    "calls.after_dealer": _("no call may follow the dealer's whist"),
    "calls.dealer_call": _("the sitting-out dealer can only whist (or return the whist)"),
    "calls.dealer_when": _(
        "the dealer may whist only after pass – pass or pass – half-whist – pass"
    ),
    "calls.dealer_replaces": _("the dealer can only replace a defender's hand, not %(player)s"),
    "calls.checked_ten": _(
        "under ten_mode checked both defenders call check; whist or pass on a ten is refused"
    ),
    "calls.check_not_ten": _("check is only for a ten under ten_mode checked"),
    "calls.half_whist_after_pass": _("a half-whist must follow the other defender's pass"),
    "calls.return_without_half": _("return_whist needs a half-whist before it"),
    "calls.whist_after_half": _(
        "after a half-whist the passer returns the whist with return_whist"
    ),
    "calls.both_defenders": _("both defenders must call whist or pass"),
    "calls.impossible": _("impossible call sequence: %(calls)s"),
    "ruling.raspasy": _("Kodeks rulings of the case format concern games and misère"),
    "ruling.trick_games_only": _("%(rule)s applies to trick games only"),
    "ruling.needs_play": _("%(rule)s needs a played deal"),
    "ruling.unknown": _("unknown ruling %(value)s"),
    "ruling.proven_undertricks": _("proven_undertricks must be a whole number from 0 to %(level)s"),
    "ruling.deliberate": _("deliberate must be true or false"),
    "ruling.deliberate_needed": _(
        "under wrong_cards_rule deliberate_only the referee records whether it was deliberate"
    ),
    "ruling.bid_level": _("bid_level %(value)s is not 6..10"),
    "ruling.bid_below": _("bid_level %(bid)s is below the contract level %(level)s"),
    "ruling.insisting_declarer": _("the declarer cannot insist on a defence plan"),
    "ruling.dissenters": _("name the dissenters, each once"),
    "ruling.dissenter_role": _("%(player)s cannot be a dissenter"),
    "ruling.dissenter_declarer": _("the dissenter cannot be the declarer"),
    "ruling.lot": _("lot must be actual or alternative"),
    "ruling.dealer_needed": _("this ruling fines the dealer: the deal needs its dealer"),
    "ruling.fine_not_raspasy": _("the raspasy dealer fine applies to a raspasy only"),
    "ruling.unknown_referee": _("unknown referee ruling %(value)s"),
    "ruling.points_number": _("points must be a number"),
    "ruling.points_negative": _("points cannot be negative"),
    "ruling.manual_kind": _("entry must be one of pulka, gora, whist, adjustment"),
    "ruling.manual_reason": _("a manual entry needs its reason"),
    "ruling.amount_number": _("the amount must be a number"),
    "ruling.whist_negative": _("a manual whist entry cannot be negative"),
    "ruling.whists_on_himself": _("a player cannot write whists on himself"),
    "ruling.on_whist_only": _("only a whist entry names the player written on"),
    "ruling.whist_needs_on": _("a whist entry names the player written on (on)"),
    "pulka.over": _("every pool is closed: the pulka is over"),
    "pulka.series_index": _("series_index %(given)s does not match the derived %(derived)s"),
    "pulka.below_minimum": _("contract below the minimum after raspasy: %(level)s < %(minimum)s"),
    # cards and boards (scoring.cards, scoring.board, scoring.dd)
    "board.unknown_suit": _("%(text)s is not a suit: ♠ ♣ ♦ ♥ or S C D H"),
    "board.unknown_rank": _("%(text)s is not a rank: 7 8 9 10 J Q K A"),
    "board.one_card": _("%(text)s is not one card like ♠A, SA or H10"),
    "board.card_twice": _("%(card)s is dealt twice"),
    "board.extra_card": _("%(card)s is a 33rd card: the deck has 32"),
    "board.hand_over": _("%(card)s is an 11th card: a hand holds 10"),
    "board.talon_over": _("%(card)s is a 3rd card: the talon holds 2"),
    "board.hand_short": ngettext_lazy(
        "the hand holds %(count)s card, not 10", "the hand holds %(count)s cards, not 10", "count"
    ),
    "board.talon_short": ngettext_lazy(
        "the talon holds %(count)s card, not 2", "the talon holds %(count)s cards, not 2", "count"
    ),
    "board.number": _("a board begins with its number, like Board 7, not %(line)s"),
    "board.line": _("a line is 1:, 2:, 3: or T: and its cards, not %(line)s"),
    "board.line_twice": _("the line %(label)s: is given twice"),
    "board.line_missing": _("the line %(label)s: is missing"),
    "board.not_cards": _("the hands are sets of cards of the 32-card deck"),
    "board.seed": _("a seed is a whole number from 0 to 2**64 - 1, not %(value)s"),
    "board.count": _("the number of boards is a whole number from 1, not %(value)s"),
    "board.hand_number": _("a hand is 1, 2 or 3, not %(value)s"),
    "board.hands": _("three hands of as many cards (1 to 10) of one deck are needed"),
    "board.discard": _("the discard is two of the declarer's twelve cards"),
    # the board file (scoring.boardfile)
    "board.file_line": _('a line is a tag like [Board "1"], a comment (%%) or blank, not %(line)s'),
    "board.file_number": _("a board's number is a whole number from 1, not %(value)s"),
    "board.file_twice": _("board %(board)s is given twice (first at line %(first)s)"),
    "board.file_before": _("the tag %(tag)s comes before the first Board tag"),
    "board.file_tag_twice": _("the tag %(tag)s is given twice in board %(board)s"),
    "board.file_missing": _("board %(board)s has no %(tag)s tag"),
    "board.file_dealer": _("the dealer is a seat: N, E, S or W, not %(value)s"),
    "board.file_hands": _(
        "board %(board)s has %(count)s hands: three seats hold cards (a fourth, if any, is "
        "the dealer's)"
    ),
    "board.file_dd_columns": _(
        "the double-dummy table's columns are Declarer;S;C;D;H;NT;Misere, not %(value)s"
    ),
    "board.file_dd_row": _(
        "a row of the double-dummy table is a seat holding cards, five trick counts from 0 "
        "to 10 and yes or no, not %(row)s"
    ),
    "board.file_dd_twice": _("the double-dummy table has two rows for %(seat)s"),
    "board.file_dd_missing": _("the double-dummy table has no row for %(seats)s"),
    "board.file_empty": _('the file holds no board: a board begins with a tag like [Board "1"]'),
}

REFUSALS = Refusals("", _ENGINE, raises=ScoringError, own_english=True)

#: option name -> what it decides, in words a referee uses: the site's one description of
#: each option of ``scoring.conventions.OPTION_DOCS`` (whose English is the engine's own).
OPTIONS: dict[str, Promise] = {
    "contract_value": _("pool points for a made 6, 7, 8, 9, 10"),
    "misere_value": _("pool points for a made misère"),
    "whist_price": _("whists per defence trick"),
    "set_price": _("mountain per undertrick"),
    "consolation": _("consolation: whists per undertrick from each defender"),
    "whist_liability": _("whisters' liability for a shortfall"),
    "liability_8_to_10": _("two whisters on 8–10 with no trick: who answers"),
    "whist_sharing": _("lone whister and passer: greedy or gentleman whist"),
    "gentleman_split": _("gentleman halves: on a set only, or always"),
    "half_whist_levels": _("levels where half-whist is allowed"),
    "consolation_to_dealer": _("the sitting-out dealer writes consolation too"),
    "dealer_whist_liable": _("a whisting 4-handed dealer answers for the obligation"),
    "dealer_whist_defenders_consolation": _("defenders keep consolation when the dealer whists"),
    "misere_fail_per_trick": _("mountain per trick caught on a misère"),
    "ten_mode": _("the ten: whisted or checked"),
    "checked_ten_split": _("a checked ten set: trick whists in halves or each his own tricks"),
    "stalingrad": _("Stalingrad: 6♠ whisted by both, played closed"),
    "raspasy_recording": _("raspasy tricks: to the mountain or on whists"),
    "raspasy_progression": _("price per raspasy trick, by raspasy in a row"),
    "raspasy_after_top": _("after the top step of raspasy: hold it or start again"),
    "raspasy_zero_bonus": _("no tricks on a raspasy: the bonus"),
    "raspasy_zero_bonus_excludes_dealer": _("the dealer gets no zero-trick bonus"),
    "raspasy_whist_price": _("whists per trick on raspasy recorded on whists"),
    "raspasy_talon": _("talon on raspasy"),
    "raspasy_exit": _("minimum contract after 0 / 1 / 2+ raspasy"),
    "raspasy_series_ends_on": _("what ends a raspasy series"),
    "half_whist_exits_raspasy": _("an accepted half-whist ends a raspasy series"),
    "deal_rotation": _("who deals after a raspasy"),
    "pool_to_mountain_factor": _("mountain points per pool point in the settlement"),
    "overflow_mode": _("points beyond the pool: help others or write off"),
    "help_whists_per_point": _("whists the helper writes per helped pool point"),
    "help_target": _("whom to help: the largest pool or the next clockwise"),
    "prikup_bonus": _("premium for aces and marriages in the talon"),
    "prikup_bonus_three_handed": _("the talon premium at a table of 3"),
    "prikup_bonus_unplayed": _("the talon premium on a game without play"),
    "classic_liability_trigger": _("classic liability: whose closed pool counts"),
    "raspasy_amnesty": _("amnesty: the fewest raspasy tricks taken off every mountain"),
    "raspasy_idle_dealer_pool": _("pool points for a 4-handed dealer on raspasy"),
    "writeoff_below_zero": _("write-off past zero: negative mountain or whists"),
    "penalty_set_consolation": _("penalty sets without play carry consolation"),
    "wrong_cards_rule": _("Kodeks 3.4.6: as written, or only when deliberate"),
}


def option_label(name: str) -> str:
    """What an option decides, in the active language; an option the site has no words for
    yet (a new one of the engine) by the engine's English."""
    text = OPTIONS.get(name)
    return str(text) if text is not None else OPTION_DOCS[name][1]


#: what the engine's rule citations name (the words in brackets of an entry's ``rule``:
#: "Kodeks 3.7.2.1 (raspasy to the mountain)"), for a reader of the site or the API
RULE_WORDS: dict[str, Promise] = {
    "contract made": _("contract made"),
    "pass – pass: made without play": _("pass – pass: made without play"),
    "half-whist": _("half-whist"),
    "set": pgettext_lazy("a rule", "set"),
    "whists for defence tricks": _("whists for defence tricks"),
    "gentleman whist: halves": _("gentleman whist: halves"),
    "whist liability": _("whist liability"),
    "consolation": _("consolation"),
    "checked ten": _("checked ten"),
    "checked ten: each his own tricks": _("checked ten: each player's own tricks"),
    "misère": _("misère"),
    "help: writing into another player's pool": _("help: writing into another player's pool"),
    "overflow written off the own mountain": _("overflow written off the own mountain"),
    "prikup premium": _("prikup premium"),
    "raspasy to the mountain": _("raspasy to the mountain"),
    "raspasy on whists": _("raspasy on whists"),
    "raspasy: no tricks": _("raspasy: no tricks"),
    "raspasy amnesty": _("raspasy amnesty"),
    "under-bidding": _("under-bidding"),
    "talon peeking": _("talon peeking"),
    "raspasy dealer fine": _("raspasy dealer fine"),
    "raspasy: the dealer holds no cards": _("raspasy: the dealer holds no cards"),
    "discipline": _("discipline"),
}
_SOURCES: dict[str, Promise] = {
    "Kodeks": _("Kodeks"),
    "Lesnoy, tournament rules": _("Lesnoy, tournament rules"),
}


def rule_text(rule: str) -> str:
    """An engine's rule citation in the active language ("Кодекс 3.7.2.1 (распасы в гору)");
    the section numbers and SPEC/SEED references stay, a citation the site has no words for
    (a referee's own) stays as written."""
    source, bracket, rest = rule.partition(" (")
    words = RULE_WORDS.get(rest.removesuffix(")")) if bracket and rest.endswith(")") else None
    if words is None:
        return rule
    head, space, number = source.partition(" ")
    if head in _SOURCES:
        source = f"{_SOURCES[head]}{space}{number}"
    elif source in _SOURCES:
        source = str(_SOURCES[source])
    return f"{source} ({words})"
