"""Template tags of the API app for the site's pages: the deal form's one-time key and the
device tokens on the staff page."""

from __future__ import annotations

import uuid
from typing import Any

from django import template
from django.db.models import Q

from referee.api.models import DeviceToken
from referee.core.permissions import is_chief

register = template.Library()


@register.simple_tag
def one_time_key() -> str:
    """A fresh idempotency key for one rendering of a form."""
    return str(uuid.uuid4())


@register.inclusion_tag("api/_device_tokens.html", takes_context=True)
def device_tokens(context: dict[str, Any], tournament: Any) -> dict[str, Any]:
    """The device tokens of the tournament's officials, for its chief referee."""
    user = context.get("user")
    if user is None or not is_chief(user, tournament):
        return {"tokens": None}
    tokens = (
        DeviceToken.objects.filter(
            Q(user__roles__tournament=tournament) | Q(user_id=tournament.chief_referee_id)
        )
        .select_related("user")
        .distinct()
    )
    return {
        "tokens": list(tokens),
        "tournament": tournament,
        "csrf_token": context.get("csrf_token"),
    }
