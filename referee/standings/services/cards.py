"""A player's card (every round, with the rulings that concern him) and the player search."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Q

from referee.core.permissions import is_official
from referee.standings.refusals import REFUSALS
from referee.tables.dealdata import (
    LETTERS,
    dealer_of,
    declarer_of,
    referee_rulings_of,
    ruling_of,
)
from referee.tables.models import Deal
from referee.tournaments.models import Registration, Tournament
from referee.tournaments.search import registrations_named

from .loading import ScoredTable, load, places_at_table
from .ranked import StandingsRow, ranked_standings
from .settings import NotVisible


@dataclass(frozen=True)
class RulingNote:
    """A ruling recorded with a deal at the player's table (TOURNAMENTS §8.4).

    ``kind`` is ``ruling`` (a Kodeks ruling of the case format) or ``referee_rulings`` (the
    referee's own entries); ``concerns`` names the players it is about; ``mine`` is True when
    the card's player is one of them.
    """

    round: int
    table: int
    deal: int
    kind: str
    rule: str
    concerns: tuple[str, ...]
    mine: bool
    details: Mapping[str, Any]


@dataclass(frozen=True)
class CardRound:
    round: int
    table: int | None
    seat: int | None
    letter: str
    opponents: tuple[str, ...]
    whists: Fraction | None
    points: Fraction | None
    place: str
    provisional: bool
    flags: tuple[str, ...]
    rulings: tuple[RulingNote, ...]


@dataclass(frozen=True)
class PlayerCard:
    tournament: Tournament
    registration: int
    player: str
    city: str
    withdrawn: bool
    standing: StandingsRow | None
    after: int | None
    official: bool
    provisional: bool
    rounds: tuple[CardRound, ...]
    discipline: tuple[Any, ...] = ()  # his register entries (discipline.models.Entry)
    player_id: int = 0  # the registry player (his page across tournaments)

    @property
    def round_numbers(self) -> tuple[int, ...]:
        return tuple(r.round for r in self.rounds)


def player_card(tournament: Tournament, registration: Registration, *, viewer: Any) -> PlayerCard:
    """Every round the viewer sees: table, seat, opponents, whists, points, and the rulings
    recorded at the deals of his tables; with his place in the standings."""
    if registration.tournament_id != tournament.pk:
        raise REFUSALS.error("player.unknown", cls=NotVisible)
    data = load(tournament, viewer)
    standings = ranked_standings(data, tournament, None)
    mine: dict[int, ScoredTable] = {}
    for number, tables in data.tables.items():
        for at in tables:
            if registration.pk in at.registrations:
                mine[number] = at
    notes = _rulings(tournament, mine, data.entries, registration.pk)
    standing = next((r for r in standings.rows if r.registration == registration.pk), None)
    rounds = [
        _card_round(number, mine.get(number), registration.pk, standing, data.entries, notes)
        for number in (r.number for r in data.rounds)
    ]
    return PlayerCard(
        tournament=tournament,
        registration=registration.pk,
        player=registration.player.name,
        city=registration.player.city,
        withdrawn=registration.status == Registration.Status.WITHDRAWN,
        standing=standing,
        after=standings.after,
        official=data.official,
        provisional=any(r.provisional for r in rounds),
        rounds=tuple(rounds),
        discipline=standings.discipline.get(registration.pk, ()),
        player_id=registration.player_id,
    )


def _card_round(
    number: int,
    table: ScoredTable | None,
    registration: int,
    standing: StandingsRow | None,
    entries: Mapping[int, Registration],
    notes: list[RulingNote],
) -> CardRound:
    """The player's round ``number``: his table, seat, opponents and result there, or a
    bye's value (``standing``: his line of the standings), or nothing when he sat out."""
    if table is None:
        bye = standing is not None and number in standing.byes
        value = standing.round_points[number - 1] if bye and standing else None
        return CardRound(
            number, None, None, "", (), None, value, "", False, ("bye",) if bye else (), ()
        )
    i = table.registrations.index(registration)
    key = str(registration)
    flags = [
        name
        for name, on in (
            ("provisional", table.provisional),
            ("yellow_card", table.result is not None and key in table.result.flagged),
            ("removed", table.result is not None and key in table.result.removed),
        )
        if on
    ]
    return CardRound(
        round=number,
        table=table.number,
        seat=i + 1,
        letter=LETTERS[i],
        opponents=tuple(
            _name(entries, other) for other in table.registrations if other != registration
        ),
        whists=table.whists[i],
        points=table.points_of(registration),
        place=places_at_table(table.whists)[i],
        provisional=table.provisional,
        flags=tuple(flags),
        rulings=tuple(n for n in notes if n.round == number),
    )


def _name(entries: Mapping[int, Registration], registration: int) -> str:
    entry = entries.get(registration)
    return entry.player.name if entry else str(registration)


def _rulings(
    tournament: Tournament,
    tables: Mapping[int, ScoredTable],
    entries: Mapping[int, Registration],
    registration: int,
) -> list[RulingNote]:
    """The rulings of the deals at ``tables``, in one query."""
    by_id = {t.table_id: t for t in tables.values()}
    if not by_id:
        return []
    deals = (
        Deal.objects.filter(table_id__in=list(by_id), deleted=False)
        .filter(Q(data__has_key="ruling") | Q(data__has_key="referee_rulings"))
        .order_by("number")
        .values_list("table_id", "number", "data")
    )
    notes = []
    for table_id, deal_number, data in deals:
        table = by_id[table_id]
        letters = dict(zip(LETTERS, table.registrations, strict=False))
        for kind, rule, who, details in _ruling_items(data):
            ids = [letters[w] for w in who if w in letters]
            notes.append(
                RulingNote(
                    round=table.round,
                    table=table.number,
                    deal=deal_number,
                    kind=kind,
                    rule=rule,
                    concerns=tuple(_name(entries, i) for i in ids),
                    mine=registration in ids,
                    details=details,
                )
            )
    return notes


def _ruling_items(data: Mapping[str, Any]) -> Iterable[tuple[str, str, list[str], dict[str, Any]]]:
    """(kind, rule, seat letters concerned, details) of each ruling stored with a deal."""
    ruling = ruling_of(data)
    if ruling:
        rule = str(ruling.get("rule", ""))
        who: list[Any] = [declarer_of(data)]  # what the deal holds: _letters keeps the seats
        who += [ruling.get("dissenter"), ruling.get("insisting"), *ruling.get("dissenters", [])]
        details = {k: v for k, v in ruling.items() if k != "rule"}
        yield "ruling", rule, _letters(who), details
    for item in referee_rulings_of(data):
        kind = str(item.get("kind", ""))
        if kind == "raspasy_dealer_fine":
            who = [dealer_of(data)]
        elif kind == "prikup_refusal":
            who = [declarer_of(data)]
        else:  # talon_peeking, manual: the player named
            who = [item.get("player")]
        details = {k: v for k, v in item.items() if k != "kind"}
        yield "referee_rulings", str(item.get("rule") or kind), _letters(who), details


def _letters(values: Iterable[Any]) -> list[str]:
    out: list[str] = []
    for value in values:
        if isinstance(value, str) and value in LETTERS and value not in out:
            out.append(value)
    return out


def search_players(tournament: Tournament, query: str, *, viewer: Any) -> list[Registration]:
    """The tournament's players whose name contains ``query`` (all of them for an empty one)."""
    if not (tournament.published or is_official(viewer, tournament)):
        raise REFUSALS.error("not_published", cls=NotVisible)
    return registrations_named(tournament, query)
