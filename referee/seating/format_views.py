"""The organiser's Format page (/t/<slug>/manage/format/): byes, the unfinished-pulka policy,
substitutes, yellow cards, teams, stages and the fixed schedule. Thin: the services decide,
and every setting here is frozen once play starts."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _

from referee.core.posts import get_leads_to
from referee.core.refusals import add_refusal, attempt, outcome_of, show_refusal
from referee.tournaments import services
from referee.tournaments.models import Stage, Tournament
from referee.tournaments.surfaces import manage_page

from .format_forms import FormatForm, ScheduleForm, StageFormSet, TeamForm, stage_rows
from .playoff_game import seat_playoff_game
from .schedule import upload_schedule


@manage_page
def manage_format(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    stages = stage_rows(list(Stage.objects.filter(tournament=tournament).order_by("number")))
    format_form = FormatForm(initial=FormatForm.initial_for(tournament))
    stage_forms = StageFormSet(initial=stages, prefix="stages")
    team_form = TeamForm(tournament=tournament)
    schedule_form = ScheduleForm()
    section = request.POST.get("section") if request.method == "POST" else None
    pk, done = tournament.pk, _("The format is saved.")
    saved = False
    if section == "format":
        format_form = FormatForm(request.POST)
        saved = format_form.is_valid() and _save_format(request, format_form, pk, done)
    elif section == "stages":
        stage_forms = StageFormSet(request.POST, prefix="stages")
        saved = stage_forms.is_valid() and _save_stages(request, stage_forms, pk, done)
    elif section == "team":
        team_form = TeamForm(request.POST, tournament=tournament)
        saved = team_form.is_valid() and _save_team(request, team_form, pk, done)
    elif section == "schedule":
        schedule_form = ScheduleForm(request.POST, request.FILES)
        saved = schedule_form.is_valid() and _save_schedule(request, schedule_form, pk, done)
    if saved:
        return redirect("manage-format", tournament.slug)
    return render(
        request,
        "seating/format.html",
        {
            "tournament": tournament,
            "chief": True,
            "format_form": format_form,
            "stage_forms": stage_forms,
            "team_form": team_form,
            "schedule_form": schedule_form,
            "teams": tournament.teams.prefetch_related("members__player"),
            "schedule_rounds": sorted(int(n) for n in tournament.schedule),
        },
    )


def _save_format(request: HttpRequest, form: FormatForm, pk: int, done: str) -> bool:
    """The valid format form's settings saved; a refusal lands at its field."""
    chosen = form.cleaned_data
    saved = attempt(
        request, lambda: services.update_format(pk, chosen, request.user), done, form=form
    )
    return bool(saved)


def _save_team(request: HttpRequest, form: TeamForm, pk: int, done: str) -> bool:
    """The valid team form's team created; a refusal lands at its field."""
    name = form.cleaned_data["name"]
    members = [e.pk for e in form.cleaned_data["members"]]
    saved = attempt(
        request, lambda: services.create_team(pk, name, members, request.user), done, form=form
    )
    return bool(saved)


def _save_schedule(request: HttpRequest, form: ScheduleForm, pk: int, done: str) -> bool:
    """The valid schedule form's uploaded schedule fixed; a refusal lands at its field."""
    upload = form.cleaned_data["schedule"]
    saved = attempt(
        request,
        lambda: upload_schedule(pk, upload.read(), upload.name, request.user),
        done,
        form=form,
    )
    return bool(saved)


def _save_stages(request: HttpRequest, stage_forms: Any, pk: int, done: str | Promise) -> bool:
    """The filled rows, first to last, as the stages; a refusal about one stage lands at its
    row's field (and so in the summary at the top), any other is a message."""
    filled = [f for f in stage_forms if f.cleaned_data]
    chosen = [
        {
            **f.cleaned_data,
            "carry_fraction": f.cleaned_data["carry_fraction"] or "1",
            "groups": f.cleaned_data["groups"] or 1,
            "seeding": f.cleaned_data["seeding"] or Stage.Seeding.SNAKE,
        }
        for f in filled
    ]
    outcome = outcome_of(lambda: services.set_stages(pk, chosen, request.user))
    refused = outcome.refusal
    if refused is None:
        messages.success(request, str(done))
        return True
    number = refused.params.get("stage_number")
    if isinstance(number, int) and 1 <= number <= len(filled):
        add_refusal(filled[number - 1], refused)
    else:
        show_refusal(request, refused)
    return False


@manage_page
@get_leads_to(lambda tournament: reverse("stage-places", args=[tournament.slug]))
def seat_playoff(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The stages page's *Seat the play-off game*: the tied players at a table of their own,
    in play at once; its round page next, else the stages page with the refusal."""
    deals = request.POST.get("deals", "")
    outcome = attempt(
        request,
        lambda: seat_playoff_game(tournament.pk, request.user, deals),
        _("The play-off game is seated and in play: its deals are entered like any table's."),
    )
    if outcome.value is not None:
        return redirect("round", tournament.slug, outcome.value.number)
    return redirect("stage-places", tournament.slug)
