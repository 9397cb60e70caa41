"""Addresses reached only by a button (a POST): a reload, a bookmark or the back button asks
for them with a GET, which changes nothing.

``get_leads_to(back)`` answers such a GET with a redirect to the page the button is on (and a
word why) instead of the bare "HTTP ERROR 405" of ``require_POST``; ``NotAllowedPage`` renders
our own page for any other 405 a browser meets (the API keeps its JSON answers)."""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

View = Callable[..., HttpResponse]


def nothing_done(request: HttpRequest, to: str) -> HttpResponse:
    """The answer to a GET on a button's address: back to ``to``, saying nothing changed."""
    messages.info(request, _("Nothing was changed: that address is reached by its button."))
    return redirect(to)


def get_leads_to(back: Callable[..., str]) -> Callable[[View], View]:
    """POST carries out the view; GET (or HEAD) leads to ``back(*args, **kwargs)``, the
    address of the page with the button, the view's own arguments given."""

    def decorate(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method in ("GET", "HEAD"):
                return nothing_done(request, back(*args, **kwargs))
            if request.method != "POST":
                return HttpResponseNotAllowed(["POST"])
            return view(request, *args, **kwargs)

        return wrapper

    return decorate


class NotAllowedPage:
    """A 405 without a body (``require_POST`` and the like) becomes a page of ours, in the
    reader's language, with the way back; the API's answers are left as they are."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if (
            response.status_code == 405
            and not response.streaming
            and not response.content
            and not request.path.startswith("/api/")
        ):
            page = render(request, "405.html", status=405)
            if response.has_header("Allow"):
                page["Allow"] = response["Allow"]
            return page
        return response
