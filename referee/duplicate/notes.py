"""The movement's notes (``seating.pure.movenotes``: codes with parameters) in the reader's
language; a code this version does not know is left out rather than shown raw."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

Renderer = Callable[[Mapping[str, Any]], str]


def _plan(p: Mapping[str, Any]) -> str:
    return _(
        "%(players)s players at %(tables)s tables of %(size)s: %(stanzas)s stanzas, "
        "%(sets)s sets of %(boards_per_set)s boards (%(boards)s boards in all)."
    ) % dict(p)


def _least(p: Mapping[str, Any]) -> str:
    return _(
        "%(stanzas)s stanzas, the least possible: each of the %(tables)s tables plays every "
        "set, one set a stanza."
    ) % dict(p)


def _orthogonal(p: Mapping[str, Any]) -> str:
    return ngettext(
        "Nobody meets anyone twice: each player meets %(opponents)s different opponent.",
        "Nobody meets anyone twice: each player meets %(opponents)s different opponents.",
        int(p["opponents"]),
    ) % dict(p)


def _forced(p: Mapping[str, Any]) -> str:
    return _("With %(tables)s tables of %(size)s some players must meet more than once.") % dict(p)


def _least_repeats(p: Mapping[str, Any]) -> str:
    return _("Repeat meetings: %(repeats)s, the fewest %(tables)s tables allow.") % dict(p)


def _searched(p: Mapping[str, Any]) -> str:
    return _(
        "Repeat meetings lowered by a search from %(before)s to %(after)s (not proved the "
        "fewest possible)."
    ) % dict(p)


def _field(p: Mapping[str, Any]) -> str:
    sitting = (
        ngettext(
            "%(sitouts)s player sits out each stanza, in turn (nobody twice).",
            "%(sitouts)s players sit out each stanza, in turn (nobody twice).",
            int(p["sitouts"]),
        )
        % dict(p)
        if p["sitouts"]
        else _("Nobody sits out.")
    )
    return (
        _("%(stanzas)s stanzas, as the chief chose.") % dict(p)
        + " "
        + sitting
        + " "
        + _(
            "Every board is played %(plays)s times: each hand is compared with %(comparisons)s "
            "others. A board a player sits out counts as his average (matchpoints: his "
            "percentage over the boards he played; difference to the datum: 0). Repeat "
            "meetings: %(repeats)s."
        )
        % dict(p)
    )


RENDERERS: dict[str, Renderer] = {
    "move_field": _field,
    "move_plan": _plan,
    "move_least_stanzas": _least,
    "move_orthogonal": _orthogonal,
    "move_forced": _forced,
    "move_least_repeats": _least_repeats,
    "move_searched": _searched,
}


def movement_notes(notes: Iterable[Any]) -> list[str]:
    shown = []
    for note in notes:
        if not isinstance(note, Mapping) or note.get("code") not in RENDERERS:
            continue
        try:
            shown.append(RENDERERS[note["code"]](note.get("params") or {}))
        except (KeyError, TypeError, ValueError):
            continue
    return shown
