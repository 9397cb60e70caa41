"""``{{ user|person }}``: a person as the site names him (``core.people.person``): his full
name, else his login; "" for nobody (``|person|default:"—"`` shows a dash then)."""

from __future__ import annotations

from typing import Any

from django import template

from referee.core.people import person as site_person

register = template.Library()


@register.filter
def person(user: Any) -> str:
    return site_person(user)
