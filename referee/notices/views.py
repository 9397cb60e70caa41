"""The players' letters: the keyed page that stops them (no login: whoever holds the key
from a letter; a mail client's one-click ``POST`` too, RFC 8058) and the chief's list of what
was sent."""

from __future__ import annotations

from collections import Counter

from django import forms
from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import csrf_exempt

from referee.core.throttle import key_page
from referee.standings.services.private import link_entry
from referee.tournaments.models import Registration, Tournament
from referee.tournaments.surfaces import manage_page

from . import services
from .models import Notice


class LettersForm(forms.Form):
    email = forms.EmailField(label=gettext_lazy("E-mail"), required=False, max_length=254)
    notify = forms.BooleanField(
        label=gettext_lazy("Send me my table and my results by e-mail"), required=False
    )

    def clean(self) -> dict:
        data = super().clean() or {}
        if data.get("notify") and not data.get("email"):
            self.add_error("email", _("Give an e-mail address to receive the letters."))
        return data


@key_page("player_link", by="registration")
def letters(request: HttpRequest, slug: str, registration: int, key: str) -> HttpResponse:
    """The player's own opt-in, from his private link (its key is the right): his address
    and whether this tournament writes to him."""
    entry = link_entry(slug, registration, key)
    if entry is None:
        raise Http404
    form = LettersForm(request.POST or None, initial={"email": entry.email, "notify": entry.notify})
    if request.method == "POST" and form.is_valid():
        services.subscribe(entry, form.cleaned_data["email"], form.cleaned_data["notify"])
        if form.cleaned_data["notify"]:
            messages.success(request, _("Done: the letters will come to this address."))
        else:
            messages.success(request, _("Done: no letters will be sent to you."))
        return redirect("notices-letters", slug, registration, key)
    response = render(
        request,
        "notices/letters.html",
        {"tournament": entry.tournament, "entry": entry, "form": form, "key": key},
    )
    response["Cache-Control"] = "private, no-store"
    return response


@key_page("player_link", by="registration")
@csrf_exempt  # the key is the right; a mail client's one-click unsubscribe posts no token
def stop(request: HttpRequest, slug: str, registration: int, key: str) -> HttpResponse:
    entry = link_entry(slug, registration, key, services.holds_unsubscribe_key)
    if entry is None:
        raise Http404
    stopped = False
    if request.method == "POST":
        services.unsubscribe(entry)
        stopped = True
        entry.notify = False
    response = render(
        request,
        "notices/stop.html",
        {"tournament": entry.tournament, "entry": entry, "stopped": stopped},
    )
    response["Cache-Control"] = "private, no-store"
    return response


@manage_page
def manage_notices(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    notices = list(
        Notice.objects.filter(tournament=tournament).select_related(
            "registration__player", "application"
        )
    )
    subscribers = (
        Registration.objects.filter(tournament=tournament, notify=True).exclude(email="").count()
    )
    counts = Counter(n.status for n in notices)
    return render(
        request,
        "notices/manage.html",
        {
            "tournament": tournament,
            "notices": notices,
            "subscribers": subscribers,
            "sent": counts[Notice.Status.SENT],
            "bounced": counts[Notice.Status.BOUNCED],
            "failed": counts[Notice.Status.FAILED] + counts[Notice.Status.DEFERRED],
        },
    )
