"""Tables with their seats, and deals with their versions, in the admin.

Deals are read-only here: a correction goes through ``tables.services`` so it appends a
version with who, when and why. Seats can be changed only while the round's seating is a
draft; a table's sign-off fields follow its lifecycle on the site.
"""

from __future__ import annotations

import json
from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from referee.tournaments.admin import ReadOnlyRows, TournamentScoped
from referee.tournaments.models import Round

from .models import Deal, DealVersion, Seat, Table


def _in_draft(table: Table | None) -> bool:
    return table is None or table.round.status == Round.Status.DRAFT


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "registration", "first_dealer"]
    autocomplete_fields = ["registration"]

    def get_readonly_fields(self, request: HttpRequest, obj: Table | None = None) -> Any:
        return [] if _in_draft(obj) else self.fields

    def has_add_permission(self, request: HttpRequest, obj: Table | None = None) -> bool:
        return _in_draft(obj) and super().has_add_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Table | None = None) -> bool:
        return _in_draft(obj) and super().has_delete_permission(request, obj)


@admin.register(Table)
class TableAdmin(TournamentScoped):
    tournament_path = "round__tournament"
    inlines = [SeatInline]
    list_display = ["__str__", "tournament", "status"]
    list_filter = ["status", "round__tournament"]
    list_select_related = ["round__tournament"]
    autocomplete_fields = ["referees"]
    exclude = ["notes"]  # codes of the seating: seating.admin shows them in words
    readonly_fields = [
        "round",
        "number",
        "status",
        "submitted_by",
        "submitted_at",
        "confirmed_by",
        "confirmed_at",
        "locked_at",
    ]

    @admin.display(description=_("tournament"))
    def tournament(self, table: Table) -> Any:
        return table.round.tournament

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # tables come from seating a round

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


def _pretty(data: Any) -> Any:
    return format_html("<pre>{}</pre>", json.dumps(data, ensure_ascii=False, indent=1))


class DealVersionInline(ReadOnlyRows, admin.TabularInline):
    model = DealVersion
    extra = 0
    can_delete = False
    # a tuple, which both attributes' stubs accept (a list of str is not a list of field groups)
    fields = readonly_fields = ("version", "shown_data", "deleted", "author", "at", "reason")

    @admin.display(description=_("deal"))
    def shown_data(self, version: DealVersion) -> Any:
        return _pretty(version.data)


@admin.register(Deal)
class DealAdmin(ReadOnlyRows, TournamentScoped):
    """Read-only: corrections go through the site so that every version is kept."""

    tournament_path = "table__round__tournament"
    inlines = [DealVersionInline]
    list_display = ["__str__", "version", "deleted"]
    list_filter = ["deleted", "table__round__tournament"]
    list_select_related = ["table__round"]
    fields = readonly_fields = ("table", "number", "version", "deleted", "shown_data")

    @admin.display(description=_("deal"))
    def shown_data(self, deal: Deal) -> Any:
        return _pretty(deal.data)
