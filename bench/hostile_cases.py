"""A file of hostile and bad cases, to prove that a change leaves every output as it was.

    python bench/hostile_cases.py OUT.json [--seed 7] [--bases FILE ...] [--deals FILE]

Speed work must keep every refusal (its code, its field) and every result byte for byte:
score this file with both versions (``python -m scoring score OUT.json``, and ``check``) and
compare the outputs. The bases are the valid cases of ``tests/scoring/test_fuzz.py``, every
case of the ``--bases`` files (by default the golden cases of
``../shared/rules/golden-deals.json`` when that file is there), and with ``--deals`` 300 of a
bench case file's (``bench/engine.py``'s ``case_file``). Each base is
varied at every place in it (a key removed, the value replaced by hostile ones: NaN,
Infinity, huge or over-precise numbers, bools, ``7.0``, lone surrogates, other texts, lists,
objects, deep nesting), keys are added to its objects, several places are varied at once,
and ids are left out, empty, not texts or repeated; a few cases are not objects at all.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import sys
from decimal import Decimal
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.scoring.helpers import calls, game, misere, raspasy  # noqa: E402
from tests.scoring.test_fuzz import BASES, paths, text  # noqa: E402  (the fuzz test's bases)

GOLDEN = ROOT.parent / "shared" / "rules" / "golden-deals.json"
GONE = object()  # a place removed rather than replaced
HOSTILE: list[Any] = [None, True, False, 0, -1, 1, 2, 5, 6, 7, 10, 11, 10**40, 10**10]
HOSTILE += [Decimal(v) for v in ("7.0", "2.5", "NaN", "Infinity", "-Infinity", "1e999999")]
HOSTILE += [Decimal("0.1234567890123"), Decimal("-0.0"), "", "A", "B", "C", "D", "Q"]
HOSTILE += ["\ud800", "Ж", "x\udfffy", "whist", "pass", "half_whist", "return_whist", "check"]
HOSTILE += ["game", "misere", "raspasy", "open", "closed", "none", "S", "NT", "SA", "H10"]
HOSTILE += [[], [1], ["A", "B"], [[[[[[[[0]]]]]]]], {}, {"A": 1}, {"level": "misere"}]
HOSTILE += [{"A": 5, "B": 3, "C": 2}]
KEYS = ["extra", "id", "kind", "level", "options", "pool_before", "dealer", "ruling", "talon"]
KEYS += ["order", "replaces", "raspasy", "referee_rulings", "\ud800", "pool_size"]
IDS: list[Any] = [GONE, "", 5, None, "\ud800", "dup", "dup", "Ж", "", [1], True, Decimal("NaN")]


ABC, ABCD = ["A", "B", "C"], ["A", "B", "C", "D"]
SET = {"A": 5, "B": 3, "C": 2}  # 6 by A set by one
GAME = game("A", 6, calls("B whist", "C pass"), SET)
MANUAL = {"kind": "manual", "entry": "whist", "player": "B", "on": "A", "amount": 3}


def deal_case(convention: str, deal: dict[str, Any], **more: Any) -> dict[str, Any]:
    case = {"id": "x", "kind": "deal", "convention": convention, "players": ABC, "deal": deal}
    return case | more


#: Bases that reach refusals a varied golden case rarely does (options, rulings, referee
#: rulings, pulkas), each a place for the variations too.
TARGETED = [
    deal_case("sochi", game("A", 6, calls("B whist", "C pass", "B half_whist", "C pass"))),
    deal_case(
        "sochi", game("A", 6, calls("B pass", "C half_whist")), options={"half_whist_levels": []}
    ),
    deal_case("sochi", {**GAME, "play": "open"}, options={"stalingrad": True}),
    deal_case(
        "rostov", raspasy({"A": 5, "B": 3, "C": 2}), options={"raspasy_talon": "dealer_plays"}
    ),
    deal_case("sochi", {**GAME, "raspasy": {"series_index": 2}}),
    deal_case("sochi", {**misere("A", {"A": 0, "B": 5, "C": 5}), "defence": calls("B whist")}),
    deal_case("sochi", GAME, options={"contract_value": [1, 2], "raspasy_exit": [7, 6, 6]}),
    deal_case("sochi", GAME, options={"help_target": "helper_choice"}),
    deal_case("sochi", GAME, options={"raspasy_progression": [1, 0], "misere_value": -1}),
    deal_case(
        "sochi",
        {
            **game("A", 7, calls("B pass", "C pass")),
            "ruling": {"rule": "kodex-3.4.4", "bid_level": 6},
        },
    ),
    deal_case(
        "sochi", {**game("A", 7, calls("B pass", "C pass")), "ruling": {"rule": "kodex-3.4.9"}}
    ),
    deal_case(
        "sochi", {**raspasy(SET), "ruling": {"rule": "kodex-3.4.6", "proven_undertricks": 1}}
    ),
    deal_case(
        "sochi", {**misere("A", {"A": 1, "B": 5, "C": 4}), "ruling": {"rule": "kodex-3.4.9"}}
    ),
    deal_case(
        "sochi", {**GAME, "referee_rulings": [{"kind": "raspasy_dealer_fine", "points": -2}]}
    ),
    deal_case(
        "sochi", {**raspasy(SET), "referee_rulings": [{"kind": "raspasy_dealer_fine", "points": 2}]}
    ),
    deal_case("sochi", {**GAME, "referee_rulings": [{**MANUAL, "amount": -3, "reason": ""}]}),
    deal_case("sochi", {**GAME, "referee_rulings": [{**MANUAL, "entry": "gora", "reason": "r"}]}),
    deal_case("sochi", {**GAME, "referee_rulings": [{**MANUAL, "on": "B", "reason": "r"}]}),
    deal_case(
        "leningrad",
        {
            **GAME,
            "ruling": {
                "rule": "kodex-3.8.5.1",
                "mode": "qualification",
                "dissenter": "A",
                "alternative": SET,
                "lot": "actual",
            },
        },
    ),
    deal_case(
        "sochi",
        {
            **GAME,
            "ruling": {
                "rule": "kodex-3.8.5.1",
                "mode": "commercial",
                "insisting": "A",
                "dissenters": ["B"],
                "guaranteed": SET,
            },
        },
    ),
    deal_case("sochi", {**GAME, "tricks": [5, 3, 2]}, players=ABCD, dealer="D"),
    {
        "id": "p",
        "kind": "pulka",
        "convention": "sochi",
        "players": ABC,
        "deals": [GAME],
        "pool_before": {},
    },
]


def at(value: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        value = value[step]
    return value


def varied(base: Any, path: tuple[Any, ...], value: Any) -> Any:
    case = copy.deepcopy(base)
    parent = at(case, path[:-1])
    if value is GONE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return case


def hostile_cases(rng: random.Random, bases: list[Any]) -> list[Any]:
    cases = []
    for base in bases:
        for path in paths(base)[1:]:
            cases += [varied(base, path, v) for v in [GONE, *rng.sample(HOSTILE, 12)]]
        for path in paths(base):
            if isinstance(at(base, path), dict):
                cases.append(varied(base, (*path, rng.choice(KEYS)), rng.choice(HOSTILE)))
    for _ in range(8000):  # several places at once
        case = rng.choice(bases)
        for _ in range(rng.randint(2, 4)):
            path = rng.choice(paths(case)[1:] or [("id",)])
            case = varied(case, path, GONE if rng.random() < 0.3 else rng.choice(HOSTILE))
        cases.append(case)
    numbered = [{**c, "id": f"H{i}"} if rng.random() < 0.97 else c for i, c in enumerate(cases)]
    for base in rng.sample(bases, 40):
        numbered += [varied(base, ("id",), v) for v in IDS if "id" in base or v is not GONE]
    numbered += [None, 1, "case", [], [{"id": "x"}], True, Decimal("NaN")]
    numbered += copy.deepcopy(bases[:80])  # their ids again: repeats of earlier cases
    rng.shuffle(numbered)
    return numbered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--bases", type=Path, nargs="*", default=[GOLDEN] * GOLDEN.exists())
    parser.add_argument("--deals", type=Path, help="a bench case file to sample bases from")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    bases: list[Any] = copy.deepcopy(BASES + TARGETED)
    for path in args.bases:
        bases += json.loads(path.read_text(encoding="utf-8"))
    if args.deals is not None:
        bases += rng.sample(json.loads(args.deals.read_text(encoding="utf-8")), 300)
    cases = hostile_cases(rng, bases)
    args.out.write_text("[" + ",\n".join(text(c) for c in cases) + "]", encoding="utf-8")
    print(f"{len(cases):,} cases in {args.out}")


if __name__ == "__main__":
    main()
