"""Seating speed: a 300-player round with 9 rounds of history, random and Swiss.

python bench/seating.py [--players 300] [--rounds 9] [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.seating.pure.algorithm import seat_round
from referee.seating.pure.quality import assess
from referee.seating.pure.values import RoundSeating


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=300)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    players = [f"p{i}" for i in range(1, args.players + 1)]
    history: list[RoundSeating[str]] = []
    for r in range(args.rounds):
        history.append(seat_round(players, random.Random(r), history=history))
    standings = random.Random(99).sample(players, len(players))
    for label, ranked in (("random", None), ("swiss", standings)):
        times, repeats = [], 0
        for seed in range(args.repeat):
            start = time.perf_counter()
            seating = seat_round(players, random.Random(seed), history=history, standings=ranked)
            times.append(time.perf_counter() - start)
            repeats += len(assess(seating, history).repeated_pairs)
        print(
            f"{label:6} {args.players} players, {args.rounds} rounds of history: "
            f"median {statistics.median(times) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms, "
            f"repeats kept {repeats} over {args.repeat} draws"
        )


if __name__ == "__main__":
    main()
