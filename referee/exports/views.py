"""The one download view (issue 31 point 4): every registered exporter (``registry``,
``exporters``) is served here, through the surface of the page it belongs to, so who may
download what is the pages' rule: the standings exports follow the standings page
(officials always, the public a published tournament's published rounds), a protocol its
table page, the badges the chief's pages; anything else is 404.

A long export (``jobs``) is not rendered in the request: the first ask starts its job (or
finds it) and answers a page showing its progress (202), which polls the same address with
``?progress=1``; once the job is done the same address is the file."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from referee.jobs.models import Job
from referee.tournaments.models import Tournament
from referee.tournaments.surfaces import manage_page

from . import jobs, registry
from .registry import Exporter, Reading

PROGRESS = "progress"


def _objects(request: HttpRequest, exporter: Exporter, given: dict[str, Any]) -> dict[str, int]:
    """The exporter's parts of the address (``round``, ``table``, ``session``): from the
    path, else from the query (the one pattern's ``?round=1&table=2``); 404 if missing."""
    found: dict[str, int] = {}
    for name in exporter.params:
        value = given.get(name, request.GET.get(name, ""))
        if isinstance(value, str):
            if not (value.isascii() and value.isdecimal()):
                raise Http404
            value = int(value)
        found[name] = value
    return found


@require_GET
def export(
    request: HttpRequest,
    identifier: str,
    fmt: str,
    slug: str,
    scope: str = "tournament",
    **given: Any,
) -> HttpResponse:
    """``/t/<slug>/exports/<identifier>.<format>`` and every older address of a download."""
    exporter = registry.find(identifier)
    if exporter is None or exporter.scope != scope or fmt not in exporter.formats:
        raise Http404
    objects = _objects(request, exporter, given)
    query = {k: request.GET[k] for k in exporter.query if k in request.GET}

    def serve(request: HttpRequest, subject: Any, **found: Any) -> HttpResponse:
        reading = Reading(subject, request.user, fmt, found, query)
        if exporter.long is not None and exporter.long(reading):
            if exporter.check is not None:
                reading = exporter.check(reading)
            return _long(request, exporter, reading)
        return registry.respond(exporter, reading, exporter.build(reading))

    response: HttpResponse = exporter.surface(serve)(request, slug=slug, **objects)
    return response


def _download_url(request: HttpRequest) -> str:
    asked = request.GET.copy()
    asked.pop(PROGRESS, None)
    return request.path + ("?" + asked.urlencode() if asked else "")


def _long(request: HttpRequest, exporter: Exporter, reading: Reading) -> HttpResponse:
    """The file once its job is done; until then its progress (a page, or JSON)."""
    tournament = reading.subject
    job = jobs.start(exporter, reading, _download_url(request))
    kept = jobs.file_of(job)
    if kept is not None and PROGRESS not in request.GET:
        response = registry.download(
            bytes(kept.content),
            kept.content_type,
            kept.name,
            "inline" if reading.format in exporter.inline else "attachment",
        )
        for name, value in exporter.headers.items():
            response[name] = value
        return response
    retry_url = reverse("export-retry", args=[tournament.slug, job.pk])
    state = jobs.state(job, request.user, tournament, retry_url)
    # 202 until the file is there: no cache keeps a state that is still moving
    status = 200 if state["done"] else 202
    if PROGRESS in request.GET:
        return JsonResponse(state, status=status)
    context = {
        "tournament": tournament,
        "exporter": exporter,
        "format": reading.format,
        "state": state,
        "progress_url": request.path + "?" + _with_progress(request),
    }
    return render(request, "exports/wait.html", context, status=status)


def _with_progress(request: HttpRequest) -> str:
    asked = request.GET.copy()
    asked[PROGRESS] = "1"
    return str(asked.urlencode())


@manage_page
@require_POST
def retry(request: HttpRequest, tournament: Tournament, job: int) -> HttpResponse:
    """The chief's *Retry* of an export whose job failed three times; back to its page."""
    found = get_object_or_404(Job, pk=job, kind=jobs.JOB_KIND, group=jobs.group_of(tournament))
    if jobs.retry(tournament, request.user, found.pk):
        messages.success(request, _("The export is queued again."))
    else:
        messages.info(request, _("Nothing was changed."))
    return redirect(found.args.get("url") or reverse("tournament", args=[tournament.slug]))
