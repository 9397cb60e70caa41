"""A table of a round: its sheet (seats, status, totals, the result), signing it off,
confirming and reopening it, a substitute taking a seat during the round, and the seat draw.

The table of the URL is ``tables.surfaces.table_for``'s: 404 to whoever may not see the
tournament, and to the public while the organiser keeps the round hidden (as the table
page)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.tables import services
from referee.tables.agreements import Verdict, sign_off
from referee.tables.models import Seat, SeatDraw, Table
from referee.tables.seat_draw import record_seat_draw
from referee.tables.substitutes import substitute_in_pulka

from ..actions import action
from ..answers import TableAnswer
from ..base import IDEMPOTENCY_PARAMETER, READ_ERRORS, ApiView
from ..errors import ApiError
from ..serializers import ReasonSerializer, SeatSerializer, TotalsSerializer
from ..strict import Strict
from ..surfaces import manage_table, public_table, referee_table

POST = [IDEMPOTENCY_PARAMETER]

TAGS = ["tables"]


class LapSerializer(serializers.Serializer):
    limit = serializers.ChoiceField(choices=["deals", "time"])
    remaining = serializers.IntegerField(min_value=0)


class TableSerializer(serializers.Serializer):
    """A table's sheet (``answers.TableAnswer``)."""

    round = serializers.IntegerField(source="table.round.number")
    number = serializers.IntegerField(source="table.number")
    status = serializers.CharField(source="table.status")
    seats = SeatSerializer(many=True)
    deals = serializers.IntegerField()
    next_dealer = serializers.CharField(allow_null=True, source="sheet.next_dealer")
    totals = TotalsSerializer(source="sheet")
    result = serializers.JSONField(
        source="table.result",
        allow_null=True,
        help_text="the sheet's settlement by seat letter, as the standings read it; "
        "null: not computed",
    )
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
    case = serializers.JSONField(help_text="the sheet as a SPEC §12 pulka case")


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


class SubstitutionSerializer(Strict, serializers.Serializer):
    leaving = serializers.IntegerField()
    entering = serializers.IntegerField()
    from_deal = serializers.IntegerField(min_value=1)
    reason = serializers.CharField()


class SubstitutedSerializer(serializers.Serializer):
    """Who left the seat, who took it (registrations), and from which deal on."""

    leaving = serializers.IntegerField(source="leaving_id")
    entering = serializers.IntegerField(source="entering_id")
    from_deal = serializers.IntegerField()


class SeatDrawSerializer(Strict, serializers.Serializer):
    cards = serializers.DictField(
        child=serializers.CharField(max_length=10, allow_blank=True),
        required=False,
        allow_null=True,
        help_text="registration id → the card he drew (♠A, 10♥, QD, Дч); left out or null: "
        "the site draws the cards from the round's seed",
    )
    version = serializers.IntegerField(
        min_value=0, required=False, allow_null=True, help_text="the draw seen (0: none)"
    )
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")


class DrawnCardSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    card = serializers.CharField(help_text="the engine's letters: SA is the ace of spades")


class SeatDrawnSerializer(serializers.Serializer):
    """The draw recorded: the cards in seat order (seat 1, the lowest card, deals first)."""

    version = serializers.IntegerField()
    # entered by the referee or drawn by the site (``source`` names a field's own attribute)
    entry = serializers.ChoiceField(source="source", choices=SeatDraw.Source.choices)
    seed = serializers.IntegerField(allow_null=True)
    cards = DrawnCardSerializer(many=True)


# -- the views ------------------------------------------------------------------------------


class TableDetail(ApiView):
    @extend_schema(responses={200: TableSerializer, **READ_ERRORS}, tags=TAGS)
    @public_table
    def get(self, request: Request, table: Table) -> Response:
        return Response(TableSerializer(TableAnswer(table)).data)


def _verdicts(table: Table, words: list[dict[str, Any]]) -> dict[int, Verdict]:
    """The players' word by seat id, as ``sign_off`` takes it; a position no player holds at
    this table is refused at its field."""
    seats = dict(Seat.objects.filter(table=table).values_list("position", "pk"))
    verdicts = {}
    for i, word in enumerate(words):
        if word["position"] not in seats:
            raise ApiError(
                400,
                "no_such_seat",
                _("No player sits in this position at the table."),
                f"agreements[{i}].position",
            )
        verdicts[seats[word["position"]]] = Verdict(word["agreed"], word["dispute"])
    return verdicts


@action(
    referee_table,
    request=SignOffSerializer,
    response=TableSerializer,
    tags=TAGS,
)
def TableSignOff(request: Request, table: Table, data: dict[str, Any]) -> TableAnswer:
    # without players_confirm the word is not asked, and what a device sends is ignored
    """Sign the table off. Where the tournament has the players confirm their totals
    (players_confirm), every seated player's word is given in `agreements`: `{"position": 1,
    "agreed": true}` or `{"position": 2, "dispute": "why"}`; without it the sign-off is refused
    at the field `agreements` and nothing changes. A dispute does not stop the sign-off: it goes
    to the chief referee."""
    asked = table.round.tournament.players_confirm
    verdicts = _verdicts(table, data["agreements"]) if asked else None
    return TableAnswer(sign_off(table.pk, request.user, verdicts))


@action(referee_table, request=ReasonSerializer, response=TableSerializer, tags=TAGS)
def TableConfirm(request: Request, table: Table, data: dict[str, Any]) -> TableAnswer:
    """The second confirmation, which locks the table."""
    return TableAnswer(services.confirm_table(table.pk, request.user))


@action(manage_table, request=ReasonSerializer, response=TableSerializer, tags=TAGS)
def TableReopen(request: Request, table: Table, data: dict[str, Any]) -> TableAnswer:
    """The chief referee reopens a signed-off or locked table, with the reason."""
    return TableAnswer(services.reopen_table(table.pk, request.user, data["reason"]))


@action(manage_table, SubstitutionSerializer, SubstitutedSerializer, created=True, tags=TAGS)
def TableSubstitute(request: Request, table: Table, v: dict[str, Any]) -> Any:
    """A substitute takes a seat during the round, from a deal on (the chief referee)."""
    return substitute_in_pulka(
        table.pk, v["leaving"], v["entering"], v["from_deal"], request.user, v["reason"]
    )


def _registration(key: str) -> int:
    """A key of the draw's ``cards``: a registration id, else refused at ``cards``."""
    try:
        return int(key)
    except ValueError:
        raise ApiError(
            400, "invalid", _("Name each player by his registration id."), "cards"
        ) from None


@action(referee_table, SeatDrawSerializer, SeatDrawnSerializer, created=True, tags=TAGS)
def TableSeatDraw(request: Request, table: Table, v: dict[str, Any]) -> Any:
    """The seat draw (Kodeks 3.1.1): the cards each player drew, or the site's draw from the
    round's seed; they decide the seats and the first dealer. Refused once a deal is recorded,
    for a card not of the 32-card pack (``tables.seat_draw.card_unknown``), a card drawn twice
    (``card_twice``) or a player left without one (``card_missing``), at ``card_<registration>``."""
    cards = v.get("cards")
    if cards is not None:
        cards = {_registration(key): value for key, value in cards.items()}
    return record_seat_draw(
        table.pk, request.user, cards, reason=v["reason"], version=v.get("version")
    )
