"""Standings settings in the Django admin: read-only. Changes go through the chief referee's
settings page (``t/<slug>/manage/standings/``), which validates them and writes the action log."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from referee.core.permissions import chief_of_filter
from referee.tournaments.admin import ReadOnlyRows

from .models import StandingsSettings


@admin.register(StandingsSettings)
class StandingsSettingsAdmin(ReadOnlyRows, admin.ModelAdmin):
    list_display = ("tournament", "method", "normalisation", "published_through", "edit_link")
    list_select_related = ("tournament",)
    readonly_fields = [f.name for f in StandingsSettings._meta.fields] + ["edit_link"]

    @admin.display(description=_("edit"))
    def edit_link(self, obj: StandingsSettings) -> str:
        url = reverse("standings-settings", args=[obj.tournament.slug])
        return format_html('<a href="{}">{}</a>', url, _("settings page"))

    def get_queryset(self, request: HttpRequest) -> QuerySet[StandingsSettings]:
        queryset = super().get_queryset(request)
        user: Any = request.user
        if user.is_superuser:
            return queryset
        return queryset.filter(chief_of_filter(user, "tournament__")).distinct()
