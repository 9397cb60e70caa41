"""What the API reads and writes. Inputs are checked for their shape here; every rule is
checked by the services (and the rules engine) behind them."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from referee.core.bounds import no_control_characters
from referee.core.people import person
from referee.tournaments.models import (
    ByeValue,
    LapAtTimeLimit,
    Registration,
    Round,
    SubstituteSplit,
    TeamScoring,
    Tournament,
    Unfinished,
)
from referee.tournaments.services import FORMAT_FIELDS

from .strict import Strict

# -- errors ---------------------------------------------------------------------------------


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    field = serializers.CharField(allow_null=True)
    message = serializers.CharField()
    params = serializers.DictField()


class TokenRequestSerializer(Strict, serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=200, style={"input_type": "password"})
    device = serializers.CharField(
        max_length=100, required=False, allow_blank=True, validators=[no_control_characters]
    )


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


# -- tournaments ----------------------------------------------------------------------------

SETTINGS = (
    "venue",
    "pool_size",
    "deal_cap",
    "time_limit_minutes",
    "table_size",
    "second_confirmation",
    "referees_assigned_only",
    "players_confirm",
    "published",
)
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
        fields = (
            "slug",
            "name",
            "starts_on",
            "ends_on",
            "status",
            "convention",
            "options",
            "chief_referee",
            "chief_referee_name",
            *SETTINGS,  # players_confirm: a device asks each player's word at sign-off
            *FORMAT,
        )
        read_only_fields = fields

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
        help_text="the chief referee's username; empty or null: none",
    )
    # the format (the format page); refused once play has started
    bye_value = serializers.ChoiceField(choices=ByeValue.choices, required=False)
    bye_points = serializers.CharField(
        max_length=20, required=False, help_text='exact, e.g. "5/2" or "-3"'
    )
    unfinished_pulka = serializers.ChoiceField(choices=Unfinished.choices, required=False)
    lap_at_time_limit = serializers.ChoiceField(choices=LapAtTimeLimit.choices, required=False)
    substitute_split = serializers.ChoiceField(choices=SubstituteSplit.choices, required=False)
    yellow_cards_to_disqualify = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=1000
    )
    yellow_card_days = serializers.IntegerField(required=False, min_value=1, max_value=3650)
    team_scoring = serializers.ChoiceField(choices=TeamScoring.choices, required=False)
    team_best = serializers.IntegerField(
        required=False, allow_null=True, min_value=1, max_value=1000
    )
    keep_teammates_apart = serializers.BooleanField(required=False)

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


# -- players --------------------------------------------------------------------------------


class PlayerSerializer(serializers.ModelSerializer):
    """A registration: the player as entered in this tournament."""

    player = serializers.IntegerField(source="player_id", read_only=True)
    name = serializers.CharField(source="player.name", read_only=True)
    city = serializers.CharField(source="player.city", read_only=True)
    club = serializers.CharField(source="player.club", read_only=True)
    rating = serializers.DecimalField(
        source="player.rating", max_digits=8, decimal_places=2, read_only=True, allow_null=True
    )
    federation_id = serializers.CharField(source="player.federation_id", read_only=True)
    substitute_for = serializers.IntegerField(
        source="substitute_for_id", read_only=True, allow_null=True
    )

    class Meta:
        model = Registration
        fields = (
            "id",
            "player",
            "name",
            "city",
            "club",
            "rating",
            "federation_id",
            "status",
            "withdrawn_after_round",
            "substitute_for",
        )
        read_only_fields = fields


class NewPlayerSerializer(Strict, serializers.Serializer):
    """An existing player by ``player`` (his id), or a new one by name and details."""

    player = serializers.IntegerField(required=False, min_value=1)
    name = serializers.CharField(max_length=200, required=False, allow_blank=True)
    city = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    club = serializers.CharField(max_length=100, required=False, allow_blank=True, default="")
    rating = serializers.DecimalField(
        max_digits=8, decimal_places=2, required=False, allow_null=True, default=None
    )
    federation_id = serializers.CharField(
        max_length=40, required=False, allow_blank=True, default=""
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs.get("player") is None and not (attrs.get("name") or "").strip():
            raise serializers.ValidationError({"name": _("Give the player's name or id.")})
        return attrs


class WithdrawSerializer(Strict, serializers.Serializer):
    after_round = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")


class SubstituteSerializer(NewPlayerSerializer):
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")


# -- rounds and tables ----------------------------------------------------------------------


class SeatRoundSerializer(Strict, serializers.Serializer):
    method = serializers.ChoiceField(choices=Round.Method.values, default=Round.Method.RANDOM)
    seed = serializers.IntegerField(required=False, allow_null=True, min_value=0, max_value=2**62)


class SeatSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    letter = serializers.CharField()
    registration = serializers.IntegerField()
    name = serializers.CharField()
    first_dealer = serializers.BooleanField()


class TableBriefSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    notes = serializers.ListField(child=serializers.JSONField())
    seats = SeatSerializer(many=True)


class ByeSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    name = serializers.CharField()


class RoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    method = serializers.CharField()
    seed = serializers.IntegerField()
    notes = serializers.ListField(child=serializers.JSONField())
    byes = ByeSerializer(many=True)
    tables = TableBriefSerializer(many=True)


class WhistSerializer(serializers.Serializer):
    by = serializers.CharField()
    on = serializers.CharField()
    amount = serializers.FloatField()


class TotalsSerializer(serializers.Serializer):
    pulka = serializers.DictField(child=serializers.FloatField())
    gora = serializers.DictField(child=serializers.FloatField())
    whists = WhistSerializer(many=True)
    adjustments = serializers.DictField(child=serializers.FloatField())
    result = serializers.DictField(child=serializers.FloatField())


class LapSerializer(serializers.Serializer):
    limit = serializers.ChoiceField(choices=["deals", "time"])
    remaining = serializers.IntegerField(min_value=0)


class TableSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    number = serializers.IntegerField()
    status = serializers.CharField()
    seats = SeatSerializer(many=True)
    deals = serializers.IntegerField()
    next_dealer = serializers.CharField(allow_null=True)
    totals = TotalsSerializer()
    result = serializers.JSONField(allow_null=True)
    submitted_by = serializers.CharField(
        allow_null=True, help_text="who signed the table off, by full name (else login)"
    )
    confirmed_by = serializers.CharField(
        allow_null=True, help_text="who confirmed it, by full name (else login)"
    )
    lap = LapSerializer(
        allow_null=True,
        help_text='"finish the lap" (TOURNAMENTS §7): once the deal cap or the time limit is '
        "reached, the deals still to play; null: no limit reached, or another policy",
    )
    case = serializers.JSONField()


# -- deals ----------------------------------------------------------------------------------


class DefenceCallSerializer(Strict, serializers.Serializer):
    player = serializers.CharField(max_length=10)
    call = serializers.CharField(max_length=20)
    order = serializers.IntegerField(required=False, min_value=0, max_value=100)
    replaces = serializers.CharField(max_length=10, required=False)


class DealDataSerializer(Strict, serializers.Serializer):
    """A deal object of SPEC §12.2 with its ``dealer``; players are the seat letters. Only
    its shape is checked here: the rules engine judges it (and names the field at fault)."""

    dealer = serializers.CharField(max_length=10, required=False, allow_null=True)
    type = serializers.ChoiceField(choices=["game", "misere", "raspasy"])
    declarer = serializers.CharField(max_length=10, required=False, allow_null=True)
    contract = serializers.DictField(required=False)
    defence = DefenceCallSerializer(many=True, required=False)
    play = serializers.ChoiceField(choices=["open", "closed", "none"], required=False)
    tricks = serializers.DictField(
        child=serializers.IntegerField(min_value=-100, max_value=100), required=False
    )
    raspasy = serializers.DictField(required=False)
    talon = serializers.ListField(
        child=serializers.CharField(max_length=3), required=False, max_length=2
    )
    ruling = serializers.DictField(required=False)
    referee_rulings = serializers.ListField(
        child=serializers.DictField(), required=False, max_length=20
    )

    also_accepted = frozenset({"reason"})  # DealWriteSerializer's
    unknown_message = _("Not a field of a deal (SPEC §12.2).")

    @staticmethod
    def stored(data: Any, validated: dict[str, Any]) -> dict[str, Any]:
        """The deal as given (JSON values kept as sent), minus ``reason``."""
        return {k: v for k, v in data.items() if k in validated and k != "reason"}


class DealWriteSerializer(DealDataSerializer):
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True)


class ReasonSerializer(Strict, serializers.Serializer):
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")


class WordSerializer(Strict, serializers.Serializer):
    """One player's word on the table's totals: he agrees, or he disputes them (the text
    goes to the chief referee). ``position`` is the seat's, as the table lists its seats."""

    position = serializers.IntegerField(min_value=1, max_value=4)
    agreed = serializers.BooleanField(required=False, default=False)
    dispute = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if attrs["agreed"] and attrs["dispute"].strip():
            raise serializers.ValidationError(
                {"dispute": [_("A player agrees or records a dispute, not both.")]}
            )
        return attrs


class SignOffSerializer(Strict, serializers.Serializer):
    agreements = WordSerializer(
        many=True,
        required=False,
        default=list,
        help_text="Each seated player's word, where the tournament has the players confirm "
        "their totals (players_confirm); ignored otherwise.",
    )

    def validate_agreements(self, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        positions = [word["position"] for word in value]
        if len(set(positions)) != len(positions):
            raise serializers.ValidationError(_("Give each player's word once."))
        return value


class EntrySerializer(serializers.Serializer):
    kind = serializers.CharField()
    player = serializers.CharField()
    on = serializers.CharField(allow_null=True)
    amount = serializers.FloatField()
    rule = serializers.CharField()
    explanation = serializers.CharField()


class DealSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    version = serializers.IntegerField()
    deleted = serializers.BooleanField()
    position = serializers.IntegerField(allow_null=True)
    deal = serializers.JSONField()
    summary = serializers.CharField()
    entries = EntrySerializer(many=True)
    totals = TotalsSerializer()


class StaleDealSerializer(ErrorSerializer):
    current = DealSerializer()


# -- standings ------------------------------------------------------------------------------


class StandingsRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    rank_label = serializers.CharField()
    registration = serializers.IntegerField()
    player = serializers.CharField()
    city = serializers.CharField()
    points = serializers.FloatField()
    whists = serializers.FloatField()
    firsts = serializers.IntegerField()
    rounds_played = serializers.IntegerField()
    round_points = serializers.ListField(child=serializers.FloatField(allow_null=True))
    round_whists = serializers.ListField(child=serializers.FloatField(allow_null=True))
    provisional = serializers.BooleanField()
    flags = serializers.ListField(child=serializers.CharField())


class StandingsSerializer(serializers.Serializer):
    after = serializers.IntegerField(allow_null=True)
    rounds = serializers.ListField(child=serializers.IntegerField())
    provisional = serializers.BooleanField()
    rows = StandingsRowSerializer(many=True)


class SeatResultSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    letter = serializers.CharField()
    registration = serializers.IntegerField()
    player = serializers.CharField()
    whists = serializers.FloatField()
    points = serializers.FloatField(allow_null=True)
    place = serializers.CharField()
    flags = serializers.ListField(child=serializers.CharField())


class TableResultSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    provisional = serializers.BooleanField()
    deals = serializers.IntegerField()
    seats = SeatResultSerializer(many=True)


class RoundResultsSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    status = serializers.CharField()
    provisional = serializers.BooleanField()
    tables = TableResultSerializer(many=True)


class CardRoundSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    table = serializers.IntegerField(allow_null=True)
    seat = serializers.IntegerField(allow_null=True)
    letter = serializers.CharField()
    opponents = serializers.ListField(child=serializers.CharField())
    whists = serializers.FloatField(allow_null=True)
    points = serializers.FloatField(allow_null=True)
    place = serializers.CharField()
    provisional = serializers.BooleanField()


class PlayerCardSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    player = serializers.CharField()
    city = serializers.CharField()
    withdrawn = serializers.BooleanField()
    rank = serializers.IntegerField(allow_null=True)
    points = serializers.FloatField(allow_null=True)
    rounds = CardRoundSerializer(many=True)
