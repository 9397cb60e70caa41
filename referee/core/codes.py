"""Refusals as stable codes, with one registry of messages per package (pretix style).

A package that refuses something declares its refusals once, in its ``refusals.py``:
``REFUSALS = Refusals("tables", {"deal.cap_reached": _("This table has played its %(cap)s
deals."), …})`` (code -> lazily translated template with ``%(param)s`` placeholders). A
service then raises ``REFUSALS.error("deal.cap_reached", "number", cap=24)``: a
``ServiceError`` whose ``code`` is the namespaced ``tables.deal.cap_reached``, whose ``field``
is ``number``, whose ``params`` are the values and whose ``message`` is the template rendered
in the active language. The API answers ``code``, ``field`` and ``params``. This is said
here once: a package's ``refusals.py`` names only what it refuses.

The engine (``ScoringError``) and the standings' pure modules (``StandingsError``) cannot
import Django: they refuse with a bare ``code`` and ``params``, and their registry is declared
with ``raises=`` the class it renders (a service passes such a refusal on with ``wrap``).
The seating's draw names players, so its service turns a ``SeatingError`` into its own
refusal (``seating.draw.…``). ``refusal_text`` is the one function that renders any coded
refusal, whichever layer raised it.

The engine's registry (``REFUSALS`` of ``referee.core.engine_text``, declared beside its
option texts) imports this module; this module never imports it: the core app declares it
when the site starts (``referee.core.apps``), as the standings app declares its own.

This is the site's lowest layer: it imports only Django and the core's errors.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from django.utils import translation
from django.utils.functional import Promise

from .errors import ServiceError

#: a code (or a code's part) is lower-case words joined by "_", parts joined by ".".
CODE = re.compile(r"^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)*$")

_BY_NAMESPACE: dict[str, Refusals] = {}
_BY_ERROR: dict[type[BaseException], Refusals] = {}


class Refusals(Mapping[str, Promise]):
    """One package's refusals: its code -> template, read like a dict of its local codes.

    ``namespace`` prefixes every code (``tables`` + ``deal.deleted``); the engine's registry
    has none, its codes being the engine's own. ``raises`` names the exception class of a
    layer without Django whose ``code`` and ``params`` this registry renders; ``fallback``
    is said for a code it has no template for (else the error's own message), and with
    ``own_english`` an English reader gets the error's own message (the engine's text).
    """

    def __init__(
        self,
        namespace: str,
        templates: Mapping[str, Promise],
        *,
        raises: type[BaseException] | None = None,
        fallback: Promise | None = None,
        own_english: bool = False,
    ) -> None:
        self.namespace = namespace
        self.templates = dict(templates)
        self.raises = raises
        self.fallback = fallback
        self.own_english = own_english
        _BY_NAMESPACE[namespace] = self
        if raises is not None:
            _BY_ERROR[raises] = self

    def __getitem__(self, code: str) -> Promise:
        return self.templates[code]

    def __iter__(self) -> Iterator[str]:
        return iter(self.templates)

    def __len__(self) -> int:
        return len(self.templates)

    def code(self, name: str) -> str:
        """The full, namespaced code of one of this registry's refusals."""
        return f"{self.namespace}.{name}" if self.namespace else name

    def text(self, name: str, /, **params: Any) -> str:
        """The refusal ``name`` in the active language, filled with ``params``."""
        template = self.templates[name]
        if not params:
            return str(template)
        values = {
            key: ", ".join(map(str, value)) if isinstance(value, list | tuple) else value
            for key, value in params.items()
        }
        return str(template % values)  # a plural template picks its form from the values

    def error(
        self,
        name: str,
        field: str | None = None,
        /,
        *,
        cls: type[ServiceError] = ServiceError,
        **params: Any,
    ) -> ServiceError:
        """The refusal ``name`` as an exception to raise (``cls``, a ``ServiceError``)."""
        return cls(self.text(name, **params), field, code=self.code(name), params=params)

    def wrap(
        self,
        error: BaseException,
        field: str | None = None,
        /,
        *,
        cls: type[ServiceError] = ServiceError,
    ) -> ServiceError:
        """A pure layer's refusal (``raises``) as a service's: its code in this namespace."""
        code = self.code(str(getattr(error, "code", "")))
        params = dict(getattr(error, "params", {}) or {})
        return cls(refusal_text(error), field, code=code, params=params)


def registries() -> dict[str, Refusals]:
    """Every registry declared so far, by namespace (a package's is declared when its
    ``refusals`` module is imported)."""
    return dict(_BY_NAMESPACE)


def _registry_of(error: BaseException) -> tuple[Refusals, str] | None:
    code = str(getattr(error, "code", "") or "")
    if isinstance(error, ServiceError):
        namespace, _dot, name = code.partition(".")
        while name:
            found = _BY_NAMESPACE.get(namespace)
            if found is not None and name in found:
                return found, name
            head, _dot, name = name.partition(".")
            namespace = f"{namespace}.{head}"
        engine = _BY_NAMESPACE.get("")  # an engine's refusal passed on keeps its own code
        return (engine, code) if engine is not None and code in engine else None
    for kind in type(error).__mro__:
        if kind in _BY_ERROR:
            return _BY_ERROR[kind], code
    return None


def _english() -> bool:
    language = translation.get_language() or "en"
    return language.split("-")[0] == "en"


def refusal_text(error: BaseException) -> str:
    """Any coded refusal (a service's, the engine's, standings' or seating's) in the active
    language: its code's template filled with its params; a refusal of a file's line
    (``line_number``, the board file's) begins "Line 14: "."""
    text = _coded_text(error)
    line = getattr(error, "line_number", None)
    if type(line) is int and line > 0:
        return translation.gettext("Line %(line)s: %(reason)s") % {"line": line, "reason": text}
    return text


def _coded_text(error: BaseException) -> str:
    engine = getattr(error, "engine_error", None)
    if isinstance(engine, BaseException):  # a service's InvalidDeal: the engine's refusal
        return refusal_text(engine)
    found = _registry_of(error)
    own = str(getattr(error, "message", "") or error)
    if found is None:
        return own
    registry, name = found
    if registry.own_english and _english():
        return own
    if name not in registry:
        return str(registry.fallback) if registry.fallback is not None else own
    params = dict(getattr(error, "params", {}) or {})
    return registry.text(name, **params)
