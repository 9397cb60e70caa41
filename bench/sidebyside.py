"""Candidates run side by side, round by round, for ``bench/twins.py`` and its site sections
(``bench/site_twins.py``): both import it, neither the other (no circle)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any

Work = Callable[[], Any]


def side_by_side(
    title: str, candidates: Sequence[tuple[str, Work]], repeat: int, size: Callable[[Any], str]
) -> dict[str, float]:
    """Run the candidates alternately ``repeat`` times after a warm-up; the first is the
    speed code every ratio is taken to. Prints and returns each one's median (seconds)."""
    print(f"\n{title}")
    for _, work in candidates:
        work()  # warm-up: imports, templates, fonts
    times: dict[str, list[float]] = {name: [] for name, _ in candidates}
    sizes: dict[str, str] = {}
    for i in range(repeat):
        order = candidates if i % 2 == 0 else list(reversed(candidates))
        for name, work in order:
            start = time.perf_counter()
            result = work()
            times[name].append(time.perf_counter() - start)
            sizes[name] = size(result)
    first = candidates[0][0]
    medians = {}
    for name, _ in candidates:
        median = statistics.median(times[name])
        ratios = [t / f for t, f in zip(times[name], times[first], strict=True)]
        medians[name] = median
        print(
            f"  {name:<50} median {median * 1000:>8,.1f} ms  "
            f"{statistics.median(ratios):>5.2f}x  ({sizes[name]})"
        )
    return medians


def kib(data: Any) -> str:
    return f"{len(data) / 1024:,.0f} KiB"
