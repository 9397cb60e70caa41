"""The scored sheets of ``federation_build``: a pool of templates, and duplicate boards.

Scoring is the dear part of a generated archive (about 7,000 deals a second on this machine:
two million deals would take five minutes), so the ordinary tables draw their sheets from a
pool of random legal sheets per (convention, table size), each scored once by the site's own
rule (``standings.services.table_stats.played_table`` and ``rows_of``) on placeholder
players 1..n at tournament 0, round 0, table 0. A table that draws a template gets the
template's deals (their JSON written once), its ``Table.result`` and, per seat, the kept
statistics with the table's players put in for the placeholders and its tournament, round
and table number put in the records' places (``rows``): what ``rows_of`` gives for the table
written, which ``tests/bench/test_federation_build.py`` checks against the site's ``keep``.

A duplicate session's tables play given boards with given dealers (the board's, from the
movement): few, so each is scored on its own (``board_table``), by the same rule.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

_RECORDS = ("best_result", "longest_raspasy", "worst_misere")
# where a record was set (tournament, round, table), in a template's stats JSON: no other list
# of the stats ends so, so that a table's place is put in by replacing the text (``rows``)
_WHERE = ",-1,-2,-3]"


def dumps(value: Any) -> str:
    """JSON as the rows keep it (compact: a deal is written two million times), and as
    ``federation_write`` copies it unescaped: refused if it holds a backslash (a control
    character or a quote in a text), which the generated values never do."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    if "\\" in text:
        raise ValueError(f"a value COPY would need escaped: {text[:80]}")
    return text


@dataclass(frozen=True)
class Seated:
    """One seat's kept statistics on the placeholders, as JSON made ready for ``rows`` (a
    third of a million rows at 1,000 tournaments: each made by a replace and a join, not by
    a dict and ``json.dumps``): ``stats`` with ``_WHERE`` in each record's place (None: not
    counted), ``others`` each other seat's placeholder number (1..n) and its values' JSON."""

    stats: str | None
    others: tuple[tuple[int, str], ...]

    @staticmethod
    def of(stats: dict[str, Any] | None, others: dict[str, list[str]]) -> Seated:
        text = None
        if stats is not None:
            marked = {k: [v[0], -1, -2, -3] if k in _RECORDS else v for k, v in stats.items()}
            text = dumps(marked)
            assert text.count(_WHERE) == sum(1 for k in stats if k in _RECORDS)
        return Seated(text, tuple((int(o), dumps(v)) for o, v in others.items()))


@dataclass(frozen=True)
class Template:
    deals: tuple[str, ...]  # each deal's JSON
    result: str  # Table.result's JSON
    seats: tuple[Seated, ...]


def kept_rows(
    tournament: Any, rules: Any, where: tuple[int, int], data: Sequence[dict[str, Any]], size: int
) -> tuple[dict[str, Any], tuple[Seated, ...]]:
    """``Table.result`` and the seats' kept statistics of a sheet on placeholders 1..size,
    scored by the site's rule; ``where``: the round and table number the records name."""
    from referee.standings.services.table_stats import played_table, rows_of
    from referee.tables.dealdata import score_table
    from referee.tables.results import summary

    placeholders = list(range(1, size + 1))
    played = played_table(tournament, rules, *where, placeholders, data)
    assert played is not None, "a generated sheet the engine refuses"
    # Table.result as the deal services keep it (results.compute_summary)
    sheet = score_table(rules, size, list(data), tournament.pool_size)
    seats = tuple(Seated.of(r.stats, r.others) for r in rows_of(0, placeholders, played))
    return summary(sheet, len(data)), seats


def make_pool(rng: random.Random, deals: tuple[int, int], count: int) -> dict[Any, list[Template]]:
    """``count`` templates per (convention, table size), of ``deals`` deals each (a range)."""
    import scoring
    from referee.tables.dealdata import letters
    from referee.tournaments.models import Tournament
    from scoring.casefile import deal_to_json
    from scoring.samples import random_pulka

    pool: dict[Any, list[Template]] = {}
    for convention in sorted(scoring.PRESETS):
        tournament = Tournament(pk=0, convention=convention)
        rules = tournament.rules()
        for size in (3, 4):
            made = []
            for _ in range(count):
                dealt = random_pulka(rng, rules, letters(size), rng.randint(*deals))
                data = [deal_to_json(d) for d in dealt]
                result, seats = kept_rows(tournament, rules, (0, 0), data, size)
                made.append(Template(tuple(dumps(d) for d in data), dumps(result), seats))
            pool[(convention, size)] = made
    return pool


def rows(
    seats: Sequence[Seated], people: Sequence[int], where: tuple[int, int, int]
) -> list[tuple[int, str | None, str]]:
    """Each seat's (player, stats JSON, others JSON) at a table of ``people`` (registry ids
    in seat order) at ``where`` (tournament id, round, table number): the placeholders'
    rows with the players and the place put in."""
    where_text = "," + ",".join(map(str, where)) + "]"
    out = []
    for player, seat in zip(people, seats, strict=True):
        stats = None if seat.stats is None else seat.stats.replace(_WHERE, where_text)
        others = ",".join(f'"{people[o - 1]}":{v}' for o, v in seat.others)
        out.append((player, stats, "{" + others + "}"))
    return out


def board_table(
    rng: random.Random, tournament: Any, rules: Any, dealers: Sequence[str], size: int
) -> tuple[list[str], str, tuple[Seated, ...]]:
    """A duplicate table's play of its boards, dealer by dealer (seat letters, the boards'
    dealers): its deals' JSON, its ``Table.result`` JSON and its seats on placeholders."""
    from referee.tables.dealdata import letters
    from scoring.casefile import deal_to_json
    from scoring.deal import score_deal
    from scoring.ledger import Totals
    from scoring.model import DealType
    from scoring.pulka import ends_series
    from scoring.samples import random_deal
    from scoring.table import PoolState

    seats = letters(size)
    data, in_series, totals = [], 0, Totals({}, {}, {}, {})
    for dealer in dealers:
        deal = random_deal(
            rng,
            rules,
            seats,
            dealer,
            minimum_level=rules.minimum_level(in_series),
            series_index=in_series + 1,
        )
        result = score_deal(rules, seats, deal, PoolState(None, totals.pulka, totals.gora))
        totals.add(result.entries)
        data.append(deal_to_json(deal))
        if deal.type == DealType.RASPASY:
            in_series += 1
        elif ends_series(rules, result.outcome):
            in_series = 0
    summary, seated = kept_rows(tournament, rules, (0, 0), data, size)
    return [dumps(d) for d in data], dumps(summary), seated
