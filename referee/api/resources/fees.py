"""Entry fees through the API (issue 34 point 5): the officials read who paid what (with the
report's totals) and record or correct a payment; the chief sets an entry's category and
lets an unpaid player play. Money is never taken here: no payment gateway."""

from __future__ import annotations

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response

from referee.admission import payments, services
from referee.admission.models import Payment
from referee.admission.report import report_of
from referee.admission.rules import admission_of
from referee.tournaments.models import Registration, Tournament

from ..actions import action
from ..base import ERRORS, READ_ERRORS, ApiView
from ..strict import Strict
from ..surfaces import manage, referee


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
    id = serializers.IntegerField()
    registration = serializers.IntegerField()
    amount = serializers.CharField()
    method = serializers.CharField()
    paid_at = serializers.DateTimeField()
    note = serializers.CharField()
    recorded_by = serializers.CharField(allow_null=True)
    corrected = serializers.BooleanField()


class TotalSerializer(serializers.Serializer):
    players = serializers.IntegerField()
    paid_up = serializers.IntegerField(help_text="the players who owe nothing more")
    due = serializers.CharField()
    paid = serializers.CharField()
    outstanding = serializers.CharField(
        help_text="what each player still owes, added up (an overpayment pays nobody else's)"
    )


class FeeLineSerializer(serializers.Serializer):
    registration = serializers.IntegerField()
    name = serializers.CharField()
    category = serializers.CharField()
    due = serializers.CharField(allow_null=True, help_text="null: nothing is due")
    paid = serializers.CharField()
    state = serializers.ChoiceField(choices=["paid", "part", "unpaid", "free"])
    may_play_unpaid = serializers.BooleanField(help_text="the chief's leave")
    payments = PaymentSerializer(many=True)


class FeesSerializer(serializers.Serializer):
    currency = serializers.CharField()
    players = FeeLineSerializer(many=True)
    categories = serializers.DictField(
        child=TotalSerializer(), help_text='by category ("": the entries without one)'
    )
    methods = serializers.DictField(
        child=serializers.CharField(), help_text="the sum paid by each method"
    )
    total = TotalSerializer()


def _money(value: Any) -> str | None:
    return None if value is None else f"{value:.2f}"


def _payment(p: Payment) -> dict[str, Any]:
    return {
        "id": p.pk,
        "registration": p.registration_id,
        "amount": _money(p.amount),
        "method": p.method,
        "paid_at": p.paid_at.isoformat(),
        "note": p.note,
        "recorded_by": p.recorded_by.get_username() if p.recorded_by else None,
        "corrected": p.corrected,
    }


def _total(t: Any) -> dict[str, Any]:
    return {
        "players": t.players,
        "paid_up": t.paid_up,
        "due": _money(t.due),
        "paid": _money(t.paid),
        "outstanding": _money(t.outstanding),
    }


class Fees(ApiView):
    @extend_schema(responses={200: FeesSerializer, **READ_ERRORS}, tags=["players"])
    @referee
    def get(self, request: Request, tournament: Tournament) -> Response:
        book = services.ledger(tournament)
        found = report_of(book)
        players = [
            {
                "registration": line.registration.pk,
                "name": line.name,
                "category": line.category,
                "due": _money(line.due),
                "paid": _money(line.paid),
                "state": line.state,
                "may_play_unpaid": line.allowed,
                "payments": [_payment(p) for p in line.payments],
            }
            for line in book.lines
        ]
        return Response(
            {
                "currency": book.rules.currency,
                "players": players,
                "categories": {k: _total(v) for k, v in found.categories.items()},
                "methods": {k: _money(v) for k, v in found.methods.items()},
                "total": _total(found.total),
            }
        )


def _entry(tournament: Tournament, registration: int) -> Registration:
    return get_object_or_404(Registration, pk=registration, tournament=tournament)


@action(
    referee, request=PaymentInSerializer, response=PaymentSerializer, created=True, tags=["players"]
)
def RecordPayment(
    request: Request, tournament: Tournament, v: dict[str, Any], registration: int
) -> dict[str, Any]:
    entry = _entry(tournament, registration)
    made = payments.record_payment(
        entry.pk, request.user, v["amount"], v["method"], paid_at=v["paid_at"], note=v["note"]
    )
    return _payment(made)


@action(referee, request=CorrectionSerializer, response=PaymentSerializer, tags=["players"])
def CorrectPayment(
    request: Request, tournament: Tournament, v: dict[str, Any], payment: int
) -> dict[str, Any]:
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
    return _payment(done)


@action(manage, request=LeaveSerializer, response=LeaveSerializer, tags=["players"])
def UnpaidLeave(
    request: Request, tournament: Tournament, v: dict[str, Any], registration: int
) -> dict[str, Any]:
    entry = _entry(tournament, registration)
    done = payments.allow_unpaid(entry.pk, request.user, v["allow"], v["reason"])
    return {"allow": done.unpaid_allowed, "reason": done.unpaid_reason}


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


class RulesOutSerializer(serializers.Serializer):
    rating_list = serializers.IntegerField(allow_null=True)
    rating_min = serializers.CharField(allow_null=True)
    rating_max = serializers.CharField(allow_null=True)
    fees = serializers.DictField(child=serializers.CharField(), help_text="category -> fee")
    flat_fee = serializers.CharField(allow_null=True)
    currency = serializers.CharField()
    divisions = serializers.ListField(child=serializers.IntegerField())
    invitation_only = serializers.BooleanField()
    invited = serializers.IntegerField(help_text="how many are on the invitation list")


def _rules(admission: Any) -> dict[str, Any]:
    if admission is None:
        return {
            "rating_list": None,
            "rating_min": None,
            "rating_max": None,
            "fees": {},
            "flat_fee": None,
            "currency": "₽",
            "divisions": [],
            "invitation_only": False,
            "invited": 0,
        }
    return {
        "rating_list": admission.rating_list_id,
        "rating_min": _money(admission.rating_min),
        "rating_max": _money(admission.rating_max),
        "fees": dict(admission.fees),
        "flat_fee": _money(admission.flat_fee),
        "currency": admission.currency,
        "divisions": sorted(d.pk for d in admission.divisions.all()),
        "invitation_only": admission.invitation_only,
        "invited": len(admission.invitations),
    }


class Rules(ApiView):
    @extend_schema(responses={200: RulesOutSerializer, **READ_ERRORS}, tags=["players"])
    @referee
    def get(self, request: Request, tournament: Tournament) -> Response:
        return Response(_rules(admission_of(tournament)))

    @extend_schema(
        request=RulesSerializer,
        responses={200: RulesOutSerializer, **ERRORS},
        description="Set every rule at once (a key left out is empty).",
        tags=["players"],
    )
    @manage
    def put(self, request: Request, tournament: Tournament) -> Response:
        data = RulesSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        done = services.set_rules(tournament.pk, request.user, dict(data.validated_data))
        return Response(_rules(done))


@action(manage, request=CategorySerializer, response=CategorySerializer, tags=["players"])
def EntryCategory(
    request: Request, tournament: Tournament, v: dict[str, Any], registration: int
) -> dict[str, Any]:
    entry = _entry(tournament, registration)
    done = services.set_category(entry.pk, request.user, v["category"])
    return {"category": done.category}
