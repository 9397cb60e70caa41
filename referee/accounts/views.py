"""The staff pages of a tournament's organiser surface: officials and table referees."""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.db.models import Prefetch
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from referee.core.confirm import Summary, ask, confirmed
from referee.core.people import person
from referee.core.refusals import attempt
from referee.tables.models import Seat
from referee.tournaments.models import Round, Tournament
from referee.tournaments.surfaces import manage_page, manage_render, with_round

from . import services
from .forms import GrantRoleForm, NameOfficialForm, RefereeAssignmentForm, RevokeRoleForm
from .models import Role


@manage_page
def manage_staff(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = GrantRoleForm()
    if request.method == "POST":
        form = GrantRoleForm(request.POST)
        if form.is_valid():
            data = form.cleaned_data
            if data["kind"] == Role.Kind.CHIEF and not confirmed(request):
                return ask(
                    request,
                    chief_summary(data),
                    reverse("manage-staff", args=[tournament.slug]),
                    {"tournament": tournament},
                )
            granted = attempt(
                request,
                lambda: services.grant_role(
                    tournament.pk,
                    data["username"],
                    data["kind"],
                    request.user,
                    data["password"],
                    first_name=data["first_name"],
                    last_name=data["last_name"],
                ),
                form=form,
            )
            if granted.value is not None:
                role = granted.value
                messages.success(
                    request,
                    _("%(name)s is now %(role)s.")
                    % {"name": person(role.user), "role": role.get_kind_display()},
                )
                return redirect("manage-staff", tournament.slug)
    roles = (
        Role.objects.filter(tournament=tournament)
        .select_related("user")
        .order_by("kind", "user__last_name", "user__first_name", "user__username")
    )
    chief = tournament.chief_referee
    return manage_render(
        request,
        "tournaments/manage_staff.html",
        tournament,
        form=form,
        roles=[(role, NameOfficialForm(official=role.user)) for role in roles],
        chief_name_form=NameOfficialForm(official=chief) if chief else None,
        rounds=tournament.rounds.order_by("number"),
    )


def chief_summary(data: dict[str, str]) -> Summary:
    """What naming a second chief referee gives him: every right of the tournament's chief."""
    name = " ".join(part for part in (data["first_name"], data["last_name"]) if part)
    return Summary(
        title=_("Make %(login)s a chief referee?") % {"login": data["username"]},
        button=_("Make a chief referee"),
        facts=[(_("Login"), data["username"]), (_("Name"), name or "—")],
        warning=_(
            "A chief referee has every right you have here: he decides the players' disputes,"
            " changes the settings and the standings settings, seats, starts and finishes the"
            " rounds, and adds or removes officials. To let him enter and sign off tables only,"
            " add him as a referee."
        ),
        danger=True,
        kept={
            "username": data["username"],
            "first_name": data["first_name"],
            "last_name": data["last_name"],
            "kind": data["kind"],
            "password": data["password"],
        },
    )


@manage_page
@require_POST
def manage_staff_name(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Set an official's full name (the staff page's "Name" form of each row)."""
    form = NameOfficialForm(request.POST)
    if form.is_valid():
        data = form.cleaned_data
        named = attempt(
            request,
            lambda: services.name_official(
                tournament.pk, data["username"], data["first_name"], data["last_name"], request.user
            ),
        )
        if named.value is not None:
            official = named.value
            messages.success(
                request,
                _("%(login)s is now shown as %(name)s.")
                % {"login": official.get_username(), "name": person(official)},
            )
    else:
        messages.error(request, " ".join(str(m) for errors in form.errors.values() for m in errors))
    return redirect("manage-staff", tournament.slug)


@manage_page
@require_POST
def manage_staff_revoke(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = RevokeRoleForm(request.POST)
    if form.is_valid():
        username, reason = form.cleaned_data["username"], form.cleaned_data["reason"]
        revoked = attempt(
            request,
            lambda: services.revoke_role(tournament.pk, username, request.user, reason=reason),
        )
        if revoked:
            messages.success(
                request, _("%(name)s is no longer an official here.") % {"name": revoked.value}
            )
    return redirect("manage-staff", tournament.slug)


@manage_page
@with_round
def manage_referees(request: HttpRequest, tournament: Tournament, round: Round) -> HttpResponse:
    round_, number = round, round.number
    tables = list(
        round_.tables.order_by("number").prefetch_related(
            "referees",
            Prefetch(
                "seats",
                queryset=Seat.objects.select_related("registration__player").order_by("position"),
            ),
        )
    )
    people = services.officials(tournament)
    form = RefereeAssignmentForm(tables=tables, officials=people)
    if request.method == "POST":
        form = RefereeAssignmentForm(request.POST, tables=tables, officials=people)
        if form.is_valid() and attempt(
            request,
            lambda: _assign(form, request.user),
            _("The referees of round %(n)s are saved.") % {"n": number},
        ):
            return redirect("manage-referees", tournament.slug, number)
    rows = [(table, form[f"table-{table.pk}"]) for table in tables]
    return manage_render(
        request, "tournaments/manage_referees.html", tournament, round=round_, rows=rows
    )


def _assign(form: RefereeAssignmentForm, user: object) -> None:
    """Every changed table's referees, or none of them (the first refusal undoes all)."""
    with transaction.atomic():
        for table, wanted in form.changed_tables():
            services.assign_referees(table.pk, wanted, user)
