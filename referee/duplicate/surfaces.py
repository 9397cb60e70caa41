"""The duplicate session of a URL (``…/duplicate/<n>/``), for the pages and the API alike,
as ``tournaments.surfaces`` finds the tournament: 404 for a number the tournament has not.
Who may read what of it is ``sealing.sight``'s."""

from __future__ import annotations

from django.shortcuts import get_object_or_404

from referee.tournaments.models import Tournament

from .models import Session


def session_for(tournament: Tournament, number: int) -> Session:
    found = get_object_or_404(Session, tournament=tournament, number=number)
    found.tournament = tournament  # the surface's tournament: no second query
    return found
