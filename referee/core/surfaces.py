"""The surfaces of the pages outside ``/t/<slug>/`` (a series, a rating list, a registry
player), for the pages and the API alike: the app's finder turns the URL's key into its
object once, with the reader's rights (404 for an unknown key or an object the reader may not
see, 403 for a right he lacks), and the view takes the object in place of the key.

``object_page`` wraps a page (``view(request, found, ...)``), ``object_endpoint`` an API
handler (``handler(self, request, found, ...)``); the tournament's own surfaces are
``tournaments.surfaces`` and ``api.surfaces``."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any, TypeVar

from django.contrib.auth.decorators import login_required
from django.db.models import Model
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

#: the app's finder: (request, the URL's key) -> the object, else Http404 / PermissionDenied
Find = Callable[[HttpRequest, Any], Any]
View = Callable[..., Any]
M = TypeVar("M", bound=Model)


def found_with_right(
    model: type[M],
    right: Callable[[Any, M], bool],
    user: Any,
    *,
    refusal: type[Exception] = Http404,
    **lookup: Any,
) -> M:
    """The ``model``'s object of ``lookup`` (404 for none) if ``right(user, it)``, else
    ``refusal``: 404 by default, for who may not see it does not learn it exists."""
    found = get_object_or_404(model, **lookup)
    if not right(user, found):
        raise refusal
    return found


def object_page(find: Find, key: str, *, login: bool = False) -> Callable[[View], View]:
    """A page taking ``find``'s object for the URL's ``key``; ``login``: signed in first."""

    def decorate(view: View) -> View:
        @wraps(view)
        def page(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            found = find(request, kwargs.pop(key))
            return view(request, found, *args, **kwargs)

        return login_required(page) if login else page

    return decorate


def object_endpoint(find: Find, key: str) -> Callable[[View], View]:
    """An API handler (a view's method) taking ``find``'s object for the URL's ``key``."""

    def decorate(handler: View) -> View:
        @wraps(handler)
        def endpoint(view: Any, request: Any, *args: Any, **kwargs: Any) -> Any:
            found = find(request, kwargs.pop(key))
            return handler(view, request, found, *args, **kwargs)

        return endpoint

    return decorate
