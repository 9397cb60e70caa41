"""The tournament's format (TOURNAMENTS §2.3): byes, the unfinished-pulka policy, substitutes,
yellow cards, teams and stages; and taking a player out of play (elimination).

Every setting here is part of the rules the results are computed with, so it is frozen once
play starts (``Tournament.frozen``), as the convention is; teams may still be formed while
the tournament is a draft. Each service locks the tournament, checks the chief referee's
right, validates, and writes the action log.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from referee.core.bounds import check_name
from referee.core.errors import ServiceError

from ..log import log_action
from ..models import (
    ByeValue,
    LapAtTimeLimit,
    Registration,
    Round,
    Stage,
    SubstituteSplit,
    Team,
    TeamScoring,
    Tournament,
    Unfinished,
)
from .setup import ensure_not_finished, locked_for_chief

#: The format settings (``update_format``), each frozen once play starts.
FORMAT_FIELDS = (
    "bye_value",
    "bye_points",
    "unfinished_pulka",
    "lap_at_time_limit",
    "substitute_split",
    "yellow_cards_to_disqualify",
    "yellow_card_days",
    "team_scoring",
    "team_best",
    "keep_teammates_apart",
)
CHOICES = {
    "bye_value": ByeValue.values,
    "unfinished_pulka": Unfinished.values,
    "lap_at_time_limit": LapAtTimeLimit.values,
    "substitute_split": SubstituteSplit.values,
    "team_scoring": TeamScoring.values,
}


def _frozen(tournament: Tournament) -> None:
    if tournament.frozen:
        raise ServiceError(
            _("The tournament's format cannot change once play has started."), "format"
        )


def exact_text(value: Any, field: str) -> str:
    """An exact number as text ("1/2", "-3", "2.5"), or ``ServiceError`` at ``field``."""
    try:
        return str(Fraction(str(value).strip().replace(",", ".")))
    except (ValueError, ZeroDivisionError):
        raise ServiceError(_("Give a number, e.g. 2, -1.5 or 1/2."), field) from None


@transaction.atomic
def update_format(tournament_id: int, changes: Mapping[str, Any], user: Any) -> Tournament:
    """Change the format settings (names of ``FORMAT_FIELDS``) while the tournament is a draft."""
    tournament = locked_for_chief(tournament_id, user)
    unknown = sorted(set(changes) - set(FORMAT_FIELDS))
    if unknown:
        raise ServiceError(
            _("These settings cannot be changed here: %(names)s.") % {"names": ", ".join(unknown)}
        )
    changed = {k: v for k, v in changes.items() if getattr(tournament, k) != v}
    if changed:
        _frozen(tournament)
    for key, value in changed.items():
        if key in CHOICES and value not in CHOICES[key]:
            raise ServiceError(_("Choose one of the offered values."), key)
        if key == "bye_points":
            value = exact_text(value, key)
        limited = key in ("yellow_cards_to_disqualify", "team_best")
        if limited and value is not None and int(value) < 1:
            raise ServiceError(_("Leave it empty or give a number from 1."), key)
        if key == "yellow_card_days" and int(value) < 1:
            raise ServiceError(_("A yellow card stays active at least one day."), key)
        setattr(tournament, key, value)
    if tournament.team_scoring == TeamScoring.BEST and not tournament.team_best:
        raise ServiceError(_("Say how many best members count (K)."), "team_best")
    if changed:
        tournament.save(update_fields=list(changed))
        log_action(
            tournament,
            user,
            "tournament.format",
            tournament.name,
            data={k: [str(getattr(tournament, k))] for k in changed},
        )
    return tournament


@transaction.atomic
def set_stages(tournament_id: int, stages: Sequence[Mapping[str, Any]], user: Any) -> list[Stage]:
    """Replace the stages (first to last; the last is the final). Each: ``name``,
    ``rounds_planned``, ``method``, ``carry_over``, ``carry_fraction``, ``entry``,
    ``entry_count``, ``named`` (registration ids)."""
    tournament = locked_for_chief(tournament_id, user)
    _frozen(tournament)
    registered = set(tournament.entries.values_list("pk", flat=True))
    made = []
    for number, spec in enumerate(stages, start=1):
        stage = Stage(tournament=tournament, number=number, **dict(spec))
        if not str(stage.name).strip():
            raise ServiceError(_("Stage %(n)s needs a name.") % {"n": number}, "name")
        check_name(str(stage.name), "name", 100)
        if not stage.rounds_planned or stage.rounds_planned < 1:
            raise ServiceError(
                _("Stage %(stage)s needs at least one round.") % {"stage": stage.name}, "rounds"
            )
        if stage.method not in Round.Method.values:
            raise ServiceError(_("Unknown seating method."), "method")
        if stage.carry_over not in Stage.CarryOver.values:
            raise ServiceError(_("Choose one of the offered values."), "carry_over")
        if stage.carry_over == Stage.CarryOver.FRACTION:
            stage.carry_fraction = exact_text(stage.carry_fraction, "carry_fraction")
        if stage.entry == Stage.Entry.TOP and (stage.entry_count or 0) < 3:
            raise ServiceError(
                _("Stage %(stage)s takes the top N: N is at least 3 (one table).")
                % {"stage": stage.name},
                "entry_count",
            )
        if stage.entry == Stage.Entry.NAMED and not set(stage.named) <= registered:
            raise ServiceError(_("Name registered players only."), "named")
        made.append(stage)
    Stage.objects.filter(tournament=tournament).delete()
    Stage.objects.bulk_create(made)
    log_action(
        tournament,
        user,
        "tournament.stages",
        tournament.name,
        data={"stages": [[s.name, s.rounds_planned, s.method] for s in made]},
    )
    return list(Stage.objects.filter(tournament=tournament).order_by("number"))


@transaction.atomic
def create_team(tournament_id: int, name: str, members: Sequence[int], user: Any) -> Team:
    """A team of registered players (TOURNAMENTS §2.5); a player plays for one team."""
    tournament = locked_for_chief(tournament_id, user)
    _frozen(tournament)
    name = " ".join(str(name).split())
    if not name:
        raise ServiceError(_("The team needs a name."), "name")
    check_name(name, "name", 200)
    if Team.objects.filter(tournament=tournament, name=name).exists():
        raise ServiceError(_("There is a team of that name already."), "name")
    entries = list(Registration.objects.filter(tournament=tournament, pk__in=members))
    if len(entries) != len(set(members)):
        raise ServiceError(_("Name registered players only."), "members")
    taken = [e for e in entries if e.team_id is not None]
    if taken:
        raise ServiceError(_("A player plays for one team only."), "members")
    team = Team.objects.create(tournament=tournament, name=name)
    Registration.objects.filter(pk__in=[e.pk for e in entries]).update(team=team)
    log_action(
        tournament, user, "team.created", name, about=team, data={"members": sorted(members)}
    )
    return team


@transaction.atomic
def eliminate_player(
    registration_id: int,
    user: Any,
    reason: str,
    status: str = Registration.Status.ELIMINATED,
) -> Registration:
    """Take a player out of play after the latest round: he is not seated from the next
    round on; the standings keep his row, marked (``eliminated`` or ``disqualified``)."""
    entry = Registration.objects.select_related("player").get(pk=registration_id)
    tournament = locked_for_chief(entry.tournament_id, user)
    ensure_not_finished(tournament)
    if not str(reason).strip():
        raise ServiceError(_("Give the reason."), "reason")
    if entry.status != Registration.Status.ACTIVE:
        raise ServiceError(
            _("%(name)s is no longer in play.") % {"name": entry.player.name}, "registration"
        )
    latest = tournament.rounds.aggregate(n=Max("number"))["n"] or 0
    drafted = tournament.rounds.filter(number=latest, status=Round.Status.DRAFT).exists()
    if drafted and entry.seats.filter(table__round__number=latest).exists():
        raise ServiceError(
            _("%(name)s is seated in round %(round)s, not started yet: discard its seating first.")
            % {"name": entry.player.name, "round": latest},
            "registration",
        )
    entry.status = status
    entry.withdrawn_after_round = latest
    entry.save(update_fields=["status", "withdrawn_after_round"])
    code = (
        "player.disqualified" if status == Registration.Status.DISQUALIFIED else "player.eliminated"
    )
    log_action(
        tournament,
        user,
        code,
        entry.player.name,
        about=entry,
        reason=reason,
        data={"registration": entry.pk, "after_round": latest},
    )
    return entry
