"""The action log: every service writes who did what, when and why."""

from __future__ import annotations

from typing import Any

from .models import ActionLog, Tournament


def log_action(
    tournament: Tournament,
    user: Any,
    action: str,
    subject: str = "",
    *,
    reason: str = "",
    data: dict[str, Any] | None = None,
) -> ActionLog:
    author = user if getattr(user, "is_authenticated", False) else None
    return ActionLog.objects.create(
        tournament=tournament,
        user=author,
        action=action,
        subject=subject,
        reason=reason,
        data=data or {},
    )
