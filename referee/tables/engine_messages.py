"""The rules engine speaks English; the referee reads its refusals in the site's language.

Each known message of ``scoring`` has a pattern here and the same words as a translatable
text (placeholders for the numbers and players); a message with no pattern is shown as the
engine wrote it.
"""

from __future__ import annotations

import re

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

PATTERNS = [
    (r"tricks sum to (?P<sum>\d+), not 10", _("tricks sum to %(sum)s, not 10")),
    (r"tricks of (?P<p>\w+) are missing", _("tricks of %(p)s are missing")),
    (
        r"tricks of (?P<p>\w+) must be a whole number >= 0",
        _("tricks of %(p)s must be a whole number >= 0"),
    ),
    (r"(?P<p>\w+) holds no cards in this deal", _("%(p)s holds no cards in this deal")),
    (r"player (?P<p>\S+) is not at the table", _("player %(p)s is not at the table")),
    (r"the tricks of each hand are missing", _("the tricks of each hand are missing")),
    (
        r"this deal was played: play must be open or closed",
        _("this deal was played: play must be open or closed"),
    ),
    (
        r"after pass – pass the deal is not played: play none, no tricks",
        _("after pass – pass the deal is not played: play none, no tricks"),
    ),
    (
        r"after an accepted half-whist the deal is not played: play none, no tricks",
        _("after an accepted half-whist the deal is not played: play none, no tricks"),
    ),
    (
        r"when both defenders whist the play is closed",
        _("when both defenders whist the play is closed"),
    ),
    (
        r"half-whist is allowed only on (?P<levels>.+)",
        _("half-whist is allowed only on %(levels)s"),
    ),
    (
        r"a half-whist must follow the other defender's pass",
        _("a half-whist must follow the other defender's pass"),
    ),
    (r"return_whist needs a half-whist before it", _("return_whist needs a half-whist before it")),
    (
        r"after a half-whist the passer returns the whist with return_whist",
        _("after a half-whist the passer returns the whist with return_whist"),
    ),
    (r"both defenders must call whist or pass", _("both defenders must call whist or pass")),
    (r"the defenders' calls are missing", _("the defenders' calls are missing")),
    (r"impossible call sequence: (?P<calls>.+)", _("impossible call sequence: %(calls)s")),
    (
        r"the dealer may whist only after pass – pass or pass – half-whist – pass",
        _("the dealer may whist only after pass – pass or pass – half-whist – pass"),
    ),
    (r"no call may follow the dealer's whist", _("no call may follow the dealer's whist")),
    (
        r"the sitting-out dealer can only whist \(or return the whist\)",
        _("the sitting-out dealer can only whist (or return the whist)"),
    ),
    (r"the sitting-out dealer cannot declare", _("the sitting-out dealer cannot declare")),
    (
        r"the declarer cannot make a defence call: one declarer per deal",
        _("the declarer cannot make a defence call: one declarer per deal"),
    ),
    (
        r"whist – pass – half-whist is allowed only under gentleman whist",
        _("whist – pass – half-whist is allowed only under gentleman whist"),
    ),
    (
        r"under ten_mode checked both defenders call check; whist or pass on a ten is refused",
        _("under ten_mode checked both defenders call check; whist or pass on a ten is refused"),
    ),
    (
        r"check is only for a ten under ten_mode checked",
        _("check is only for a ten under ten_mode checked"),
    ),
    (
        r"Stalingrad: 6♠ must be whisted by both defenders and played closed",
        _("Stalingrad: 6♠ must be whisted by both defenders and played closed"),
    ),
    (
        r"contract below the minimum after raspasy: (?P<level>\d+) < (?P<minimum>\d+)",
        _("contract below the minimum after raspasy: %(level)s < %(minimum)s"),
    ),
    (r"every pool is closed: the pulka is over", _("every pool is closed: the pulka is over")),
    (r"a misère has no defence calls", _("a misère has no defence calls")),
    (r"a game or misère needs its declarer", _("a game or misère needs its declarer")),
    (r"a 4-handed deal needs its dealer", _("a 4-handed deal needs its dealer")),
    (
        r"the dealer wins at most 2 raspasy tricks with the talon",
        _("the dealer wins at most 2 raspasy tricks with the talon"),
    ),
    (r"the talon has exactly two cards", _("the talon has exactly two cards")),
    (r"the talon cannot hold the same card twice", _("the talon cannot hold the same card twice")),
    (
        r"'(?P<card>[^']*)' is not a card like SA, HK or D10",
        _("'%(card)s' is not a card like SA, HK or D10"),
    ),
    (
        r"a penalty set without play has play none and no tricks",
        _("a penalty set without play has play none and no tricks"),
    ),
    (
        r"bid_level (?P<bid>\d+) is below the contract level (?P<level>\d+)",
        _("bid_level %(bid)s is below the contract level %(level)s"),
    ),
    (
        r"proven_undertricks must be a whole number from 0 to (?P<n>\d+)",
        _("proven_undertricks must be a whole number from 0 to %(n)s"),
    ),
    (
        r"under wrong_cards_rule deliberate_only the referee records whether it was deliberate",
        _("under wrong_cards_rule deliberate_only the referee records whether it was deliberate"),
    ),
    (r"(?P<rule>Kodeks [\d.]+) needs a played deal", _("%(rule)s needs a played deal")),
    (
        r"(?P<rule>Kodeks [\d.]+) applies to trick games only",
        _("%(rule)s applies to trick games only"),
    ),
    (r"the dissenter cannot be the declarer", _("the dissenter cannot be the declarer")),
    (
        r"the declarer cannot insist on a defence plan",
        _("the declarer cannot insist on a defence plan"),
    ),
    (r"name the dissenters, each once", _("name the dissenters, each once")),
    (r"(?P<p>\w+) cannot be a dissenter", _("%(p)s cannot be a dissenter")),
    (
        r"(?P<p>\w+) looked at the talon and may not whist in this deal",
        _("%(p)s looked at the talon and may not whist in this deal"),
    ),
    (r"a manual entry needs its reason", _("a manual entry needs its reason")),
    (r"a player cannot write whists on himself", _("a player cannot write whists on himself")),
    (
        r"this ruling fines the dealer: the deal needs its dealer",
        _("this ruling fines the dealer: the deal needs its dealer"),
    ),
    (
        r"the raspasy dealer fine applies to a raspasy only",
        _("the raspasy dealer fine applies to a raspasy only"),
    ),
]
COMPILED = [(re.compile(pattern), text) for pattern, text in PATTERNS]


def engine_message(message: str) -> str:
    """The engine's refusal in the active language (unchanged when it has no pattern)."""
    for pattern, text in COMPILED:
        found = pattern.fullmatch(message)
        if found:
            values = found.groupdict()
            if "levels" in values:  # "6 and 7"
                joined_by = gettext("and")
                values["levels"] = values["levels"].replace(" and ", " " + joined_by + " ")
            return str(text) % values if values else str(text)
    return message
