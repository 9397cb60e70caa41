"""Every code the services write to the action log, with its label and what it concerns.

``log_action`` refuses a code that is not here, and ``tests/referee/tournaments/test_actions``
scans the source for the codes written, so a new action cannot reach the log unlabelled. The
action log page shows ``label`` (translated) instead of the code.

``about`` names the kind of object an entry concerns, as a model label: the entry keeps that
object's id (``ActionLog.subject_type`` and ``subject_id``), so the history of a deal, a table,
a registration or a round can be listed (``ActionLog.objects.about(obj)``). Entries about the
tournament as a whole concern the tournament itself.

The codes of every app are listed here, in the lowest app that keeps the log: they are data,
and one list is what the catalogue test and the log page need.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

TOURNAMENT = "tournaments.tournament"
REGISTRATION = "tournaments.registration"
ROUND = "tournaments.round"
TABLE = "tables.table"
DEAL = "tables.deal"
TEAM = "tournaments.team"
ENTRY = "discipline.entry"
APPEAL = "discipline.appeal"
USER = settings.AUTH_USER_MODEL.lower()


@dataclass(frozen=True)
class Action:
    code: str
    label: Promise | str
    about: str  # the model label of the object an entry concerns


def _actions(*rows: tuple[str, Promise, str]) -> dict[str, Action]:
    return {code: Action(code, label, about) for code, label, about in rows}


ACTIONS: dict[str, Action] = _actions(
    # the tournament (tournaments.services.setup, the admin)
    ("tournament.created", _("tournament created"), TOURNAMENT),
    ("tournament.admin_changed", _("tournament changed in the admin"), TOURNAMENT),
    ("tournament.settings", _("tournament settings changed"), TOURNAMENT),
    ("tournament.convention", _("convention chosen"), TOURNAMENT),
    ("tournament.started", _("tournament started"), TOURNAMENT),
    ("tournament.finished", _("tournament finished"), TOURNAMENT),
    ("pair.forbidden", _("pair kept apart"), TOURNAMENT),
    ("pair.allowed", _("pair may meet again"), TOURNAMENT),
    # players (tournaments.services.players)
    ("player.registered", _("player registered"), REGISTRATION),
    ("player.checked_in", _("player checked in"), REGISTRATION),
    ("players.checked_in", _("all players not yet marked checked in"), TOURNAMENT),
    ("player.applied", _("application received"), TOURNAMENT),
    ("player.application_approved", _("application approved"), TOURNAMENT),
    ("player.application_declined", _("application declined"), TOURNAMENT),
    ("tournament.registration_set", _("self-registration set"), TOURNAMENT),
    ("player.marked_absent", _("player marked absent"), REGISTRATION),
    ("player.link_revoked", _("player's private link revoked"), REGISTRATION),
    ("player.withdrawn", _("player withdrawn"), REGISTRATION),
    ("player.reinstated", _("withdrawal undone"), REGISTRATION),
    ("player.substituted", _("substitute entered"), REGISTRATION),
    ("player.guest", _("player marked a guest"), REGISTRATION),
    ("player.guest_cleared", _("player no longer a guest"), REGISTRATION),
    ("players.imported", _("player list imported"), TOURNAMENT),
    # officials (accounts)
    ("role.granted", _("referee role granted"), USER),
    ("role.revoked", _("referee role removed"), USER),
    ("official.named", _("official's full name set"), USER),
    ("device.revoked", _("device token revoked"), TOURNAMENT),
    ("login.unlocked", _("login lockout lifted"), USER),
    ("table.referees", _("table referees assigned"), TABLE),
    ("device.revoked", _("device token revoked"), USER),
    # tables and deals (tables.services)
    ("deal.recorded", _("deal recorded"), DEAL),
    ("deal.ruling_added", _("deal added by a ruling"), DEAL),
    ("deal.corrected", _("deal corrected"), DEAL),
    ("deal.deleted", _("deal deleted"), DEAL),
    ("deal.restored", _("deal restored"), DEAL),
    ("deal.hands_entered", _("a deal's hands entered for the double-dummy evidence"), DEAL),
    ("deal.sent_for_author", _("a referee's queued deal sent by the chief referee"), DEAL),
    ("deal.queue_discarded", _("a referee's queued deals discarded on a tablet"), TABLE),
    ("table.submitted", _("table signed off"), TABLE),
    ("table.confirmed", _("table confirmed"), TABLE),
    ("table.reopened", _("table reopened"), TABLE),
    ("table.disputed", _("a player disputes the table's totals"), TABLE),
    ("table.dispute_resolved", _("a player's dispute resolved"), TABLE),
    # standings (standings.services)
    ("standings.settings_changed", _("standings settings changed"), TOURNAMENT),
    ("standings.lot_drawn", _("lot drawn"), TOURNAMENT),
    ("standings.lot_recorded", _("lot recorded"), TOURNAMENT),
    # rounds (seating.services)
    ("round.seated", _("round seated"), ROUND),
    ("round.playoff_seated", _("play-off game at the cut seated"), ROUND),
    # duplicate sessions (duplicate.services)
    ("duplicate.created", _("duplicate session created"), TOURNAMENT),
    ("export.retried", _("failed export retried"), TOURNAMENT),
    ("duplicate.published", _("duplicate boards published"), TOURNAMENT),
    ("duplicate.hidden", _("duplicate boards hidden"), TOURNAMENT),
    ("duplicate.boards_imported", _("duplicate boards imported"), TOURNAMENT),
    ("round.swapped", _("players swapped by hand"), ROUND),
    ("round.started", _("round started"), ROUND),
    ("round.finished", _("round finished"), ROUND),
    ("round.discarded", _("seating discarded"), ROUND),
    # the tournament's format (tournaments.services.format, seating.schedule, seating.stages)
    ("tournament.format", _("tournament format changed"), TOURNAMENT),
    ("tournament.stages", _("stages set"), TOURNAMENT),
    ("tournament.schedule", _("fixed schedule uploaded"), TOURNAMENT),
    ("stage.qualified", _("players of a stage fixed"), TOURNAMENT),
    ("team.created", _("team formed"), TEAM),
    ("player.eliminated", _("player eliminated"), REGISTRATION),
    ("player.disqualified", _("player disqualified"), REGISTRATION),
    ("table.substitution", _("player replaced during the round"), TABLE),
    ("table.seat_draw", _("seat draw recorded"), TABLE),
    # discipline and appeals (discipline.services)
    ("discipline.warning", _("warning"), ENTRY),
    ("discipline.yellow", _("yellow card"), ENTRY),
    ("discipline.deduction", _("point deduction"), ENTRY),
    ("discipline.disqualification", _("disqualification"), ENTRY),
    ("discipline.disqualified_automatically", _("disqualified by yellow cards"), ENTRY),
    ("discipline.disqualification_cancelled", _("disqualification cancelled with its card"), ENTRY),
    ("appeal.filed", _("appeal filed"), APPEAL),
    ("appeal.decided", _("appeal decided"), APPEAL),
    # the registry and qualification (ratings.services)
    ("player.merged", _("duplicate player merged"), REGISTRATION),
    ("qualification.category", _("category chosen"), TOURNAMENT),
    ("qualification.division", _("division set"), TOURNAMENT),
    # admission rules and entry fees (admission.services)
    ("admission.rules_set", _("admission rules and entry fees set"), TOURNAMENT),
    ("entry.category_set", _("entry category set"), REGISTRATION),
    ("payment.recorded", _("entry fee payment recorded"), REGISTRATION),
    ("payment.corrected", _("entry fee payment corrected"), REGISTRATION),
    ("entry.unpaid_allowed", _("allowed to play unpaid"), REGISTRATION),
    ("entry.unpaid_revoked", _("leave to play unpaid withdrawn"), REGISTRATION),
    # cups and seasons (series.services)
    ("series.tournament_added", _("added to a cup or season"), TOURNAMENT),
    ("series.tournament_removed", _("removed from a cup or season"), TOURNAMENT),
)


class UnknownAction(LookupError):
    """A code the registry lacks: add it to ``ACTIONS`` with its label."""


def action(code: str) -> Action:
    try:
        return ACTIONS[code]
    except KeyError:
        raise UnknownAction(f"action {code!r} is not in referee.tournaments.actions") from None


def label(code: str) -> str:
    """The code's label in the active language; an unknown code (an old entry) as itself."""
    found = ACTIONS.get(code)
    return str(found.label) if found else code
