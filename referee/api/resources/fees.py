"""Entry fees through the API (issue 34 point 5): the officials read who paid what (with the
report's totals) and record or correct a payment; the chief sets an entry's category and
lets an unpaid player play. Money is never taken here: no payment gateway."""

from __future__ import annotations

from typing import Any, NamedTuple

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.admission import payments, services
from referee.admission.models import Admission, Entry, Payment
from referee.admission.report import report_of
from referee.admission.rules import admission_of
from referee.tournaments.models import Tournament

from ..actions import action
from ..base import ERRORS, READ_ERRORS, ApiView
from ..fields import IsoDateTimeField, Money
from ..strict import Strict
from ..surfaces import manage, referee
from .players import registration_of


class PaymentInSerializer(Strict, serializers.Serializer):
    amount = serializers.CharField(max_length=20, help_text='e.g. "1500" or "1500.50"')
    method = serializers.ChoiceField(choices=Payment.Method.choices)
    note = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")
    paid_at = serializers.DateTimeField(required=False, allow_null=True, default=None)


class CorrectionSerializer(PaymentInSerializer):
    reason = serializers.CharField(max_length=200)


class LeaveSerializer(Strict, serializers.Serializer):
    allow = serializers.BooleanField()
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True, default="")


class CategorySerializer(Strict, serializers.Serializer):
    category = serializers.CharField(max_length=100, allow_blank=True)


class PaymentSerializer(serializers.Serializer):
    """A payment (``admission.models.Payment``)."""

    id = serializers.IntegerField(source="pk")
    registration = serializers.IntegerField(source="registration_id")
    amount = Money()
    method = serializers.CharField()
    paid_at = IsoDateTimeField()
    note = serializers.CharField()
    recorded_by = serializers.CharField(source="recorded_by.get_username", allow_null=True)
    corrected = serializers.BooleanField()


class TotalSerializer(serializers.Serializer):
    """A total of the report (``admission.pure.rules.Total``)."""

    players = serializers.IntegerField()
    paid_up = serializers.IntegerField(help_text="the players who owe nothing more")
    due = Money()
    paid = Money()
    outstanding = Money(
        help_text="what each player still owes, added up (an overpayment pays nobody else's)"
    )


class FeeLineSerializer(serializers.Serializer):
    """An entry's fee and payments (``admission.services.Line``)."""

    registration = serializers.IntegerField(source="registration.pk")
    name = serializers.CharField()
    category = serializers.CharField()
    due = Money(allow_null=True, help_text="null: nothing is due")
    paid = Money()
    state = serializers.ChoiceField(choices=["paid", "part", "unpaid", "free"])
    may_play_unpaid = serializers.BooleanField(source="allowed", help_text="the chief's leave")
    payments = PaymentSerializer(many=True)


class FeesSerializer(serializers.Serializer):
    """The fees page (``Fees``: the ledger and its report)."""

    currency = serializers.CharField(source="book.rules.currency")
    players = FeeLineSerializer(many=True, source="book.lines")
    categories = serializers.DictField(
        source="report.categories",
        child=TotalSerializer(),
        help_text='by category ("": the entries without one)',
    )
    methods = serializers.DictField(
        source="report.methods", child=Money(), help_text="the sum paid by each method"
    )
    total = TotalSerializer(source="report.total")


class FeesAnswer(NamedTuple):
    book: services.Ledger
    report: Any


class Fees(ApiView):
    @extend_schema(responses={200: FeesSerializer, **READ_ERRORS}, tags=["players"])
    @referee
    def get(self, request: Request, tournament: Tournament) -> Response:
        book = services.ledger(tournament)
        return Response(FeesSerializer(FeesAnswer(book, report_of(book))).data)


@action(
    referee, request=PaymentInSerializer, response=PaymentSerializer, created=True, tags=["players"]
)
def RecordPayment(
    request: Request, tournament: Tournament, v: dict[str, Any], registration: int
) -> Payment:
    entry = registration_of(tournament, registration)
    made = payments.record_payment(
        entry.pk, request.user, v["amount"], v["method"], paid_at=v["paid_at"], note=v["note"]
    )
    return made


@action(referee, request=CorrectionSerializer, response=PaymentSerializer, tags=["players"])
def CorrectPayment(
    request: Request, tournament: Tournament, v: dict[str, Any], payment: int
) -> Payment:
    found = get_object_or_404(Payment, pk=payment, registration__tournament=tournament)
    done = payments.correct_payment(
        found.pk,
        request.user,
        v["amount"],
        v["method"],
        note=v["note"],
        reason=v["reason"],
        paid_at=v["paid_at"],
    )
    return done


class LeaveGivenSerializer(serializers.Serializer):
    """The chief's leave to play unpaid, as the registration keeps it."""

    allow = serializers.BooleanField(source="unpaid_allowed")
    reason = serializers.CharField(source="unpaid_reason")


@action(manage, request=LeaveSerializer, response=LeaveGivenSerializer, tags=["players"])
def UnpaidLeave(
    request: Request, tournament: Tournament, v: dict[str, Any], registration: int
) -> Entry:
    entry = registration_of(tournament, registration)
    return payments.allow_unpaid(entry.pk, request.user, v["allow"], v["reason"])


class RulesSerializer(Strict, serializers.Serializer):
    """The admission rules and fees, as the fees page sets them (every key: absent is empty)."""

    rating_list = serializers.IntegerField(required=False, allow_null=True, default=None)
    rating_min = serializers.CharField(required=False, allow_blank=True, default="")
    rating_max = serializers.CharField(required=False, allow_blank=True, default="")
    fees = serializers.CharField(
        required=False, allow_blank=True, default="", help_text='one a line: "Юниоры: 1000"'
    )
    flat_fee = serializers.CharField(required=False, allow_blank=True, default="")
    currency = serializers.CharField(required=False, allow_blank=True, default="")
    divisions = serializers.ListField(
        child=serializers.IntegerField(), required=False, default=list, help_text="their ids"
    )
    invitation_only = serializers.BooleanField(required=False, default=False)
    invitations = serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        help_text="one a line: name, city, federation id",
    )


class Pairs(serializers.DictField):
    """A list of pairs kept as JSON (``[["Юниоры", "1000"]]``) read out as an object."""

    def to_representation(self, value: Any) -> dict[str, Any]:
        return super().to_representation(dict(value))


class RulesOutSerializer(serializers.Serializer):
    """The admission rules (``Admission``; none kept: its defaults, open and free)."""

    rating_list = serializers.IntegerField(source="rating_list_id", allow_null=True)
    rating_min = Money(allow_null=True)
    rating_max = Money(allow_null=True)
    fees = Pairs(child=serializers.CharField(), help_text="category -> fee")
    flat_fee = Money(allow_null=True)
    currency = serializers.CharField()
    divisions = serializers.SerializerMethodField()
    invitation_only = serializers.BooleanField()
    invited = serializers.SerializerMethodField(help_text="how many are on the invitation list")

    @extend_schema_field(serializers.ListField(child=serializers.IntegerField()))
    def get_divisions(self, admission: Admission) -> list[int]:
        if admission.pk is None:
            return []
        return sorted(d.pk for d in admission.divisions.all())

    def get_invited(self, admission: Admission) -> int:
        return len(admission.invitations)


def _rules(admission: Admission | None) -> Any:
    return RulesOutSerializer(admission or Admission()).data


class Rules(ApiView):
    @extend_schema(responses={200: RulesOutSerializer, **READ_ERRORS}, tags=["players"])
    @referee
    def get(self, request: Request, tournament: Tournament) -> Response:
        return Response(_rules(admission_of(tournament)))

    @extend_schema(
        request=RulesSerializer,
        responses={200: RulesOutSerializer, **ERRORS},
        tags=["players"],
    )
    @manage
    def put(self, request: Request, tournament: Tournament) -> Response:
        """Set every rule at once (a key left out is empty)."""
        data = RulesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        done = services.set_rules(tournament.pk, request.user, dict(data.validated_data))
        return Response(_rules(done))


@action(manage, request=CategorySerializer, response=CategorySerializer, tags=["players"])
def EntryCategory(
    request: Request, tournament: Tournament, v: dict[str, Any], registration: int
) -> Entry:
    entry = registration_of(tournament, registration)
    return services.set_category(entry.pk, request.user, v["category"])
