"""The duplicate session's pages: the chief's (create, seat the stanzas, publish), the
officials' board slips and hand records, and the public session standings, travellers and
board pages once the chief has published the boards (before that a traveller would tell a
table that has yet to play a board how it went elsewhere)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from referee.core.language import engine_language
from referee.core.refusals import attempt
from referee.tournaments.models import Round, Tournament
from referee.tournaments.surfaces import manage_page, public_page, referee_page

from . import analysis, services
from .boardfile import export_name, export_text, file_board, seating, slip_headings
from .forms import ImportForm, SessionForm
from .models import Session
from .notes import movement_notes
from .results import ROLE_NAMES, Traveller
from .sealing import board_numbers, closed_boards, results_for, sight
from .surfaces import session_for


@manage_page
def manage_sessions(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    # a tournament with no round yet is a duplicate event: its places come from the session
    event = not Round.objects.filter(tournament=tournament).exists()
    initial = {"counts": Session.Counts.PLACES if event else Session.Counts.OWN}
    form = SessionForm(request.POST or None, request.FILES or None, initial=initial)
    plan = None
    if request.method == "POST" and form.is_valid() and "preview" in request.POST:
        data = form.cleaned_data
        plan = attempt(
            request,
            lambda: services.preview(
                tournament.pk,
                request.user,
                size=int(data["size"]),
                boards_per_set=int(data["boards_per_set"]),
                stanzas=data.get("stanzas"),
            ),
            form=form,
        ).value
    elif request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        outcome = attempt(
            request,
            lambda: services.create_session(tournament.pk, request.user, **data),
            _("The duplicate session is created and its first stanza seated."),
            form=form,
        )
        if outcome.value is not None:
            return redirect("duplicate-manage", tournament.slug, outcome.value.number)
    sessions = Session.objects.filter(tournament=tournament)
    return render(
        request,
        "duplicate/manage_sessions.html",
        {"tournament": tournament, "form": form, "sessions": sessions, "plan": plan},
    )


@manage_page
def manage_session(request: HttpRequest, tournament: Tournament, session: int) -> HttpResponse:
    found = session_for(tournament, session)
    rounds = {
        r.number: r for r in Round.objects.filter(tournament=tournament, number__in=found.rounds)
    }
    stanzas = [
        {"number": k + 1, "round": rounds.get(number)} for k, number in enumerate(found.rounds)
    ]
    closed = closed_boards(found)
    return render(
        request,
        "duplicate/manage_session.html",
        {
            "tournament": tournament,
            "session": found,
            "stanzas": stanzas,
            # the notation's first word in the reader's language (the reading takes both)
            "boards": [b.text.replace("Board", _("Board"), 1) for b in found.boards.all()],
            "notes": movement_notes(found.notes),
            "open_boards": sorted(board_numbers(found) - closed),
            "analysis": analysis.session_analysis(found),
        },
    )


def _analysis_state(request: HttpRequest, session: Session, *, chief: bool) -> dict:
    state = analysis.session_analysis(session)
    answer = state.as_json()
    if chief:
        slug = session.tournament.slug
        for row in answer["failed"]:
            row["retry"] = reverse("duplicate-retry", args=[slug, session.number, row["job"]])
    else:
        answer.pop("failed")
        answer["failed"] = len(state.failed)
    answer["analysed_boards"] = sorted(
        session.boards.filter(layout__analysis__isnull=False).values_list("number", flat=True)
    )
    return answer


@manage_page
def manage_analysis(request: HttpRequest, tournament: Tournament, session: int) -> JsonResponse:
    """The boards' analysis as JSON for the chief's progress bar (``static/js/analysis.js``)."""
    found = session_for(tournament, session)
    response = JsonResponse(_analysis_state(request, found, chief=True))
    response["Cache-Control"] = "no-store"
    return response


@public_page
def public_analysis(request: HttpRequest, tournament: Tournament, session: int) -> JsonResponse:
    """Which boards are analysed, for the board page's "being computed" to end by itself."""
    found = session_for(tournament, session)
    if not sight(found, request.user).shown:
        raise Http404
    response = JsonResponse(_analysis_state(request, found, chief=False))
    response["Cache-Control"] = "no-store"
    return response


@manage_page
@require_POST
def retry_analysis(
    request: HttpRequest, tournament: Tournament, session: int, job: int
) -> HttpResponse:
    """The chief's *Retry* of a board whose analysis failed three times."""
    found = session_for(tournament, session)
    if analysis.retry_board(found, job):
        messages.success(request, _("The board's analysis is queued again."))
    else:
        messages.info(request, _("Nothing was changed."))
    return redirect("duplicate-manage", tournament.slug, found.number)


@manage_page
@require_POST
def session_action(
    request: HttpRequest, tournament: Tournament, session: int, action: str
) -> HttpResponse:
    found = session_for(tournament, session)
    user = request.user
    if action == "seat":
        attempt(
            request,
            lambda: services.seat_stanza(found.pk, user),
            _("The next stanza is seated."),
        )
    elif action in ("publish", "hide"):
        done = (
            _("The boards are published.") if action == "publish" else _("The boards are hidden.")
        )
        attempt(request, lambda: services.publish_boards(found.pk, user, action == "publish"), done)
    else:
        raise Http404
    return redirect("duplicate-manage", tournament.slug, found.number)


@manage_page
def import_boards(request: HttpRequest, tournament: Tournament, session: int) -> HttpResponse:
    """The chief replaces the session's boards by a board file (pasted or uploaded) before
    any table has played one."""
    found = session_for(tournament, session)
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        text = str(form.cleaned_data.get("boards") or "")
        outcome = attempt(
            request,
            lambda: services.import_boards(found.pk, request.user, text),
            _("The boards are imported: the tables play them."),
            form=form,
        )
        if outcome:
            return redirect("duplicate-manage", tournament.slug, found.number)
    return render(
        request,
        "duplicate/import.html",
        {"tournament": tournament, "session": found, "form": form, "count": found.boards.count()},
    )


@public_page
def export_boards(request: HttpRequest, tournament: Tournament, session: int) -> HttpResponse:
    """The session's boards as a board file, for whoever may read its hand records."""
    found = session_for(tournament, session)
    response = HttpResponse(
        export_text(found, request.user), content_type="text/plain; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{export_name(found)}"'
    response["Cache-Control"] = "private, no-store"
    return response


@public_page
def session_page(request: HttpRequest, tournament: Tournament, session: int) -> HttpResponse:
    found = session_for(tournament, session)
    results = results_for(found, request.user, engine_language())
    return render(
        request,
        "duplicate/session.html",
        {
            "tournament": tournament,
            "session": found,
            "results": results,
            "shown": results is not None,
        },
    )


@public_page
def session_screen(request: HttpRequest, tournament: Tournament, session: int) -> HttpResponse:
    """The session standings in large type for the hall's screen, read again every 30 s."""
    found = session_for(tournament, session)
    results = results_for(found, request.user, engine_language())
    return render(
        request,
        "duplicate/screen.html",
        {"tournament": tournament, "session": found, "results": results},
    )


@public_page
def board_page(
    request: HttpRequest, tournament: Tournament, session: int, board: int
) -> HttpResponse:
    found = session_for(tournament, session)
    results = results_for(found, request.user, engine_language())
    if results is None:
        raise Http404
    traveller = next((t for t in results.travellers if t.board == board), None)
    if traveller is None:
        raise Http404
    return render(
        request,
        "duplicate/board.html",
        {
            "tournament": tournament,
            "session": found,
            "traveller": traveller,
            "roles": ROLE_NAMES[found.size],
            "boards": [t.board for t in results.travellers],
        },
    )


@public_page
def hand_records(request: HttpRequest, tournament: Tournament, session: int) -> HttpResponse:
    found = session_for(tournament, session)
    seen = sight(found, request.user)
    if not seen.shown:
        raise Http404
    # printed as the board file holds them: the same boards, seats and dealer as its download
    boards = [
        (Traveller(b.number, b.text, analysis=b.analysis), seating(file_board(found.size, b)))
        for b in found.boards.all()
        if b.number in seen.boards
    ]
    return render(
        request,
        "duplicate/records.html",
        {"tournament": tournament, "session": found, "boards": boards, "withheld": seen.withheld},
    )


@referee_page
def board_slips(request: HttpRequest, tournament: Tournament, session: int) -> HttpResponse:
    """One slip per table and stanza: its set's boards and who holds which hand (the cards
    are on the hand records: the slips travel with the boards)."""
    found = session_for(tournament, session)
    players = [r for group in found.plan["groups"] for r in group["players"]]
    names = dict(tournament.entries.filter(pk__in=players).values_list("pk", "player__name"))
    slips = [
        {
            "round": found.first_round + k,
            "table": table["table"],
            "set": table["set"],
            "boards": [
                {"number": board, "hands": [names.get(r, "") for r in holders]}
                for board, holders in table["boards"]
            ],
        }
        for k, stanza in enumerate(found.plan["stanzas"])
        for table in stanza
    ]
    return render(
        request,
        "duplicate/slips.html",
        {
            "tournament": tournament,
            "session": found,
            "slips": slips,
            "headings": slip_headings(found.size),
            # who sits out each stanza (a field with sit-outs), by round
            "sitting_out": [
                (found.first_round + k, [names.get(r, "") for r in out])
                for k, out in enumerate(found.plan.get("sitouts", []))
                if out
            ],
        },
    )
