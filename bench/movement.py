"""Movement speed: the duplicate movement for N players up to 120, tables of 3 and of 4.

python bench/movement.py [--max 120] [--size 3] [--size 4]

Per N: the tables, the generation time, the repeats (meetings beyond a pair's first) and the
fewest different opponents a player meets, of the most possible.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.seating.pure.movecheck import assess_movement
from referee.seating.pure.movement import plan_movement


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=120)
    parser.add_argument("--size", type=int, action="append")
    args = parser.parse_args()
    total = 0.0
    for size in args.size or [3, 4]:
        for n in range(size, args.max + 1, size):
            start = time.perf_counter()
            plan = plan_movement(list(range(n)), size)
            took = time.perf_counter() - start
            total += took
            quality = assess_movement(plan)
            low = min(p.distinct for p in quality.players)
            kind = plan.notes[2].code.removeprefix("move_")
            print(
                f"N={n:3} tables of {size}: T={n // size:2}  {took * 1000:8.1f} ms  "
                f"repeats {quality.repeats:4}  opponents ≥ {low:3} of {quality.most_opponents:3}"
                f"  ({kind})"
            )
    print(f"total {total:.1f} s")


if __name__ == "__main__":
    main()
