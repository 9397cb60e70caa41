"""What several of the API's resources share: the refusal's shape, a table's seats and
totals, and the ``reason`` body. Each resource's own serializers, inputs and outputs, are in
its module (``resources``); every input is ``Strict``, every output documents every field."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from referee.tables.models import Seat
from referee.tables.sheet import TableSheet

from . import answers
from .fields import Book, Number
from .strict import Strict


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    field = serializers.CharField(allow_null=True)
    message = serializers.CharField()
    params = serializers.DictField()


class SeatSerializer(serializers.Serializer):
    """A seat at a table (``tables.models.Seat``)."""

    position = serializers.IntegerField()
    letter = serializers.SerializerMethodField()
    registration = serializers.IntegerField(source="registration_id")
    name = serializers.CharField(source="registration.player.name")
    first_dealer = serializers.BooleanField()

    def get_letter(self, seat: Seat) -> str:
        return answers.letter(seat)


class WhistSerializer(serializers.Serializer):
    by = serializers.CharField()
    on = serializers.CharField()
    amount = Number()


class TotalsSerializer(serializers.Serializer):
    """A table's totals (``tables.sheet.TableSheet``)."""

    pulka = Book(source="pool")
    gora = Book(source="mountain")
    whists = serializers.SerializerMethodField()
    adjustments = Book()
    result = Book()

    @extend_schema_field(WhistSerializer(many=True))
    def get_whists(self, sheet: TableSheet) -> Any:
        return WhistSerializer(answers.whists(sheet), many=True).data


class ReasonSerializer(Strict, serializers.Serializer):
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")
