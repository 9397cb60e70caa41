"""The admission's part in the tournaments app's entries (``tournaments.gates``): the rules
judge each entrant, his declared category and division are kept, the forms offer them, and
the check-in page says who has paid."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from django.utils.translation import gettext as _

from referee.tournaments.gates import Candidate, Mark
from referee.tournaments.models import Registration, Tournament

from .models import Admission, Entry
from .pure import rules
from .rules import admission_of, judge, rules_of
from .services import ledger


def gate(tournament: Tournament, candidate: Candidate) -> None:
    judge(tournament, candidate)


def choices(tournament: Tournament) -> Mapping[str, Sequence[str]]:
    found = rules_of(admission_of(tournament))
    return {"category": found.categories, "division": list(found.divisions)}


def terms(tournament: Tournament) -> list[str]:
    """Who may enter and what it costs, in a few lines for the public form."""
    admission = admission_of(tournament)
    if admission is None:
        return []
    found = rules_of(admission)
    out = []
    low, high = found.rating_min, found.rating_max
    if found.rating_list and (low is not None or high is not None):
        values = {"list": found.rating_list}
        values["min"] = rules.shown(low) if low is not None else ""
        values["max"] = rules.shown(high) if high is not None else ""
        if low is None:
            out.append(_("Rating on the list %(list)s: up to %(max)s.") % values)
        elif high is None:
            out.append(_("Rating on the list %(list)s: from %(min)s.") % values)
        else:
            out.append(_("Rating on the list %(list)s: from %(min)s up to %(max)s.") % values)
    if found.divisions:
        out.append(_("Divisions: %(names)s.") % {"names": ", ".join(found.divisions)})
    if found.invited is not None:
        out.append(_("By invitation only."))
    cur = found.currency
    if found.fees:
        listed = ", ".join(f"{n} {rules.shown(f)} {cur}" for n, f in found.fees.items())
        out.append(_("Entry fee: %(fees)s.") % {"fees": listed})
    elif found.flat_fee:
        out.append(_("Entry fee: %(fees)s.") % {"fees": f"{rules.shown(found.flat_fee)} {cur}"})
    return [line[:-1] if line.endswith("..") else line for line in out]  # «руб.» ends one


def entered(registration: Registration, declared: Mapping[str, str]) -> None:
    """Keep what a new entrant declared: his category (his fee), and his place in the
    division he named (when he is in none yet)."""
    if not any(declared.values()):
        return
    admission = Admission.objects.filter(tournament_id=registration.tournament_id).first()
    if admission is None:
        return
    found = rules_of(admission)
    if declared.get("category"):
        category = rules.canonical(found.categories, declared["category"])
        Entry.objects.update_or_create(registration=registration, defaults={"category": category})
    if declared.get("division"):
        named = rules.folded(declared["division"])
        for division in admission.divisions.all():
            if rules.folded(division.name) == named and not registration.divisions.exists():
                division.entries.add(registration)


def marks(tournament: Tournament, entries: Sequence[Registration]) -> Mapping[int, Mark]:
    """«paid», «unpaid», «paid 1000 of 2000», «may play unpaid»: nothing when nothing is due."""
    if not Admission.objects.filter(tournament=tournament).exists():
        return {}
    book = ledger(tournament, only=[e.pk for e in entries])
    currency = book.rules.currency
    out = {}
    for line in book.lines:
        values = {
            "paid": rules.shown(line.paid),
            "due": rules.shown(line.due or Decimal(0)),
            "currency": currency,
        }
        if line.state == rules.PAID:
            out[line.registration.pk] = Mark(_("paid %(paid)s %(currency)s") % values, True)
        elif line.state == rules.FREE:
            continue
        elif line.allowed:
            out[line.registration.pk] = Mark(_("unpaid, may play (chief's leave)"), True)
        elif line.state == rules.PART:
            text = _("paid %(paid)s of %(due)s %(currency)s: not seated") % values
            out[line.registration.pk] = Mark(text, False)
        else:
            text = _("unpaid (%(due)s %(currency)s): not seated") % values
            out[line.registration.pk] = Mark(text, False)
    return out
