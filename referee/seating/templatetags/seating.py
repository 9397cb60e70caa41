"""The seating form's stage: a round of a stage is seated by the stage's own method."""

from __future__ import annotations

from django import template

from referee.seating.stages import stage_of
from referee.tournaments.models import Stage, Tournament

register = template.Library()


@register.simple_tag
def stage_to_seat(tournament: Tournament, number: int | None) -> Stage | None:
    """The stage of the round to be seated (None without stages, or past the last one)."""
    return stage_of(tournament, number) if number else None
