"""The organiser's actions on a tournament and its players: the only way they change.

``create`` holds a new tournament from the wizard (optionally copied from an earlier one);
``setup`` settings, convention, start and finish and forbidden pairs; ``format`` the format
(byes, the unfinished-pulka policy, substitutes, yellow cards, teams, stages) and taking a
player out of play; ``players`` registration, withdrawals, substitutes and imports; ``guests``
a guest who does not count. All are re-exported here, so callers write
``services.register_player``.
"""

from .create import CREATE_FIELDS, copied_settings, create_tournament
from .format import (
    FORMAT_CHOICES,
    FORMAT_FIELDS,
    check_format,
    create_team,
    eliminate_player,
    exact_text,
    set_stages,
    update_format,
)
from .guests import mark_guest
from .players import (
    ImportResult,
    PlayerDetails,
    checked_details,
    import_players,
    latest_round,
    preview_import,
    register_player,
    registered_persons,
    reinstate_player,
    substitute_player,
    withdraw_player,
)
from .setup import (
    FROZEN_ONCE_STARTED,
    MIN_PLAYERS,
    ROUND_LENGTH,
    SETTINGS_FIELDS,
    add_forbidden_pair,
    check_convention,
    check_settings,
    chief_only,
    ensure_not_finished,
    finish_tournament,
    frozen_fields,
    locked_for_chief,
    remove_forbidden_pair,
    rules_as_json,
    set_convention,
    start_tournament,
    update_settings,
)

__all__ = [
    "CREATE_FIELDS",
    "FORMAT_CHOICES",
    "FORMAT_FIELDS",
    "FROZEN_ONCE_STARTED",
    "MIN_PLAYERS",
    "ROUND_LENGTH",
    "SETTINGS_FIELDS",
    "ImportResult",
    "PlayerDetails",
    "add_forbidden_pair",
    "check_convention",
    "check_format",
    "check_settings",
    "checked_details",
    "chief_only",
    "copied_settings",
    "create_team",
    "create_tournament",
    "eliminate_player",
    "ensure_not_finished",
    "exact_text",
    "finish_tournament",
    "frozen_fields",
    "import_players",
    "latest_round",
    "locked_for_chief",
    "mark_guest",
    "preview_import",
    "register_player",
    "registered_persons",
    "reinstate_player",
    "remove_forbidden_pair",
    "rules_as_json",
    "set_convention",
    "set_stages",
    "start_tournament",
    "substitute_player",
    "update_format",
    "update_settings",
    "withdraw_player",
]
