"""The hall's big screen (``/t/<slug>/standings/screen/``): the latest public standings and,
once a round is seated, "find your table" (every player alphabetically → table and seat).

The page holds every row; its script measures the screen and pages so that each row is seen
whatever the projector (1366×768, 1920×1080 …): as many rows a page as fit, every page in
turn, then the seating, then it loads itself again for fresh figures. Without a script the
page goes at once to ``?page=1``, where the server pages (``?rows=`` sets the page's rows,
``&part=seating`` the finder's pages) and each page refreshes itself to the next."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from referee.tables.models import Seat
from referee.tournaments.models import Round, Tournament
from referee.tournaments.search import folded
from referee.tournaments.surfaces import public_page

from . import services
from .views import display_rows, whole_number

REFRESH_SECONDS = 30  # the server's pages, without a script
PAGE_SECONDS = 12  # each measured page, with one
# server pages (no script): 12 rows fit under the heading at 768 px high and up, as the
# page's CSS sizes them by the screen's height (a 1366×768 projector showed only 13 of 20)
SCREEN_ROWS = 12
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


@public_page
def standings_screen(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Without a script the server turns the pages: standings pages 1…S, then "find your
    table" pages 1…F after seating, then standings page 1 again."""
    table = services.standings_after(tournament, viewer=request.user)
    rows = display_rows(services.standings_rows(table), tournament.slug)
    server_paged = "page" in request.GET or "rows" in request.GET
    per_page = min(max(whole_number(request.GET.get("rows")) or SCREEN_ROWS, 5), 60)
    round_, finders = seating_to_find(tournament)
    seating = server_paged and request.GET.get("part") == "seating" and bool(finders)
    # the finder's two columns hold twice the rows of a standings page
    listed = Paginator(finders if seating else rows, per_page * (2 if seating else 1))
    page = listed.get_page(request.GET.get("page"))
    query: dict[str, object] = {"page": 1}
    if page.has_next():
        query = {"page": page.next_page_number(), **({"part": "seating"} if seating else {})}
    elif not seating and finders:
        query = {"page": 1, "part": "seating"}
    if "rows" in request.GET:
        query["rows"] = per_page
    return render(
        request,
        "standings/screen.html",
        {
            "tournament": tournament,
            "standings": table,
            "page": page,
            "rows": rows if not server_paged else ([] if seating else page.object_list),
            "server_paged": server_paged,
            "seating_page": seating,
            "refresh": REFRESH_SECONDS,
            "page_seconds": PAGE_SECONDS,
            "next_url": f"{request.path}?{urlencode(query)}",
            "first_url": f"{request.path}?page=1",
            "seating_round": round_,
            "finders": page.object_list if seating else finders,
        },
    )
