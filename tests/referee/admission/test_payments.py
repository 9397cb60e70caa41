"""Entry fees (issue 34 point 5): an official records payments, a correction is logged with
what it was, a stranger is refused; an unpaid player is not seated (a note says why) unless
the chief lets him play (logged); the report's totals, on the page, in the workbook and
through the API, worked out by hand."""

from __future__ import annotations

import io
from decimal import Decimal as D

import pytest
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook

from referee.admission import payments, services
from referee.admission.models import Payment
from referee.core.errors import NotAllowed, ServiceError
from referee.seating.notes import render_notes
from referee.seating.services import seat_next_round
from referee.tables.models import Seat
from referee.tournaments.models import ActionLog
from tests.referee.api.conftest import client_for

from ..factories import RegistrationFactory, UserFactory
from .conftest import cup

pytestmark = pytest.mark.django_db


def refused(call) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        call()
    return caught.value


def fee_cup(players: int = 7):
    """Adults pay 2000, juniors 1000 (₽); ``players`` entries, all adults."""
    tournament, chief, referee, _listed = cup(fees="Взрослые: 2000\nЮниоры: 1000")
    entries = [RegistrationFactory(tournament=tournament) for _ in range(players)]
    for entry in entries:
        services.set_category(entry.pk, chief, "Взрослые")
    return tournament, chief, referee, entries


def seated(round_) -> set[int]:
    return set(Seat.objects.filter(table__round=round_).values_list("registration_id", flat=True))


def test_an_official_records_a_payment_and_a_stranger_is_refused():
    _tournament, _chief, referee, entries = fee_cup(1)
    made = payments.record_payment(entries[0].pk, referee, "1 500,50", "cash", note="у стола")
    assert (made.amount, made.method, made.note, made.recorded_by) == (
        D("1500.50"),
        "cash",
        "у стола",
        referee,
    )
    log = ActionLog.objects.get(action="payment.recorded")
    assert (log.user, log.data["amount"], log.data["method"]) == (referee, "1500.50", "cash")
    with pytest.raises(NotAllowed):
        payments.record_payment(entries[0].pk, UserFactory(), "100", "cash")
    assert Payment.objects.count() == 1


@pytest.mark.parametrize(
    ("amount", "method", "code"),
    [
        ("0", "cash", "admission.amount"),
        ("-5", "cash", "admission.amount"),
        ("сто", "cash", "admission.amount"),
        ("10000000", "cash", "admission.amount"),
        ("100", "bitcoin", "admission.method"),
    ],
)
def test_a_bad_payment_is_refused_at_its_field_and_nothing_is_stored(amount, method, code):
    _tournament, _chief, referee, entries = fee_cup(1)
    error = refused(lambda: payments.record_payment(entries[0].pk, referee, amount, method))
    assert error.code == code
    assert not Payment.objects.exists()


def test_a_correction_needs_a_reason_and_the_log_keeps_the_payment_as_it_was():
    _tournament, chief, referee, entries = fee_cup(1)
    made = payments.record_payment(entries[0].pk, referee, "2000", "cash")
    error = refused(lambda: payments.correct_payment(made.pk, chief, "1000", "cash"))
    assert error.code == "admission.reason_missing"
    payments.correct_payment(made.pk, chief, "1000", "transfer", reason="ошибка в сумме")
    made.refresh_from_db()
    assert (made.amount, made.method, made.corrected) == (D("1000.00"), "transfer", True)
    log = ActionLog.objects.get(action="payment.corrected")
    assert log.reason == "ошибка в сумме"
    assert (log.data["before"]["amount"], log.data["before"]["method"]) == ("2000.00", "cash")
    assert (log.data["after"]["amount"], log.data["after"]["method"]) == ("1000.00", "transfer")
    with pytest.raises(NotAllowed):
        payments.correct_payment(made.pk, UserFactory(), "0", "cash", reason="x")


def test_an_unpaid_player_is_not_seated_with_a_note_until_he_pays_or_the_chief_lets_him():
    tournament, chief, referee, entries = fee_cup(7)
    for entry in entries[:5]:
        payments.record_payment(entry.pk, referee, "2000", "cash")
    payments.record_payment(entries[5].pk, referee, "500", "transfer")  # 500 of 2000
    # entries[6] paid nothing
    first = seat_next_round(tournament.pk, chief, seed=1)
    assert seated(first) == {e.pk for e in entries[:5]} - set(first.byes)
    assert entries[5].pk not in seated(first) and entries[6].pk not in seated(first)
    unpaid = [n for n in first.notes if n["code"] == "unpaid"]
    assert unpaid == [
        {
            "code": "unpaid",
            "params": {"player": entries[5].pk, "due": "2000", "paid": "500", "currency": "₽"},
        },
        {
            "code": "unpaid",
            "params": {"player": entries[6].pk, "due": "2000", "paid": "0", "currency": "₽"},
        },
    ]
    names = dict(tournament.entries.values_list("pk", "player__name"))
    lines = render_notes([n for n in first.notes if n["code"] == "unpaid"], names)
    name = names[entries[6].pk]
    assert f"{name} is not seated: entry fee unpaid (paid 0 of 2000 ₽)" in lines


def test_the_chiefs_leave_seats_an_unpaid_player_and_is_logged_and_only_his():
    tournament, chief, referee, entries = fee_cup(6)
    for entry in entries[:5]:
        payments.record_payment(entry.pk, referee, "2000", "cash")
    late = entries[5]
    with pytest.raises(NotAllowed):
        payments.allow_unpaid(late.pk, referee, True, "заплатит в перерыве")
    error = refused(lambda: payments.allow_unpaid(late.pk, chief, True, ""))
    assert error.code == "admission.reason_missing"
    payments.allow_unpaid(late.pk, chief, True, "заплатит в перерыве")
    log = ActionLog.objects.get(action="entry.unpaid_allowed")
    assert (log.user, log.reason, log.subject_id) == (chief, "заплатит в перерыве", late.pk)
    round_ = seat_next_round(tournament.pk, chief, seed=3)
    assert seated(round_) == {e.pk for e in entries}
    assert not [n for n in round_.notes if n["code"] == "unpaid"]


def test_a_tournament_without_rules_seats_everybody_as_before():
    tournament, chief, _referee, _listed = cup()
    entries = [RegistrationFactory(tournament=tournament) for _ in range(6)]
    round_ = seat_next_round(tournament.pk, chief, seed=1)
    assert seated(round_) == {e.pk for e in entries}


def report_cup():
    """Five players: А, Б, В adults (2000), Г junior (1000), Д without a category (the flat
    fee is none: free). А paid 2000 cash; Б 500 by transfer; В nothing; Г 700 cash and 500
    by transfer (1200: 200 over)."""
    tournament, chief, referee, _listed = cup(fees="Взрослые: 2000\nЮниоры: 1000")
    names = ["А", "Б", "В", "Г", "Д"]
    entries = [RegistrationFactory(tournament=tournament, player__name=n) for n in names]
    a, b, c, g, _d = entries
    for entry in (a, b, c):
        services.set_category(entry.pk, chief, "Взрослые")
    services.set_category(g.pk, chief, "Юниоры")
    payments.record_payment(a.pk, referee, "2000", "cash")
    payments.record_payment(b.pk, referee, "500", "transfer")
    payments.record_payment(g.pk, referee, "700", "cash")
    payments.record_payment(g.pk, referee, "500", "transfer")
    return tournament, chief, referee


def test_the_report_on_the_page_in_the_workbook_and_in_the_api_worked_by_hand():
    tournament, chief, referee = report_cup()
    page = Client()
    page.force_login(chief)
    html = page.get(reverse("manage-fees", args=[tournament.slug])).content.decode()
    # in all: 5 players, 3 paid up (А, Г, Д), due 3×2000 + 1000 = 7000, paid 2000 + 500 +
    # 1200 = 3700, outstanding 0 + 1500 + 2000 + 0 = 3500
    assert '<th class="num">5</th><th class="num">3</th><th class="num">7000</th>' in html
    assert '<th class="num">3700</th><th class="num">3500</th>' in html
    book = page.get(reverse("export-fees-xlsx", args=[tournament.slug]))
    assert book.status_code == 200
    sheets = load_workbook(io.BytesIO(book.content))
    totals = [list(r) for r in sheets.worksheets[0].iter_rows(min_row=4, values_only=True)]
    assert totals[0] == ["Взрослые", 3, 1, 6000, 2500, 3500]
    assert totals[1] == ["Юниоры", 1, 1, 1000, 1200, 0]
    assert totals[2] == ["no category", 1, 1, 0, 0, 0]
    assert totals[3] == ["In all", 5, 3, 7000, 3700, 3500]
    # cash 2000 + 700 = 2700, transfer 500 + 500 = 1000
    trimmed = [[v for v in row if v is not None] for row in totals]
    assert ["cash", 2700] in trimmed and ["transfer", 1000] in trimmed
    who = list(sheets.worksheets[1].iter_rows(min_row=2, values_only=True))
    assert [(r[0], r[4], r[5]) for r in who if r[0] == "Г"] == [
        ("Г", 700, "cash"),
        ("Г", 500, "transfer"),
    ]
    assert len(who) == 6  # А 1, Б 1, В none (a line), Г 2, Д none (a line)
    answer = client_for(referee).get(reverse("api-fees", args=[tournament.slug])).json()
    assert answer["total"] == {
        "players": 5,
        "paid_up": 3,
        "due": "7000.00",
        "paid": "3700.00",
        "outstanding": "3500.00",
    }
    assert answer["methods"] == {"cash": "2700.00", "transfer": "1000.00"}
    states = {p["name"]: p["state"] for p in answer["players"]}
    assert states == {"А": "paid", "Б": "part", "В": "unpaid", "Г": "paid", "Д": "free"}


def test_the_api_records_and_corrects_a_payment_and_refuses_a_stranger():
    tournament, chief, referee, entries = fee_cup(1)
    url = reverse("api-payment", args=[tournament.slug, entries[0].pk])
    made = client_for(referee).post(url, {"amount": "2000", "method": "cash"}, format="json")
    assert made.status_code == 201 and made.json()["amount"] == "2000.00"
    bad = client_for(referee).post(url, {"amount": "0", "method": "cash"}, format="json")
    assert (bad.status_code, bad.json()["code"]) == (400, "admission.amount")
    stranger = client_for(UserFactory()).post(url, {"amount": "1", "method": "cash"}, format="json")
    assert stranger.status_code in (403, 404)
    fix = reverse("api-payment-correct", args=[tournament.slug, made.json()["id"]])
    done = client_for(referee).post(
        fix, {"amount": "1500", "method": "transfer", "reason": "сдача"}, format="json"
    )
    assert done.status_code == 200 and done.json()["corrected"] is True
    leave = reverse("api-unpaid-leave", args=[tournament.slug, entries[0].pk])
    denied = client_for(referee).post(leave, {"allow": True, "reason": "x"}, format="json")
    assert denied.status_code == 403
    ok = client_for(chief).post(leave, {"allow": True, "reason": "долг до обеда"}, format="json")
    assert ok.json() == {"allow": True, "reason": "долг до обеда"}
    assert Payment.objects.get().amount == D(1500)


def test_the_check_in_page_marks_paid_and_unpaid():
    tournament, chief, referee, entries = fee_cup(2)
    tournament.check_in = True
    tournament.save(update_fields=["check_in"])
    payments.record_payment(entries[0].pk, referee, "2000", "cash")
    page = Client()
    page.force_login(chief)
    html = page.get(reverse("manage-check-in", args=[tournament.slug])).content.decode()
    assert '<span class="fee paid">paid 2000 ₽</span>' in html
    assert '<span class="fee unpaid">unpaid (2000 ₽): not seated</span>' in html
    assert "1 player has not paid the entry fee" in html


def test_the_fees_page_is_the_chiefs_and_shows_a_refused_payment_without_storing_it():
    tournament, chief, referee, entries = fee_cup(1)
    url = reverse("manage-fees", args=[tournament.slug])
    stranger = Client()
    stranger.force_login(referee)
    assert stranger.get(url).status_code == 403
    page = Client()
    page.force_login(chief)
    action = reverse("manage-fee-action", args=[tournament.slug, entries[0].pk])
    answer = page.post(action, {"action": "pay", "amount": "две тысячи", "method": "cash"})
    assert answer.status_code == 302
    shown = page.get(url).content.decode()
    assert "Give an amount above 0 and under 10000000" in shown
    assert not Payment.objects.exists()
    page.post(action, {"action": "pay", "amount": "2000", "method": "transfer", "note": "СБП"})
    made = Payment.objects.get()
    fix = reverse("manage-payment-correct", args=[tournament.slug, made.pk])
    page.post(fix, {"amount": "1800", "method": "transfer", "note": "", "reason": ""})
    made.refresh_from_db()
    assert made.amount == D(2000)  # no reason: refused, nothing changed
    page.post(fix, {"amount": "1800", "method": "transfer", "note": "", "reason": "скидка"})
    made.refresh_from_db()
    assert (made.amount, made.corrected) == (D(1800), True)


def test_the_api_reads_and_sets_the_rules_and_refuses_a_bad_one():
    tournament, chief, referee, listed = cup()
    url = reverse("api-fee-rules", args=[tournament.slug])
    assert client_for(referee).get(url).json()["fees"] == {}
    body = {"rating_list": listed.pk, "rating_min": "1400", "fees": "Юниоры: 1000"}
    assert client_for(referee).put(url, body, format="json").status_code == 403
    done = client_for(chief).put(url, body, format="json")
    assert done.status_code == 200
    assert done.json() == {
        "rating_list": listed.pk,
        "rating_min": "1400.00",
        "rating_max": None,
        "fees": {"Юниоры": "1000.00"},
        "flat_fee": None,
        "currency": "₽",
        "divisions": [],
        "invitation_only": False,
        "invited": 0,
    }
    bad = client_for(chief).put(url, {"rating_min": "1800", "rating_max": "1400"}, format="json")
    assert (bad.status_code, bad.json()["code"]) == (400, "admission.rating_range")
    assert client_for(referee).get(url).json()["rating_min"] == "1400.00"  # unchanged
