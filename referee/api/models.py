"""Device tokens (one per tablet) and the idempotency store of POSTed requests."""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


class DeviceToken(models.Model):
    """An API token for one device of a user; only its SHA-256 is stored (the key is shown
    once, when it is made). A user may have several, and each is revoked on its own."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="device_tokens"
    )
    name = models.CharField(_("device"), max_length=100, blank=True)
    digest = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(max_length=8, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["user__username", "-created_at"]
        verbose_name = _("device token")
        verbose_name_plural = _("device tokens")

    def __str__(self) -> str:
        return f"{self.user} — {self.name or self.prefix}"

    @classmethod
    def issue(cls, user: object, name: str = "") -> tuple[DeviceToken, str]:
        """A new token and its key (the only time the key is known)."""
        key = secrets.token_hex(20)
        token = cls.objects.create(user=user, name=name[:100], digest=hash_key(key), prefix=key[:8])
        return token, key


class IdempotentRequest(models.Model):
    """A POST carried out under an ``Idempotency-Key``: what was asked (``fingerprint``:
    method, path and a hash of the body) and what was answered, replayed on a repeat.
    The unique (user, key) row is inserted before the request is carried out, in the same
    transaction, so a simultaneous repeat waits for it and then replays it."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=200)
    fingerprint = models.CharField(max_length=64)
    method = models.CharField(max_length=10)
    path = models.CharField(max_length=500)
    status = models.PositiveSmallIntegerField(null=True)
    content_type = models.CharField(max_length=100, blank=True)
    body = models.BinaryField(default=b"")
    headers = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="api_idempotency_user_key")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.key} {self.method} {self.path} → {self.status}"
