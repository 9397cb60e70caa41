"""The tournaments: the list (``POST`` by organisers), one tournament with every setting of
the pages (``PATCH`` by its chief referee), and starting and finishing it.

Every change is a service call: the services check the rules; the surfaces the right."""

from __future__ import annotations

from typing import Any, ClassVar

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext_lazy as _
from django_filters import rest_framework as filters
from drf_spectacular.utils import extend_schema
from rest_framework import generics, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response

from referee.core.people import person
from referee.core.permissions import may_view
from referee.tournaments import services as tournaments
from referee.tournaments.declared import CREATE_FIELDS, SETTINGS_FIELDS
from referee.tournaments.models import Tournament
from referee.tournaments.services import FORMAT_CHOICES, FORMAT_FIELDS
from referee.wizard import services as wizard

from ..actions import action
from ..base import ERRORS, IDEMPOTENCY_PARAMETER, READ_ERRORS, ApiView, idempotent
from ..strict import Strict
from ..surfaces import manage, public

POST = [IDEMPOTENCY_PARAMETER]

#: the tournament's format (TOURNAMENTS §2.3, the format page): frozen once play starts
FORMAT = FORMAT_FIELDS


class TournamentSerializer(serializers.ModelSerializer):
    chief_referee: serializers.SlugRelatedField[Any] = serializers.SlugRelatedField(
        slug_field="username", read_only=True, allow_null=True
    )  # none once the chief is taken away (PATCH "chief_referee": null)
    chief_referee_name = serializers.SerializerMethodField(
        help_text="the chief referee as the pages name him: full name, else login"
    )

    class Meta:
        model = Tournament
        # every setting of the one declaration (``tournaments.declared``), then the format;
        # players_confirm: a device asks each player's word at sign-off
        fields = tuple(
            dict.fromkeys(
                ("slug", "status", *CREATE_FIELDS, *SETTINGS_FIELDS, "chief_referee_name", *FORMAT)
            )
        )
        read_only_fields = fields
        extra_kwargs: ClassVar[dict[str, dict[str, str]]] = {
            "options": {
                "help_text": "the convention's options by name (the conventions' "
                "option names), as set at creation or by PATCH before the start"
            }
        }

    def get_chief_referee_name(self, found: Tournament) -> str | None:
        return person(found.chief_referee) or None


class TournamentCreateSerializer(Strict, serializers.Serializer):
    name = serializers.CharField(max_length=200)
    slug = serializers.SlugField(max_length=50)
    starts_on = serializers.DateField()
    ends_on = serializers.DateField()
    convention = serializers.CharField(max_length=20, required=False, default="fspr")
    options = serializers.DictField(required=False, default=dict)
    venue = serializers.CharField(max_length=200, required=False, allow_blank=True)
    pool_size = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=10000
    )
    deal_cap = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=10000
    )
    time_limit_minutes = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=10000
    )
    table_size = serializers.ChoiceField(choices=Tournament.TableSize.choices, required=False)
    second_confirmation = serializers.BooleanField(required=False)
    referees_assigned_only = serializers.BooleanField(required=False)
    players_confirm = serializers.BooleanField(required=False)
    published = serializers.BooleanField(required=False)
    chief_referee = serializers.CharField(
        max_length=150,
        required=False,
        allow_null=True,
        allow_blank=True,
        help_text=(
            "the chief referee's username; empty or null: none. When creating: a second"
            " chief referee beside the creator, who stays chief referee"
        ),
    )
    # the format (the format page); refused once play has started
    bye_value = serializers.ChoiceField(choices=FORMAT_CHOICES["bye_value"], required=False)
    bye_points = serializers.CharField(
        max_length=20, required=False, help_text='exact, e.g. "5/2" or "-3"'
    )
    unfinished_pulka = serializers.ChoiceField(
        choices=FORMAT_CHOICES["unfinished_pulka"], required=False
    )
    lap_at_time_limit = serializers.ChoiceField(
        choices=FORMAT_CHOICES["lap_at_time_limit"], required=False
    )
    substitute_split = serializers.ChoiceField(
        choices=FORMAT_CHOICES["substitute_split"], required=False
    )
    guest_games = serializers.ChoiceField(choices=FORMAT_CHOICES["guest_games"], required=False)
    yellow_cards_to_disqualify = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=1000
    )
    yellow_card_days = serializers.IntegerField(required=False, min_value=1, max_value=3650)
    team_scoring = serializers.ChoiceField(choices=FORMAT_CHOICES["team_scoring"], required=False)
    team_best = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=1000
    )
    keep_teammates_apart = serializers.BooleanField(required=False)
    check_in = serializers.BooleanField(
        required=False, help_text="the next round seats only the players marked present"
    )

    def validate_chief_referee(self, value: str | None) -> Any:
        username = (value or "").strip()
        if not username:
            return None
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise serializers.ValidationError(_("There is no user %(name)s.") % {"name": username})
        return user


class TournamentUpdateSerializer(TournamentCreateSerializer):
    """Any of the settings; ``convention`` and ``options`` only before the start."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields.pop("slug")
        for field in self.fields.values():
            field.required = False
        self.fields["convention"].default = serializers.empty
        self.fields["options"].default = serializers.empty


# -- the views ------------------------------------------------------------------------------


class TournamentFilter(filters.FilterSet):
    class Meta:
        model = Tournament
        fields = ("status", "published", "convention")


class TournamentList(ApiView, generics.ListAPIView):
    serializer_class = TournamentSerializer
    filterset_class = TournamentFilter
    queryset = Tournament.objects.none()

    def get_queryset(self) -> QuerySet[Tournament]:
        if getattr(self, "swagger_fake_view", False):
            return Tournament.objects.none()
        user = self.request.user
        found = Tournament.objects.select_related("chief_referee").order_by("-starts_on", "pk")
        if getattr(user, "is_superuser", False):
            return found
        visible = [t.pk for t in found if may_view(user, t)]
        return found.filter(pk__in=visible)

    @extend_schema(
        responses={200: TournamentSerializer(many=True), **READ_ERRORS}, tags=["tournaments"]
    )
    def get(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        return super().get(request, *args, **kwargs)

    @extend_schema(
        request=TournamentCreateSerializer,
        responses={201: TournamentSerializer, **ERRORS},
        parameters=POST,
        tags=["tournaments"],
    )
    @idempotent
    def post(self, request: Request) -> Response:
        # no tournament yet: the right (an organiser's) is the service's
        data = TournamentCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        # the creator stays chief referee; another one named here is a second chief
        # (wizard.services decides it for the wizard and the API alike)
        co_chief = values.pop("chief_referee", None)
        with transaction.atomic():
            created = wizard.create_tournament(
                request.user,
                {
                    "name": values.pop("name"),
                    "slug": values.pop("slug"),
                    "starts_on": values.pop("starts_on"),
                    "ends_on": values.pop("ends_on"),
                    "convention": values.pop("convention", "fspr"),
                    "options": values.pop("options", {}),
                },
                co_chief=co_chief.get_username() if co_chief is not None else "",
            )
            created = _settings_and_format(created, values, request.user)
        return Response(TournamentSerializer(created).data, status=status.HTTP_201_CREATED)


def _settings_and_format(tournament: Tournament, values: dict[str, Any], user: Any) -> Tournament:
    """The settings page's and the format page's changes, by their own services."""
    changes = {k: values.pop(k) for k in list(values) if k in FORMAT}
    if values:
        tournament = tournaments.update_settings(tournament.pk, values, user)
    if changes:
        tournament = tournaments.update_format(tournament.pk, changes, user)
    return tournament


class TournamentDetail(ApiView):
    @extend_schema(responses={200: TournamentSerializer, **READ_ERRORS}, tags=["tournaments"])
    @public
    def get(self, request: Request, tournament: Tournament) -> Response:
        return Response(TournamentSerializer(tournament).data)

    @extend_schema(
        request=TournamentUpdateSerializer,
        responses={200: TournamentSerializer, **ERRORS},
        tags=["tournaments"],
    )
    @manage
    def patch(self, request: Request, tournament: Tournament) -> Response:
        data = TournamentUpdateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        with transaction.atomic():
            if "convention" in values or "options" in values:
                tournaments.set_convention(
                    tournament.pk,
                    values.pop("convention", tournament.convention),
                    values.pop("options", tournament.options),
                    request.user,
                )
            tournament = _settings_and_format(tournament, values, request.user)
        return Response(TournamentSerializer(tournament).data)


@action(manage, response=TournamentSerializer, tags=["tournaments"])
def TournamentStart(request: Request, tournament: Tournament, data: Any) -> Tournament:
    return tournaments.start_tournament(tournament.pk, request.user)


@action(manage, response=TournamentSerializer, tags=["tournaments"])
def TournamentFinish(request: Request, tournament: Tournament, data: Any) -> Tournament:
    return tournaments.finish_tournament(tournament.pk, request.user)
