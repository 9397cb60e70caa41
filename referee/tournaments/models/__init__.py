"""Tournaments, players, registrations, rounds, and the action log.

A package of one module per concern; every model is imported here, in the order they were
defined in the one module before (Django registers them as they are imported), so that
``referee.tournaments.models`` names them all and the app label stays ``tournaments``."""

# in the order of definition (the alphabet's would register CheckIn before Round)
from .tournament import (  # noqa: I001
    MAX_CAP,
    ByeValue,
    GuestGames,
    LapAtTimeLimit,
    SubstituteSplit,
    TeamScoring,
    Tournament,
    Unfinished,
)
from .people import Player, Registration, Team
from .rounds import Round, Stage
from .log import ActionLog, ActionLogQuerySet
from .attendance import Application, CheckIn

__all__ = [
    "MAX_CAP",
    "ActionLog",
    "ActionLogQuerySet",
    "Application",
    "ByeValue",
    "CheckIn",
    "GuestGames",
    "LapAtTimeLimit",
    "Player",
    "Registration",
    "Round",
    "Stage",
    "SubstituteSplit",
    "Team",
    "TeamScoring",
    "Tournament",
    "Unfinished",
]
