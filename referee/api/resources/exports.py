"""A tournament's downloads (README, *Exports*): the registered exporters the reader may
download (``referee.exports.registry``), with their addresses; a long export's background
job (started, or found, by asking: the same file asked again is the same job), its state
and its file; the chief's retry of a failed one. Who may read a file is its page's rule,
as on the site: the list offers what the reader's right at the tournament allows, the
file's own surface still decides."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from django.http import Http404, HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.errors import NotAllowed
from referee.exports import jobs, registry
from referee.exports.refusals import NOT_READY, NOT_YOURS
from referee.exports.registry import Exporter, Reading
from referee.jobs.models import Job
from referee.tournaments.models import Tournament

from ..actions import action
from ..base import READ_ERRORS, ApiView
from ..errors import ApiError
from ..surfaces import manage, public

FORMAT_NAMES = sorted(registry.FORMATS)
#: a small file's "job": made at once by its download
IMMEDIATE = {"status": "immediate", "percent": 100, "attempts": 0, "done": True}
IMMEDIATE |= {"error": "", "retry": "", "job": None}


class FormatSerializer(serializers.Serializer):
    format = serializers.ChoiceField(choices=FORMAT_NAMES)
    content_type = serializers.CharField()
    url = serializers.CharField(help_text="the download's address on the site")
    job = serializers.CharField(
        allow_null=True,
        help_text="this API's address of the file's background job (tournament-wide files)",
    )


class ExporterSerializer(serializers.Serializer):
    """A download the reader may have (``ExportAnswer``)."""

    identifier = serializers.CharField()
    title = serializers.CharField(help_text="in the reader's language")
    formats = FormatSerializer(many=True)
    parameters = serializers.ListField(
        source="params",
        child=serializers.CharField(),
        help_text="what the address needs in its query besides the tournament "
        "(round, table, session)",
    )
    options = serializers.ListField(
        source="query",
        child=serializers.CharField(),
        help_text="the query's optional choices (after, list…)",
    )
    long = serializers.BooleanField(
        help_text="a large tournament's file is made by a background job (see its job)"
    )


class ExportJobSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=["immediate", "queued", "running", "done", "failed"],
        help_text="immediate: a small file, made at once by its download",
    )
    percent = serializers.IntegerField()
    attempts = serializers.IntegerField()
    done = serializers.BooleanField()
    download = serializers.CharField(help_text="the site's download, once done (or immediate)")
    file = serializers.CharField(help_text="this API's download of the file, once done")
    error = serializers.CharField(help_text="a failure's reason (to the officials)")
    retry = serializers.CharField(help_text="the chief's retry (POST) of a failed job")
    job = serializers.IntegerField(allow_null=True)


class RetrySerializer(serializers.Serializer):
    """Whether a job was queued again (the answer is the service's boolean)."""

    retried = serializers.BooleanField(
        source="*", help_text="false: no failed export job of that id"
    )


class ExportFormat(NamedTuple):
    format: str
    content_type: str
    url: str
    job: str | None


@dataclass(frozen=True)
class ExportAnswer:
    """An exporter with its addresses for the tournament, absolute for ``request``."""

    request: Request
    tournament: Tournament
    exporter: Exporter

    def __getattr__(self, name: str) -> Any:
        return getattr(self.exporter, name)

    @property
    def long(self) -> bool:
        return self.exporter.long is not None

    @property
    def formats(self) -> list[ExportFormat]:
        absolute = self.request.build_absolute_uri
        found = []
        for name in self.exporter.formats:
            args = [self.tournament.slug, self.exporter.identifier, name]
            job = None if self.exporter.params else absolute(reverse("api-export-job", args=args))
            url = absolute(reverse("export", args=args))
            found.append(ExportFormat(name, registry.FORMATS[name].content_type, url, job))
        return found


class ExportList(ApiView):
    @extend_schema(
        responses={200: ExporterSerializer(many=True), **READ_ERRORS},
        tags=["exports"],
    )
    @public
    def get(self, request: Request, tournament: Tournament) -> Response:
        """The tournament's downloads this reader may have: the public the standings, results and
        printouts of what is published, the officials the register too, the chief the badges."""
        found = registry.listed_for(request.user, tournament)
        answers = [ExportAnswer(request, tournament, e) for e in found]
        return Response(ExporterSerializer(answers, many=True).data)


def _reading(request: Request, tournament: Tournament, identifier: str, fmt: str) -> Any:
    exporter = registry.find(identifier)
    if exporter is None or exporter.scope != "tournament" or fmt not in exporter.formats:
        raise Http404
    if exporter.params:
        raise Http404  # a round's, a table's or a session's file: its site address
    if not exporter.listed(request.user, tournament):
        raise NotAllowed(str(NOT_YOURS))
    query = {k: request.query_params[k] for k in exporter.query if k in request.query_params}
    return exporter, Reading(tournament, request.user, fmt, {}, query)


def _download(request: Request, tournament: Tournament, exporter: Exporter, fmt: str) -> str:
    url = reverse("export", args=[tournament.slug, exporter.identifier, fmt])
    asked = request.query_params.urlencode()
    return request.build_absolute_uri(url + ("?" + asked if asked else ""))


class ExportJob(ApiView):
    @extend_schema(
        responses={200: ExportJobSerializer, 202: ExportJobSerializer, **READ_ERRORS},
        tags=["exports"],
    )
    @public
    def get(self, request: Request, tournament: Tournament, identifier: str, fmt: str) -> Response:
        """A tournament-wide file's background job: asking starts it, or finds the one already made
        for this reader and these data (the same file asked again is the same job; any change of
        the tournament makes a new file). 202 until the file is there. A small file is
        `immediate`: its download makes it at once."""
        exporter, reading = _reading(request, tournament, identifier, fmt)
        url = _download(request, tournament, exporter, fmt)
        if exporter.long is None or not exporter.long(reading):
            return Response(ExportJobSerializer({**IMMEDIATE, "download": url, "file": url}).data)
        if exporter.check is not None:
            reading = exporter.check(reading)
        job = jobs.start(exporter, reading, url)
        retry = request.build_absolute_uri(
            reverse("api-export-retry", args=[tournament.slug, job.pk])
        )
        body = jobs.state(job, request.user, tournament, retry)
        file_url = reverse("api-export-file", args=[tournament.slug, identifier, fmt])
        asked = request.query_params.urlencode()
        body["file"] = request.build_absolute_uri(file_url + ("?" + asked if asked else ""))
        body["file"] = body["file"] if body["done"] else ""
        body["job"] = job.pk
        return Response(ExportJobSerializer(body).data, status=200 if body["done"] else 202)


class ExportFile(ApiView):
    @extend_schema(
        responses={
            (200, "application/octet-stream"): OpenApiTypes.BINARY,
            409: OpenApiResponse(description="a long export whose job is not done yet"),
            **READ_ERRORS,
        },
        tags=["exports"],
    )
    @public
    def get(self, request: Request, tournament: Tournament, identifier: str, fmt: str) -> Any:
        """The file itself: a small one made at once, a long one once its job (`…/job/`) is done."""
        exporter, reading = _reading(request, tournament, identifier, fmt)
        if exporter.long is None or not exporter.long(reading):
            return registry.respond(exporter, reading, exporter.build(reading))
        if exporter.check is not None:
            reading = exporter.check(reading)
        job = jobs.current(exporter, reading)
        kept = jobs.file_of(job) if job is not None else None
        if kept is None:
            raise ApiError(409, "export_not_ready", str(NOT_READY))
        response: HttpResponse = registry.download(
            bytes(kept.content), kept.content_type, kept.name
        )
        return response


@action(
    manage,
    response=RetrySerializer,
    tags=["exports"],
)
def ExportRetry(request: Request, tournament: Tournament, data: Any, job: int) -> bool:
    """Queue again an export job that failed three times (the chief)."""
    found = Job.objects.filter(pk=job, kind=jobs.JOB_KIND, group=jobs.group_of(tournament))
    return found.exists() and jobs.retry(tournament, request.user, job)
