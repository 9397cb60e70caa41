"""What several of the API's resources share: the refusal's shape, a table's seats and
totals, and the ``reason`` body. Each resource's own serializers, inputs and outputs, are in
its module (``resources``); every input is ``Strict``, every output documents every field."""

from __future__ import annotations

from rest_framework import serializers

from .strict import Strict


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField()
    field = serializers.CharField(allow_null=True)
    message = serializers.CharField()
    params = serializers.DictField()


class SeatSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    letter = serializers.CharField()
    registration = serializers.IntegerField()
    name = serializers.CharField()
    first_dealer = serializers.BooleanField()


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


class ReasonSerializer(Strict, serializers.Serializer):
    reason = serializers.CharField(max_length=1000, required=False, allow_blank=True, default="")
