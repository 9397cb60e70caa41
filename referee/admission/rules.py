"""A tournament's admission rules read from the database, and the candidate the pure
predicate judges (``pure.rules``)."""

from __future__ import annotations

from decimal import Decimal

from referee.ratings.models import PlayerRating
from referee.tournaments.gates import Candidate
from referee.tournaments.models import Tournament

from .models import Admission
from .pure import rules
from .pure.rules import Invitee, Rules
from .refusals import FIELDS, RULES


def admission_of(tournament: Tournament) -> Admission | None:
    """The tournament's rules, with their rating list (one query)."""
    return Admission.objects.select_related("rating_list").filter(tournament=tournament).first()


def rules_of(admission: Admission | None) -> Rules:
    """The pure rules of ``admission`` (a query for its divisions); none: open and free."""
    if admission is None:
        return Rules()
    listed = admission.rating_list
    return Rules(
        rating_list=listed.name if listed is not None else "",
        rating_min=admission.rating_min,
        rating_max=admission.rating_max,
        fees={name: Decimal(fee) for name, fee in admission.fees},
        divisions=[d.name for d in admission.divisions.all()],
        invited=(
            [Invitee(**person) for person in admission.invitations]
            if admission.invitation_only
            else None
        ),
        flat_fee=admission.flat_fee,
        currency=admission.currency,
    )


def rating_on(admission: Admission, player_id: int | None) -> Decimal | None:
    """The player's rating on the rules' list; None without a list or a rating on it."""
    if admission.rating_list_id is None or player_id is None:
        return None
    found = (
        PlayerRating.objects.filter(rating_list_id=admission.rating_list_id, player_id=player_id)
        .values_list("rating", flat=True)
        .first()
    )
    return None if found is None else Decimal(str(found))


def _read_once(tournament: Tournament) -> tuple[Admission | None, Rules]:
    """The rules, read once per tournament object: an import judges its rows against the
    tournament it locked, with two queries in all (none more a row without a rating rule)."""
    cached = getattr(tournament, "_admission_rules", None)
    if cached is None:
        admission = admission_of(tournament)
        cached = (admission, rules_of(admission) if admission is not None else Rules())
        tournament._admission_rules = cached  # type: ignore[attr-defined]
    return cached


def judge(tournament: Tournament, candidate: Candidate) -> None:
    """Raise the first rule ``candidate`` breaks, as a coded refusal at its field."""
    admission, found = _read_once(tournament)
    if admission is None:
        return
    rating = None
    if found.rating_list and (found.rating_min is not None or found.rating_max is not None):
        rating = rating_on(admission, candidate.player.pk if candidate.player else None)
    who = rules.Candidate(
        name=candidate.name,
        city=candidate.city,
        federation_id=candidate.federation_id
        or (candidate.player.federation_id if candidate.player else ""),
        rating=rating,
        category=candidate.choices.get("category", ""),
        division=candidate.choices.get("division", ""),
    )
    try:
        rules.check(found, who, declared=candidate.declared)
    except rules.AdmissionError as error:
        raise RULES.wrap(error, FIELDS.get(error.code)) from None
