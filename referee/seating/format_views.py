"""The organiser's Format page (/t/<slug>/manage/format/): byes, the unfinished-pulka policy,
substitutes, yellow cards, teams, stages and the fixed schedule. Thin: the services decide,
and every setting here is frozen once play starts."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from referee.core.errors import ServiceError
from referee.core.refusals import add_refusal
from referee.tournaments import services
from referee.tournaments.models import Stage, Tournament
from referee.tournaments.surfaces import manage_page

from .format_forms import FormatForm, ScheduleForm, StageFormSet, TeamForm
from .schedule import upload_schedule


@manage_page
def manage_format(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    stages = [
        {k: getattr(s, k) for k in StageFormSet.form.base_fields}
        for s in Stage.objects.filter(tournament=tournament).order_by("number")
    ]
    format_form = FormatForm(initial=FormatForm.initial_for(tournament))
    stage_forms = StageFormSet(initial=stages, prefix="stages")
    team_form = TeamForm(tournament=tournament)
    schedule_form = ScheduleForm()
    section = request.POST.get("section") if request.method == "POST" else None
    try:
        if section == "format":
            format_form = FormatForm(request.POST)
            if format_form.is_valid():
                services.update_format(tournament.pk, format_form.cleaned_data, request.user)
                return _saved(request, tournament)
        elif section == "stages":
            stage_forms = StageFormSet(request.POST, prefix="stages")
            if stage_forms.is_valid():
                chosen = [
                    {**f.cleaned_data, "carry_fraction": f.cleaned_data["carry_fraction"] or "1"}
                    for f in stage_forms
                    if f.cleaned_data
                ]
                services.set_stages(tournament.pk, chosen, request.user)
                return _saved(request, tournament)
        elif section == "team":
            team_form = TeamForm(request.POST, tournament=tournament)
            if team_form.is_valid():
                members = [e.pk for e in team_form.cleaned_data["members"]]
                services.create_team(
                    tournament.pk, team_form.cleaned_data["name"], members, request.user
                )
                return _saved(request, tournament)
        elif section == "schedule":
            schedule_form = ScheduleForm(request.POST, request.FILES)
            if schedule_form.is_valid():
                upload = schedule_form.cleaned_data["schedule"]
                upload_schedule(tournament.pk, upload.read(), upload.name, request.user)
                return _saved(request, tournament)
    except ServiceError as error:
        form = {
            "format": format_form,
            "team": team_form,
            "schedule": schedule_form,
        }.get(section or "")
        if form is not None:
            add_refusal(form, error)
        else:
            messages.error(request, error.message)
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


def _saved(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    messages.success(request, _("The format is saved."))
    return redirect("manage-format", tournament.slug)
