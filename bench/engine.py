"""Engine throughput: deals and pulkas in process, the whole command line, and a peer.

    python bench/engine.py [--deals 100000] [--pulkas 2000] [--cli-deals 21000]
                           [--repeat 7] [--seed 1] [--pref /tmp/pref [--pref-only]
                           [--games 20000]]

Workloads (inputs are built before the clock starts; each runs ``--repeat`` times and the
median is printed):

* deals: a tournament's worth of random legal deals (every preset, tables of 3 and 4),
  validated and scored by ``score_deal``, twice: at the bench's two fixed seatings
  (``A B C`` and ``A B C D``) and at varied seatings of named players (``named_workload``:
  three or four of the 60 ``NAMES``, Cyrillic and Latin, in a random order with a random
  dealer, a new seating almost every deal, as the random generator makes them). The same
  deals are scored in every round, so what the engine keeps by seat is warm after the first;
* pulkas: whole sheets of 30 deals with their settlement (``score_pulka``);
* command line: a case file of the first ``--cli-deals`` deals of each workload (written
  with ``deal_to_json``: the plain file and the mixed-names file) scored by ``python -m
  scoring score FILE`` in a fresh process; the clock is the whole process (start-up,
  reading, scoring, writing the JSON output). The
  engine's bytecode is compiled first, as an installed package's is (pip compiles it, and
  Python writes it on first import): a machine with ``PYTHONDONTWRITEBYTECODE`` set would
  otherwise compile the engine again in every process measured, about 20 ms of each;
  its runs alternate with passes of the deals workload, and the ratio of the two rates is
  the median of the rounds' ratios (each measured side by side, on a machine whose speed
  drifts by a fifth within a minute);
* trick games: with ``--pref PATH`` (a checkout of DmitryBal/pref, not part of this
  project), the same Sochi trick games scored by our ``score_deal`` and by that project's
  ``preferans.scoring.score_game``, alternating in one run, on three sets of ``--games``
  each: the bench's own (``random_deal``'s played whist-and-pass games) at its two fixed
  seatings (``trick games``) and at varied named seatings (``named games``), and
  oracle-style mixed games drawn uniformly (``mixed_games``: every contract, strain,
  defence and trick split, unplayed and half-whisted games too), both sides' inputs made
  game by game in one pass (``fresh``). Its ``config/default.yaml`` is not in its
  repository, so its Sochi config is built by hand: prices 2/4/6/8/10, whist obligations
  4/2/1/1/1. It validates nothing; ours validates as always. ``--pref-only`` runs only it.
"""

from __future__ import annotations

import argparse
import compileall
import gc
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import types
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scoring import (
    PRESETS,
    Call,
    Deal,
    DealType,
    DefenceCall,
    Play,
    preset,
    score_deal,
    score_pulka,
)
from scoring.calls import defenders_of
from scoring.casefile import deal_to_json
from scoring.model import STRAINS
from scoring.samples import random_deal, random_pulka
from scoring.table import Table

ROOT = Path(__file__).resolve().parent.parent
Tricks = Mapping[str, int]
TABLES = (("A", "B", "C"), ("A", "B", "C", "D"))


def deal_workload(rng: random.Random, count: int) -> list[tuple[Any, tuple[str, ...], Deal]]:
    work: list[tuple[Any, tuple[str, ...], Deal]] = []
    conventions = [preset(name) for name in PRESETS]
    for i in range(count):
        cv = conventions[i % len(conventions)]
        players = TABLES[(i // len(conventions)) % 2]
        dealer = players[i % len(players)]
        series = rng.choice((1, 1, 1, 2, 3))
        work.append((cv, players, random_deal(rng, cv, players, dealer, series_index=series)))
    return work


#: A club's registry for the varied seatings: Cyrillic and Latin names (60 players).
SURNAMES: tuple[str, ...] = ("Иванов", "Петрова", "Сидоров", "Ёлкин", "Орлова", "Kim", "Novak")
SURNAMES += ("Berg", "Smith", "Łukasz", "Müller", "Ng")
NAMES = tuple(f"{surname} {initial}." for surname in SURNAMES for initial in "АBЕKЮ")


def named_seating(rng: random.Random) -> tuple[tuple[str, ...], str]:
    """Three or four players drawn from ``NAMES`` in a random order, and a random dealer:
    a new seating almost every deal, as the random generator makes them."""
    players = tuple(rng.sample(NAMES, rng.choice((3, 4))))
    return players, rng.choice(players)


def named_workload(rng: random.Random, count: int) -> list[tuple[Any, tuple[str, ...], Deal]]:
    """``deal_workload``'s deals (every preset) at varied seatings of named players."""
    work = []
    conventions = [preset(name) for name in PRESETS]
    for i in range(count):
        cv = conventions[i % len(conventions)]
        players, dealer = named_seating(rng)
        series = rng.choice((1, 1, 1, 2, 3))
        work.append((cv, players, random_deal(rng, cv, players, dealer, series_index=series)))
    return work


def pulka_workload(rng: random.Random, count: int, length: int) -> list[tuple[Any, ...]]:
    work = []
    for i in range(count):
        cv = preset(list(PRESETS)[i % len(PRESETS)])
        players = TABLES[i % 2]
        work.append((cv, players, random_pulka(rng, cv, players, length)))
    return work


def median_of(work: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def score_deals(deals: list[tuple[Any, tuple[str, ...], Deal]]) -> None:
    for cv, players, deal in deals:
        score_deal(cv, players, deal)


def score_pulkas(pulkas: list[tuple[Any, ...]]) -> None:
    for cv, players, deals in pulkas:
        assert sum(score_pulka(cv, players, deals).result.values()) == 0


def case_file(deals: list[tuple[Any, tuple[str, ...], Deal]], folder: str) -> Path:
    """The deals as a file of deal cases (SPEC §12.2)."""
    cases = []
    for i, (cv, players, deal) in enumerate(deals):
        data = deal_to_json(deal)
        dealer = data.pop("dealer")
        case = {"id": f"D{i}", "kind": "deal", "convention": cv.name, "players": list(players)}
        if dealer is not None:
            case["dealer"] = dealer
        if deal.type == DealType.RASPASY:
            data["raspasy"] = {"series_index": deal.series_index}
        cases.append({**case, "deal": data})
    path = Path(folder) / "cases.json"
    path.write_text(json.dumps(cases), encoding="utf-8")
    return path


def run_cli(path: Path) -> tuple[float, float]:
    """One ``python -m scoring score`` process: its CPU time (user + system) and wall time."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "scoring", "score", str(path)],
        cwd=ROOT,
        capture_output=True,
        check=True,
    )
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    assert done.stdout.startswith(b"[") and b'"error"' not in done.stdout
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


# -- the peer: DmitryBal/pref's score_game on the same trick games -------------------------


def pref_module(path: Path) -> Any:
    """``preferans.scoring`` of a pref checkout; its config module imports yaml, which the
    scoring code never uses: a stand-in is given when PyYAML is not installed."""
    sys.path.insert(0, str(path))
    try:
        import yaml  # noqa: F401
    except ImportError:
        sys.modules["yaml"] = types.ModuleType("yaml")
    import preferans.config as config
    import preferans.scoring as scoring

    return config, scoring


def pref_sochi(config: Any, seats: int) -> Any:
    """Sochi by hand: C = W = 2/4/6/8/10, obligations 4/2/1/1/1, consolation from the passer
    and the sitting-out dealer, the shortfall at the full price."""
    cfg = config.Config()
    cfg.num_players = seats
    cfg.dealer_sits_out = seats == 4
    obligations = {6: 4, 7: 2, 8: 1, 9: 1, 10: 1}
    for level, value in zip((6, 7, 8, 9, 10), (2, 4, 6, 8, 10), strict=True):
        for strain in ("S", "C", "D", "H", "NT"):
            name = f"{level}{strain}"
            cfg.contracts[name] = config.Contract(
                name, level, "game", True, strain != "NT", value, value, obligations[level]
            )
    cfg.whist.consolation_to_dealer = True
    cfg.whist.consolation_to_passer = True
    return cfg


def trick_games(
    rng: random.Random, count: int, *, named: bool = False
) -> list[tuple[tuple[str, ...], Deal]]:
    """Played Sochi trick games whose calls are whist and pass only (both engines' ground):
    at the bench's two fixed seatings, or (``named``) at varied seatings of ``NAMES``."""
    cv = preset("sochi")
    games: list[tuple[tuple[str, ...], Deal]] = []
    while len(games) < count:
        if named:
            players, dealer = named_seating(rng)
        else:
            players = TABLES[len(games) % 2]
            dealer = players[len(games) % len(players)]
        deal = random_deal(rng, cv, players, dealer)
        if (
            deal.type == DealType.GAME
            and deal.play != Play.NONE
            and len(deal.defence) == 2
            and all(c.call in (Call.WHIST, Call.PASS) for c in deal.defence)
        ):
            games.append((players, deal))
    return games


def mixed_games(rng: random.Random, count: int) -> list[tuple[tuple[str, ...], Deal, Tricks]]:
    """Oracle-style mixed Sochi trick games, drawn uniformly, not by ``random_deal``'s weights:
    contracts 6-10, every strain, the declarer any hand, the defence whist - whist,
    whist - pass, pass - whist, pass - pass or (on 6 and 7, Sochi's half-whist levels) an
    accepted half-whist or one returned, play open or closed (closed when both whist), each
    of the 66 splits of the ten tricks among the three hands equally likely. Each game comes
    with its split: an unplayed game (pass - pass, an accepted half-whist) records no tricks,
    and the peer, which knows no unplayed game, scores that split."""
    cv = preset("sochi")
    splits = [(a, b, 10 - a - b) for a in range(11) for b in range(11 - a)]
    w, p, h, r = Call.WHIST, Call.PASS, Call.HALF_WHIST, Call.RETURN_WHIST
    shapes: list[tuple[Call, ...]] = [(w, w), (w, p), (p, w), (p, p)]
    half_shapes: list[tuple[Call, ...]] = [(p, h), (p, h, p), (p, h, r)]
    games: list[tuple[tuple[str, ...], Deal, Tricks]] = []
    for i in range(count):
        players = TABLES[i % 2]
        dealer = players[(i // 2) % len(players)]
        table = Table.seat(cv, players, dealer)
        declarer = rng.choice(table.hands)
        level, strain = rng.randint(6, 10), rng.choice(STRAINS)
        first, second = defenders_of(table, declarer)
        shape = rng.choice(shapes + half_shapes if level in cv.half_whist_levels else shapes)
        defence = tuple(
            DefenceCall(first if n % 2 == 0 else second, call) for n, call in enumerate(shape)
        )
        split = dict(zip((declarer, first, second), rng.choice(splits), strict=True))
        whists = shape.count(w) + shape.count(r)
        play = Play.CLOSED if whists == 2 or rng.random() < 0.5 else Play.OPEN
        deal = Deal(DealType.GAME, dealer, declarer, level, strain, defence, play, split)
        if not whists:
            deal = replace(deal, play=Play.NONE, tricks=None)
        games.append((players, deal, split))
    return games


def pref_args(configs: dict[int, Any], players: tuple[str, ...], deal: Deal, tricks: Tricks) -> Any:
    """``score_game``'s arguments for one of our games: seats as numbers, whisters (a
    returned whist is the returner's whist) and passers (a half-whister too)."""
    seat = {p: i for i, p in enumerate(players)}
    whisters = [seat[c.player] for c in deal.defence if c.call in (Call.WHIST, Call.RETURN_WHIST)]
    passers = [seat[p] for p in tricks if p != deal.declarer and seat[p] not in whisters]
    assert deal.declarer is not None
    dealer = seat[deal.dealer] if deal.dealer is not None else 0
    active = [seat[p] for p in tricks]
    name = f"{deal.level}{deal.strain}"
    counts = {seat[p]: n for p, n in tricks.items()}
    config = configs[len(players)]
    return (config, name, seat[deal.declarer], whisters, passers, counts, dealer, active)


def fresh(deal: Deal) -> Deal:
    """The deal again, of new objects (its calls and tricks too): our inputs are then made
    beside the peer's, as theirs are, not read from wherever the generator left them (a
    deal's objects scattered among the generator's cost up to a fifth more to read)."""
    calls = tuple(DefenceCall(c.player, c.call, c.replaces) for c in deal.defence)
    return replace(deal, defence=calls, tricks=None if deal.tricks is None else dict(deal.tricks))


def compare_pref(path: Path, rng: random.Random, count: int, repeat: int) -> None:
    config, pref = pref_module(path)
    configs = {3: pref_sochi(config, 3), 4: pref_sochi(config, 4)}
    sets = {
        "trick games": trick_games(rng, count),
        "named games": trick_games(rng, count, named=True),
    }
    for label, games in sets.items():
        own = [(players, deal, deal.tricks or {}) for players, deal in games]
        race(label, own, configs, pref.score_game, repeat)
    race("mixed games", mixed_games(rng, count), configs, pref.score_game, repeat)


def race(
    label: str,
    games: list[tuple[tuple[str, ...], Deal, Tricks]],
    configs: dict[int, Any],
    score_game: Callable[..., object],
    repeat: int,
) -> None:
    """Our ``score_deal`` and the peer's ``score_game`` on the same games, alternating."""
    cv = preset("sochi")
    ours, theirs = [], []
    for players, deal, tricks in games:  # both sides' inputs made in one pass, game by game
        ours.append((cv, players, fresh(deal)))
        theirs.append(pref_args(configs, players, deal, tricks))
    score_deals(ours)  # every game is one we score (and the seatings are read once)
    gc.collect()
    gc.freeze()  # the inputs are not the collector's work, for either engine

    def run_theirs() -> None:
        for args in theirs:
            score_game(*args)

    times: dict[str, list[float]] = {"ours": [], "theirs": []}
    ratios = []
    for _ in range(max(repeat, 3) * 3):  # alternating rounds: both see the same machine
        times["ours"].append(median_of(lambda: score_deals(ours), 1))
        times["theirs"].append(median_of(run_theirs, 1))
        ratios.append(times["theirs"][-1] / times["ours"][-1])
    mine, peer = statistics.median(times["ours"]), statistics.median(times["theirs"])
    count = len(games)
    print(
        f"{label}: {count:>8,}  ours {count / mine:>10,.0f} games/s, "
        f"DmitryBal/pref score_game {count / peer:>10,.0f} games/s: "
        f"ours {statistics.median(ratios):.2f}x (median of {len(ratios)} alternating rounds)"
    )


def report(
    label: str, count: int, cases: int, entries: int, rounds: list[tuple[float, float, float]]
) -> None:
    """The in-process rate and the command line's, each the median of the rounds, and
    their ratio, the median of each round's."""
    seconds = statistics.median(r[0] for r in rounds)
    print(
        f"deals, {label}: {count:>8,} in {seconds:.3f} s = {count / seconds:>10,.0f} deals/s "
        f"({entries:,} ledger entries)"
    )
    cpu = statistics.median(r[1] for r in rounds)
    wall = statistics.median(r[2] for r in rounds)
    ratios = sorted((cases / r[1]) / (count / r[0]) for r in rounds)
    print(
        f"command line, {label}: {cases:>7,} deal cases in {cpu:.3f} s of the process's CPU "
        f"time ({wall:.3f} s wall) = {cases / cpu:>10,.0f} deals/s: "
        f"{statistics.median(ratios):.2f} of the in-process rate "
        f"(median of {len(ratios)} alternating rounds; {ratios[0]:.2f} to {ratios[-1]:.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--pulkas", type=int, default=2_000)
    parser.add_argument("--length", type=int, default=30, help="deals per pulka")
    parser.add_argument("--cli-deals", type=int, default=21_000)
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pref", type=Path, help="a checkout of DmitryBal/pref to compare")
    parser.add_argument("--pref-only", action="store_true", help="only the --pref comparison")
    parser.add_argument("--games", type=int, default=20_000, help="games of each --pref set")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    if args.pref_only:
        compare_pref(args.pref, rng, args.games, args.repeat)
        return

    # The bench's two fixed seatings (A B C and A B C D), and varied seatings of named
    # players (a new seating almost every deal, as the random generator makes them).
    workloads = {
        "fixed seatings": deal_workload(rng, args.deals),
        "named seatings": named_workload(rng, args.deals),
    }
    entries = {  # (also warms up)
        label: sum(len(score_deal(cv, p, d).entries) for cv, p, d in deals)
        for label, deals in workloads.items()
    }
    compileall.compile_dir(ROOT / "scoring", quiet=1)  # as installed: see the docstring
    with tempfile.TemporaryDirectory(prefix="bench-engine-") as folder:
        paths = {}
        for label, deals in workloads.items():
            (Path(folder) / label).mkdir()
            paths[label] = case_file(deals[: args.cli_deals], str(Path(folder) / label))
            run_cli(paths[label])  # the file and the interpreter in the page cache
        # In-process passes and command-line runs alternate, round by round: the ratio of
        # each round is measured side by side, on a machine whose speed drifts.
        rounds: dict[str, list[tuple[float, float, float]]] = {label: [] for label in workloads}
        for _ in range(args.repeat):
            for label, deals in workloads.items():
                seconds = median_of(lambda: score_deals(deals), 1)  # noqa: B023 (run now)
                rounds[label].append((seconds, *run_cli(paths[label])))
    for label, deals in workloads.items():
        report(label, len(deals), min(args.cli_deals, len(deals)), entries[label], rounds[label])

    pulkas = pulka_workload(rng, args.pulkas, args.length)
    seconds = median_of(lambda: score_pulkas(pulkas), args.repeat)
    total = len(pulkas) * args.length
    print(
        f"pulkas:      {len(pulkas):>8,} of {args.length} deals in {seconds:.3f} s = "
        f"{len(pulkas) / seconds:>8,.0f} pulkas/s, {total / seconds:,.0f} deals/s"
    )

    if args.pref is not None:
        compare_pref(args.pref, rng, args.games, args.repeat)


if __name__ == "__main__":
    main()
