"""The series of a URL (``/series/<slug>/``), for its pages, its download and the API alike
(``core.surfaces``): 404 for a slug unknown or a series the reader may not see (an
unpublished one is its managers'), 403 on the management page for who sees it but does not
manage it."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from referee.core.permissions import may_manage_series, may_view_series
from referee.core.surfaces import object_endpoint, object_page

from .models import Series


def series_for(request: HttpRequest, slug: str) -> Series:
    found = get_object_or_404(Series, slug=slug)
    if not may_view_series(request.user, found):
        raise Http404
    return found


def managed_series_for(request: HttpRequest, slug: str) -> Series:
    found = get_object_or_404(Series, slug=slug)
    if not may_manage_series(request.user, found):
        raise PermissionDenied
    return found


series_page = object_page(series_for, "slug")
series_manage_page = object_page(managed_series_for, "slug", login=True)
#: the API's ``series/<slug:series>/``
series_endpoint = object_endpoint(series_for, "series")
