"""The organiser's actions on a tournament: settings and convention, start and finish,
forbidden pairs. The only way these change on the site.

Each service runs in a transaction, locks the tournament row, checks that the user is a chief
referee of the tournament, raises ``ServiceError`` (``NotAllowed`` for a missing right) with
the form field it concerns, and writes the action log. Views call these and show the error.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

import scoring
from referee.core.bounds import check_name
from referee.core.engine_text import REFUSALS as ENGINE
from referee.core.permissions import require_chief
from referee.tournaments.refusals import REFUSALS
from scoring.numbers import to_json

from ..declared import (
    FROZEN_IN_PLAY,
    FROZEN_ONCE_STARTED,
    FROZEN_WHILE_SEATED,
    ROUND_LENGTH,
    SETTINGS_FIELDS,
)
from ..log import log_action
from ..models import Registration, Round, Tournament

MIN_PLAYERS = 3

# the lists of settings and when each is frozen: the one declaration (``declared``)


def _open_rounds(tournament: Tournament, lock: bool = False) -> dict[str, int]:
    """The first round seated and the first in play (``Round.Status`` -> number)."""
    rounds = Round.objects.filter(
        tournament=tournament, status__in=[Round.Status.DRAFT, Round.Status.STARTED]
    ).order_by("number")
    if lock:  # a round started meanwhile (seating.start_round locks its round) waits for us
        rounds = rounds.select_for_update()
    found: dict[str, int] = {}
    for status, number in rounds.values_list("status", "number"):
        found.setdefault(status, number)
    return found


def frozen_fields(tournament: Tournament) -> tuple[str, ...]:
    """The fields no one may change on ``tournament`` now: the rules of play once it has
    started, what a round's tables go by while a round is in play, the table size while a
    round is seated (README "Which settings change when"). The one rule of the settings
    page, the API and the admin (``update_settings``, ``set_convention``)."""
    if not tournament.frozen:
        return ()
    return tuple(dict.fromkeys([*FROZEN_ONCE_STARTED, *_round_frozen(_open_rounds(tournament))]))


def _round_frozen(rounds: Mapping[str, int]) -> tuple[str, ...]:
    if Round.Status.STARTED in rounds:
        return FROZEN_IN_PLAY
    if Round.Status.DRAFT in rounds:
        return FROZEN_WHILE_SEATED
    return ()


def _check_frozen(tournament: Tournament, changed: Mapping[str, Any]) -> None:
    """Refuse a change of a setting ``frozen_fields`` holds now, at its field, with its code."""
    if not tournament.frozen or not changed:
        return
    if "pool_size" in changed:
        # every kept table result depends on it (help and write-off, SPEC §7)
        raise REFUSALS.error("pool_size.play_started", "pool_size")
    rounds = _open_rounds(tournament, lock=True)
    for key in SETTINGS_FIELDS:
        if key in changed and key in _round_frozen(rounds):
            if Round.Status.STARTED in rounds:
                raise REFUSALS.error(
                    "setting.round_in_play", key, round=rounds[Round.Status.STARTED]
                )
            raise REFUSALS.error("setting.round_seated", key, round=rounds[Round.Status.DRAFT])


def chief_only(user: Any, tournament: Tournament) -> None:
    require_chief(user, tournament, _("Only the chief referee may change this tournament."))


def locked_for_chief(tournament_id: int, user: Any) -> Tournament:
    """The tournament, locked for the change of its chief referee (``NotAllowed`` else)."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    chief_only(user, tournament)
    return tournament


def ensure_not_finished(tournament: Tournament) -> None:
    if tournament.status == Tournament.Status.FINISHED:
        raise REFUSALS.error("finished")


# -- settings and convention ---------------------------------------------------------------


def check_convention(name: str, options: Mapping[str, object]) -> scoring.Convention:
    """The engine's verdict on a preset and its overrides. ``ServiceError.field`` is the
    option's name (or ``convention``) and the message the engine's refusal, translated by
    its code."""
    try:
        return scoring.convention(name, options)
    except scoring.ScoringError as error:
        where = error.field.removeprefix("options.") if error.field else "convention"
        raise ENGINE.wrap(error, where) from None


def rules_as_json(rules: scoring.Convention) -> dict[str, object]:
    """Every option of a convention as JSON values, for the record."""

    def plain(value: object) -> object:
        if isinstance(value, tuple):
            return [plain(v) for v in value]
        if isinstance(value, bool | str):
            return value
        return to_json(value)  # type: ignore[arg-type]

    return {name: plain(value) for name, value in rules.options().items()}


def _shown(key: str, value: Any) -> Any:
    if key == "chief_referee":
        return value.get_username() if value is not None else None
    return value.isoformat() if hasattr(value, "isoformat") else value


def check_settings(tournament: Tournament) -> None:
    """The settings as they stand on ``tournament`` (unsaved): a name, names without control
    characters, dates in order, a round length from 1, tables of 3 or 4; else a refusal at
    the field. ``update_settings``'s rule, and the archive import's (``hall.archive``)."""
    if not str(tournament.name).strip():
        raise REFUSALS.error("name_missing", "name")
    for key in ("name", "venue"):
        check_name(str(getattr(tournament, key) or ""), key, 200)
    if tournament.ends_on < tournament.starts_on:
        raise REFUSALS.error("ends_before_start", "ends_on")
    for key in ROUND_LENGTH:
        value = getattr(tournament, key)
        if value is not None and value < 1:
            raise REFUSALS.error("number_from_one", key)
    if tournament.table_size not in Tournament.TableSize.values:
        raise REFUSALS.error("table_size", "table_size")


@transaction.atomic
def update_settings(tournament_id: int, changes: Mapping[str, Any], user: Any) -> Tournament:
    """Change the tournament's name, dates, venue, chief referee, round length, table size
    and the referees' switches. ``changes`` maps names of ``SETTINGS_FIELDS`` to values
    (``chief_referee``: a user or None)."""
    tournament = locked_for_chief(tournament_id, user)
    unknown = sorted(set(changes) - set(SETTINGS_FIELDS))
    if unknown:
        raise REFUSALS.error("setting.unknown", names=", ".join(unknown))
    changed: dict[str, list[Any]] = {}
    for key, value in changes.items():
        before = getattr(tournament, key)
        if key == "chief_referee":
            same = getattr(before, "pk", None) == getattr(value, "pk", None)
        else:
            same = before == value
        if not same:
            changed[key] = [_shown(key, before), _shown(key, value)]
            setattr(tournament, key, value)
    _check_frozen(tournament, changed)
    check_settings(tournament)
    if changed:
        tournament.save(update_fields=list(changed))
        log_action(tournament, user, "tournament.settings", tournament.name, data=changed)
    return tournament


@transaction.atomic
def set_convention(
    tournament_id: int, name: str, options: Mapping[str, object], user: Any
) -> Tournament:
    """Choose the preset and its option overrides (JSON values), checked by the engine.
    Refused once the tournament has started: the rules are fixed for every table."""
    tournament = locked_for_chief(tournament_id, user)
    if tournament.frozen:  # FROZEN_ONCE_STARTED
        raise REFUSALS.error("convention.play_started", "convention")
    check_convention(name, options)
    before = {"convention": tournament.convention, "options": tournament.options}
    tournament.convention, tournament.options = name, dict(options)
    tournament.save(update_fields=["convention", "options"])
    log_action(
        tournament,
        user,
        "tournament.convention",
        name,
        data={"old": before, "new": {"convention": name, "options": dict(options)}},
    )
    return tournament


@transaction.atomic
def start_tournament(tournament_id: int, user: Any) -> Tournament:
    """Draft → running, with at least 3 players; from here the convention is fixed."""
    tournament = locked_for_chief(tournament_id, user)
    if tournament.status != Tournament.Status.DRAFT:
        raise REFUSALS.error("start.not_in_preparation")
    players = tournament.entries.filter(status=Registration.Status.ACTIVE).count()
    if players < MIN_PLAYERS:
        raise REFUSALS.error("start.too_few_players", min=MIN_PLAYERS, n=players)
    rules = check_convention(tournament.convention, tournament.options)
    tournament.status = Tournament.Status.RUNNING
    tournament.save(update_fields=["status"])
    log_action(
        tournament,
        user,
        "tournament.started",
        tournament.name,
        data={
            "players": players,
            "convention": tournament.convention,
            "options": tournament.options,
            "rules": rules_as_json(rules),
        },
    )
    return tournament


@transaction.atomic
def finish_tournament(tournament_id: int, user: Any) -> Tournament:
    """Running → finished, once every round is finished."""
    tournament = locked_for_chief(tournament_id, user)
    if tournament.status != Tournament.Status.RUNNING:
        raise REFUSALS.error("finish.not_running")
    rounds = list(tournament.rounds.order_by("number").values_list("number", "status"))
    if not rounds:
        raise REFUSALS.error("finish.no_rounds")
    unfinished = [str(number) for number, status in rounds if status != Round.Status.FINISHED]
    if unfinished:
        raise REFUSALS.error("finish.rounds_open", rounds=", ".join(unfinished))
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    log_action(
        tournament, user, "tournament.finished", tournament.name, data={"rounds": len(rounds)}
    )
    return tournament


def _pair_names(tournament: Tournament, first_id: int, second_id: int) -> dict[int, str]:
    if first_id == second_id:
        raise REFUSALS.error("pair.same_player", "second")
    names = dict(
        tournament.entries.filter(pk__in=[first_id, second_id]).values_list("pk", "player__name")
    )
    if len(names) != 2:
        raise REFUSALS.error("pair.not_registered", "first")
    return names


@transaction.atomic
def add_forbidden_pair(tournament_id: int, first_id: int, second_id: int, user: Any) -> Tournament:
    """Two registered players who must never sit at one table (family, one club's pair…)."""
    tournament = locked_for_chief(tournament_id, user)
    names = _pair_names(tournament, first_id, second_id)
    pair = sorted([first_id, second_id])
    if pair in (sorted(p) for p in tournament.forbidden_pairs):
        raise REFUSALS.error("pair.already", "second")
    tournament.forbidden_pairs = [*tournament.forbidden_pairs, pair]
    tournament.save(update_fields=["forbidden_pairs"])
    subject = f"{names[pair[0]]} — {names[pair[1]]}"
    log_action(tournament, user, "pair.forbidden", subject, data={"pair": pair})
    return tournament


@transaction.atomic
def remove_forbidden_pair(
    tournament_id: int, first_id: int, second_id: int, user: Any
) -> Tournament:
    tournament = locked_for_chief(tournament_id, user)
    pair = sorted([first_id, second_id])
    kept = [p for p in tournament.forbidden_pairs if sorted(p) != pair]
    if len(kept) == len(tournament.forbidden_pairs):
        raise REFUSALS.error("pair.unknown")
    tournament.forbidden_pairs = kept
    tournament.save(update_fields=["forbidden_pairs"])
    log_action(tournament, user, "pair.allowed", f"{pair[0]} — {pair[1]}", data={"pair": pair})
    return tournament


# -- players -------------------------------------------------------------------------------


# -- importing a player list ---------------------------------------------------------------


# -- officials -----------------------------------------------------------------------------
