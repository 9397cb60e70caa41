"""What a duplicate session would be before the chief creates it (README, *Duplicate
preferans*): its tables, sit-outs, length and the comparisons each hand of a board gets."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers
from rest_framework.request import Request

from referee.duplicate import services
from referee.tournaments.models import Tournament

from ..actions import action
from ..strict import Strict
from ..surfaces import manage


class PreviewRequestSerializer(Strict, serializers.Serializer):
    size = serializers.ChoiceField(choices=[3, 4], default=3)
    boards_per_set = serializers.IntegerField(min_value=1, max_value=12, default=2)
    stanzas = serializers.IntegerField(required=False, allow_null=True, min_value=1, max_value=60)


class PreviewSerializer(serializers.Serializer):
    players = serializers.IntegerField()
    size = serializers.IntegerField()
    tables = serializers.IntegerField()
    stanzas = serializers.IntegerField()
    most_stanzas = serializers.IntegerField(help_text="the longest session: one stanza a table")
    sitouts = serializers.IntegerField(help_text="players sitting out each stanza, in turn")
    boards = serializers.IntegerField()
    plays = serializers.IntegerField(help_text="the plays of every board")
    comparisons = serializers.IntegerField(help_text="each hand of a board compared with")
    boards_per_player = serializers.ListField(
        child=serializers.IntegerField(), help_text="the fewest and the most boards a player plays"
    )


@action(
    manage,
    request=PreviewRequestSerializer,
    response=PreviewSerializer,
    replayed=False,  # nothing is created: nothing to replay
    tags=["duplicate"],
)
def SessionPreview(request: Request, tournament: Tournament, values: dict[str, Any]) -> Any:
    """The plan of a session of the tournament's players, nothing created."""
    values["size"] = int(values["size"])
    return services.preview(tournament.pk, request.user, **values)
