"""Double-dummy speed: random 10-card positions, then whole board tables.

python bench/dd.py [--positions 100] [--boards 3] [--seed 1]

Positions: boards dealt from seeds ``seed``, ``seed + 1``, …; for each, a declarer and a
strain drawn from the same seed, the declarer's discard the two lowest of his twelve cards
(given, not searched); the first hand leads. Printed: the median, p90 and worst time per
position, in the process's CPU time and in wall time (the machine may be shared). Tables:
``board_table`` (3 declarers × 5 strains with the best discard, plus 3 misères) of boards
dealt from ``seed``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring.board import SplitMix64, deal_boards
from scoring.dd import board_table, check_discard, tricks
from scoring.model import STRAINS


def _summary(label: str, values: list[float]) -> str:
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"{label}: median {statistics.median(ordered) * 1000:7.1f} ms, "
        f"p90 {p90 * 1000:7.1f} ms, worst {ordered[-1] * 1000:7.1f} ms"
    )


def positions(count: int, seed: int) -> None:
    cpu, wall = [], []
    for i in range(count):
        (board,) = deal_boards(seed + i, 1)
        draw = SplitMix64(seed + i)
        declarer = 1 + draw.below(3)
        strain = STRAINS[draw.below(5)]
        twelve = board.hands[declarer - 1] | board.talon
        low = twelve & -twelve
        rest = twelve ^ low
        discard = low | (rest & -rest)  # the two lowest cards in the game's order
        hands = check_discard(board, declarer, discard)
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        tricks(hands, strain, declarer)
        cpu.append(time.process_time() - start_cpu)
        wall.append(time.perf_counter() - start_wall)
    print(f"{count} random 10-card positions (given discard, declarer, strain), seeds {seed}..")
    print("  " + _summary("CPU ", cpu))
    print("  " + _summary("wall", wall))


def tables(count: int, seed: int) -> None:
    print(f"whole tables (3 declarers x 5 strains, best discard, + 3 misères), seed {seed}")
    for board in deal_boards(seed, count):
        start_cpu, start_wall = time.process_time(), time.perf_counter()
        table = board_table(board)
        cpu = time.process_time() - start_cpu
        wall = time.perf_counter() - start_wall
        row = " ".join(
            "".join(str(table.tricks[(d, s)].tricks) if s != "NT" else "" for s in STRAINS)
            + f"/{table.tricks[(d, 'NT')].tricks}"
            + ("m" if table.misere[d].tricks == 0 else "")
            for d in (1, 2, 3)
        )
        print(f"  board {board.number}: CPU {cpu:6.2f} s, wall {wall:6.2f} s   ({row})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--boards", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    positions(args.positions, args.seed)
    if args.boards:
        tables(args.boards, args.seed)


if __name__ == "__main__":
    main()
