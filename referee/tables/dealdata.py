"""A deal as stored (JSON in the case format of SPEC §12.2) to the engine's typed value.

Players at a table are named by seat letter: ``A`` for seat 1, ``B`` for seat 2, and so on,
so a table's deals read exactly like a case file and can be checked with ``python -m scoring``.
The referee's own rulings (SPEC §9.9) ride along under ``referee_rulings``.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

import scoring
from scoring.cards import SUITS, SYMBOLS
from scoring.casefile import parse_deal

LETTERS = "ABCD"


def letters(count: int) -> tuple[str, ...]:
    return tuple(LETTERS[:count])


def to_deal(data: Mapping[str, Any]) -> scoring.Deal:
    """The engine's ``Deal`` for stored ``data`` (the case format of SPEC §12.2 with its
    ``referee_rulings`` of §12.4.1); raises ``scoring.ScoringError``."""
    return parse_deal({k: v for k, v in data.items() if k != "dealer"}, data.get("dealer"))


def score_table(
    rules: scoring.Convention,
    seat_count: int,
    deals: Sequence[Mapping[str, Any]],
    pool_size: int | None,
) -> scoring.PulkaResult:
    """Score a table's deals in order; raises ``scoring.ScoringError`` naming the deal."""
    parsed = []
    for number, data in enumerate(deals, start=1):
        try:
            parsed.append(to_deal(data))
        except scoring.ScoringError as error:
            raise error.within(f"deal {number}") from None
    return scoring.score_pulka(rules, letters(seat_count), parsed, pool_size)


# -- reading a stored deal: the only place that knows its keys ---------------------------


def dealer_of(data: Mapping[str, Any]) -> str:
    """The dealer's seat letter ("" when not recorded)."""
    return str(data.get("dealer") or "")


def declarer_of(data: Mapping[str, Any]) -> str:
    return str(data.get("declarer") or "")


def ruling_of(data: Mapping[str, Any]) -> Mapping[str, Any]:
    """The deal's Kodeks ruling (SPEC §12.4), or an empty mapping."""
    ruling = data.get("ruling")
    return ruling if isinstance(ruling, Mapping) else {}


def lot_of(data: Mapping[str, Any]) -> str | None:
    """The lot drawn for a disputed plan (Kodeks 3.8.5.1(b)), if any."""
    lot = ruling_of(data).get("lot")
    return str(lot) if lot else None


def referee_rulings_of(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The referee's own rulings on the deal (SPEC §12.4.1), in order."""
    items = data.get("referee_rulings") or []
    return [item for item in items if isinstance(item, Mapping)]


def talon_peekers(data: Mapping[str, Any]) -> list[str]:
    """The seats fined for peeking at the talon in this deal."""
    return [
        str(item.get("player"))
        for item in referee_rulings_of(data)
        if item.get("kind") == "talon_peeking"
    ]


# -- a stored deal in words, as the sheet lists it ---------------------------------------


CALL_WORDS = {
    "whist": pgettext_lazy("call", "whist"),
    "pass": pgettext_lazy("call", "pass"),
    "half_whist": pgettext_lazy("call", "half-whist"),
    "return_whist": pgettext_lazy("call", "returns the whist"),
    "check": pgettext_lazy("call", "check"),
}
#: the strains' signs: the deck's suit symbols (``scoring.cards``), and "NT" in words
STRAIN_SIGNS: dict[str, Any] = {
    **dict(zip(SUITS, SYMBOLS, strict=True)),
    "NT": pgettext_lazy("strain", "NT"),
}


def describe_deal(data: Mapping[str, Any], names: Mapping[str, str], lang: str = "ru") -> str:
    """A one-line summary in ``lang``: "Иванов: 7♥, Петров вист, Сидоров пас; 6 взяток"."""
    with translation.override(lang):
        return described(data, names, deal_words())


def deal_words() -> dict[str, Any]:
    """The words of the summaries in the active language, looked up once a process per
    language (a lookup costs about as much as the rest of a summary)."""
    return _words_in(translation.get_language() or "")


@functools.lru_cache(maxsize=16)
def _words_in(language: str) -> dict[str, Any]:
    return {
        "calls": {key: str(word) for key, word in CALL_WORDS.items()},
        "strains": {key: str(sign) for key, sign in STRAIN_SIGNS.items()},
        "misere": str(pgettext("contract", "misère")),
        "raspasy": _("raspasy: %(tricks)s"),
        "rule": _("Kodeks %(number)s"),
        "tricks": {},  # filled as the counts come: ngettext picks the plural form
    }


def described(data: Mapping[str, Any], names: Mapping[str, str], words: dict[str, Any]) -> str:
    """``describe_deal`` with the words of ``deal_words()``."""
    kind = data.get("type")
    if kind == "raspasy":
        tricks = data.get("tricks") or {}
        played = ", ".join(f"{names.get(p, p)} {t}" for p, t in tricks.items())
        return str(words["raspasy"] % {"tricks": played})
    declarer = declarer_of(data)
    if kind == "misere":
        contract = words["misere"]
    else:
        c = data.get("contract") or {}
        contract = f"{c.get('level')}{words['strains'].get(c.get('strain', ''), '')}"
    calls = ", ".join(
        f"{names.get(c['player'], c['player'])} {words['calls'].get(c['call'], c['call'])}"
        for c in data.get("defence") or []
    )
    text = f"{names.get(declarer, declarer)}: {contract}"
    if calls:
        text += f"; {calls}"
    tricks = data.get("tricks")
    if tricks and declarer in tricks:
        taken = tricks[declarer]
        counted = words["tricks"]
        if taken not in counted:
            counted[taken] = ngettext("%(n)s trick", "%(n)s tricks", taken) % {"n": taken}
        text += "; " + counted[taken]
    rule = ruling_of(data).get("rule")
    if rule:
        shown = str(rule)
        if shown.startswith("kodex-"):
            shown = words["rule"] % {"number": shown.removeprefix("kodex-")}
        text += f" [{shown}]"
    return text
