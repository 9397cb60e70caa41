"""The tournament register page (officials only): every ruling, adjustment, discipline entry
and appeal, filtered by round, table, player and kind, with the zero-sum line per round.
Thin: ``register.register`` reads and decides who may see it."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from referee.core.refusals import attempt
from referee.tournaments.models import Tournament
from referee.tournaments.surfaces import referee_page

from . import services
from .forms import AppealForm, DecisionForm, EntryForm
from .models import Appeal, Entry
from .register import KINDS, filters, kind_label, register


@referee_page
def register_page(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    entry_form = EntryForm(tournament=tournament)
    appeal_form = AppealForm(tournament=tournament)
    if request.method == "POST":
        done = _post(request, tournament)
        if done is None:
            return redirect(request.get_full_path())
        entry_form, appeal_form = done
    chosen = filters(request)
    found = register(tournament, request.user, **chosen)
    query = request.GET.urlencode()
    return render(
        request,
        "discipline/register.html",
        {
            "tournament": tournament,
            "register": found,
            "chosen": chosen,
            "kinds": [(kind, kind_label(kind)) for kind in KINDS],
            "players": sorted(found.names.items(), key=lambda item: item[1]),
            "query": query,
            "entry_form": entry_form,
            "appeal_form": appeal_form,
            "pending": Appeal.objects.filter(
                tournament=tournament, decision=Appeal.Decision.PENDING, entry__isnull=False
            ).select_related("appellant__player", "entry"),
            "decision_form": DecisionForm(),
        },
    )


def _post(request: HttpRequest, tournament: Tournament) -> tuple[EntryForm, AppealForm] | None:
    """Carry out the posted form; None when done, else the forms to show with their errors.
    A refusal of the right is the services' ``NotAllowed`` (a 403)."""
    entry_form = EntryForm(tournament=tournament)
    appeal_form = AppealForm(tournament=tournament)
    section = request.POST.get("section")
    if section == "entry":
        entry_posted = _record_entry(request, tournament)
        if entry_posted is None:
            return None
        entry_form = entry_posted
    elif section == "appeal":
        appeal_posted = _file_appeal(request, tournament)
        if appeal_posted is None:
            return None
        appeal_form = appeal_posted
    elif section == "decision" and _decide(request, tournament):
        return None
    return entry_form, appeal_form


def _record_entry(request: HttpRequest, tournament: Tournament) -> EntryForm | None:
    """Record the posted discipline entry; None when done, else its form with the errors."""
    form = EntryForm(request.POST, tournament=tournament)
    if form.is_valid():
        d = form.cleaned_data
        if attempt(
            request,
            lambda: services.record_entry(
                tournament.pk,
                d["registration"],
                d["kind"],
                request.user,
                rule=d["rule"],
                reason=d["reason"],
                points=d["points"] or None,
            ),
            _("Recorded."),
            form=form,
        ):
            return None
    return form


def _file_appeal(request: HttpRequest, tournament: Tournament) -> AppealForm | None:
    """File the posted appeal of an entry; None when done, else its form with the errors."""
    form = AppealForm(request.POST, tournament=tournament)
    if form.is_valid():
        entry = Entry.objects.get(pk=form.cleaned_data["entry"])
        grounds = form.cleaned_data["grounds"]
        if attempt(
            request,
            lambda: services.file_appeal(
                tournament.pk,
                entry.registration_id,
                Appeal.Subject.DISCIPLINE,
                grounds,
                request.user,
                entry_id=entry.pk,
            ),
            _("Recorded."),
            form=form,
        ):
            return None
    return form


def _decide(request: HttpRequest, tournament: Tournament) -> bool:
    """Decide the posted appeal; whether it is done."""
    form = DecisionForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("Give the reasons for the decision."))
        return False
    d = form.cleaned_data
    appeal = Appeal.objects.filter(tournament=tournament, pk=d["appeal"]).first()
    if appeal is None:
        raise Http404
    decided = attempt(  # the refusal above the page: the decision's form is one of many
        request,
        lambda: services.decide_appeal(
            appeal.pk, d["decision"], d["reason"], request.user, points=d["points"] or None
        ),
        _("Recorded."),
    )
    return bool(decided)
