"""Self-registration's pages: the public form (``/t/<slug>/join/``) and the organiser's list
of applications with his decisions and the form's settings."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from referee.core.confirm import Summary, ask, confirmed
from referee.core.refusals import attempt

from . import applications, gates, services
from .models import MAX_CAP, Application, Tournament
from .surfaces import manage_page, manage_render, public_page


class ApplicationForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Name and surname"), max_length=200)
    city = forms.CharField(label=gettext_lazy("City"), max_length=100)
    rating_number = forms.CharField(
        label=gettext_lazy("Rating number"),
        max_length=40,
        required=False,
        help_text=gettext_lazy("Your federation number, if you have one."),
    )
    contact = forms.CharField(
        label=gettext_lazy("Phone or e-mail"),
        max_length=200,
        help_text=gettext_lazy("Only the organiser sees it."),
    )
    email = forms.EmailField(
        label=gettext_lazy("E-mail"),
        required=False,
        max_length=254,
        help_text=gettext_lazy("Optional; only the organiser sees it."),
    )
    notify = forms.BooleanField(
        label=gettext_lazy("Send me my table and my results by e-mail"),
        required=False,
        help_text=gettext_lazy(
            "When a round is seated and when its results are published; every letter has a "
            "link to stop them."
        ),
    )

    def clean(self) -> dict:
        data = super().clean() or {}
        if data.get("notify") and not data.get("email"):
            self.add_error("email", _("Give an e-mail address to receive the letters."))
        return data

    def __init__(self, *args: Any, choices: Mapping[str, Sequence[str]] | None = None) -> None:
        """``choices``: what the admission rules ask the applicant to choose (``gates``)."""
        super().__init__(*args)
        labels = {"category": gettext_lazy("Category"), "division": gettext_lazy("Division")}
        for key, values in (choices or {}).items():
            self.fields[key] = forms.ChoiceField(
                label=labels.get(key, key),
                choices=[("", "—"), *((v, v) for v in values)],
            )


class SettingsForm(forms.Form):
    open = forms.BooleanField(label=gettext_lazy("Players may apply on the site"), required=False)
    closes = forms.DateTimeField(
        label=gettext_lazy("Applications close at"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M", "%d.%m.%Y %H:%M"],
    )
    cap = forms.IntegerField(
        label=gettext_lazy("Players at most"), required=False, min_value=1, max_value=MAX_CAP
    )
    publish = forms.BooleanField(
        label=gettext_lazy("Publish the tournament's page (the form is on it)"),
        required=False,
        initial=True,
    )

    def __init__(self, *args: Any, published: bool = True, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if published:
            del self.fields["publish"]


@public_page
def join(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    offered = gates.choices(tournament)
    form = ApplicationForm(request.POST or None, choices=offered)
    done = None
    if request.method == "POST" and form.is_valid():
        address = request.META.get("REMOTE_ADDR", "")
        outcome = attempt(
            request,
            lambda: applications.apply(tournament.pk, form.cleaned_data, address),
            form=form,
        )
        done = outcome.value
        if done is not None:
            form = ApplicationForm(choices=offered)
    context = {"tournament": tournament, "form": form, "done": done}
    return render(request, "tournaments/join.html", {**context, "terms": gates.terms(tournament)})


@manage_page
def manage_applications(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    initial = {
        "open": tournament.self_registration,
        "closes": tournament.registration_closes,
        "cap": tournament.registration_cap,
    }
    if request.method == "POST" and request.POST.get("section") == "publish":
        attempt(
            request,
            lambda: services.update_settings(tournament.pk, {"published": True}, request.user),
            _("The tournament's page is published: the join link works."),
        )
        return redirect("manage-applications", tournament.slug)
    form = SettingsForm(request.POST or None, initial=initial, published=tournament.published)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        outcome = attempt(
            request,
            lambda: applications.open_registration(
                tournament.pk,
                request.user,
                open=data["open"],
                closes=data["closes"],
                cap=data["cap"],
                publish=bool(data["open"] and data.get("publish")),
            ),
            _("Saved."),
            form=form,
        )
        if outcome.value is not None:
            return redirect("manage-applications", tournament.slug)
    listed = Application.objects.filter(tournament=tournament).select_related("same_as")
    return manage_render(
        request, "tournaments/manage_applications.html", tournament, form=form, applications=listed
    )


@manage_page
@require_POST
def decide(request: HttpRequest, tournament: Tournament, application: int) -> HttpResponse:
    if not Application.objects.filter(pk=application, tournament=tournament).exists():
        raise Http404
    approve = request.POST.get("action") == "approve"
    if approve and applications.over_cap(tournament) and not confirmed(request):
        found = Application.objects.get(pk=application)
        taken, cap = applications.places(tournament)
        summary = Summary(
            title=_("Approve %(name)s over the cap?") % {"name": found.name},
            button=_("Approve over the cap"),
            facts=[
                (_("Players registered"), taken),
                (_("Players at most"), cap),
                (_("Players after the approval"), taken + 1),
            ],
            warning=_(
                "The tournament is full: approving registers one player more than its cap."
                " To take him in without going over it, raise the cap first."
            ),
            kept={"action": "approve"},
        )
        back = reverse("manage-applications", args=[tournament.slug])
        return ask(request, summary, back, {"tournament": tournament})
    done = _("Approved: the player is registered.") if approve else _("Declined.")
    beyond = approve and confirmed(request)
    attempt(
        request,
        lambda: applications.decide(application, request.user, approve, beyond_cap=beyond),
        done,
    )
    return redirect("manage-applications", tournament.slug)
