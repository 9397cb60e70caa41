"""``?limit=&offset=`` pages of at most ``max_limit`` rows; numbers past any real list are
clamped rather than sent to the database (where they would overflow)."""

from __future__ import annotations

from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

LARGEST = 10**9


class Pages(LimitOffsetPagination):
    default_limit = 50
    max_limit = 500

    def get_offset(self, request: Request) -> int:
        return min(super().get_offset(request), LARGEST)

    def get_limit(self, request: Request) -> int | None:
        limit = super().get_limit(request)
        return None if limit is None else min(limit, self.max_limit)
