"""Django admin for organisers. A staff user who is not a superuser sees only the tournaments
where he is a chief referee. The admin keeps the services' rules:

* lifecycle changes (start, finish) go through the services; once play has started the rules
  of play (``services.frozen_fields``: convention, options, pool size) are read-only, and so
  are the address, the tables' shape, the round length, the chief referee, the referees'
  rules and the forbidden pairs (``RUNNING_READ_ONLY``; the manage pages' services change
  those that may still change);
* a registration seated in a round is read-only and cannot be deleted: withdrawals and
  substitutes go through the services, which keep the rounds consistent;
* a player's name and city are read-only once he has been seated: they are printed in the
  tables' sheets and the standings, and a rename would silently rewrite published results.
  (Rename before seating; after it the results stay as printed.)
* a change of the settings or the convention goes through their services
  (``save_through_services``), which check, refuse and log it as on the manage pages;
* the action log is never edited.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.translation import gettext_lazy as _

from referee.core.bounds import ADMIN_FORM_FIELDS
from referee.core.errors import ServiceError
from referee.core.permissions import chief_of_filter

from . import services
from .log import log_action
from .models import ActionLog, Player, Registration, Round, Stage, Team, Tournament


def chief_tournaments(user: Any) -> QuerySet[Tournament]:
    """The tournaments ``user`` runs as a chief referee (all of them for a superuser)."""
    if user.is_superuser:
        return Tournament.objects.all()
    return Tournament.objects.filter(chief_of_filter(user)).distinct()


class TournamentScoped(admin.ModelAdmin):
    """Rows of the tournaments the staff user runs; ``tournament_path`` leads to them."""

    tournament_path = "tournament"
    # JSON nested too deeply, control characters in a name: form errors (core.bounds)
    formfield_overrides = ADMIN_FORM_FIELDS

    def get_queryset(self, request: HttpRequest) -> QuerySet[Any]:
        queryset = super().get_queryset(request)
        if request.user.is_superuser:
            return queryset
        ids = chief_tournaments(request.user).values("pk")
        return queryset.filter(**{f"{self.tournament_path}__in": ids})

    def formfield_for_foreignkey(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        if not request.user.is_superuser:
            mine = chief_tournaments(request.user).values("pk")
            scopes = {
                "tournament": Tournament.objects.filter(pk__in=mine),
                "round": Round.objects.filter(tournament__in=mine),
                "registration": Registration.objects.filter(tournament__in=mine),
                "substitute_for": Registration.objects.filter(tournament__in=mine),
            }
            if db_field.name in scopes:
                kwargs["queryset"] = scopes[db_field.name]
        return super().formfield_for_foreignkey(db_field, request, **kwargs)


#: What ``services.set_convention`` changes (checked by the engine, logged as the convention)
CONVENTION = ("convention", "options")

#: Read-only here once play has started: the address printed on the table cards and the
#: screens, the shape of the tables and the rules of entry and confirmation the referees
#: work by, the chief referee, and the seating's forbidden pairs. Those that may still change
#: do so on the manage pages, through the services that check and log each change.
RUNNING_READ_ONLY = (
    "slug",
    "deal_cap",
    "table_size",
    "time_limit_minutes",
    "chief_referee",
    "referees_assigned_only",
    "second_confirmation",
    "players_confirm",
    "forbidden_pairs",
)


class ReadOnlyRows:
    """Rows that only their services add, change and delete (they check the rights, validate
    and keep the action log): the admin shows them and nothing more. A mixin, before the
    admin class (a ``ModelAdmin`` or an inline: ``obj`` is the inline's parent)."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class TournamentAdminForm(forms.ModelForm):
    class Meta:
        model = Tournament
        fields = "__all__"

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Django's clean returns cleaned_data
        for key, empty in (("options", {}), ("forbidden_pairs", [])):
            if key in data and data[key] is None:
                data[key] = empty
        if "convention" in data and "options" in data:
            try:
                services.check_convention(data["convention"], data["options"] or {})
            except ServiceError as error:
                where = "convention" if error.field == "convention" else "options"
                self.add_error(where, f"{error.field}: {error.message}")
        return data


def save_through_services(tournament: Tournament, form: Any, user: Any) -> None:
    """The admin's change of a tournament as the manage pages make it: the settings through
    ``services.update_settings``, the convention through ``services.set_convention`` (each
    checks, refuses and logs as there), and only what no service changes (the address and,
    before play, the forbidden pairs as a list) saved here, logged as the admin's change.
    All of it or nothing: a refusal leaves the tournament as it was."""
    changed = list(form.changed_data)
    settings = {k: form.cleaned_data[k] for k in changed if k in services.SETTINGS_FIELDS}
    rest = [k for k in changed if k not in services.SETTINGS_FIELDS and k not in CONVENTION]
    if rest:  # a JSON field the form calls changed may hold what is stored: not a change
        stored = Tournament.objects.values(*rest).get(pk=tournament.pk)
        rest = [k for k in rest if stored[k] != getattr(tournament, k)]
    with transaction.atomic():
        if settings:
            services.update_settings(tournament.pk, settings, user)
        if any(k in CONVENTION for k in changed):
            services.set_convention(tournament.pk, tournament.convention, tournament.options, user)
        if rest:
            tournament.save(update_fields=rest)
            log_action(
                tournament, user, "tournament.admin_changed", tournament.name, data={"fields": rest}
            )


@admin.register(Tournament)
class TournamentAdmin(TournamentScoped):
    tournament_path = "pk"
    form = TournamentAdminForm
    list_display = ["name", "slug", "starts_on", "status", "convention", "published"]
    list_filter = ["status", "convention", "published"]
    search_fields = ["name", "slug", "venue"]
    autocomplete_fields = ["chief_referee"]
    actions = ["start", "finish"]

    def get_readonly_fields(self, request: HttpRequest, obj: Tournament | None = None) -> Any:
        # the format changes through its service (the manage pages), checked and logged there
        frozen = services.frozen_fields(obj) if obj is not None else ()
        running = RUNNING_READ_ONLY if obj is not None and obj.frozen else ()
        return ["status", *services.FORMAT_FIELDS, "schedule", *frozen, *running]

    def get_prepopulated_fields(self, request: HttpRequest, obj: Any = None) -> dict[str, Any]:
        return {"slug": ("name",)} if obj is None else {}

    def has_delete_permission(self, request: HttpRequest, obj: Tournament | None = None) -> bool:
        """Only a tournament still in preparation: deleting takes its whole record with it."""
        allowed = super().has_delete_permission(request, obj)
        return allowed and (obj is None or obj.status == Tournament.Status.DRAFT)

    def save_model(self, request: HttpRequest, obj: Tournament, form: Any, change: bool) -> None:
        if change:
            try:
                save_through_services(obj, form, request.user)
            except ServiceError as error:  # said instead of "changed successfully"
                field = form.fields.get(error.field) if error.field else None
                where = f"{field.label}: " if field is not None else ""
                request._admin_refusal = where + error.message  # type: ignore[attr-defined]
            return
        # the admin's user is always signed in: said, so that mypy knows a User
        if obj.chief_referee_id is None and request.user.is_authenticated:
            obj.chief_referee = request.user
        super().save_model(request, obj, form, change)
        log_action(
            obj, request.user, "tournament.created", obj.name, data={"fields": form.changed_data}
        )

    def response_change(self, request: HttpRequest, obj: Tournament) -> HttpResponse:
        refusal = getattr(request, "_admin_refusal", None)
        if refusal is None:
            return super().response_change(request, obj)
        self.message_user(request, refusal, messages.ERROR)
        return HttpResponseRedirect(request.path)

    def _run(self, request: HttpRequest, queryset: QuerySet[Tournament], service: Any) -> None:
        for tournament in queryset:
            try:
                service(tournament.pk, request.user)
            except ServiceError as error:
                self.message_user(request, f"{tournament}: {error.message}", messages.ERROR)
            else:
                self.message_user(request, f"{tournament}: {_('done')}", messages.SUCCESS)

    @admin.action(description=_("Start the chosen tournaments"))
    def start(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        self._run(request, queryset, services.start_tournament)

    @admin.action(description=_("Finish the chosen tournaments"))
    def finish(self, request: HttpRequest, queryset: QuerySet[Tournament]) -> None:
        self._run(request, queryset, services.finish_tournament)


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    """Players are shared by every tournament: one person, one row, many registrations."""

    list_display = ["name", "city", "club", "rating", "federation_id"]
    formfield_overrides = ADMIN_FORM_FIELDS
    search_fields = ["name", "city", "club", "federation_id"]

    def get_readonly_fields(self, request: HttpRequest, obj: Player | None = None) -> Any:
        seated = obj is not None and obj.entries.filter(seats__isnull=False).exists()
        return ["name", "city"] if seated else []


@admin.register(Registration)
class RegistrationAdmin(TournamentScoped):
    list_display = ["player", "tournament", "status", "withdrawn_after_round", "substitute_for"]
    list_filter = ["status", "tournament"]
    list_select_related = ["player", "tournament", "substitute_for__player"]
    search_fields = ["player__name", "player__federation_id"]
    autocomplete_fields = ["player", "substitute_for"]
    fields = ["tournament", "player", "status", "withdrawn_after_round", "substitute_for"]

    def get_readonly_fields(self, request: HttpRequest, obj: Registration | None = None) -> Any:
        return self.fields if _seated(obj) else []

    def has_delete_permission(self, request: HttpRequest, obj: Registration | None = None) -> bool:
        return not _seated(obj) and super().has_delete_permission(request, obj)


def _seated(registration: Registration | None) -> bool:
    """Seated in a round: from then on only the services change the registration."""
    return registration is not None and registration.seats.exists()


@admin.register(Round)
class RoundAdmin(TournamentScoped):
    """Rounds are seated, started and finished on the site (the seating services). The
    seating's notes and byes are stored as codes and ids: ``seating.admin`` shows them in
    words, so they are left out here."""

    list_display = ["tournament", "number", "status", "method"]
    list_filter = ["status", "tournament"]
    list_select_related = ["tournament"]
    exclude = ["notes", "byes"]
    readonly_fields = ["tournament", "number", "status", "method", "seed"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(ActionLog)
class ActionLogAdmin(ReadOnlyRows, TournamentScoped):
    """The record of every change: read, never edited."""

    list_display = ["at", "tournament", "user", "label", "subject"]
    list_filter = ["action", "tournament"]
    list_select_related = ["tournament", "user"]
    search_fields = ["subject", "reason", "action"]
    date_hierarchy = "at"
    readonly_fields = [
        "tournament",
        "user",
        "action",
        "subject",
        "subject_type",
        "subject_id",
        "reason",
        "data",
        "at",
    ]


@admin.register(Stage)
class StageAdmin(ReadOnlyRows, TournamentScoped):
    """Read only: the stages change on the Format page (``services.set_stages``)."""

    list_display = ["tournament", "number", "name", "rounds_planned", "method", "entry"]


@admin.register(Team)
class TeamAdmin(ReadOnlyRows, TournamentScoped):
    """Read only: teams are formed on the Format page (``services.create_team``)."""

    list_display = ["tournament", "name"]
