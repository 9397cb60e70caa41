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
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse

#: the app's finder: (request, the URL's key) -> the object, else Http404 / PermissionDenied
Find = Callable[[HttpRequest, Any], Any]
View = Callable[..., Any]


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
