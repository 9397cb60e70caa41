"""Engine throughput: deals per second and whole pulkas per second, on one core.

    python bench/engine.py [--deals 100000] [--pulkas 2000] [--seed 1]

The workload is a tournament's worth of random legal deals (every preset, tables
of 3 and 4) and whole pulkas of 30 deals with their settlement. Inputs are built
before the clock starts; the clock covers validation, scoring and settlement.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import PRESETS, preset, score_deal, score_pulka
from scoring.samples import random_deal, random_pulka

TABLES = (("A", "B", "C"), ("A", "B", "C", "D"))


def deal_workload(rng: random.Random, count: int) -> list[tuple[object, tuple[str, ...], object]]:
    work = []
    conventions = [preset(name) for name in PRESETS]
    for i in range(count):
        cv = conventions[i % len(conventions)]
        players = TABLES[(i // len(conventions)) % 2]
        dealer = players[i % len(players)]
        series = rng.choice((1, 1, 1, 2, 3))
        work.append((cv, players, random_deal(rng, cv, players, dealer, series_index=series)))
    return work


def pulka_workload(rng: random.Random, count: int, length: int) -> list[tuple[object, ...]]:
    work = []
    for i in range(count):
        cv = preset(list(PRESETS)[i % len(PRESETS)])
        players = TABLES[i % 2]
        work.append((cv, players, random_pulka(rng, cv, players, length)))
    return work


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--pulkas", type=int, default=2_000)
    parser.add_argument("--length", type=int, default=30, help="deals per pulka")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    deals = deal_workload(rng, args.deals)
    start = time.perf_counter()
    entries = 0
    for cv, players, deal in deals:
        entries += len(score_deal(cv, players, deal).entries)  # type: ignore[arg-type]
    seconds = time.perf_counter() - start
    rate = len(deals) / seconds
    print(f"deals:  {len(deals):>8,} scored in {seconds:.3f} s = {rate:>10,.0f} deals/s", end="")
    print(f" ({entries:,} ledger entries)")

    pulkas = pulka_workload(rng, args.pulkas, args.length)
    start = time.perf_counter()
    for cv, players, pulka_deals in pulkas:
        result = score_pulka(cv, players, pulka_deals)  # type: ignore[arg-type]
        assert sum(result.result.values()) == 0
    seconds = time.perf_counter() - start
    total = len(pulkas) * args.length
    print(
        f"pulkas: {len(pulkas):>8,} of {args.length} deals ({total:,} deals) settled in "
        f"{seconds:.3f} s = {len(pulkas) / seconds:>8,.0f} pulkas/s, {total / seconds:,.0f} deals/s"
    )


if __name__ == "__main__":
    main()
