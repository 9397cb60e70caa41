"""Rating lists and categories are set up in the admin (README, "Ratings"): plain settings
with no tournament's result behind them. A tournament's category and divisions go through
the organiser's page (``manage/qualification/``), which writes the action log."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from referee.core.bounds import ADMIN_FORM_FIELDS

from .models import Category, PlayerMerge, RatingList


@admin.register(RatingList)
class RatingListAdmin(admin.ModelAdmin):
    formfield_overrides = ADMIN_FORM_FIELDS
    list_display = ["name", "slug", "method", "published", "computed_at"]
    filter_horizontal = ["tournaments", "managers"]
    prepopulated_fields = {"slug": ["name"]}


@admin.register(Category)
class CategoryAdmin(admin.ModelAdmin):
    formfield_overrides = ADMIN_FORM_FIELDS
    list_display = ["name", "shared_places"]


@admin.register(PlayerMerge)
class PlayerMergeAdmin(admin.ModelAdmin):
    list_display = ["name", "old_id", "into", "by", "at"]
    readonly_fields = [f.name for f in PlayerMerge._meta.fields]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
