"""Typed refusals: a stable code, the field it concerns and plain parameters (SPEC §12.7).

Every refusal of the engine is ``SomeError(code, field, **params)``: ``code`` a short
dotted name of ``MESSAGES`` (``deal.tricks_sum``), ``field`` where the problem is
(``tricks``, ``options.ten_mode``, ``deal 3, contract``) and ``params`` plain values (str,
int or a list of str) that fill the code's template. ``message`` is the English text made
from ``MESSAGES``; a site renders the code in its own language instead.

>>> error = DealError("deal.tricks_sum", "tricks", sum=11)
>>> error.code, error.field, error.params, error.message
('deal.tricks_sum', 'tricks', {'sum': 11}, 'tricks sum to 11, not 10')
>>> str(error.within("deal 3"))
'deal 3, tricks: tricks sum to 11, not 10'
"""

from __future__ import annotations

import reprlib
import string
from collections.abc import Mapping
from typing import Any

Param = str | int | list[str]

#: code -> English template; ``{name}`` is a parameter, ``{name:SEP}`` a list joined by SEP
#: (", " when no SEP is given).
MESSAGES: dict[str, str] = {
    # -- the case file and its values (SPEC §12.1, §12.7, §12.8) --------------------------
    "case.not_object": "an object is required",
    "case.required": "{key} is required",
    "case.unknown_field": "unknown field {name}",
    "case.id": "every case needs a string id",
    "case.duplicate_id": "the id {id} is used by an earlier case of this file",
    "case.unknown_kind": "unknown kind {value}",
    "case.convention_name": "the convention is a name",
    "case.players": "players must be 3 or 4 distinct ids",
    "case.player_id": "a player id is a string (not empty), not {value}",
    "case.not_number": "a number is required, not {value}",
    "case.bool_not_number": "a number is required, not true/false",
    "case.not_finite": "numbers must be finite: NaN and Infinity are refused",
    "case.too_large": "a number is at most 1000000000 in size",
    "case.too_precise": "a number has at most 9 decimal places",
    "case.not_integer": "a whole number is required, not {value}",
    "case.not_list_of": "{what} is a list",
    "case.talon_list": "the talon is a list of two cards",
    "case.not_text": "{name} must be a text",
    "case.one_declarer": "one declarer per deal",
    "case.unknown_type": "unknown deal type {value}",
    "case.unknown_play": "play {value} is not open, closed or none",
    "case.unknown_call": "unknown call {value}",
    "case.raspasy_contract": "a raspasy has no contract",
    "case.misere_contract": 'a misère has the contract {{"level": "misere"}}',
    "case.misere_type": "the contract is a misère but the deal type is game",
    "case.call_order_twice": "two calls have the same order",
    "case.call_order": "call order must be a number",
    "case.ruling_mode": "mode must be commercial or qualification",
    "case.unknown_rule": "unknown rule {value}",
    "case.unknown_referee_ruling": "unknown referee ruling {value}",
    "case.pool_size": "the pool size is a number above 0",
    "case.pool_before_in_pulka": "a pulka starts empty: pool_before is not allowed",
    "case.not_at_table": "player {player} is not at the table",
    "case.whists_on_himself": "a player cannot write whists on himself",
    "case.negative_whists": "whist amounts cannot be negative",
    "case.failed": "this case could not be scored ({error})",
    "case.not_unicode": "not valid Unicode text: it holds a lone surrogate",
    # -- options and conventions (SPEC §10) ---------------------------------------------
    "option.unknown": "unknown option {name}",
    "option.unknown_convention": "unknown convention {name}",
    "option.not_choice": "{value} is not one of {allowed: | }",
    "option.not_flag": "{value} is not true or false",
    "option.not_number": "{value} is not a number >= 0",
    "option.contract_value": "a list of 5 numbers for levels 6..10 is required",
    "option.not_levels": "{value} is not a list of levels 6..10",
    "option.progression": "a non-empty list of positive prices is required",
    "option.progression_zero": "raspasy prices must be positive",
    "option.exit": "{value} is not easy | medium | hard or a list of 3 levels",
    "option.exit_falls": "exit levels cannot fall as raspasy go on",
    "option.helper_choice": "helper_choice needs the helper's own choice; not in case files",
    "option.not_list": "a list is required",
    # -- the table (SPEC §1, §12.7 items 2–3) --------------------------------------------
    "table.players": "a table has 3 or 4 distinct players",
    "table.not_at_table": "player {player} is not at the table",
    "table.dealer_needed": "a 4-handed deal needs its dealer",
    # -- one deal (SPEC §12.2, §12.7 items 3–6) ------------------------------------------
    "deal.unknown_type": "unknown deal type {value}",
    "deal.raspasy_declarer": "a raspasy has no declarer",
    "deal.raspasy_contract": "a raspasy has no contract",
    "deal.raspasy_defence": "nobody whists on a raspasy",
    "deal.series_index": "a raspasy needs its series index (1, 2, …)",
    "deal.raspasy_whists_dealer_plays": (
        "raspasy on whists with the dealer playing the talon is not described by any "
        "source (SPEC §6.5)"
    ),
    "deal.dealer_raspasy_tricks": "the dealer wins at most 2 raspasy tricks with the talon",
    "deal.declarer_needed": "a game or misère needs its declarer",
    "deal.dealer_declares": "the sitting-out dealer cannot declare",
    "deal.series_index_not_raspasy": "only a raspasy has a series index",
    "deal.misere_contract": "a misère has no level or strain",
    "deal.misere_defence": "a misère has no defence calls",
    "deal.level": "level {value} is not 6..10",
    "deal.strain": "strain {value} is not one of S, C, D, H, NT",
    "deal.unplayed_pass_pass": "after pass – pass the deal is not played: play none, no tricks",
    "deal.unplayed_half_whist": (
        "after an accepted half-whist the deal is not played: play none, no tricks"
    ),
    "deal.two_whisters_open": "when both defenders whist the play is closed",
    "deal.penalty_played": "a penalty set without play has play none and no tricks",
    "deal.play_needed": "this deal was played: play must be open or closed",
    "deal.tricks_missing": "the tricks of each hand are missing",
    "deal.peeker_whists": "{player} looked at the talon and may not whist in this deal",
    "deal.tricks_map": "tricks must map each hand to its tricks",
    "deal.no_cards": "{player} holds no cards in this deal",
    "deal.tricks_whole": "tricks of {player} must be a whole number >= 0",
    "deal.tricks_of_missing": "tricks of {player} are missing",
    "deal.tricks_sum": "tricks sum to {sum}, not 10",
    "deal.talon_two": "the talon has exactly two cards",
    "deal.talon_card": "{card} is not a card like SA, HK or D10",
    "deal.talon_twice": "the talon cannot hold the same card twice",
    # -- defence calls (SPEC §3.1, §3.5, §3.7, §4, §12.7 item 7) -------------------------
    "calls.missing": "the defenders' calls are missing",
    "calls.half_whist_level": "half-whist is allowed only on {levels: and }",
    "calls.half_whist_none": "half-whist is allowed only on no level",
    "calls.gentleman_only": "whist – pass – half-whist is allowed only under gentleman whist",
    "calls.stalingrad": "Stalingrad: 6♠ must be whisted by both defenders and played closed",
    "calls.declarer_calls": "the declarer cannot make a defence call: one declarer per deal",
    "calls.not_dealer": "only the sitting-out dealer replaces a hand",
    "calls.after_dealer": "no call may follow the dealer's whist",
    "calls.dealer_call": "the sitting-out dealer can only whist (or return the whist)",
    "calls.dealer_when": (
        "the dealer may whist only after pass – pass or pass – half-whist – pass"
    ),
    "calls.dealer_replaces": "the dealer can only replace a defender's hand, not {player}",
    "calls.checked_ten": (
        "under ten_mode checked both defenders call check; whist or pass on a ten is refused"
    ),
    "calls.check_not_ten": "check is only for a ten under ten_mode checked",
    "calls.half_whist_after_pass": "a half-whist must follow the other defender's pass",
    "calls.return_without_half": "return_whist needs a half-whist before it",
    "calls.whist_after_half": "after a half-whist the passer returns the whist with return_whist",
    "calls.both_defenders": "both defenders must call whist or pass",
    "calls.impossible": "impossible call sequence: {calls: – }",
    # -- rulings (SPEC §9, §12.4, §12.4.1) -----------------------------------------------
    "ruling.raspasy": "Kodeks rulings of the case format concern games and misère",
    "ruling.trick_games_only": "{rule} applies to trick games only",
    "ruling.needs_play": "{rule} needs a played deal",
    "ruling.unknown": "unknown ruling {value}",
    "ruling.proven_undertricks": "proven_undertricks must be a whole number from 0 to {level}",
    "ruling.deliberate": "deliberate must be true or false",
    "ruling.deliberate_needed": (
        "under wrong_cards_rule deliberate_only the referee records whether it was deliberate"
    ),
    "ruling.bid_level": "bid_level {value} is not 6..10",
    "ruling.bid_below": "bid_level {bid} is below the contract level {level}",
    "ruling.insisting_declarer": "the declarer cannot insist on a defence plan",
    "ruling.dissenters": "name the dissenters, each once",
    "ruling.dissenter_role": "{player} cannot be a dissenter",
    "ruling.dissenter_declarer": "the dissenter cannot be the declarer",
    "ruling.lot": "lot must be actual or alternative",
    "ruling.dealer_needed": "this ruling fines the dealer: the deal needs its dealer",
    "ruling.fine_not_raspasy": "the raspasy dealer fine applies to a raspasy only",
    "ruling.unknown_referee": "unknown referee ruling {value}",
    "ruling.points_number": "points must be a number",
    "ruling.points_negative": "points cannot be negative",
    "ruling.manual_kind": "entry must be one of pulka, gora, whist, adjustment",
    "ruling.manual_reason": "a manual entry needs its reason",
    "ruling.amount_number": "the amount must be a number",
    "ruling.whist_negative": "a manual whist entry cannot be negative",
    "ruling.whists_on_himself": "a player cannot write whists on himself",
    "ruling.on_whist_only": "only a whist entry names the player written on",
    "ruling.whist_needs_on": "a whist entry names the player written on (on)",
    # -- a pulka (SPEC §6.8, §7, §12.5) ---------------------------------------------------
    "pulka.over": "every pool is closed: the pulka is over",
    "pulka.series_index": "series_index {given} does not match the derived {derived}",
    "pulka.below_minimum": "contract below the minimum after raspasy: {level} < {minimum}",
    # -- cards and boards (scoring.cards, scoring.board, scoring.dd) ---------------------
    "board.unknown_suit": "{text} is not a suit: ♠ ♣ ♦ ♥ or S C D H",
    "board.unknown_rank": "{text} is not a rank: 7 8 9 10 J Q K A",
    "board.one_card": "{text} is not one card like ♠A, SA or H10",
    "board.card_twice": "{card} is dealt twice",
    "board.extra_card": "{card} is a 33rd card: the deck has 32",
    "board.hand_over": "{card} is an 11th card: a hand holds 10",
    "board.talon_over": "{card} is a 3rd card: the talon holds 2",
    "board.hand_short": "the hand holds {count} cards, not 10",
    "board.talon_short": "the talon holds {count} cards, not 2",
    "board.number": "a board begins with its number, like Board 7, not {line}",
    "board.line": "a line is 1:, 2:, 3: or T: and its cards, not {line}",
    "board.line_twice": "the line {label}: is given twice",
    "board.line_missing": "the line {label}: is missing",
    "board.not_cards": "the hands are sets of cards of the 32-card deck",
    "board.seed": "a seed is a whole number from 0 to 2**64 - 1, not {value}",
    "board.count": "the number of boards is a whole number from 1, not {value}",
    "board.hand_number": "a hand is 1, 2 or 3, not {value}",
    "board.hands": "three hands of as many cards (1 to 10) of one deck are needed",
    "board.discard": "the discard is two of the declarer's twelve cards",
    # -- the board file (scoring.boardfile) ----------------------------------------------
    "board.file_line": 'a line is a tag like [Board "1"], a comment (%) or blank, not {line}',
    "board.file_number": "a board's number is a whole number from 1, not {value}",
    "board.file_twice": "board {board} is given twice (first at line {first})",
    "board.file_before": "the tag {tag} comes before the first Board tag",
    "board.file_tag_twice": "the tag {tag} is given twice in board {board}",
    "board.file_missing": "board {board} has no {tag} tag",
    "board.file_dealer": "the dealer is a seat: N, E, S or W, not {value}",
    "board.file_hands": (
        "board {board} has {count} hands: three seats hold cards (a fourth, if any, is the "
        "dealer's)"
    ),
    "board.file_dd_columns": (
        "the double-dummy table's columns are Declarer;S;C;D;H;NT;Misere, not {value}"
    ),
    "board.file_dd_row": (
        "a row of the double-dummy table is a seat holding cards, five trick counts from 0 to "
        "10 and yes or no, not {row}"
    ),
    "board.file_dd_twice": "the double-dummy table has two rows for {seat}",
    "board.file_dd_missing": "the double-dummy table has no row for {seats}",
    "board.file_empty": 'the file holds no board: a board begins with a tag like [Board "1"]',
}


class _Formatter(string.Formatter):
    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, list):
            return (format_spec or ", ").join(str(item) for item in value)
        return str(value)


_FORMAT = _Formatter()


def placeholders(template: str) -> set[str]:
    """The parameter names of a ``MESSAGES`` template."""
    return {name for _, name, _, _ in _FORMAT.parse(template) if name}


def render(code: str, params: Mapping[str, Param]) -> str:
    """The English text of ``code`` with its ``params``."""
    return _FORMAT.vformat(MESSAGES[code], (), params)


class _Short(reprlib.Repr):
    def repr_Decimal(self, value: Any, level: int) -> str:  # as JSON wrote it: 7.0, NaN
        text = str(value)
        return text if len(text) <= 20 else text[:8] + "…" + text[-8:]


_REPR = _Short()
_REPR.maxstring = 40
_REPR.maxother = 40
_REPR.maxlist = _REPR.maxdict = _REPR.maxtuple = 4
_REPR.maxlevel = 2


def valid_text(text: str) -> bool:
    """Whether ``text`` is Unicode that UTF-8 can write: no lone surrogate (``"\\ud800"``
    in JSON reads to one, and nothing can print it)."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def printable(text: str) -> str:
    """``text`` with each lone surrogate written as its escape (``\\ud800``), so that a
    refusal naming such a value can be printed; any other text unchanged."""
    if valid_text(text):
        return text
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def _param(value: Param) -> Param:
    if type(value) is str:
        return value if value.isascii() else printable(value)
    if isinstance(value, list):
        return [printable(item) if type(item) is str else item for item in value]
    return value


def shown(value: object) -> str:
    """A value as a short parameter (its repr, cut to a readable length)."""
    return _REPR.repr(value)


class Refusal(ValueError):
    """The one shape of a refusal of the pure packages (the engine here, and the site's
    ``pure`` algorithms: standings, seating, movements): a stable ``code``, the ``field`` it
    concerns (``""``: the input as a whole), the ``params`` that fill the code's template, and
    ``message``, the English text for the command line. A site renders the code in its own
    language (``referee.core.codes``); nothing is changed when one is raised."""

    def __init__(
        self, code: str, field: str = "", message: str = "", params: Mapping[str, Any] | None = None
    ) -> None:
        self.code = code
        self.field = field
        self.params: dict[str, Any] = dict(params or {})
        self.message = message or code
        super().__init__(f"{field}: {self.message}" if field else self.message)


class ScoringError(Refusal):
    """Invalid input. Nothing is scored when it is raised.

    ``code`` a key of ``MESSAGES``; ``field`` where the problem is (``deal.tricks``,
    ``options.ten_mode``, ``deals[3].contract``); ``params`` the template's values;
    ``message`` the English text.
    """

    def __init__(self, code: str, field: str = "", /, **params: Param) -> None:
        if code not in MESSAGES:
            raise KeyError(f"unknown refusal code {code!r}")
        field = field if field.isascii() else printable(field)
        values = {name: _param(value) for name, value in params.items()}
        super().__init__(code, field, render(code, values), values)

    def within(self, prefix: str) -> ScoringError:
        """The same error, its field placed under ``prefix`` (e.g. ``deal 3``)."""
        field = f"{prefix}, {self.field}" if self.field else prefix
        return type(self)(self.code, field, **self.params)


class OptionError(ScoringError):
    """An unknown option name or an invalid option value (SPEC §10)."""


class DealError(ScoringError):
    """A deal that cannot have happened, or a call sequence the rules do not allow."""


class RulingError(ScoringError):
    """A ruling with an unknown rule or invalid parameters (SPEC §9, §12.4)."""


class PulkaError(ScoringError):
    """A table sequence that breaks a rule across deals (SPEC §6.8, §7, §12.5)."""


class CaseError(ScoringError):
    """A case file's value the reader cannot take (SPEC §12.1, §12.7, §12.8)."""


class BoardError(ScoringError):
    """A board, a hand or a card that cannot be dealt (``scoring.cards``, ``scoring.board``);
    in a board file (``scoring.boardfile``) ``line_number`` is the offending line's."""

    line_number: int | None = None


class NumberError(CaseError, TypeError):
    """A value that is not a number the engine takes: a bool, a text, NaN, too large."""
