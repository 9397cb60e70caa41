"""``Authorization: Token <key>``: the device tokens of ``models.DeviceToken``."""

from __future__ import annotations

from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.request import Request

from .models import DeviceToken, hash_key


class DeviceTokenAuthentication(authentication.BaseAuthentication):
    keyword = "Token"

    def authenticate(self, request: Request) -> tuple[Any, DeviceToken] | None:
        parts = authentication.get_authorization_header(request).split()
        if not parts or parts[0].lower() != self.keyword.lower().encode():
            return None
        if len(parts) != 2:
            raise exceptions.AuthenticationFailed(_("Give the token after the word Token."))
        try:
            key = parts[1].decode()
        except UnicodeError:
            raise exceptions.AuthenticationFailed(_("Invalid token.")) from None
        token = DeviceToken.objects.select_related("user").filter(digest=hash_key(key)).first()
        if token is None or not token.user.is_active:
            raise exceptions.AuthenticationFailed(_("Invalid or revoked token."))
        now = timezone.now()
        if token.last_used_at is None or (now - token.last_used_at).total_seconds() > 60:
            DeviceToken.objects.filter(pk=token.pk).update(last_used_at=now)
        return token.user, token

    def authenticate_header(self, request: Request) -> str:
        return self.keyword
