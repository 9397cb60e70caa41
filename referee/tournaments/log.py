"""The action log: every service writes who did what, when and why."""

from __future__ import annotations

from typing import Any

from referee.core.bounds import check_text

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
    # every service's reason passes here: a NUL byte or an endless text is refused, and
    # the service's transaction undoes the change it was about to log
    check_text(reason)
    author = user if getattr(user, "is_authenticated", False) else None
    return ActionLog.objects.create(
        tournament=tournament,
        user=author,
        action=action,
        subject=subject,
        reason=reason,
        data=data or {},
    )
