"""Who may enter a tournament and what his entry costs (issue 34 point 5), without Django.

A tournament's ``Rules`` may ask for a rating range on one rating list, one of its declared
categories (each with its fee: adults, juniors, veterans …), one of its admitted divisions,
and a place on its invitation list. ``refusals`` names every rule a ``Candidate`` breaks
(a code and its values, rendered by ``referee.admission.refusals``); an empty list admits
him. ``fee_due`` is what he owes: his category's fee, else the flat fee, else nothing.

A category or a division the entrant has not named yet is refused only when ``declared``
asks for it (the public form, where he names them); the organiser registering or importing
a list names them later, on the fees page, among the declared ones only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal

#: the state of an entry's payment
FREE, PAID, PART, UNPAID = "free", "paid", "part", "unpaid"


@dataclass(frozen=True)
class Refusal:
    """A broken rule: a code of ``referee.admission.refusals`` and the values it names."""

    code: str
    params: Mapping[str, object] = field(default_factory=dict)


class AdmissionError(Exception):
    """The first broken rule, raised (the registry renders it in the reader's language)."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(refusal.code)
        self.code = refusal.code
        self.params = dict(refusal.params)


@dataclass(frozen=True)
class Invitee:
    name: str
    city: str = ""
    federation_id: str = ""


@dataclass(frozen=True)
class Rules:
    rating_list: str = ""  # the list's name, as the refusal says it
    rating_min: Decimal | None = None
    rating_max: Decimal | None = None
    fees: Mapping[str, Decimal] = field(default_factory=dict)  # category -> fee
    divisions: Sequence[str] = ()
    invited: Sequence[Invitee] | None = None  # None: no invitation needed
    flat_fee: Decimal | None = None
    currency: str = ""

    @property
    def categories(self) -> list[str]:
        return list(self.fees)


@dataclass(frozen=True)
class Candidate:
    name: str
    city: str = ""
    federation_id: str = ""
    rating: Decimal | None = None  # on ``Rules.rating_list``; None: not on it
    category: str = ""
    division: str = ""


def folded(text: str) -> str:
    """A name compared as people write it: case, ё and е, and spaces alike."""
    return " ".join(text.casefold().replace("ё", "е").split())


def shown(value: Decimal) -> str:
    """1320 as 1320, 1320.50 as 1320.5: a rating or a sum as a person writes it."""
    text = f"{value.quantize(Decimal('0.01')):f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def _rating(rules: Rules, who: Candidate) -> Refusal | None:
    if not rules.rating_list or (rules.rating_min is None and rules.rating_max is None):
        return None
    low, high, listed = rules.rating_min, rules.rating_max, rules.rating_list
    if who.rating is None:
        if low is None:  # a newcomer is under any ceiling
            return None
        return Refusal("no_rating", {"name": who.name, "list": listed, "min": shown(low)})
    if low is not None and who.rating < low:
        values = {"rating": shown(who.rating), "min": shown(low), "list": listed}
        return Refusal("rating_low", values)
    if high is not None and who.rating > high:
        values = {"rating": shown(who.rating), "max": shown(high), "list": listed}
        return Refusal("rating_high", values)
    return None


def _one_of(kind: str, given: str, allowed: Sequence[str], declared: bool) -> Refusal | None:
    if not allowed:
        return None
    if not given:
        return Refusal(f"{kind}_missing", {"allowed": list(allowed)}) if declared else None
    if folded(given) not in {folded(a) for a in allowed}:
        return Refusal(f"{kind}_wrong", {kind: given, "allowed": list(allowed)})
    return None


def invited(invitees: Iterable[Invitee], who: Candidate) -> bool:
    """On the list: by federation id when both have one, else by name (and city when the
    list gives one)."""
    for person in invitees:
        if person.federation_id and who.federation_id:
            if person.federation_id.strip() == who.federation_id.strip():
                return True
            continue
        if folded(person.name) != folded(who.name):
            continue
        if not person.city or folded(person.city) == folded(who.city):
            return True
    return False


def refusals(rules: Rules, who: Candidate, *, declared: bool = False) -> list[Refusal]:
    """Every rule ``who`` breaks, in the order a person checks them; none: admitted."""
    found = [
        _rating(rules, who),
        _one_of("category", who.category, rules.categories, declared),
        _one_of("division", who.division, list(rules.divisions), declared),
    ]
    if rules.invited is not None and not invited(rules.invited, who):
        found.append(Refusal("not_invited", {"name": who.name}))
    return [r for r in found if r is not None]


def check(rules: Rules, who: Candidate, *, declared: bool = False) -> None:
    """Raise the first broken rule (``AdmissionError``)."""
    broken = refusals(rules, who, declared=declared)
    if broken:
        raise AdmissionError(broken[0])


def canonical(allowed: Sequence[str], given: str) -> str:
    """The declared spelling of ``given`` (``юниоры`` → ``Юниоры``), or ``given``."""
    return next((a for a in allowed if folded(a) == folded(given)), given)


def fee_due(rules: Rules, category: str) -> Decimal | None:
    """What an entry costs: its category's fee, else the flat fee; None: nothing."""
    if category:
        fee = rules.fees.get(canonical(rules.categories, category))
        if fee is not None:
            return fee
    return rules.flat_fee


def state(due: Decimal | None, paid: Decimal) -> str:
    """``free`` (nothing due), ``paid`` (all of it), ``part`` (some) or ``unpaid``."""
    if due is None or due <= 0:
        return FREE
    if paid >= due:
        return PAID
    return PART if paid > 0 else UNPAID


@dataclass(frozen=True)
class Line:
    """One entry in the payment report."""

    name: str
    category: str
    due: Decimal | None
    paid: Decimal
    by_method: Mapping[str, Decimal] = field(default_factory=dict)


@dataclass
class Total:
    players: int = 0
    due: Decimal = Decimal(0)
    paid: Decimal = Decimal(0)
    paid_up: int = 0  # players who owe nothing more
    outstanding: Decimal = Decimal(0)  # what the others still owe, player by player


@dataclass
class Report:
    categories: dict[str, Total]
    methods: dict[str, Decimal]
    total: Total


def report(lines: Iterable[Line], order: Sequence[str] = ()) -> Report:
    """Totals by category (the entries without one under ""), by method, and in all. A
    player who paid more than his fee counts his whole payment as paid; the outstanding sum
    adds what each of the others still owes (one's overpayment never pays another's fee).
    The categories come in ``order`` (the declared one), any other after them, "" last."""
    by_category: dict[str, Total] = {}
    methods: dict[str, Decimal] = {}
    total = Total()
    for line in lines:
        due = line.due or Decimal(0)
        for bucket in (by_category.setdefault(line.category, Total()), total):
            bucket.players += 1
            bucket.due += due
            bucket.paid += line.paid
            bucket.paid_up += line.paid >= due
            bucket.outstanding += max(due - line.paid, Decimal(0))
        for method, amount in line.by_method.items():
            methods[method] = methods.get(method, Decimal(0)) + amount
    rank = {name: i for i, name in enumerate(order)}

    def place(name: str) -> tuple[int, int, str]:
        return (name == "", rank.get(name, len(rank)), name)

    return Report(dict(sorted(by_category.items(), key=lambda kv: place(kv[0]))), methods, total)
