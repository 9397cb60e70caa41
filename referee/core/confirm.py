"""One way to ask before an irreversible step: a page with the summary of what is about to
happen and one button that repeats the request with ``confirmed=1``.

A view calls ``confirmed(request)`` first; when it is false it answers ``ask(...)`` and does
nothing else. No JavaScript is needed, and the summary is the server's, not a guess."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

FLAG = "confirmed"


@dataclass(frozen=True)
class Summary:
    """What the step does: a title, facts as (label, value), an optional table (header and
    rows) such as the totals being signed, and a warning of what cannot be undone."""

    title: str
    button: str
    facts: Sequence[tuple[str, Any]] = ()
    header: Sequence[str] = ()
    rows: Sequence[Sequence[Any]] = ()
    warning: str = ""
    danger: bool = False
    kept: Mapping[str, str] = field(default_factory=dict)  # posted fields to send again


def confirmed(request: HttpRequest) -> bool:
    return request.method == "POST" and request.POST.get(FLAG) == "1"


def ask(
    request: HttpRequest,
    summary: Summary,
    back: str,
    context: Mapping[str, Any] | None = None,
    template: str = "confirm.html",
) -> HttpResponse:
    """The confirmation page; ``back`` is where "Cancel" leads."""
    return render(
        request,
        template,
        {"summary": summary, "back": back, "action": request.path, **(context or {})},
    )
