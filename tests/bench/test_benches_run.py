"""The benches live: each script of ``bench/`` runs at its smallest size, as a process of its
own, exits 0 and prints its figures (issue 31 point 8).

Sizes say nothing here: the figures are checked to be printed, not to be fast. The load,
chaos, two-server benches (``hall.py``, ``chaos.py``, ``two_servers.py``) are not here:
``.ci/run`` runs them (bounded, on SQLite and PostgreSQL); ``hall_load.py``, ``hall_proxy.py``,
``chaos_faults.py``, ``site_twins.py`` and ``sidebyside.py`` are their modules,
``hostile_cases.py`` writes a case file, ``federation_build.py`` (with ``federation_plan.py``,
``federation_pool.py``, ``federation_stages.py`` and ``federation_write.py``) is
``federation.py``'s generator. About a
minute in all, on a loaded 2-core machine (twins, jobs and site the longest).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

#: script and its smallest arguments -> what its output must show (regexes, in order)
BENCHES: dict[str, tuple[list[str], list[str]]] = {
    "engine.py": (
        ["--deals", "200", "--pulkas", "5", "--length", "5", "--cli-deals", "50", "--repeat", "1"],
        [
            r"deals, fixed seatings: +200 in [\d.]+ s = +[\d,]+ deals/s",
            r"command line, fixed seatings: +50 deal cases",
            r"deals, named seatings: +200 in",
            r"pulkas: +5 of 5 deals in [\d.]+ s = +[\d,]+ pulkas/s",
        ],
    ),
    "seating.py": (
        ["--players", "12", "--rounds", "2", "--repeat", "1"],
        [r"random +12 players, 2 rounds of history: median \d+ ms", r"swiss +12 players"],
    ),
    "movement.py": (
        ["--max", "12"],
        [r"N= +3 tables of 3: T= +1 .* ms +repeats", r"N= +12 tables of 4", r"total [\d.]+ s"],
    ),
    "site.py": (
        ["--players", "12", "--rounds", "2", "--repeat", "1"],
        [
            r"tournament: 12 players, 2 rounds",
            r"rescore \(scoring time\) +median +\d+ ms",
            r"standings page +median +\d+ ms",
            r"results workbook \(xlsx\) +median +\d+ ms",
            r"standings pdf +median +\d+ ms",
        ],
    ),
    "ratings.py": (
        ["--tournaments", "2", "--players", "12", "--rounds", "2", "--pool", "20"],
        [r"openskill: \d+ tables, \d+ rating changes", r"bula_elo: \d+ tables"],
    ),
    "twins.py": (
        ["--players", "12", "--rounds", "2", "--repeat", "1"],
        [
            r"results workbook: 9 sheets",
            r"fast\.workbook \(speed code\) +median +[\d.]+ ms",
            r"standings page rows: 12 rows",
            r"gridpdf \(speed code\) +median +[\d.]+ ms",
            r"workbook: the collector",
        ],
    ),
    "dd.py": (
        ["--positions", "2", "--boards", "1"],
        [r"CPU : median +[\d.]+ ms", r"board 1: CPU +[\d.]+ s"],
    ),
    "profile.py": (
        ["--tournaments", "2", "--rounds", "2", "--deals", "3", "--runs", "1"],
        [r"built 2 tournaments", r"page /players/\d+/: median \d+ ms .* queries \[\d+\]"],
    ),
    "federation.py": (
        [
            *("--sizes", "3,6", "--career", "2", "--season", "3", "--runs", "1"),
            *("--players", "9,10", "--deals", "3,4", "--rounds", "3,4"),
        ],
        [
            r"archive: 3 tournaments, [\d,]+ deals",
            r"archive: 6 tournaments",
            r"profile +\d+ / +[\d.]+ / +[\d.]+, +\d+ .* [\d.]+x",
            r"cup +\d+",
        ],
    ),
    "jobs.py": (
        ["--workers", "1", "--jobs", "5", "--single", "2", "--poll", "0.2"],
        [
            r"one job submit→done p50 \d+ ms",
            r"5 jobs submitted .* all done in [\d.]+ s",
            r"once: 7 jobs, 7 runs done, 0 run more than once.*: OK",
        ],
    ),
}


def test_every_bench_is_run_here_or_by_ci() -> None:
    """A new bench script is either smoke-run here or named among those left to .ci/run."""
    elsewhere = {"hall.py", "chaos.py", "two_servers.py"}  # .ci/run
    modules = {
        "hall_load.py",
        "hall_proxy.py",
        "site_twins.py",
        "sidebyside.py",
        "chaos_faults.py",
        "hostile_cases.py",
        "federation_build.py",
        "federation_plan.py",
        "federation_pool.py",
        "federation_stages.py",
        "federation_write.py",
    }
    scripts = {path.name for path in (ROOT / "bench").glob("*.py")}
    assert scripts == set(BENCHES) | elsewhere | modules


@pytest.mark.slow
@pytest.mark.parametrize("script", sorted(BENCHES))
def test_a_bench_runs_at_its_smallest_size(script: str) -> None:
    arguments, figures = BENCHES[script]
    # the benches make throw-away SQLite databases; jobs.py would take a DATABASE_URL's server
    environment = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    done = subprocess.run(
        [sys.executable, str(ROOT / "bench" / script), *arguments],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-4000:]
    position = 0
    for figure in figures:
        found = re.compile(figure).search(done.stdout, position)
        assert found, f"{script}: no {figure!r} in\n{done.stdout}"
        position = found.end()
