"""The discipline register and appeals in the admin: read only. They change through their
services (the register page, the API), which check the rights and keep the action log."""

from __future__ import annotations

from django.contrib import admin

from referee.tournaments.admin import ReadOnlyRows, TournamentScoped

from .models import Appeal, Entry


@admin.register(Entry)
class EntryAdmin(ReadOnlyRows, TournamentScoped):
    list_display = ["registration", "kind", "round_number", "rule", "referee", "at"]
    list_filter = ["kind", "tournament"]


@admin.register(Appeal)
class AppealAdmin(ReadOnlyRows, TournamentScoped):
    list_display = ["appellant", "subject", "decision", "filed_at", "decided_by"]
    list_filter = ["decision", "tournament"]
