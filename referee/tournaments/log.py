"""The action log: every service writes who did what, when and why, and about which object."""

from __future__ import annotations

from typing import Any

from django.db import models

from referee.core.bounds import check_text

from .actions import ACTIONS, TOURNAMENT
from .models import ActionLog, Tournament


def log_action(
    tournament: Tournament,
    user: Any,
    code: str,
    subject: str = "",
    *,
    about: models.Model | None = None,
    reason: str = "",
    data: dict[str, Any] | None = None,
) -> ActionLog:
    """Write one entry. ``code`` is one of ``actions.ACTIONS`` (``tests/referee/tournaments/
    test_actions.py`` finds every code the source writes and fails on one the registry lacks);
    ``about`` is the object it concerns, of the kind the registry names for the code (the
    tournament itself when ``about`` is not given and the code concerns the tournament).
    An unregistered code is written about ``about`` or the tournament, unlabelled."""
    kind = ACTIONS.get(code)
    expected = kind.about if kind else None
    if about is None and expected in (TOURNAMENT, None):
        about = tournament
    if about is None or (expected and about._meta.label_lower != expected):
        given = "nothing" if about is None else about._meta.label_lower
        raise ValueError(f"action {code!r} concerns a {expected}, not {given}")
    # every service's reason passes here: a NUL byte or an endless text is refused, and
    # the service's transaction undoes the change it was about to log
    check_text(reason)
    author = user if getattr(user, "is_authenticated", False) else None
    return ActionLog.objects.create(
        tournament=tournament,
        user=author,
        action=code,
        subject=subject,
        subject_type=about._meta.label_lower,
        subject_id=about.pk,
        reason=reason,
        data=data or {},
    )
