"""The series of a URL (``/series/<slug>/``), for its pages, its download and the API alike
(``core.surfaces``): 404 for a slug unknown or a series the reader may not see (an
unpublished one is its managers'), 403 on the management page for who sees it but does not
manage it."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from referee.core.permissions import may_manage_series, may_view_series
from referee.core.surfaces import found_with_right, object_endpoint, object_page

from .models import Series


def series_for(request: HttpRequest, slug: str) -> Series:
    return found_with_right(Series, may_view_series, request.user, slug=slug)


def managed_series_for(request: HttpRequest, slug: str) -> Series:
    return found_with_right(
        Series, may_manage_series, request.user, refusal=PermissionDenied, slug=slug
    )


series_page = object_page(series_for, "slug")
series_manage_page = object_page(managed_series_for, "slug", login=True)
#: the API's ``series/<slug:series>/``
series_endpoint = object_endpoint(series_for, "series")
