"""``Entry.kind`` is a ``StrEnum``: code compares it with the kinds, stored JSON keeps the text."""

import json

from scoring import Entry, Term
from scoring.ledger import GORA, Kind, Totals

from .helpers import calls, game, score


def test_entry_kinds_are_a_str_enum_equal_to_their_texts():
    assert [k.value for k in Kind] == ["pulka", "gora", "whist", "adjustment"]
    assert Kind.GORA == "gora" and GORA is Kind.GORA
    assert {"gora": 1}[Kind.GORA] == 1 and {Kind.GORA: 1}["gora"] == 1
    assert json.dumps({"kind": Kind.WHIST}) == '{"kind": "whist"}'


def test_entries_of_text_kinds_and_enum_kinds_add_up_alike():
    # two mountain entries of 2 and 3 for A, one written with the text kind: A 5
    entries = [
        Entry(Kind.GORA, "A", 2, "r", Term("set", (1, 2))),
        Entry("gora", "A", 3, "r", Term("set", (1, 3))),  # type: ignore[arg-type]
    ]
    assert Totals.of(entries).gora == {"A": 5}


def test_a_scored_deal_writes_enum_kinds():
    # 6 pass – pass: pool C(6) = 2 for A
    from scoring import preset, score_deal
    from scoring.casefile import parse_deal

    result = score_deal(
        preset("sochi"), ("A", "B", "C"), parse_deal(game("A", 6, calls("B pass", "C pass")), None)
    )
    assert [(type(e.kind), e.kind) for e in result.entries] == [(Kind, "pulka")]
    assert score("sochi", "ABC", game("A", 6, calls("B pass", "C pass")))["pulka"] == {"A": 2}
