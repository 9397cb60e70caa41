"""The one policy of every kind of round: what its tables count for, and whether a table's
play is sealed from a reader.

A round's kind is read from its ``method``: a duplicate session's stanza is ``duplicate``;
every other round (a stage's too) is an ordinary pulka. Each kind says

- what its tables count for (``COUNTS``): the ordinary standings (and so the player cards,
  the stage tables, the cut and every final place taken from them), the ratings, and the
  tournament's deals-per-table limit;
- whether a table, or a whole round, is *sealed*: its play would tell a reader something
  about a board still to be played elsewhere. Only the chief referee and whoever may enter
  the table's own deals read a sealed table (``permissions.may_view_table``); a sealed round
  is the chief's alone, and cannot be published (``publish_refusal``).

An app registers its kind at start-up (``register``), as ``duplicate`` does in its
``AppConfig.ready``; this module imports no app. A tournament's final places may come from
somewhere else than its standings (a duplicate event's from its session): an app registers
that source too (``register_places``), and ``ratings.services.places`` asks it first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .hooks import add_once

if TYPE_CHECKING:  # what the core reads of the apps' objects (``shapes``): it imports no app
    from django.db.models import QuerySet

    from .shapes import RoundShape as Round
    from .shapes import TableShape as Table
    from .shapes import TournamentShape as Tournament

#: what a round's tables may count for
STANDINGS = "standings"
RATINGS = "ratings"
DEAL_CAP = "deal_cap"
PURPOSES = frozenset({STANDINGS, RATINGS, DEAL_CAP})


def _never(_found: Any) -> bool:
    return False


@dataclass(frozen=True)
class RoundKind:
    """What one kind of round counts for and when its play is sealed."""

    name: str
    counts: frozenset[str] = PURPOSES
    # the hooks are the app's own: they are handed back the app's objects (its Table, its
    # Round), which the core passes on without reading, hence ``Any``
    #: a table whose play tells something of a board still to be played elsewhere
    table_sealed: Callable[[Any], bool] = field(default=_never)
    #: a round any of whose tables is sealed
    round_sealed: Callable[[Any], bool] = field(default=_never)
    #: why the round cannot be published now (a refusal to raise), or None
    publish_refusal: Callable[[Any], Exception | None] = field(default=lambda _r: None)
    #: the round's own deals-per-table limit (a play-off game's fixed deals), or None
    cap: Callable[[Any], int | None] | None = None


ORDINARY = RoundKind("pulka")

_KINDS: dict[str, RoundKind] = {}

#: final places from elsewhere than the standings: of the tournaments given, those the source
#: answers for, by tournament id: registration id → (best, worst)
Places = dict[int, tuple[int, int]]
PlacesSource = Callable[[Any, Any], "dict[int, Places]"]  # (the app's tournaments, the viewer)
_PLACES: list[PlacesSource] = []
#: what the rounds of other kinds count for, in words, for the standings' readers: (text, the
#: address of their own standings)
NotesSource = Callable[[Any], "list[tuple[str, str]]"]  # the app's tournament
_NOTES: list[NotesSource] = []


def register(method: str, kind: RoundKind) -> RoundKind:
    """The kind of the rounds whose ``method`` is ``method`` (an app's ``ready``)."""
    _KINDS[method] = kind
    return kind


def register_places(source: PlacesSource) -> PlacesSource:
    return add_once(_PLACES, source)


def register_notes(source: NotesSource) -> NotesSource:
    return add_once(_NOTES, source)


def notes(tournament: Tournament) -> list[tuple[str, str]]:
    """What the tournament's rounds of other kinds count for, said where its ordinary
    standings are shown (the standings page and its footer)."""
    return [note for source in _NOTES for note in source(tournament)]


def kind_of(round_: Round) -> RoundKind:
    return _KINDS.get(round_.method, ORDINARY)


def counts_for(round_: Round, purpose: str) -> bool:
    """Whether ``round_``'s tables count for ``purpose`` (``STANDINGS``, ``RATINGS``,
    ``DEAL_CAP``)."""
    return purpose in kind_of(round_).counts


def not_counting(purpose: str) -> list[str]:
    """The round methods whose tables do not count for ``purpose``."""
    return sorted(m for m, kind in _KINDS.items() if purpose not in kind.counts)


def counting(rounds: QuerySet[Any], purpose: str, prefix: str = "") -> QuerySet[Any]:
    """``rounds`` (or anything reaching a round through ``prefix``, e.g. ``round__``) less the
    kinds that do not count for ``purpose``: the queryset twin of ``counts_for``."""
    excluded = not_counting(purpose)
    return rounds.exclude(**{f"{prefix}method__in": excluded}) if excluded else rounds


def deal_cap(table: Table) -> int | None:
    """The deals-per-table limit of ``table`` (None: none): the tournament's, where its round's
    kind takes it (a duplicate table plays its set's boards, which its own hook counts), or
    the kind's own (a play-off game at a cut plays the deals it was seated for)."""
    own = kind_of(table.round).cap
    if own is not None:
        return own(table)
    if not counts_for(table.round, DEAL_CAP):
        return None
    cap: int | None = table.round.tournament.deal_cap
    return cap


def table_sealed(table: Table) -> bool:
    return kind_of(table.round).table_sealed(table)


def round_sealed(round_: Round) -> bool:
    return kind_of(round_).round_sealed(round_)


def publish_refusal(round_: Round) -> Exception | None:
    return kind_of(round_).publish_refusal(round_)


def final_places_of(tournaments: Sequence[Tournament], viewer: Any) -> dict[int, Places]:
    """The registered sources' final places of those of ``tournaments`` whose places do not
    come from their standings, by tournament id, as ``viewer`` may see them (a fixed number
    of queries for any number of ordinary tournaments: a profile or a cup reads many)."""
    found: dict[int, Places] = {}
    for source in _PLACES:
        for pk, places in source(tournaments, viewer).items():
            found.setdefault(pk, places)
    return found


def final_places(tournament: Tournament, viewer: Any) -> Places | None:
    """``final_places_of`` one tournament: None when its places come from its standings."""
    return final_places_of([tournament], viewer).get(tournament.pk)
