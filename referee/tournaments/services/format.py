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

from referee.core.bounds import check_name
from referee.core.errors import ServiceError
from referee.tournaments.refusals import REFUSALS

from ..log import log_action
from ..models import Registration, Round, Stage, Team, TeamScoring, Tournament
from .setup import ensure_not_finished, locked_for_chief

#: The format settings (``update_format``), each frozen once play starts.
FORMAT_FIELDS = (
    "bye_value",
    "bye_points",
    "unfinished_pulka",
    "lap_at_time_limit",
    "substitute_split",
    "guest_games",
    "yellow_cards_to_disqualify",
    "yellow_card_days",
    "team_scoring",
    "team_best",
    "keep_teammates_apart",
    "check_in",
)


def _choices(name: str) -> list[tuple[str, Any]]:
    return list(getattr(Tournament._meta.get_field(name), "choices", None) or ())


#: The format settings that take one of a list of values, each with its (value, label) pairs
#: as the model declares them: the format page's form, the API's serializer and the service's
#: check read them here.
FORMAT_CHOICES = {name: _choices(name) for name in FORMAT_FIELDS if _choices(name)}


def _frozen(tournament: Tournament) -> None:
    if tournament.frozen:
        raise REFUSALS.error("format.play_started", "format")


def exact_text(value: Any, field: str) -> str:
    """An exact number as text ("1/2", "-3", "2.5"), or ``ServiceError`` at ``field``."""
    try:
        return str(Fraction(str(value).strip().replace(",", ".")))
    except (ValueError, ZeroDivisionError):
        raise REFUSALS.error("number.exact", field) from None


def format_value(key: str, value: Any) -> Any:
    """One format setting's value as it is stored (``bye_points`` exact text), or a refusal
    at its field."""
    if key in FORMAT_CHOICES and value not in dict(FORMAT_CHOICES[key]):
        raise REFUSALS.error("choice", key)
    if key == "bye_points":
        value = exact_text(value, key)
    limited = key in ("yellow_cards_to_disqualify", "team_best")
    if limited and value is not None and int(value) < 1:
        raise REFUSALS.error("number_from_one", key)
    if key == "yellow_card_days" and int(value) < 1:
        raise REFUSALS.error("yellow_card_days", key)
    return value


def _check_team_best(tournament: Tournament) -> None:
    if tournament.team_scoring == TeamScoring.BEST and not tournament.team_best:
        raise REFUSALS.error("team.best_missing", "team_best")


def check_format(tournament: Tournament) -> None:
    """Every format setting as it stands on ``tournament`` (unsaved), by ``update_format``'s
    rule: for the archive import (``hall.archive``)."""
    for key in FORMAT_FIELDS:
        format_value(key, getattr(tournament, key))
    _check_team_best(tournament)


@transaction.atomic
def update_format(tournament_id: int, changes: Mapping[str, Any], user: Any) -> Tournament:
    """Change the format settings (names of ``FORMAT_FIELDS``) while the tournament is a draft."""
    tournament = locked_for_chief(tournament_id, user)
    unknown = sorted(set(changes) - set(FORMAT_FIELDS))
    if unknown:
        raise REFUSALS.error("setting.unknown", names=", ".join(unknown))
    changed = {k: v for k, v in changes.items() if getattr(tournament, k) != v}
    if changed:
        _frozen(tournament)
    for key, value in changed.items():
        setattr(tournament, key, format_value(key, value))
    _check_team_best(tournament)
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
    made: list[Stage] = []
    for number, spec in enumerate(stages, start=1):
        try:
            made.append(_checked_stage(tournament, number, spec, registered))
            _check_groups(made[-1], made[-2] if len(made) > 1 else None)
        except ServiceError as refused:
            refused.params.setdefault("stage_number", number)  # a page marks the stage's row
            raise
    Stage.objects.filter(tournament=tournament).delete()
    Stage.objects.bulk_create(made)
    log_action(
        tournament,
        user,
        "tournament.stages",
        tournament.name,
        data={"stages": [[s.name, s.rounds_planned, s.method, s.groups] for s in made]},
    )
    return list(Stage.objects.filter(tournament=tournament).order_by("number"))


def _checked_stage(
    tournament: Tournament, number: int, spec: Mapping[str, Any], registered: set[int]
) -> Stage:
    known = {f.name for f in Stage._meta.fields} | {"named"}
    if not set(spec) <= known - {"id", "tournament", "number", "qualified", "members"}:
        raise REFUSALS.error("setting.unknown", names=", ".join(sorted(set(spec) - known)))
    stage = Stage(tournament=tournament, number=number, **dict(spec))
    if not str(stage.name).strip():
        raise REFUSALS.error("stage.name_missing", "name", n=number)
    check_name(str(stage.name), "name", 100)
    if not stage.rounds_planned or stage.rounds_planned < 1:
        raise REFUSALS.error("stage.rounds_missing", "rounds_planned", stage=stage.name)
    if stage.method not in Round.Method.values or stage.method in NOT_A_STAGE_METHOD:
        # a duplicate stanza is seated by its session, never as a stage's next round
        raise REFUSALS.error("stage.method_unknown", "method")
    if stage.carry_over not in Stage.CarryOver.values:
        raise REFUSALS.error("choice", "carry_over")
    if stage.carry_over == Stage.CarryOver.FRACTION:
        stage.carry_fraction = exact_text(stage.carry_fraction, "carry_fraction")
    if stage.entry not in Stage.Entry.values:
        raise REFUSALS.error("choice", "entry")
    if stage.entry == Stage.Entry.TOP and (stage.entry_count or 0) < 3:
        raise REFUSALS.error("stage.top_too_few", "entry_count", stage=stage.name)
    if stage.entry == Stage.Entry.NAMED and not set(stage.named) <= registered:
        raise REFUSALS.error("registered_only", "named")
    return stage


#: seated otherwise than as a stage's next round: a duplicate stanza by its session, a play-off
#: game at the cut by the stages page
NOT_A_STAGE_METHOD = (Round.Method.DUPLICATE, Round.Method.TIEBREAK)
BY_GROUP = (Stage.Entry.GROUP_TOP, Stage.Entry.CROSSOVER)


def _check_groups(stage: Stage, before: Stage | None) -> None:
    """Groups (issue 34 point 3): from 1 to 26, a known seeding; the best of each group only
    after a stage played in groups; a crossover in as many groups as the stage before, of at
    least 3 each (one of each place)."""
    stage.groups = stage.groups or 1
    if not 1 <= stage.groups <= 26:
        raise REFUSALS.error("stage.groups_count", "groups", stage=stage.name)
    if stage.seeding not in Stage.Seeding.values:
        raise REFUSALS.error("choice", "seeding")
    if stage.entry not in BY_GROUP:
        return
    if before is None or before.groups < 2:
        raise REFUSALS.error("stage.no_groups_before", "entry", stage=stage.name)
    count = stage.entry_count or 0
    if stage.entry == Stage.Entry.CROSSOVER:
        if count < 3:
            raise REFUSALS.error("stage.crossover_too_few", "entry_count", stage=stage.name)
        if stage.groups == 1:
            stage.groups = before.groups  # crossed into as many groups, unless told otherwise
        if stage.groups != before.groups:
            raise REFUSALS.error(
                "stage.crossover_groups", "groups", stage=stage.name, n=before.groups
            )
    elif count < 1 or count * before.groups < 3:
        raise REFUSALS.error("stage.group_top_too_few", "entry_count", stage=stage.name)


@transaction.atomic
def create_team(tournament_id: int, name: str, members: Sequence[int], user: Any) -> Team:
    """A team of registered players (TOURNAMENTS §2.5); a player plays for one team."""
    tournament = locked_for_chief(tournament_id, user)
    _frozen(tournament)
    name = " ".join(str(name).split())
    if not name:
        raise REFUSALS.error("team.name_missing", "name")
    check_name(name, "name", 200)
    if Team.objects.filter(tournament=tournament, name=name).exists():
        raise REFUSALS.error("team.name_taken", "name")
    entries = list(Registration.objects.filter(tournament=tournament, pk__in=members))
    if len(entries) != len(set(members)):
        raise REFUSALS.error("registered_only", "members")
    taken = [e for e in entries if e.team_id is not None]
    if taken:
        raise REFUSALS.error("team.player_taken", "members")
    guest = next((e for e in entries if e.guest), None)
    if guest is not None:  # a guest's results count for nobody (TOURNAMENTS §6.4)
        raise REFUSALS.error("guest.team", "members", name=guest.player.name)
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
        raise REFUSALS.error("reason_missing", "reason")
    if entry.status != Registration.Status.ACTIVE:
        raise REFUSALS.error("eliminate.not_in_play", "registration", name=entry.player.name)
    latest = tournament.rounds.aggregate(n=Max("number"))["n"] or 0
    drafted = tournament.rounds.filter(number=latest, status=Round.Status.DRAFT).exists()
    if drafted and entry.seats.filter(table__round__number=latest).exists():
        raise REFUSALS.error(
            "eliminate.seated", "registration", name=entry.player.name, round=latest
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
