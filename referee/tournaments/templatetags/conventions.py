"""``{{ tournament.convention|convention_name }}``: the convention by its name ("ФСПР")."""

from __future__ import annotations

from django import template

from referee.tournaments.conventions import preset_name

register = template.Library()


@register.filter
def convention_name(name: str) -> str:
    return preset_name(name)
