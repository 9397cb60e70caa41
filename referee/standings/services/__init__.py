"""Standings (a tournament's, its stages' and its teams'), round results, player cards, the
qualification outlook and a player's private link, and the settings behind them (TOURNAMENTS
§3–§5, §11).

Reading: ``standings_after``, ``round_results`` and ``player_card`` build frozen values from the
tables' settled whists (``tables.results.rounds_results``) and the pure modules (``points`` turns
a table's whists into round points, ``ranking`` orders the players). Each reads a fixed number
of queries whatever the number of players and rounds. ``standings_rows`` and ``round_rows``
flatten them into plain rows with exact numbers: the one row source for the HTML pages and the
exports (pretix style); rounding is for display only.

Who sees what: officials see every round in play or finished, marked provisional while a table
is not locked or the round not finished; the public sees a published tournament's rounds up to
``published_through`` only. Anything else raises ``NotVisible`` (a view answers 404).

Changing: ``update_settings``, ``draw_lot`` and ``record_lot`` belong to the chief referee; each
runs in a transaction and writes the action log.

The modules: ``settings`` (settings and the lot), ``loading`` (the scored tables a viewer
sees), ``outside`` (points outside the tables: byes, substitutions, discipline, who left the
play), ``ranked`` (standings), ``rounds`` (round results), ``stages`` (stage standings, final
places, team standings), ``groups`` (a stage's groups, the cut of the next stage and the
play-off games at it), ``cards`` (player cards, search), ``qualify`` (can I still qualify),
``private`` (what a player's private link shows), ``batch`` (many tournaments' standings in a
fixed number of queries). The others' names are re-exported here, but for ``outside`` (used
inside the package) and ``batch`` (``from referee.standings.services import batch``).
"""

from .cards import CardRound, PlayerCard, RulingNote, player_card, search_players
from .groups import Group, StageCut, groups_of, next_cut, playoff_games, stage_cut
from .loading import Loaded, Preloaded, ScoredTable, load
from .private import PrivateLink, link_entry, private_link
from .qualify import Qualification, qualification
from .ranked import (
    CACHE_SECONDS,
    Standings,
    StandingsRow,
    ranked_standings,
    standings_after,
    standings_rows,
)
from .rounds import (
    RoundResults,
    SeatResult,
    TableResults,
    round_results,
    round_rows,
    standings_with_rounds,
)
from .settings import (
    EDITABLE,
    InvalidSettings,
    NotVisible,
    Rules,
    draw_lot,
    record_lot,
    rules_of,
    settings_of,
    update_settings,
)
from .stages import FinalPlace, StageTable, final_places, stage_tables, team_table

__all__ = [
    "CACHE_SECONDS",
    "EDITABLE",
    "CardRound",
    "FinalPlace",
    "Group",
    "InvalidSettings",
    "Loaded",
    "NotVisible",
    "PlayerCard",
    "Preloaded",
    "PrivateLink",
    "Qualification",
    "RoundResults",
    "Rules",
    "RulingNote",
    "ScoredTable",
    "SeatResult",
    "StageCut",
    "StageTable",
    "Standings",
    "StandingsRow",
    "TableResults",
    "draw_lot",
    "final_places",
    "groups_of",
    "link_entry",
    "load",
    "next_cut",
    "player_card",
    "playoff_games",
    "private_link",
    "qualification",
    "ranked_standings",
    "record_lot",
    "round_results",
    "round_rows",
    "rules_of",
    "search_players",
    "settings_of",
    "stage_cut",
    "stage_tables",
    "standings_after",
    "standings_rows",
    "standings_with_rounds",
    "team_table",
    "update_settings",
]
