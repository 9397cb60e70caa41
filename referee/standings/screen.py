"""The hall's big screen (``/t/<slug>/standings/screen/``): the latest public standings and,
once a round is seated, "find your table" (every player alphabetically → table and seat).

The page holds every row; its script measures the screen and pages so that each row is seen
whatever the projector (1366×768, 1920×1080 …): as many rows a page as fit, every page in
turn, then the seating, then it loads itself again for fresh figures. Without a script (or
with ``?page=``/``?rows=``) the server pages as before and the page refreshes itself."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from referee.tables.models import Seat
from referee.tournaments.models import Round, Tournament
from referee.tournaments.search import folded
from referee.tournaments.surfaces import tournament_for

from . import services
from .views import _number, _visible, display_rows

REFRESH_SECONDS = 30  # the server's pages, without a script
PAGE_SECONDS = 12  # each measured page, with one
SCREEN_ROWS = 20
LETTERS = "ABCD"


@dataclass(frozen=True)
class Finder:
    name: str
    table: int
    seat: str


def seating_to_find(tournament: Tournament) -> tuple[Round | None, list[Finder]]:
    """The latest round not yet finished and its seats, alphabetically (two queries)."""
    round_ = (
        Round.objects.filter(tournament=tournament)
        .exclude(status=Round.Status.FINISHED)
        .order_by("-number")
        .first()
    )
    if round_ is None:
        return None, []
    seats = Seat.objects.filter(table__round=round_).values_list(
        "registration__player__name", "table__number", "position"
    )
    lines = [Finder(name, table, f"{pos} {LETTERS[pos - 1]}") for name, table, pos in seats]
    return round_, sorted(lines, key=lambda f: (folded(f.name), f.name))


def standings_screen(request: HttpRequest, slug: str) -> HttpResponse:
    tournament = tournament_for(request, slug)
    table = _visible(lambda: services.standings_after(tournament, viewer=request.user))
    rows = display_rows(services.standings_rows(table), tournament.slug)
    server_paged = "page" in request.GET or "rows" in request.GET
    per_page = min(max(_number(request.GET.get("rows")) or SCREEN_ROWS, 5), 60)
    page = Paginator(rows, per_page).get_page(request.GET.get("page"))
    following = page.next_page_number() if page.has_next() else 1
    query = {"page": following}
    if "rows" in request.GET:
        query["rows"] = per_page
    round_, finders = seating_to_find(tournament)
    return render(
        request,
        "standings/screen.html",
        {
            "tournament": tournament,
            "standings": table,
            "page": page,
            "rows": page.object_list if server_paged else rows,
            "server_paged": server_paged,
            "refresh": REFRESH_SECONDS,
            "page_seconds": PAGE_SECONDS,
            "next_url": f"{request.path}?{urlencode(query)}",
            "seating_round": round_,
            "finders": finders,
        },
    )
