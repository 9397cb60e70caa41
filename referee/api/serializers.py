"""What the API reads and writes. Inputs are checked for their shape here; every rule is
checked by the services (and the rules engine) behind them."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from referee.core.bounds import no_control_characters
from referee.tournaments.models import Registration, Round, Tournament

# -- errors ---------------------------------------------------------------------------------


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    field = serializers.CharField(allow_null=True)
    message = serializers.CharField()
    params = serializers.DictField()


class TokenRequestSerializer(serializers.Serializer):
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
    "published",
)


class TournamentSerializer(serializers.ModelSerializer):
    chief_referee = serializers.SlugRelatedField(slug_field="username", read_only=True)

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
            *SETTINGS,
            "players_confirm",  # a device asks each player's word at sign-off
        )
        read_only_fields = fields


class TournamentCreateSerializer(serializers.Serializer):
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
    published = serializers.BooleanField(required=False)


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


class NewPlayerSerializer(serializers.Serializer):
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


class WithdrawSerializer(serializers.Serializer):
    after_round = serializers.IntegerField(required=False, allow_null=True, min_value=0)
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")


class SubstituteSerializer(NewPlayerSerializer):
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")


# -- rounds and tables ----------------------------------------------------------------------


class SeatRoundSerializer(serializers.Serializer):
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


class TableSerializer(serializers.Serializer):
    round = serializers.IntegerField()
    number = serializers.IntegerField()
    status = serializers.CharField()
    seats = SeatSerializer(many=True)
    deals = serializers.IntegerField()
    next_dealer = serializers.CharField(allow_null=True)
    totals = TotalsSerializer()
    result = serializers.JSONField(allow_null=True)
    submitted_by = serializers.CharField(allow_null=True)
    confirmed_by = serializers.CharField(allow_null=True)
    case = serializers.JSONField()


# -- deals ----------------------------------------------------------------------------------


class DefenceCallSerializer(serializers.Serializer):
    player = serializers.CharField(max_length=10)
    call = serializers.CharField(max_length=20)
    order = serializers.IntegerField(required=False, min_value=0, max_value=100)
    replaces = serializers.CharField(max_length=10, required=False)


class DealDataSerializer(serializers.Serializer):
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

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields) - {"reason"})
            if unknown:
                raise serializers.ValidationError(
                    {unknown[0]: [_("Not a field of a deal (SPEC §12.2).")]}
                )
        return super().to_internal_value(data)

    @staticmethod
    def stored(data: Any, validated: dict[str, Any]) -> dict[str, Any]:
        """The deal as given (JSON values kept as sent), minus ``reason``."""
        return {k: v for k, v in data.items() if k in validated and k != "reason"}


class DealWriteSerializer(DealDataSerializer):
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True)


class ReasonSerializer(serializers.Serializer):
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")


class WordSerializer(serializers.Serializer):
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


class SignOffSerializer(serializers.Serializer):
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
