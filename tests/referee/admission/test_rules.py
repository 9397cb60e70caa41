"""The admission predicate and the payment report, worked out by hand, without Django
(issue 34 point 5)."""

from __future__ import annotations

import subprocess
import sys
from decimal import Decimal as D

import pytest

from referee.admission.pure import rules
from referee.admission.pure.rules import Candidate, Invitee, Line, Rules
from referee.admission.pure.text import LineError, amount, read_fees, read_invitations

FSPR = Rules(rating_list="ФСПР-2026", rating_min=D(1400), rating_max=D(1800))


def codes(found):
    return [(r.code, dict(r.params)) for r in found]


def test_a_rating_below_the_minimum_is_refused_naming_the_list():
    found = rules.refusals(FSPR, Candidate("Пётр", rating=D(1320)))
    assert codes(found) == [("rating_low", {"rating": "1320", "min": "1400", "list": "ФСПР-2026"})]


def test_a_rating_above_the_maximum_is_refused_and_the_bounds_themselves_admit():
    found = rules.refusals(FSPR, Candidate("Пётр", rating=D("1800.5")))
    assert codes(found) == [
        ("rating_high", {"rating": "1800.5", "max": "1800", "list": "ФСПР-2026"})
    ]
    assert rules.refusals(FSPR, Candidate("Пётр", rating=D(1400))) == []
    assert rules.refusals(FSPR, Candidate("Пётр", rating=D(1800))) == []


def test_no_rating_is_refused_under_a_minimum_and_admitted_under_a_ceiling_alone():
    found = rules.refusals(FSPR, Candidate("Пётр"))
    assert codes(found) == [("no_rating", {"name": "Пётр", "list": "ФСПР-2026", "min": "1400"})]
    ceiling = Rules(rating_list="ФСПР-2026", rating_max=D(1500))
    assert rules.refusals(ceiling, Candidate("Новичок")) == []


def test_a_range_without_a_list_checks_nothing():
    assert rules.refusals(Rules(rating_min=D(1400)), Candidate("Пётр", rating=D(1))) == []


JUNIORS = Rules(fees={"Взрослые": D(2000), "Юниоры": D(1000)}, divisions=("Мастер",))


def test_a_category_not_declared_is_refused_with_the_ones_that_are():
    found = rules.refusals(JUNIORS, Candidate("Пётр", category="Ветераны", division="Мастер"))
    assert codes(found) == [
        ("category_wrong", {"category": "Ветераны", "allowed": ["Взрослые", "Юниоры"]})
    ]
    # the case and ё do not matter
    assert rules.refusals(JUNIORS, Candidate("Пётр", category="юниоры", division="мастер")) == []


def test_a_missing_category_or_division_is_refused_only_on_a_form_that_asks_for_it():
    who = Candidate("Пётр")
    assert rules.refusals(JUNIORS, who) == []
    assert [r.code for r in rules.refusals(JUNIORS, who, declared=True)] == [
        "category_missing",
        "division_missing",
    ]


def test_a_division_not_admitted_is_refused():
    found = rules.refusals(JUNIORS, Candidate("Пётр", category="Юниоры", division="Любитель"))
    assert codes(found) == [("division_wrong", {"division": "Любитель", "allowed": ["Мастер"]})]


def test_the_invitation_list_matches_by_federation_id_else_by_name_and_city():
    listed = Rules(
        invited=(Invitee("Иван Петров", "Тула"), Invitee("Анна Лёвина", "", "F-7")),
    )
    assert rules.refusals(listed, Candidate("иван  петров", "Тула")) == []
    assert codes(rules.refusals(listed, Candidate("Иван Петров", "Орёл"))) == [
        ("not_invited", {"name": "Иван Петров"})
    ]
    assert rules.refusals(listed, Candidate("Анна Левина", "Москва", "F-7")) == []
    # the same name with another federation id is another person
    assert [r.code for r in rules.refusals(listed, Candidate("Анна Лёвина", "", "F-8"))] == [
        "not_invited"
    ]
    assert rules.refusals(Rules(invited=None), Candidate("Кто угодно")) == []


def test_every_broken_rule_is_named_and_check_raises_the_first():
    strict = Rules(
        rating_list="ФСПР-2026",
        rating_min=D(1400),
        fees={"Взрослые": D(2000)},
        invited=(),
    )
    who = Candidate("Пётр", rating=D(1320), category="Дети")
    assert [r.code for r in rules.refusals(strict, who)] == [
        "rating_low",
        "category_wrong",
        "not_invited",
    ]
    with pytest.raises(rules.AdmissionError) as caught:
        rules.check(strict, who)
    assert caught.value.code == "rating_low"


def test_the_fee_is_the_categorys_else_the_flat_one_and_its_state():
    fees = Rules(fees={"Взрослые": D(2000), "Юниоры": D(1000)}, flat_fee=D(1500))
    assert rules.fee_due(fees, "юниоры") == D(1000)
    assert rules.fee_due(fees, "") == D(1500)
    assert rules.fee_due(Rules(), "Юниоры") is None
    assert rules.state(None, D(0)) == rules.FREE
    assert rules.state(D(1000), D(1000)) == rules.PAID
    assert rules.state(D(1000), D(1200)) == rules.PAID
    assert rules.state(D(1000), D(400)) == rules.PART
    assert rules.state(D(1000), D(0)) == rules.UNPAID


def test_the_report_totals_by_category_and_by_method_worked_by_hand():
    lines = [
        Line("А", "Взрослые", D(2000), D(2000), {"cash": D(2000)}),
        Line("Б", "Взрослые", D(2000), D(500), {"transfer": D(500)}),
        Line("В", "Взрослые", D(2000), D(0)),
        Line("Г", "Юниоры", D(1000), D(1200), {"cash": D(700), "transfer": D(500)}),
        Line("Д", "", None, D(0)),
    ]
    found = rules.report(lines, order=["Юниоры", "Взрослые"])
    assert list(found.categories) == ["Юниоры", "Взрослые", ""]  # declared order, none last
    adults, juniors, none = (found.categories[k] for k in ("Взрослые", "Юниоры", ""))
    # adults: 3 × 2000 due = 6000; paid 2000 + 500 + 0 = 2500; owed 0 + 1500 + 2000 = 3500
    assert (adults.players, adults.due, adults.paid, adults.outstanding, adults.paid_up) == (
        3,
        D(6000),
        D(2500),
        D(3500),
        1,
    )
    # juniors: 1000 due, 1200 paid (200 over): owes nothing, and pays nobody else's fee
    assert (juniors.players, juniors.due, juniors.paid, juniors.outstanding, juniors.paid_up) == (
        1,
        D(1000),
        D(1200),
        D(0),
        1,
    )
    assert (none.players, none.due, none.paid_up) == (1, D(0), 1)
    # in all: 5 players, 7000 due, 3700 paid, 3500 owed (not 7000 − 3700 = 3300)
    t = found.total
    assert (t.players, t.due, t.paid, t.outstanding, t.paid_up) == (5, D(7000), D(3700), D(3500), 3)
    # cash 2000 + 700 = 2700, transfer 500 + 500 = 1000
    assert found.methods == {"cash": D(2700), "transfer": D(1000)}


def test_the_organisers_lists_are_read_line_by_line():
    assert read_fees("Взрослые: 2000\n\nЮниоры — 1 000,50\nВетераны = 0") == [
        ("Взрослые", D("2000.00")),
        ("Юниоры", D("1000.50")),
        ("Ветераны", D("0.00")),
    ]
    with pytest.raises(LineError) as bad:
        read_fees("Взрослые: 2000\nЮниоры тысяча")
    assert (bad.value.code, bad.value.params) == ("fees_line", {"line": 2})
    with pytest.raises(LineError) as twice:
        read_fees("Юниоры: 1\nюниоры: 2")
    assert twice.value.code == "fees_twice"
    assert read_invitations("Иван Петров, Тула\nАнна, , F-7") == [
        Invitee("Иван Петров", "Тула", ""),
        Invitee("Анна", "", "F-7"),
    ]
    with pytest.raises(LineError):
        read_invitations("a, b, c, d")
    assert amount("1500") == D("1500.00")
    assert amount("-1") is None and amount("1.005") is None and amount("NaN") is None
    assert amount("10000000") is None and amount("abc") is None


def test_the_rules_import_no_django():
    code = (
        "import sys, referee.admission.pure.rules, referee.admission.pure.text; "
        "print('django' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
