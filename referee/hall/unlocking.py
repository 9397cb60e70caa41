"""Login lockouts (django-axes) as the venue's staff page shows and lifts them: a chief
referee those of his own tournament's officials only, the site's staff any
(``permissions.may_unlock_account`` decides one account; ``visible_lockouts`` is the same
rule as a query)."""

from __future__ import annotations

from typing import Any

from axes.models import AccessAttempt
from axes.utils import reset
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from referee.core.bounds import check_text
from referee.core.errors import NotAllowed
from referee.core.permissions import (
    ORGANISERS,
    is_site_staff,
    may_unlock_account,
    may_unlock_logins,
)
from referee.hall.refusals import REFUSALS
from referee.tournaments.log import log_action
from referee.tournaments.models import Tournament


def _own_officials(tournament: Tournament) -> QuerySet[Any]:
    """The usernames whose lockouts the tournament's chief referee may lift."""
    users = get_user_model().objects.filter(
        Q(roles__tournament=tournament) | Q(pk=tournament.chief_referee_id)
    )
    users = users.filter(is_superuser=False, is_staff=False).exclude(groups__name=ORGANISERS)
    return users.values_list("username", flat=True)


def visible_lockouts(user: Any, tournament: Tournament) -> QuerySet[AccessAttempt]:
    """The locked-out (username, address) pairs ``user`` sees on ``tournament``'s page."""
    if not may_unlock_logins(user, tournament):
        raise NotAllowed(_("Only the chief referee sees the login lockouts."))
    attempts = AccessAttempt.objects.filter(failures_since_start__gte=settings.AXES_FAILURE_LIMIT)
    if not is_site_staff(user):
        attempts = attempts.filter(username__in=_own_officials(tournament))
    return attempts.order_by("-attempt_time")


def lift_lockout(user: Any, tournament: Tournament, username: str) -> str:
    """Lift every lockout of ``username``; its account must be one ``user`` may unlock
    (``NotAllowed`` otherwise, whether it is locked or not, and nothing is changed)."""
    username = check_text(username, "username", 150)
    account = get_user_model().objects.filter(username=username).first()
    if not may_unlock_account(user, tournament, account):
        raise NotAllowed(_("You may lift only the lockouts of this tournament's officials."))
    if not reset(username=username):
        raise REFUSALS.error("login.not_locked", "username", name=username)
    if account is not None:
        log_action(tournament, user, "login.unlocked", username, about=account)
    return username
