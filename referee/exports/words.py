"""The fixed words of the exports in the reader's language (headers, labels of a protocol)."""

from __future__ import annotations

from functools import lru_cache

from django.utils.translation import get_language, pgettext
from django.utils.translation import gettext as _


@lru_cache(maxsize=8)
def _words_in(language: str) -> dict[str, str]:
    """The report's words in ``language``, looked up once: a workbook repeats them on
    hundreds of sheets and thousands of rows."""
    return {
        "pool": _("%(seat)s pool"),
        "mountain": _("%(seat)s mountain"),
        "adjustment": _("%(seat)s adj."),
        "pool_short": _("pool"),
        "mountain_short": _("mountain"),
        "adjustment_short": _("adj."),
        "dealer": _("Dealer"),
        "deal": _("Deal"),
        "entries": _("Entries"),
        "total": _("Total"),
        "seat": _("Seat"),
        "player": _("Player"),
        "pool_title": _("Pool"),
        "mountain_title": _("Mountain"),
        "whists_on": _("Whists on %(seat)s"),
        "adjustments": _("Adjustments"),
        "settled": _("Settled"),
        "sheet_title": _("R%(round)s T%(table)s"),
        "title": _("Round %(round)s, table %(table)s"),
        "error": _("The sheet cannot be scored"),
        "provisional": _("provisional"),
        "yellow_card": _("yellow card"),
        "withdrawn": _("withdrawn"),
        "out_after": _("out after round %(n)s"),
        "eliminated": _("eliminated"),
        "disqualified": _("disqualified"),
        # a guest (TOURNAMENTS §6.4): his place cell, and the note on his row
        "guest_place": pgettext("a player whose results do not count", "guest"),
        "guest": _("a guest: his results do not count, he takes no place"),
    }


def words() -> dict[str, str]:
    return _words_in(get_language() or "")
