"""The API's JSON parser: DRF's, reading with the site's safe decoder (``core.safejson``),
so that a body nested too deeply is a 400 like any other malformed JSON, never a
``RecursionError``."""

from __future__ import annotations

import codecs
from typing import Any

from django.utils.translation import gettext as _
from rest_framework import parsers
from rest_framework.exceptions import ParseError
from rest_framework.utils import json

from referee.core.safejson import MAX_DEPTH, SafeDecoder


class JSONParser(parsers.JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        # DRF's (it refuses non-text codecs), missing from djangorestframework-stubs 3.16
        encoding = parsers.get_encoding(parser_context or {})  # type: ignore[attr-defined]
        try:
            decoded = codecs.getreader(encoding)(stream)
            constant = json.strict_constant if self.strict else None
            # what json.load does (the stub would have an IO[str], not a StreamReader)
            return json.loads(decoded.read(), parse_constant=constant, cls=SafeDecoder)
        except ValueError:
            message = _(
                "The request's body is not valid JSON, or nests lists and objects more than "
                "%(depth)s levels deep."
            ) % {"depth": MAX_DEPTH}
            raise ParseError(message) from None
