"""Roles and users in the admin. Roles are scoped like the tournaments, and every change is
written to the tournament's action log as well. A user who wrote deal versions cannot be
deleted (``DealVersion.author`` protects him: the history must say who entered each deal);
the admin deactivates him instead."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from referee.core.people import person
from referee.tables.models import DealVersion
from referee.tournaments.admin import TournamentScoped
from referee.tournaments.log import log_action

from .models import Role


def _log(request: HttpRequest, role: Role, action: str) -> None:
    """A role granted or revoked in the admin, logged as the staff pages log it."""
    data = {"kind": role.kind, "via": "admin"}
    log_action(role.tournament, request.user, action, person(role.user), about=role.user, data=data)


@admin.register(Role)
class RoleAdmin(TournamentScoped):
    list_display = ["user", "tournament", "kind"]
    list_filter = ["kind", "tournament"]
    list_select_related = ["user", "tournament"]
    search_fields = ["user__username", "tournament__name"]
    autocomplete_fields = ["user", "tournament"]

    def save_model(self, request: HttpRequest, obj: Role, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        _log(request, obj, "role.granted")

    def delete_model(self, request: HttpRequest, obj: Role) -> None:
        _log(request, obj, "role.revoked")
        super().delete_model(request, obj)

    def delete_queryset(self, request: HttpRequest, queryset: Any) -> None:
        for role in queryset.select_related("user", "tournament"):
            self.delete_model(request, role)


User = get_user_model()
admin.site.unregister(User)


@admin.register(User)
class AuthorAwareUserAdmin(UserAdmin):
    """The users' admin: deactivate, never delete, whoever entered deals."""

    actions = ["deactivate"]

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and DealVersion.objects.filter(author=obj).exists():
            return False
        return super().has_delete_permission(request, obj)

    @admin.action(description=_("Deactivate the chosen users (they can no longer log in)"))
    def deactivate(self, request: HttpRequest, queryset: QuerySet[Any]) -> None:
        count = queryset.filter(is_active=True).update(is_active=False)
        self.message_user(
            request,
            ngettext("%(n)s user deactivated.", "%(n)s users deactivated.", count) % {"n": count},
            messages.SUCCESS,
        )
