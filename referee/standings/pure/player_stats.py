"""A player's statistics from the scored deals of his tables (issue 22 point 1): pure, exact.

Plain data in: each table he sat at (``PlayedTable``: tournament, round, the seated players
with the names the deals give them, the deals as the engine scored them, the table's settled
result per player). Numbers out, per tournament and over all (``player_stats``), and head to
head with one opponent (``head_to_head``). Amounts stay exact (``int`` or ``Fraction``).

What each number counts, precisely:

* ``tables``: tables he sat at; ``result``: the sum of his table results (as given: the
  settled whists, with the referee's adjustments where the standings count them);
  ``first_places``: tables where nobody's result is above his (a shared first counts).
* ``deals``: deals in which he held cards: at a table of four the deals he dealt are not
  his (he sits out), except a raspasy whose tricks name him (the dealer plays the talon).
* ``contracts``: trick games he declared, by (level, strain), e.g. ``(7, "H")``;
  ``declared`` their number; ``made`` those the engine reckoned made (an unplayed pass –
  pass or half-whist included), ``contracts_made`` them by (level, strain); ``set`` those
  set, in play or without it (Kodeks 3.4.4, 3.4.6 penalty sets); an annulled deal is
  neither; ``made_share`` = made / declared.
* ``misere_tried`` / ``misere_made``: misères he declared / made (no trick caught).
* ``whists``: trick games where he, a defender, played the whist: his last call in the deal
  was ``whist`` or ``return_whist`` (a whist followed by a retreat to half-whist is not one,
  a half-whist or a check is not one), and the deal was played (not a penalty set without
  play). Their result: ``whist_sets`` the contracts set among them; ``whists_written`` the
  whists he wrote on the declarer in them (trick whists and consolation); ``shortfalls`` the
  deals in which he wrote mountain for the defence's missing tricks (the whist's own ремиз,
  Kodeks 3.8.6) and ``shortfall_mountain`` that mountain.
* ``raspasy``: raspasy deals he played; ``raspasy_result`` the sum of his result on each,
  every deal settled on its own entries (``10·(avg m − m) + whists``, SPEC §8.2, the way a
  sheet's running balance counts it); ``raspasy_average`` = that sum / ``raspasy``.
* ``pool``, ``mountain``: his totals on the sheets; ``whists_by``: whists he wrote on the
  others; ``whists_on``: whists the others wrote on him.
* ``remizes``: games and misères he declared that were set (a penalty set included), and
  ``remiz_mountain`` the mountain he wrote in those deals.
* Records, each with where it happened (``Record``): ``best_result`` the biggest table
  result; ``longest_raspasy`` the longest run of raspasy deals one after another at one of
  his tables (counted as the table dealt them, his sitting out included); ``worst_misere``
  the most tricks he took on a misère he declared.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from fractions import Fraction

from scoring.ledger import GORA, WHIST, DealResult, Entry, Outcome, Totals
from scoring.model import Call, Deal, DealType
from scoring.numbers import Amount, exact
from scoring.settlement import settle

GAME, MISERE, RASPASY = DealType.GAME, DealType.MISERE, DealType.RASPASY
_PLAYED_WHIST = (Call.WHIST, Call.RETURN_WHIST)
_SET = ("set", "penalty")


@dataclass(frozen=True, slots=True)
class ScoredDeal:
    """A deal as recorded and what the engine wrote for it (a pulka's ``DealResult``)."""

    deal: Deal
    entries: tuple[Entry, ...]
    outcome: Outcome

    @staticmethod
    def of(deal: Deal, result: DealResult) -> ScoredDeal:
        return ScoredDeal(deal, result.entries, result.outcome)


@dataclass(frozen=True, slots=True)
class PlayedTable:
    """One table: ``players`` (registry ids) in seat order, ``seats`` the names the deals
    and entries give them in the same order; ``result`` the settled result per player id;
    ``factor`` the convention's ``pool_to_mountain_factor`` (k of SPEC §8.2)."""

    tournament: int
    round: int
    players: tuple[int, ...]
    seats: tuple[str, ...]
    deals: tuple[ScoredDeal, ...]
    result: Mapping[int, Amount]
    factor: Amount = 1
    table: int = 0

    def __post_init__(self) -> None:
        if len(self.players) != len(self.seats) or len(set(self.players)) != len(self.players):
            raise ValueError("players and seats must match one to one")


@dataclass(frozen=True, slots=True)
class Record:
    """A record's value and where it was set (the first time, on a tie)."""

    value: Amount
    tournament: int
    round: int
    table: int


@dataclass(slots=True)
class Stats:
    """The numbers of the module's docstring, for one tournament or over all."""

    tables: int = 0
    result: Amount = 0
    first_places: int = 0
    deals: int = 0
    contracts: dict[tuple[int, str], int] = field(default_factory=dict)
    contracts_made: dict[tuple[int, str], int] = field(default_factory=dict)
    declared: int = 0
    made: int = 0
    set: int = 0
    misere_tried: int = 0
    misere_made: int = 0
    whists: int = 0
    whist_sets: int = 0
    whists_written: Amount = 0
    shortfalls: int = 0
    shortfall_mountain: Amount = 0
    raspasy: int = 0
    raspasy_result: Amount = 0
    pool: Amount = 0
    mountain: Amount = 0
    whists_by: Amount = 0
    whists_on: Amount = 0
    remizes: int = 0
    remiz_mountain: Amount = 0
    best_result: Record | None = None
    longest_raspasy: Record | None = None
    worst_misere: Record | None = None

    @property
    def made_share(self) -> Fraction | None:
        return Fraction(self.made, self.declared) if self.declared else None

    @property
    def misere_share(self) -> Fraction | None:
        return Fraction(self.misere_made, self.misere_tried) if self.misere_tried else None

    @property
    def raspasy_average(self) -> Fraction | None:
        return Fraction(self.raspasy_result) / self.raspasy if self.raspasy else None

    def add(self, other: Stats) -> None:
        """Add ``other``'s counts and sums; keep the larger record (``self``'s on a tie)."""
        for name in _SUMMED:
            theirs = getattr(other, name)
            if theirs:
                mine = getattr(self, name)
                total = mine + theirs
                setattr(self, name, total if type(total) is int else exact(total))
        for name in ("contracts", "contracts_made"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for key, count in theirs.items():
                mine[key] = mine.get(key, 0) + count
        for name in _RECORDS:
            mine, theirs = getattr(self, name), getattr(other, name)
            if theirs is not None and (mine is None or theirs.value > mine.value):
                setattr(self, name, theirs)


_RECORDS = ("best_result", "longest_raspasy", "worst_misere")
_SUMMED = tuple(
    f.name for f in fields(Stats) if f.name not in (*_RECORDS, "contracts", "contracts_made")
)


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """``overall`` and ``by_tournament`` (in the order the tables came), and everybody he
    met: opponent id → tables shared."""

    player: int
    overall: Stats
    by_tournament: dict[int, Stats]
    opponents: dict[int, int]


def player_stats(player: int, tables: Iterable[PlayedTable]) -> PlayerStats:
    """The statistics of ``player`` over ``tables`` (those he did not sit at are skipped)."""
    overall = Stats()
    by_tournament: dict[int, Stats] = {}
    met: dict[int, int] = {}
    for table in tables:
        if player not in table.players:
            continue
        one = table_stats(player, table)
        overall.add(one)
        by_tournament.setdefault(table.tournament, Stats()).add(one)
        for other in table.players:
            if other != player:
                met[other] = met.get(other, 0) + 1
    return PlayerStats(player, overall, by_tournament, met)


def table_stats(player: int, table: PlayedTable) -> Stats:
    """One table's numbers for ``player`` (who sits at it)."""
    me = table.seats[table.players.index(player)]
    s = Stats(tables=1, result=exact(table.result.get(player, 0)))
    results = [table.result.get(p, 0) for p in table.players]
    s.first_places = int(s.result >= max(results))
    where = (table.tournament, table.round, table.table)
    s.best_result = Record(s.result, *where)
    totals = Totals({}, {}, {}, {})
    run = longest = 0
    for scored in table.deals:
        deal, entries = scored.deal, scored.entries
        totals.add(entries)
        run = run + 1 if deal.type == RASPASY else 0
        longest = max(longest, run)
        if not _holds_cards(deal, me, len(table.seats)):
            continue
        s.deals += 1
        if deal.type == RASPASY:
            s.raspasy += 1
            alone = Totals.of(entries)
            settled = settle(table.seats, alone.pulka, alone.gora, alone.whists, table.factor)
            s.raspasy_result = exact(s.raspasy_result + settled[me])
        elif deal.declarer == me:
            _declared(s, scored, me, where)
        elif deal.type == GAME and _played_whist(deal, me) and deal.tricks is not None:
            _whisted(s, scored, me)
    if longest:
        s.longest_raspasy = Record(longest, *where)
    s.pool = exact(totals.pulka.get(me, 0))
    s.mountain = exact(totals.gora.get(me, 0))
    s.whists_by = exact(sum((v for (by, _), v in totals.whists.items() if by == me), 0))
    s.whists_on = exact(sum((v for (_, on), v in totals.whists.items() if on == me), 0))
    return s


def _holds_cards(deal: Deal, me: str, seated: int) -> bool:
    if seated == 3 or deal.dealer != me:
        return True
    return deal.type == RASPASY and deal.tricks is not None and me in deal.tricks


def _declared(s: Stats, scored: ScoredDeal, me: str, where: tuple[int, int, int]) -> None:
    deal, result = scored.deal, scored.outcome.result
    if deal.type == GAME and deal.level is not None and deal.strain is not None:
        key = (deal.level, deal.strain)
        s.contracts[key] = s.contracts.get(key, 0) + 1
        s.declared += 1
        s.made += result == "made"
        if result == "made":
            s.contracts_made[key] = s.contracts_made.get(key, 0) + 1
        s.set += result in _SET
    elif deal.type == MISERE:
        s.misere_tried += 1
        s.misere_made += result == "made"
        if deal.tricks is not None and me in deal.tricks:
            s.worst_misere = _larger(s.worst_misere, Record(deal.tricks[me], *where))
    if result in _SET:
        s.remizes += 1
        mountain = sum((e.amount for e in scored.entries if e.kind == GORA and e.player == me), 0)
        s.remiz_mountain = exact(s.remiz_mountain + mountain)


def _played_whist(deal: Deal, me: str) -> bool:
    mine = [c.call for c in deal.defence if c.player == me]
    return bool(mine) and mine[-1] in _PLAYED_WHIST


def _whisted(s: Stats, scored: ScoredDeal, me: str) -> None:
    declarer = scored.deal.declarer
    s.whists += 1
    s.whist_sets += scored.outcome.result in _SET
    written: Amount = 0
    short: Amount = 0
    for e in scored.entries:
        if e.player != me:
            continue
        if e.kind == WHIST and e.on == declarer:
            written += e.amount
        elif e.kind == GORA and e.term.code == "shortfall":
            short += e.amount
    s.whists_written = exact(s.whists_written + written)
    if short:
        s.shortfalls += 1
        s.shortfall_mountain = exact(s.shortfall_mountain + short)


def _larger(kept: Record | None, new: Record) -> Record:
    return new if kept is None or new.value > kept.value else kept


# -- head to head ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HeadToHead:
    """``player`` against ``opponent`` at the tables they shared.

    ``between``: what the pair settlement gives ``player`` from ``opponent``, summed over
    those tables. The settlement of SPEC §8.2 splits into pairs exactly: with
    ``m = mountain − k·pool`` at the end of the table and ``n`` players seated,
    ``pair(i, j) = 10·(m_j − m_i)/n + w[i][j] − w[j][i]``; ``Σ_j pair(i, j)`` is the
    settled result of ``i`` (the referee's adjustments, outside the sheet, are not
    between two players and are left out), and ``pair(j, i) = −pair(i, j)``.
    ``ahead`` / ``behind`` / ``level``: tables where his result was above, below or equal
    to the opponent's.
    """

    player: int
    opponent: int
    tables: int
    between: Amount
    ahead: int
    behind: int
    level: int


def pair_settlement(table: PlayedTable, player: int, opponent: int) -> Amount:
    """``pair(player, opponent)`` at ``table`` (both seated), as ``HeadToHead`` defines it."""
    i = table.seats[table.players.index(player)]
    j = table.seats[table.players.index(opponent)]
    totals = Totals({}, {}, {}, {})
    for scored in table.deals:
        totals.add(scored.entries)
    k = table.factor

    def m(p: str) -> Fraction:
        return Fraction(totals.gora.get(p, 0)) - Fraction(k) * totals.pulka.get(p, 0)

    pair = 10 * (m(j) - m(i)) / len(table.seats)
    pair += totals.whists.get((i, j), 0) - totals.whists.get((j, i), 0)
    return exact(pair)


def head_to_head(player: int, opponent: int, tables: Iterable[PlayedTable]) -> HeadToHead:
    h2h = HeadToHead(player, opponent, 0, 0, 0, 0, 0)
    if player == opponent:
        return h2h
    for table in tables:
        if player not in table.players or opponent not in table.players:
            continue
        mine, theirs = table.result.get(player, 0), table.result.get(opponent, 0)
        h2h = replace(
            h2h,
            tables=h2h.tables + 1,
            between=exact(h2h.between + pair_settlement(table, player, opponent)),
            ahead=h2h.ahead + (mine > theirs),
            behind=h2h.behind + (mine < theirs),
            level=h2h.level + (mine == theirs),
        )
    return h2h
