"""JSON from the outside read without a server error, however it is nested: a body of
``[`` × 100,000 makes the standard decoder raise ``RecursionError`` (a 500), and a
structure a few hundred levels deep passes the decoder but overflows the recursive code
that walks it afterwards (the bounds, the serializers, the database's encoder).

``SafeDecoder`` refuses both as a ``JSONDecodeError`` (a ``ValueError``, which every
reader of JSON already answers as bad input): the API's parser (``api.parsers``), the
admin's JSON fields (``bounds.ADMIN_FORM_FIELDS``) and every ``loads`` of the site's own
(the convention options typed on the settings page, the tournament archives).
"""

from __future__ import annotations

import json
from typing import Any

#: deeper than any deal, option or note the site stores (a deal is three or four levels)
MAX_DEPTH = 32


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether ``value`` nests lists and objects more than ``limit`` levels (no recursion:
    the check itself must not overflow)."""
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children: Any = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        if depth > limit:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


class SafeDecoder(json.JSONDecoder):
    def decode(self, s: str, *args: Any, **kwargs: Any) -> Any:
        try:
            value = super().decode(s, *args, **kwargs)
        except RecursionError:
            raise json.JSONDecodeError("nested too deeply", s, 0) from None
        if too_deep(value):
            raise json.JSONDecodeError(f"nested more than {MAX_DEPTH} levels", s, 0)
        return value


def loads(text: str | bytes, **kwargs: Any) -> Any:
    """``json.loads`` with ``SafeDecoder``: a ``ValueError`` for any text that is not JSON
    or is nested too deeply."""
    return json.loads(text, cls=SafeDecoder, **kwargs)
