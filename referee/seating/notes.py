"""Seating notes and the quality report in the reader's language, with the players' names.

The pure algorithm writes notes as codes with parameters (``pure.notes.Note``); the rounds
store them as JSON (``{"code": …, "params": …}`` in ``Round.notes`` and ``Table.notes``). A
note stored before the codes is a plain English line: it is shown as it was written.

``render_note`` turns one note into a sentence (gettext, Russian plural forms by ngettext);
``names`` maps the players' ids (registration numbers) to their names, and an id it lacks is
shown as ``#id``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from referee.core.errors import ServiceError

from .pure.notes import CODES, Note, stage_count
from .pure.values import SeatingError
from .refusals import REFUSALS

Names = Mapping[Any, str]
Renderer = Callable[[Mapping[str, Any], Callable[[Any], str]], str]


def render_note(note: Note | Mapping[str, Any] | str, names: Names) -> str:
    """One note as a sentence of the active language."""
    if isinstance(note, str):
        return note  # stored before notes had codes
    if isinstance(note, Note):
        code, params = note.code, note.params
    else:
        code, params = note.get("code", ""), note.get("params", {})
    render = RENDERERS.get(code)
    if render is None:
        return str(code)

    def name(player: Any) -> str:
        return names.get(player) or f"#{player}"

    try:
        return render(params, name)
    except (KeyError, TypeError, ValueError, IndexError):
        return str(code)  # parameters of another version of the code: at least say which


def render_notes(notes: Iterable[Note | Mapping[str, Any] | str], names: Names) -> list[str]:
    return [render_note(note, names) for note in notes]


def players_in(notes: Iterable[Note | Mapping[str, Any] | str]) -> set[Any]:
    """Every player id a list of notes names (to look their names up in one query)."""
    found: set[Any] = set()
    for note in notes:
        if isinstance(note, str):
            continue
        params = note.params if isinstance(note, Note) else note.get("params", {})
        if not isinstance(params, Mapping):
            continue
        for key in ("player", "first", "second"):
            if key in params:
                found.add(params[key])
        listed = params.get("players", ())
        if isinstance(listed, list | tuple):  # a stage note stored before had its count here
            found.update(listed)
        for key in ("pairs", "byes"):
            for item in params.get(key, ()):
                found.update(item[:2] if key == "pairs" else item[:1])
    return found


def refusal_of(error: SeatingError, names: Names) -> ServiceError:
    """Why the algorithm could not seat the round: the service's refusal (``seating.draw.``
    and the algorithm's code), the players named."""
    params: Mapping[str, Any] = error.params  # the values its code names (pure/values.py)
    if error.code == "too_few_players":
        return REFUSALS.error("draw.too_few_players", n=params["n"])
    if error.code in ("forbidden_pairs", "no_bye"):
        pairs = ", ".join(
            _("%(first)s and %(second)s") % {"first": names.get(a, a), "second": names.get(b, b)}
            for a, b in params["pairs"]
        )
        return REFUSALS.error(f"draw.{error.code}", pairs=pairs)
    return REFUSALS.error("draw.invalid")


# -- the sentences -------------------------------------------------------------------------


def _met(first: str, second: str, met: int) -> str:
    return ngettext(
        "%(first)s and %(second)s (met %(n)s time before)",
        "%(first)s and %(second)s (met %(n)s times before)",
        met,
    ) % {"first": first, "second": second, "n": met}


def _pairs(pairs: Sequence[Sequence[Any]], name: Callable[[Any], str]) -> str:
    return "; ".join(_met(name(a), name(b), met) for a, b, met in pairs)


def _starts(text: str, starts: int) -> str:
    if starts <= 1:
        return text
    best = ngettext("best of %(n)s start", "best of %(n)s starts", starts) % {"n": starts}
    return f"{text} ({best})"


def _plan(p: Mapping[str, Any], name: Callable[[Any], str]) -> str:
    tables = "+".join(str(size) for size in p["sizes"])
    if p["sitting_out"]:
        tables = _("%(tables)s and a bye") % {"tables": tables}
    return ngettext(
        "Tables %(plan)s for %(n)s player (tables of %(prefer)s preferred)",
        "Tables %(plan)s for %(n)s players (tables of %(prefer)s preferred)",
        p["count"],
    ) % {"plan": tables, "n": p["count"], "prefer": p["prefer"]}


def _bye(p: Mapping[str, Any], name: Callable[[Any], str]) -> str:
    before = p["before"]
    text = ngettext(
        "%(player)s sits out this round (sat out %(n)s round before)",
        "%(player)s sits out this round (sat out %(n)s rounds before)",
        before,
    ) % {"player": name(p["player"]), "n": before}
    if p["forced"]:
        text = _("%(text)s, forced by a forbidden pair") % {"text": text}
    return text


def _repeats_kept(p: Mapping[str, Any], name: Callable[[Any], str]) -> str:
    n = len(p["pairs"])
    return ngettext(
        "%(n)s repeated pair kept: %(pairs)s",
        "%(n)s repeated pairs kept: %(pairs)s",
        n,
    ) % {"n": n, "pairs": _pairs(p["pairs"], name)}


def _swapped(p: Mapping[str, Any], name: Callable[[Any], str]) -> str:
    why = {
        "repeat": _("%(first)s and %(second)s changed tables to avoid a repeated meeting"),
        "forbidden": _("%(first)s and %(second)s changed tables to keep a forbidden pair apart"),
        "standings": _("%(first)s and %(second)s changed tables to keep the standings order"),
    }
    return why[p["reason"]] % {"first": name(p["first"]), "second": name(p["second"])}


def _dealer_fewest(p: Mapping[str, Any], name: Callable[[Any], str]) -> str:
    values = {"player": name(p["player"]), "n": p["fewest"], "tied": p["tied"]}
    if p["tied"] > 1:
        return (
            ngettext(
                "%(player)s deals first: fewest first deals (%(n)s), by lot among %(tied)s player",
                "%(player)s deals first: fewest first deals (%(n)s), by lot among %(tied)s players",
                p["tied"],
            )
            % values
        )
    return _("%(player)s deals first: fewest first deals (%(n)s)") % values


def _quality_repeats(p: Mapping[str, Any], name: Callable[[Any], str]) -> str:
    pairs = "; ".join(
        ngettext(
            "%(first)s and %(second)s at table %(table)s (met %(n)s time before)",
            "%(first)s and %(second)s at table %(table)s (met %(n)s times before)",
            met,
        )
        % {"first": name(a), "second": name(b), "table": table, "n": met}
        for a, b, table, met in p["pairs"]
    )
    n = len(p["pairs"])
    return ngettext("%(n)s pair meets again: %(pairs)s", "%(n)s pairs meet again: %(pairs)s", n) % {
        "n": n,
        "pairs": pairs,
    }


def _seat_spread(p: Mapping[str, Any], name: Callable[[Any], str]) -> str:
    players = ", ".join(name(player) for player in p["players"])
    if p["more"]:
        more = ngettext("and %(n)s more player", "and %(n)s more players", p["more"])
        players = f"{players} {more % {'n': p['more']}}"
    return _("Largest seat imbalance of a player: %(n)s (%(players)s)") % {
        "n": p["spread"],
        "players": players,
    }


def _byes(p: Mapping[str, Any], name: Callable[[Any], str]) -> str:
    listed = ", ".join(
        ngettext("%(player)s: %(n)s bye", "%(player)s: %(n)s byes", n)
        % {"player": name(player), "n": n}
        for player, n in p["byes"]
    )
    return _("Sat out a round: %(players)s") % {"players": listed}


def _absent(p: Mapping[str, Any], name: Callable[[Any], str]) -> str:
    if p["reason"]:
        return _("%(player)s is absent: %(reason)s") % {
            "player": name(p["player"]),
            "reason": p["reason"],
        }
    return _("%(player)s is absent (not checked in)") % {"player": name(p["player"])}


def _playoff_game(p: Mapping[str, Any], name: Callable[[Any], str]) -> str:
    params = {"stage": p["stage"], "group": p["group"], "places": p["places"], "n": p["deals"]}
    if p["group"]:
        return (
            ngettext(
                "Play-off game at the cut of stage %(stage)s, group %(group)s: places "
                "%(places)s, %(n)s deal",
                "Play-off game at the cut of stage %(stage)s, group %(group)s: places "
                "%(places)s, %(n)s deals",
                p["deals"],
            )
            % params
        )
    return (
        ngettext(
            "Play-off game at the cut of stage %(stage)s: places %(places)s, %(n)s deal",
            "Play-off game at the cut of stage %(stage)s: places %(places)s, %(n)s deals",
            p["deals"],
        )
        % params
    )


def _unpaid(p: Mapping[str, Any], name: Callable[[Any], str]) -> str:
    return _(
        "%(player)s is not seated: entry fee unpaid (paid %(paid)s of %(due)s %(currency)s)"
    ) % {**p, "player": name(p["player"])}


RENDERERS: dict[str, Renderer] = {
    "plan": _plan,
    "absent": _absent,
    "unpaid": _unpaid,
    "bye": _bye,
    "draw_swiss": lambda p, name: _starts(
        _("Swiss: tables by blocks of the standings"), p["starts"]
    ),
    "draw_random": lambda p, name: _starts(_("Random draw"), p["starts"]),
    "repeats_kept": _repeats_kept,
    "no_repeats": lambda p, name: _("No repeated pairs at any table"),
    "swaps": lambda p, name: (
        ngettext(
            "%(n)s swap; repeated pairs before the swaps: %(before)s",
            "%(n)s swaps; repeated pairs before the swaps: %(before)s",
            p["swaps"],
        )
        % {"n": p["swaps"], "before": p["before"]}
    ),
    "forbidden_apart": lambda p, name: (
        ngettext("%(n)s forbidden pair kept apart", "%(n)s forbidden pairs kept apart", p["count"])
        % {"n": p["count"]}
    ),
    "hand_swap": lambda p, name: (
        _("Changed by hand: %(first)s ⇄ %(second)s")
        % {"first": name(p["first"]), "second": name(p["second"])}
    ),
    "playoff": lambda p, name: _("Play-off: tables by standings, earlier meetings not considered"),
    "fixed_schedule": lambda p, name: (
        _("Fixed schedule: round %(round)s as uploaded") % {"round": p["round"]}
    ),
    "stage": lambda p, name: (
        ngettext(
            "Stage %(number)s (%(name)s): %(n)s player",
            "Stage %(number)s (%(name)s): %(n)s players",
            stage_count(p),
        )
        % {"number": p["number"], "name": p["name"], "n": stage_count(p)}
    ),
    "group": lambda p, name: (
        _("Group %(group)s: tables %(from)s–%(to)s")
        % {"group": p["group"], "from": p["from_table"], "to": p["to_table"]}
    ),
    "playoff_game": _playoff_game,
    "teammates_apart": lambda p, name: (
        _("Team mates kept apart: %(pairs)s of %(of)s pairs") % {"pairs": p["pairs"], "of": p["of"]}
    ),
    "teammates_together": lambda p, name: (
        _("Team mates at one table: %(first)s and %(second)s")
        % {"first": name(p["first"]), "second": name(p["second"])}
    ),
    "seats_as_listed": lambda p, name: _("Seats as listed in the schedule"),
    "block": lambda p, name: (
        _("Standings places %(first)s–%(last)s") % {"first": p["top"], "last": p["bottom"]}
    ),
    "moved_down": lambda p, name: (
        _("Moved down: %(player)s from place %(place)s")
        % {"player": name(p["player"]), "place": p["place"]}
    ),
    "pulled_up": lambda p, name: (
        _("Moved up: %(player)s from place %(place)s")
        % {"player": name(p["player"]), "place": p["place"]}
    ),
    "swapped": _swapped,
    "repeat_kept": lambda p, name: (
        _("Repeated pair kept: %(pair)s")
        % {"pair": _met(name(p["first"]), name(p["second"]), p["met"])}
    ),
    "seats_drawn": lambda p, name: _("Seats by lot"),
    "seats_balanced": lambda p, name: (
        _("Seats by lot, evened out over the rounds (%(before)s → %(after)s repeated seats)")
        % {"before": p["before"], "after": p["after"]}
    ),
    "dealer_lot": lambda p, name: (
        _("%(player)s deals first, by lot") % {"player": name(p["player"])}
    ),
    "dealer_fewest": _dealer_fewest,
    "quality_repeats": _quality_repeats,
    "quality_no_repeats": lambda p, name: _("No repeated opponents."),
    "quality_seat_spread": _seat_spread,
    "quality_first_deals": lambda p, name: (
        _("First deals per player: from %(low)s to %(high)s") % {"low": p["low"], "high": p["high"]}
    ),
    "quality_byes": _byes,
}

assert set(RENDERERS) == set(CODES), "every seating note code needs its sentence"
