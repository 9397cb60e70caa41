"""Standings after any round, ordered by a tie-break chain the tournament chooses (TOURNAMENTS §5).

The chain is a list of metric names; each metric only orders players the earlier metrics left
tied, and sees exactly that tied group (head to head depends on who is tied). Players still tied
at the end share a rank ("3–4"). The standings after round k are ``standings(rounds[:k])``.
Cost: one pass over the table results plus a sort, so O(players × rounds) up to the sort.

Chain levels (§5, proposal; any order, any subset; ``DEFAULT_CHAIN`` is §5's order):

* ``points`` — tournament points, the sum of the round points.
* ``whists`` — total settled whists before conversion.
* ``firsts`` — first places at tables (best settled result; a shared best counts for each).
* ``head_to_head`` — meetings among the tied players: at every table where two of them sat,
  the better settled result wins the meeting; won minus lost (interpretation of "result in the
  rounds where the tied players met").
* ``opponents_points`` — sum of the tournament points of every table-mate, once per meeting.
* ``lot`` — the referee's drawn lot numbers, lower first; a group stays tied unless every player
  in it has a lot.

Players removed by the elimination threshold (§3.2) are listed after everyone still in play,
ordered among themselves by the same chain (proposal: they keep their results on the sheet);
so are the players the caller names in ``removed`` (eliminated or disqualified by the referee).

Points outside the tables come in ``extra`` (per round: a bye's declared value §6.2, a seat's
share after a substitution §6.4, a discipline deduction §9.2) and in ``carried`` (a stage's
points carried over from the earlier stages, §6.3); ``carried_tie_break`` are earlier points
that only break ties, read by the chain level ``carried`` (proposal).

Guests (§6.4, ``guests``): players whose results do not count. Their tables are scored as
usual (their table-mates keep their points, whists and firsts, and a guest's points count
in his opponents' ``opponents_points``), but they take no place: they are listed after
everyone else, ordered among themselves by the chain, with ``guest`` set, ``rank`` 0 and no
place label. Every place read from these rows (final places, the cut, ratings,
qualification, cups) reads the ranked rows only (``placed``).
"""

import dataclasses
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import groupby
from math import lcm

from referee.standings.pure.points import (
    ParameterError,
    Player,
    StandingsError,
    TableError,
    TableResult,
    exact_sum,
    place_label,
)

Round = Sequence[TableResult]
Metric = Callable[[Sequence[Player], "Tally"], Mapping[Player, Fraction] | None]
Block = tuple[list[Player], str | None]  # tied players, the level that put them below the rest
DEFAULT_CHAIN = ("points", "whists", "firsts", "head_to_head", "opponents_points", "lot")
Extra = Mapping[int, Mapping[Player, Fraction]]  # round number (from 1) -> player -> points


class UnknownMetricError(StandingsError):
    """A tie-break name the tool does not know (TOURNAMENTS §5)."""


@dataclass(frozen=True)
class StandingRow:
    """One line of the standings. ``rank`` is shared by tied players (``tied``, label "3–4").

    ``round_points`` has one entry per round, None where the player did not play;
    ``decided_by`` names the chain level that put him below the row above (None at the top);
    ``yellow_cards`` lists the rounds (from 1) below the elimination threshold.
    """

    rank: int
    rank_label: str
    player: Player
    points: Fraction
    whists: Fraction
    firsts: int
    rounds_played: int
    round_points: tuple[Fraction | None, ...]
    tied: bool
    decided_by: str | None
    yellow_cards: tuple[int, ...] = ()
    removed_in: int | None = None
    opponents_points: Fraction = Fraction(0)
    guest: bool = False  # takes no place: ``rank`` 0, no label (the module's note)


@dataclass
class Tally:
    """Everything the metrics read, gathered in one pass over the rounds."""

    rounds: int
    lots: Mapping[Player, int] | None
    points: dict[Player, Fraction] = field(default_factory=dict)
    whists: dict[Player, Fraction] = field(default_factory=dict)
    firsts: dict[Player, int] = field(default_factory=dict)
    seats: dict[Player, list[tuple[int, TableResult, int]]] = field(default_factory=dict)
    yellow_cards: dict[Player, list[int]] = field(default_factory=dict)
    removed_in: dict[Player, int] = field(default_factory=dict)
    extra: dict[Player, dict[int, Fraction]] = field(default_factory=dict)
    carried: dict[Player, Fraction] = field(default_factory=dict)
    carried_tie_break: dict[Player, Fraction] = field(default_factory=dict)

    def add(self, round_no: int, table: TableResult) -> None:
        """Count one more table, totals included (``_tally`` totals once, after every table)."""
        self._seat(round_no, table)
        self._total(table.players)

    def _seat(self, round_no: int, table: TableResult) -> None:
        """Count one table, except for the totals of points and whists (``_total``)."""
        whists = _common(table.whists)
        best = max(whists)
        for seat, player in enumerate(table.players):
            self.seats.setdefault(player, []).append((round_no, table, seat))
            self.firsts[player] = self.firsts.get(player, 0) + (whists[seat] == best)
            if player in table.flagged:
                self.yellow_cards.setdefault(player, []).append(round_no)
            if player in table.removed:
                self.removed_in.setdefault(player, round_no)

    def _total(self, players: Iterable[Player]) -> None:
        """The players' points and whists, summed over their seats. Summed once at the end, in
        ints (``exact_sum``), not one Fraction addition per table: those were most of the
        ranking's time."""
        for player in players:
            seats = self.seats.get(player, [])
            outside = [*self.extra.get(player, {}).values(), self.carried.get(player, 0)]
            self.points[player] = exact_sum([*(t.points[s] for _, t, s in seats), *outside])
            self.whists[player] = exact_sum(t.whists[s] for _, t, s in seats)

    def entrants(self) -> list[Player]:
        """Everyone with a seat, points outside the tables, or carried points."""
        return sorted({*self.seats, *self.extra, *self.carried, *self.carried_tie_break})


def tournament_points(group: Sequence[Player], tally: Tally) -> Mapping[Player, Fraction]:
    return {p: tally.points[p] for p in group}


def total_whists(group: Sequence[Player], tally: Tally) -> Mapping[Player, Fraction]:
    return {p: tally.whists[p] for p in group}


def first_places(group: Sequence[Player], tally: Tally) -> Mapping[Player, Fraction]:
    return {p: Fraction(tally.firsts.get(p, 0)) for p in group}


def head_to_head(group: Sequence[Player], tally: Tally) -> Mapping[Player, Fraction]:
    tied = set(group)
    score = dict.fromkeys(group, 0)  # counted in ints, made Fractions once
    for player in group:
        for _, table, seat in tally.seats.get(player, []):
            mine = table.whists[seat]
            for other, theirs in zip(table.players, table.whists, strict=True):
                if other != player and other in tied:
                    score[player] += (mine > theirs) - (mine < theirs)
    return {p: Fraction(n) for p, n in score.items()}


def opponents_points(group: Sequence[Player], tally: Tally) -> Mapping[Player, Fraction]:
    return {
        p: exact_sum(
            tally.points[o] for _, t, _ in tally.seats.get(p, []) for o in t.players if o != p
        )
        for p in group
    }


def carried_points(group: Sequence[Player], tally: Tally) -> Mapping[Player, Fraction] | None:
    if not tally.carried_tie_break:
        return None
    return {p: tally.carried_tie_break.get(p, Fraction(0)) for p in group}


def lot(group: Sequence[Player], tally: Tally) -> Mapping[Player, Fraction] | None:
    if tally.lots is None or any(p not in tally.lots for p in group):
        return None  # no lot drawn for everyone: the tie stays a tie
    return {p: -Fraction(tally.lots[p]) for p in group}  # lot 1 ranks first


METRICS: dict[str, Metric] = {
    "points": tournament_points,
    "whists": total_whists,
    "firsts": first_places,
    "head_to_head": head_to_head,
    "opponents_points": opponents_points,
    "lot": lot,
    "carried": carried_points,
}


def tie_break_chain(names: Sequence[str]) -> tuple[tuple[str, Metric], ...]:
    """The chain's metrics by name; unknown or repeated names are refused."""
    return tuple((name, METRICS[name]) for name in chain_names(names, METRICS))


def chain_names(names: Sequence[str], known: Collection[str]) -> tuple[str, ...]:
    """A tie-break chain's names, each one of ``known``, none twice (the tournament's chain and
    a series' alike); refused at ``chain[i]``."""
    if isinstance(names, str):
        raise ParameterError(
            "expected a list of tie-break names, not one string", "chain", "chain.text"
        )
    chain = tuple(names)
    for i, name in enumerate(chain):
        if name not in known:
            raise UnknownMetricError(
                f"unknown tie-break {name!r}; known: {', '.join(known)}",
                f"chain[{i}]",
                "chain.unknown",
                name=name,
            )
        if name in chain[:i]:
            raise ParameterError(
                f"tie-break {name!r} is listed twice", f"chain[{i}]", "chain.twice", name=name
            )
    return chain


def _tally(rounds: Sequence[Round], lots: Mapping[Player, int] | None) -> Tally:
    """One pass over the tables; the totals are made by ``standings`` (``Tally._total``)."""
    tally = Tally(len(rounds), lots)
    for round_no, tables in enumerate(rounds, start=1):
        seen: set[Player] = set()
        numbers: set[int] = set()
        for table in tables:
            where = f"round {round_no}.table {table.table}"
            if table.table in numbers:
                raise TableError("two tables with the same number", where, "table.number_twice")
            if seen.intersection(table.players):
                raise TableError(
                    "a player sits at two tables in one round", where, "table.player_twice"
                )
            numbers.add(table.table)
            seen.update(table.players)
            tally._seat(round_no, table)
    return tally


def _check_lots(lots: Mapping[Player, int] | None) -> None:
    for player, number in (lots or {}).items():
        if isinstance(number, bool) or not isinstance(number, int):
            raise ParameterError(
                f"a lot is a whole number, not {number!r}", f"lots[{player}]", "lot.not_whole"
            )


def standings(
    rounds: Sequence[Round],
    chain: Sequence[str] = DEFAULT_CHAIN,
    lots: Mapping[Player, int] | None = None,
    *,
    extra: Extra | None = None,
    removed: Mapping[Player, int] | None = None,
    carried: Mapping[Player, Fraction] | None = None,
    carried_tie_break: Mapping[Player, Fraction] | None = None,
    guests: Collection[Player] = (),
) -> tuple[StandingRow, ...]:
    """Rank every player who has played, best first (TOURNAMENTS §5).

    ``rounds``: per round, its table results. ``lots``: lot numbers drawn by the referee.
    ``extra``, ``removed``, ``carried``, ``carried_tie_break``: see the module's note.
    """
    metrics = tie_break_chain(chain)
    _check_lots(lots)
    tally = _tally(rounds, lots)
    for round_no, points in (extra or {}).items():
        if not 1 <= round_no <= len(rounds):
            raise ParameterError(f"extra points for round {round_no}, not played", "extra")
        for player, value in points.items():
            mine = tally.extra.setdefault(player, {})
            mine[round_no] = mine.get(round_no, Fraction(0)) + value
    tally.carried.update(carried or {})
    tally.carried_tie_break.update(carried_tie_break or {})
    for player, round_no in (removed or {}).items():
        if round_no < tally.removed_in.get(player, round_no + 1):
            tally.removed_in[player] = round_no
    players = tally.entrants()
    tally._total(players)
    counted = [p for p in players if p not in guests]
    in_play = [p for p in counted if p not in tally.removed_in]
    out = [p for p in counted if p in tally.removed_in]
    blocks: list[Block] = [(in_play, None), (out, "removed" if in_play else None)]
    blocks = [block for block in blocks if block[0]]
    visiting: list[Block] = [([p for p in players if p in guests], None)]
    for name, metric in metrics:
        blocks = [split for block in blocks for split in _split(block, name, metric, tally)]
        visiting = [split for block in visiting for split in _split(block, name, metric, tally)]
    guest_rows = [
        dataclasses.replace(row, rank=0, rank_label="", tied=False, decided_by=None, guest=True)
        for row in _rows([b for b in visiting if b[0]], tally)
    ]
    return (*_rows(blocks, tally), *guest_rows)


def placed(rows: Iterable[StandingRow]) -> list[StandingRow]:
    """The rows that take a place: all but the guests'."""
    return [row for row in rows if not row.guest]


def _split(block: Block, name: str, metric: Metric, tally: Tally) -> list[Block]:
    members, reason = block
    values = metric(members, tally) if len(members) > 1 else None
    if values is None:
        return [block]
    key = _int_keys(values, members).__getitem__
    ordered = sorted(members, key=key, reverse=True)  # stable: names stay sorted
    groups = [list(g) for _, g in groupby(ordered, key=key)]
    return [(g, reason if i == 0 else name) for i, g in enumerate(groups)]


def _int_keys(values: Mapping[Player, Fraction], members: Sequence[Player]) -> dict[Player, int]:
    """The members' values as ints (``_common``), to sort and group them by."""
    return dict(zip(members, _common([values[p] for p in members]), strict=True))


def _common(values: Sequence[Fraction]) -> list[int]:
    """The values' numerators over their least common denominator: ints that order and tie
    exactly as the Fractions do, and compare many times faster (Fraction comparison is Python
    code, and the standings make thousands of comparisons)."""
    ratios = [value.as_integer_ratio() for value in values]
    common = lcm(*(d for _, d in ratios))
    return [n * (common // d) for n, d in ratios]


def _rows(blocks: list[Block], tally: Tally) -> list[StandingRow]:
    rows = []
    rank = 1
    for members, reason in blocks:
        last = rank + len(members) - 1
        label = place_label(rank - 1, last - 1)
        for player in members:
            seats = tally.seats.get(player, [])
            played = {n: t.points[s] for n, t, s in seats}
            extra = tally.extra.get(player, {})
            per_round = [
                exact_sum([played[n], extra.get(n, 0)]) if n in played else extra.get(n)
                for n in range(1, tally.rounds + 1)
            ]
            rows.append(
                StandingRow(
                    rank=rank,
                    rank_label=label,
                    player=player,
                    points=tally.points[player],
                    whists=tally.whists[player],
                    firsts=tally.firsts.get(player, 0),
                    rounds_played=len(played),
                    round_points=tuple(per_round),
                    tied=last > rank,
                    decided_by=reason,
                    yellow_cards=tuple(tally.yellow_cards.get(player, ())),
                    removed_in=tally.removed_in.get(player),
                    opponents_points=opponents_points([player], tally)[player],
                )
            )
        rank = last + 1
    return rows
