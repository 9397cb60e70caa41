"""The table of the URL, for every surface above the tables app (pages, exports, the API).

The tournament's surfaces (``referee.tournaments.surfaces``) sit below the tables app and
cannot know a table; this is their continuation one layer up, with the same visibility rule.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest
from django.shortcuts import get_object_or_404

from referee.core.permissions import may_view_round

from .models import Table


def table_for(request: HttpRequest, slug: str, round: int, table: int) -> Table:
    """The table of the URL with its round and tournament, or 404 when the user may not see
    the tournament, or (the public) while the organiser keeps the round hidden."""
    found = get_object_or_404(
        Table.objects.select_related(
            "round__tournament__chief_referee", "submitted_by", "confirmed_by"
        ),
        round__tournament__slug=slug,
        round__number=round,
        number=table,
    )
    if not may_view_round(request.user, found.round.tournament, found.round.number):
        raise Http404
    return found
