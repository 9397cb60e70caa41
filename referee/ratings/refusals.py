"""The ratings' refusals: rating lists, categories, divisions and merging players."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.core.codes import Refusals

REFUSALS = Refusals(
    "ratings",
    {
        "category.unknown": _("There is no such category."),
        "division.name_missing": _("The name is missing."),
        "division.not_registered": _("A player is not registered in this tournament."),
        "division.player_taken": _("A player is already in another division."),
        "list.unknown": _("There is no such rating list."),
        "merge.federation_ids": _("%(a)s and %(b)s have different federation ids."),
        "merge.player_unknown": _("There is no such player."),
        "merge.same_player": _("Choose two different players."),
        "merge.same_tournament": _("Both play in %(tournament)s: they are two people."),
        "tournament.unknown": _("There is no such tournament."),
    },
)
