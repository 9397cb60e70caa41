"""Roles in the admin, scoped like the tournaments; every change is written to the
tournament's action log as well."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from referee.tournaments.admin import TournamentScoped
from referee.tournaments.log import log_action

from .models import Role


@admin.register(Role)
class RoleAdmin(TournamentScoped):
    list_display = ["user", "tournament", "kind"]
    list_filter = ["kind", "tournament"]
    list_select_related = ["user", "tournament"]
    search_fields = ["user__username", "tournament__name"]
    autocomplete_fields = ["user", "tournament"]

    def save_model(self, request: HttpRequest, obj: Role, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        log_action(
            obj.tournament,
            request.user,
            "role.granted",
            obj.user.get_username(),
            about=obj.user,
            data={"kind": obj.kind, "via": "admin"},
        )

    def delete_model(self, request: HttpRequest, obj: Role) -> None:
        log_action(
            obj.tournament,
            request.user,
            "role.revoked",
            obj.user.get_username(),
            about=obj.user,
            data={"kind": obj.kind, "via": "admin"},
        )
        super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        for role in queryset.select_related("user", "tournament"):
            self.delete_model(request, role)
