"""Points outside the tables: byes (TOURNAMENTS §6.2), a seat's share after a substitution
inside the pulka (§6.4), discipline deductions (§9.2), and who left the play (eliminated,
disqualified). ``outside`` reads them in three queries whatever the tournament's size and
gives the pure ranking its ``extra`` and ``removed``.

The bye's value (``Tournament.bye_value``): ``average``, the round's points of the players who
played divided by their number (§6.2's default); ``fixed``, ``Tournament.bye_points``;
``nothing``, 0. A round with no counted table yet gives an average bye nothing yet.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from referee.discipline.models import Entry
from referee.tables.models import Substitution
from referee.tournaments.models import ByeValue, Registration, Round, SubstituteSplit, Tournament

from ..pure.exact import exact_sum
from .loading import Preloaded, ScoredTable

OUT = (Registration.Status.ELIMINATED, Registration.Status.DISQUALIFIED)


@dataclass
class Outside:
    extra: dict[int, dict[str, Fraction]] = field(default_factory=dict)  # round -> player
    removed: dict[str, int] = field(default_factory=dict)
    byes: dict[int, list[int]] = field(default_factory=dict)  # registration -> rounds
    bye_points: dict[int, Fraction | None] = field(default_factory=dict)  # round -> value
    deducted: dict[int, Fraction] = field(default_factory=dict)  # registration -> points
    discipline: dict[int, list[Entry]] = field(default_factory=dict)  # registration -> entries
    substituted: dict[int, list[Substitution]] = field(default_factory=dict)  # registration

    def add(self, round_no: int, registration: int, points: Fraction) -> None:
        mine = self.extra.setdefault(round_no, {})
        key = str(registration)
        mine[key] = mine.get(key, Fraction(0)) + points


def bye_value(tournament: Tournament, tables: Sequence[ScoredTable]) -> Fraction | None:
    """What a bye of this round scores; None: nothing to average yet."""
    if tournament.bye_value == ByeValue.NOTHING:
        return Fraction(0)
    if tournament.bye_value == ByeValue.FIXED:
        return Fraction(tournament.bye_points)
    played = [p for t in tables if t.result is not None for p in t.result.points]
    return exact_sum(played) / len(played) if played else None


def seat_share(split: str, points: Fraction, deals: int, from_deal: int) -> Fraction:
    """The substitute's share of a seat's round points: by the deals each played (the
    substitute plays deals ``from_deal`` to ``deals``), all, or none.

    >>> str(seat_share("by_deals", Fraction(12), 12, 4))  # deals 4–12: 9 of 12
    '9'
    """
    if split == SubstituteSplit.STARTER:
        return Fraction(0)
    if split == SubstituteSplit.SUBSTITUTE or deals == 0:
        return points
    played = max(deals - from_deal + 1, 0)
    return points * played / deals


def outside(
    tournament: Tournament,
    rounds: Sequence[Round],
    tables: Mapping[int, Sequence[ScoredTable]],
    entries: Mapping[int, Registration],
    after: int | None,
    pre: Preloaded | None = None,
) -> Outside:
    found = Outside()
    last = after or 0
    _add_byes(found, tournament, rounds, tables, last)
    _add_substitutions(found, tournament, tables, last, pre)
    _add_discipline(found, tournament, last, pre)
    _add_withdrawn(found, entries, last)
    # extra points only for rounds in the report (a deduction of round 0 counts in round 1)
    found.extra = {n: v for n, v in found.extra.items() if 1 <= n <= last}
    return found


def _add_byes(
    found: Outside,
    tournament: Tournament,
    rounds: Sequence[Round],
    tables: Mapping[int, Sequence[ScoredTable]],
    last: int,
) -> None:
    """The byes of the rounds through ``last``, each scoring its round's bye value."""
    for round_ in rounds:
        if round_.number > last or not round_.byes:
            continue
        value = bye_value(tournament, tables.get(round_.number, []))
        found.bye_points[round_.number] = value
        for registration in round_.byes:
            found.byes.setdefault(registration, []).append(round_.number)
            if value is not None:
                found.add(round_.number, registration, value)


def _add_substitutions(
    found: Outside,
    tournament: Tournament,
    tables: Mapping[int, Sequence[ScoredTable]],
    last: int,
    pre: Preloaded | None,
) -> None:
    """The substitutions at the tables through ``last`` (one query, or ``pre``'s): the
    substitute's share of the seat's points moves from the player who left to them."""
    by_table = {t.table_id: t for n in range(1, last + 1) for t in tables.get(n, [])}
    subs = (
        Substitution.objects.filter(table_id__in=list(by_table)).order_by("from_deal")
        if pre is None
        else [s for s in pre.substitutions if s.table_id in by_table]
    )
    for sub in subs:
        table = by_table[sub.table_id]
        found.substituted.setdefault(sub.entering_id, []).append(sub)
        found.substituted.setdefault(sub.leaving_id, []).append(sub)
        mine = table.points_of(sub.leaving_id) if sub.leaving_id in table.registrations else None
        if mine is None:
            continue
        share = seat_share(tournament.substitute_split, mine, table.deals, sub.from_deal)
        found.add(table.round, sub.leaving_id, -share)
        found.add(table.round, sub.entering_id, share)


def _add_discipline(
    found: Outside, tournament: Tournament, last: int, pre: Preloaded | None
) -> None:
    """The discipline register (one query, or ``pre``'s): every entry by player, and of the
    entries standing through ``last``, the deductions and disqualifications."""
    grouped: dict[int, list[Entry]] = defaultdict(list)
    register = (
        Entry.objects.filter(tournament=tournament).select_related("referee")
        if pre is None
        else pre.discipline
    )
    for entry in register:
        grouped[entry.registration_id].append(entry)
        if entry.cancelled_by_id is not None or entry.round_number > last:
            continue
        if entry.kind == Entry.Kind.DEDUCTION:
            points = Fraction(entry.points)
            found.add(max(entry.round_number, 1), entry.registration_id, -points)
            found.deducted[entry.registration_id] = (
                found.deducted.get(entry.registration_id, Fraction(0)) + points
            )
        elif entry.kind == Entry.Kind.DISQUALIFICATION:
            found.removed[str(entry.registration_id)] = max(entry.round_number, 1)
    found.discipline = dict(grouped)


def _add_withdrawn(found: Outside, entries: Mapping[int, Registration], last: int) -> None:
    """The players eliminated or disqualified whom the register did not remove already: out
    after the round they left (``last`` if not known), when that is through ``last``."""
    for pk, registration in entries.items():
        if registration.status in OUT and str(pk) not in found.removed:
            out_after = registration.withdrawn_after_round or last
            if out_after <= last:
                found.removed[str(pk)] = max(out_after, 1)
