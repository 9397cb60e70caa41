"""Device tokens in the Django admin: listed with their owner and last use, revoked by
deleting them (the key itself is never stored)."""

from __future__ import annotations

from django.contrib import admin

from .models import DeviceToken


@admin.register(DeviceToken)
class DeviceTokenAdmin(admin.ModelAdmin):
    list_display = ("user", "name", "prefix", "created_at", "last_used_at")
    list_filter = ("created_at",)
    search_fields = ("user__username", "name", "prefix")
    readonly_fields = ("user", "prefix", "created_at", "last_used_at")
    fields = ("user", "name", "prefix", "created_at", "last_used_at")

    def has_add_permission(self, request: object) -> bool:
        return False  # a token is made by logging in through the API
