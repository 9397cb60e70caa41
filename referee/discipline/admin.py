"""The discipline register and appeals in the admin: read only. They change through their
services (the register page, the API), which check the rights and keep the action log."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from referee.tournaments.admin import TournamentScoped

from .models import Appeal, Entry


class ReadOnly(TournamentScoped):
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Entry)
class EntryAdmin(ReadOnly):
    list_display = ["registration", "kind", "round_number", "rule", "referee", "at"]
    list_filter = ["kind", "tournament"]


@admin.register(Appeal)
class AppealAdmin(ReadOnly):
    list_display = ["appellant", "subject", "decision", "filed_at", "decided_by"]
    list_filter = ["decision", "tournament"]
