"""Every entry explained in English and Russian, amounts summed per player and pair."""

import pytest

from scoring import PoolState, Term, explain, explain_entry, preset, score_deal
from scoring.casefile import parse_deal
from scoring.explain import EN, RU, describe

from .helpers import calls, game, raspasy


def entries(convention, players, deal, pool=None):
    return score_deal(preset(convention), players, parse_deal(deal, None), pool).entries


SET_WITH_LONE_WHISTER = game(
    "A", 6, calls("B whist", "C pass"), {"A": 5, "B": 3, "C": 2}, play="open"
)


def test_whister_line_sums_trick_whists_and_consolation_in_english():
    lines = explain(entries("sochi", "ABC", SET_WITH_LONE_WHISTER), "en")
    assert lines == [
        "A writes 2 to the mountain: set by 1 trick × 2",
        "B writes 12 on A: 5 defence tricks × 2 + consolation 1 × 2",
        "C writes 2 on A: consolation 1 × 2",
    ]


def test_the_same_deal_in_russian_uses_the_players_words():
    lines = explain(entries("sochi", "ABC", SET_WITH_LONE_WHISTER), "ru")
    assert lines == [
        "A пишет 2 в гору: ремиз без одной × 2",
        "B пишет 12 вист. на A: 5 взяток защиты × 2 + консоляция 1 × 2",
        "C пишет 2 вист. на A: консоляция 1 × 2",
    ]


def test_raspasy_zero_bonus_and_ladder_are_explained():
    lines = explain(entries("fspr", "ABC", raspasy({"A": 0, "B": 3, "C": 7}, 2)), "ru")
    assert lines == [
        "A пишет -8 в гору: распасы №2: ни одной взятки",
        "B пишет 12 в гору: распасы №2: 3 взятки × 4",
        "C пишет 28 в гору: распасы №2: 7 взяток × 4",
    ]


def test_help_and_capped_pool_entries_are_explained():
    pool = PoolState(10, {"A": 8, "B": 5, "C": 9}, {})
    deal = game("A", 7, calls("B pass", "C pass"))
    lines = explain(entries("sochi", "ABC", deal, pool), "en")
    assert lines[0] == "A writes 2 to the pool: 7 not whisted (pass – pass), 2 / 4 fit in the pool"
    assert "A writes 10 on C: help: 1 pool point × 10" in lines


def test_single_entry_explanation():
    first = entries("sochi", "ABC", SET_WITH_LONE_WHISTER)[1]
    assert explain_entry(first, "en") == "B writes 10 on A: 5 defence tricks × 2"


@pytest.mark.parametrize(
    ("count", "words"),
    [(1, "1 взятка"), (2, "2 взятки"), (5, "5 взяток"), (11, "11 взяток"), (21, "21 взятка")],
)
def test_russian_trick_counts_agree_with_the_number(count, words):
    assert describe(Term("own_tricks", (count, 2)), "ru") == f"свои {words} × 2"


def test_every_term_has_both_languages():
    assert set(EN) == set(RU)


def test_names_replace_ids_in_explanations():
    pool = PoolState(10, {"A": 8, "B": 5, "C": 9}, {})
    deal = game("A", 7, calls("B pass", "C pass"))
    names = {"A": "Иванов", "B": "Петров", "C": "Сидоров"}
    lines = explain(entries("sochi", "ABC", deal, pool), "ru", names)
    assert "Сидоров пишет 1 в пулю: помощь от Иванов" in lines
    assert "Иванов пишет 10 вист. на Сидоров: помощь: 1 очк. пули × 10" in lines
