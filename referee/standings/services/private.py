"""What a player's private link shows (issue 22 point 5), the one source of the page
(``standings.private``) and of the API (``api.resources.player_link``), so that they cannot
drift apart.

Whoever holds the link's key sees it, the tournament published or not (the key cannot be
guessed: ``tournaments.checkin.link_key``); a wrong or revoked key finds nothing. What it holds:

- his seat in the latest round he is seated in, as soon as it is seated, whoever looks;
- the table's sheet (``table_public``) only when the viewer may see that round's results
  (``may_view_round``: the organiser may keep a round from the public), and the others at his
  table only when the viewer may see the tournament's draw (``may_view``, as the round's
  seating page);
- the check-in for the next round, when the tournament asks for it: the round (None while a
  seated round is not finished) and his mark for it;
- his verdict against the next stage's cut and his card, when the viewer may see the
  tournament's results (``may_view``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from referee.core.permissions import is_official, may_view, may_view_table, round_is_public
from referee.tables.dealdata import LETTERS
from referee.tables.models import Seat
from referee.tournaments import checkin
from referee.tournaments.models import CheckIn, Registration, Tournament

from ..pure.outlook import Outlook
from .qualify import Qualification, qualification


@dataclass(frozen=True)
class PrivateLink:
    tournament: Tournament
    entry: Registration
    seat: Seat | None  # his seat in the latest round he is seated in (``table__round`` loaded)
    letter: str  # his seat's letter ("" unseated)
    table_public: bool  # the viewer may see the table's sheet
    others: tuple[Seat, ...]  # the other seats of his table (``registration__player``), by seat
    check_round: int | None  # the round the check-in is for (None: closed, or no check-in)
    mark: CheckIn | None  # his mark for ``check_round``
    public: bool  # the viewer may see the tournament: his verdict
    card: bool  # ... and a round's results too: his card has something to show
    qualification: Qualification | None  # the cut's outlook, when public and there is a cut
    verdict: Outlook | None  # his own line in it


def link_entry(
    slug: str,
    registration: int,
    key: str,
    holds: Callable[[Registration, str], bool] = checkin.holds_key,
) -> Registration | None:
    """The registration the link names (its tournament and player loaded), when ``key`` is
    its link's current key (``holds``: the private link's, or another keyed link's, such as
    the letters' opt-out)."""
    entry = (
        Registration.objects.select_related("tournament", "player")
        .filter(pk=registration, tournament__slug=slug)
        .first()
    )
    if entry is None or not holds(entry, key):
        return None
    return entry


def private_link(entry: Registration, viewer: Any) -> PrivateLink:
    """What ``entry``'s private link shows ``viewer`` (``entry.tournament`` loaded)."""
    tournament = entry.tournament
    seat = (
        Seat.objects.filter(registration=entry)
        .select_related("table__round")
        .order_by("-table__round__number")
        .first()
    )
    public = may_view(viewer, tournament)
    others: tuple[Seat, ...] = ()
    if seat is not None and public:
        others = tuple(
            Seat.objects.filter(table=seat.table_id)
            .exclude(pk=seat.pk)
            .select_related("registration__player")
            .order_by("position")
        )
    if seat is not None:
        seat.table.round.tournament = tournament  # the visibility rule reads it
    number = checkin.next_round(tournament) if tournament.check_in else None
    mark = (
        CheckIn.objects.filter(registration=entry, round_number=number).first() if number else None
    )
    found = qualification(tournament, viewer=viewer) if public else None
    return PrivateLink(
        tournament=tournament,
        entry=entry,
        seat=seat,
        letter=LETTERS[seat.position - 1] if seat else "",
        table_public=seat is not None and may_view_table(viewer, seat.table),
        others=others,
        check_round=number,
        mark=mark,
        public=public,
        card=public and (is_official(viewer, tournament) or round_is_public(tournament, 1)),
        qualification=found,
        verdict=found.of(entry.pk) if found else None,
    )
