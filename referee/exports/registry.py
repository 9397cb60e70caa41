"""The one registry of downloads (issue 31 point 4): every file the site hands out is an
``Exporter`` registered here, and one view (``views.export``) over one URL pattern serves
them all (the older addresses route to the same view, ``urls/public.py``).

An exporter declares

- ``identifier`` (``results``, ``protocol``…) and a translatable ``title``;
- ``surface``: who may read it, as the pages' own surface decorators say it
  (``public_page``: the standings exports follow the standings page; ``public_table_page``:
  a protocol follows its table page; ``manage_page``: the chief's; a series' own for a
  cup): a surface wraps a view, so the one view checks exactly what the page it came from
  did (404 for who may not see, 403 for who sees without the right, the sign-in first);
- ``listed``: whether the API's list offers it to a reader of the tournament (the surface's
  right at the tournament's level; the surface still decides the file itself);
- ``formats``: the file's kinds (``FORMATS``: xlsx, csv, pdf, json);
- ``build(reading) -> Output``: the bytes and the file's name;
- ``params``: the parts of the address it needs besides the tournament (``round``,
  ``table``, ``session``), given in the path or the query;
- ``long(reading)``: when the file is rendered by a background job rather than in the
  request (``jobs.py``: a large tournament's workbook); ``None``: always at once; and
  ``check(reading)``, which refuses its bad parameters before a job is started.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpResponse
from django.utils.functional import Promise

View = Callable[..., HttpResponse]
Surface = Callable[[View], View]
Listed = Callable[[Any, Any], bool]


@dataclass(frozen=True)
class Format:
    extension: str
    content_type: str


FORMATS: dict[str, Format] = {
    "xlsx": Format("xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"),
    "csv": Format("csv", "text/csv; charset=utf-8"),
    "pdf": Format("pdf", "application/pdf"),
    "json": Format("json", "application/json"),
}


@dataclass(frozen=True)
class Reading:
    """What one download is of: the subject (a tournament, a series), who reads it, the
    format, the objects the surface found (``round``, ``table``, ``session``) and the
    query's choices (``after``, ``list``, ``player``)."""

    subject: Any
    user: Any
    format: str
    objects: Mapping[str, Any] = field(default_factory=dict)
    query: Mapping[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Output:
    content: bytes
    name: str


@dataclass(frozen=True)
class Exporter:
    identifier: str
    title: str | Promise
    surface: Surface
    formats: tuple[str, ...]
    build: Callable[[Reading], Output]
    listed: Listed
    params: tuple[str, ...] = ()
    #: the query's parameters it reads (kept in a job's key and args)
    query: tuple[str, ...] = ()
    long: Callable[[Reading], bool] | None = None
    #: before a long export's job is started: refuse bad parameters here (a 404), and give
    #: the reading as its job keys it (two spellings of one file are one job)
    check: Callable[[Reading], Reading] | None = None
    #: the formats opened in the browser (the hall's posters, to print), not saved
    inline: tuple[str, ...] = ()
    headers: Mapping[str, str] = field(default_factory=dict)
    #: the subject's kind: ``tournament`` (under /t/<slug>/) or ``series``
    scope: str = "tournament"


_REGISTRY: dict[str, Exporter] = {}


def register(exporter: Exporter) -> Exporter:
    if exporter.identifier in _REGISTRY:
        raise ValueError(f"an exporter {exporter.identifier!r} is registered already")
    unknown = set(exporter.formats) - set(FORMATS)
    if unknown or not exporter.formats:
        raise ValueError(f"{exporter.identifier}: unknown formats {sorted(unknown)}")
    _REGISTRY[exporter.identifier] = exporter
    return exporter


def find(identifier: str) -> Exporter | None:
    return _REGISTRY.get(identifier)


def every(scope: str = "tournament") -> list[Exporter]:
    return [e for e in _REGISTRY.values() if e.scope == scope]


def listed_for(user: Any, tournament: Any) -> list[Exporter]:
    """The tournament's exporters this reader may download, in registration order."""
    return [e for e in every() if e.listed(user, tournament)]


def filename(*parts: object) -> str:
    """An ASCII file name from the parts: ``cup-2026-r1-t3-protocol.pdf``."""
    name = "-".join(str(p) for p in parts if p not in (None, ""))
    return re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-") or "export"


def download(content: bytes, content_type: str, name: str, disposition: str = "attachment") -> Any:
    response = HttpResponse(content, content_type=content_type)
    response["Content-Disposition"] = f'{disposition}; filename="{name}"'
    response["Content-Length"] = str(len(content))
    return response


def respond(exporter: Exporter, reading: Reading, output: Output) -> HttpResponse:
    response: HttpResponse = download(
        output.content,
        FORMATS[reading.format].content_type,
        output.name,
        "inline" if reading.format in exporter.inline else "attachment",
    )
    for name, value in exporter.headers.items():
        response[name] = value
    return response
