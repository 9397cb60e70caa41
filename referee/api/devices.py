"""The chief referee revokes a device token of one of his tournament's officials (the staff
page's button): the service behind ``pages.revoke_device``."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from referee.accounts.models import Role
from referee.core.errors import NotAllowed
from referee.core.people import person
from referee.core.permissions import is_chief
from referee.tournaments.log import log_action
from referee.tournaments.models import Tournament

from .models import DeviceToken


@transaction.atomic
def revoke_device_token(tournament: Tournament, user: Any, token: int) -> str:
    """Delete the token and log it; its label. Only the chief, and only an official's."""
    found = get_object_or_404(DeviceToken.objects.select_related("user"), pk=token)
    official = (
        found.user_id == tournament.chief_referee_id
        or Role.objects.filter(tournament=tournament, user_id=found.user_id).exists()
    )
    if not is_chief(user, tournament) or not official:
        raise NotAllowed(_("Only the chief referee may revoke his officials' devices."))
    label = f"{person(found.user)} — {found.name or found.prefix}"
    found.delete()
    log_action(tournament, user, "device.revoked", label, about=found.user)
    return label
