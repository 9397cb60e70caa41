"""The organiser's actions: settings and convention, start and finish, players, imports,
officials and their tables. The only way these change on the site.

Each service runs in a transaction, locks the tournament row, checks that the user is a chief
referee of the tournament, raises ``ServiceError`` (``NotAllowed`` for a missing right) with
the form field it concerns, and writes the action log. Views call these and show the error.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.validators import slug_re
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

import scoring
from referee.accounts.models import Role
from referee.accounts.permissions import is_chief, is_organiser
from referee.core.errors import NotAllowed, ServiceError
from referee.tables.models import Seat, Table
from scoring.numbers import to_json

from .importing import (
    LIMITS,
    RATING_LIMIT,
    ImportPreview,
    ImportRow,
    Person,
    check_duplicates,
    read_players,
    same_person,
)
from .log import log_action
from .models import Player, Registration, Round, Tournament

MIN_PLAYERS = 3

#: What the settings page may change at any time (the convention has its own service).
SETTINGS_FIELDS = (
    "name",
    "starts_on",
    "ends_on",
    "venue",
    "chief_referee",
    "pool_size",
    "deal_cap",
    "time_limit_minutes",
    "table_size",
    "second_confirmation",
    "referees_assigned_only",
    "published",
)
ROUND_LENGTH = ("pool_size", "deal_cap", "time_limit_minutes")


@dataclass(frozen=True)
class PlayerDetails:
    """A player not yet in the database."""

    name: str
    city: str = ""
    club: str = ""
    rating: Decimal | None = None
    federation_id: str = ""


@dataclass
class ImportResult:
    registered: list[Registration] = field(default_factory=list)
    skipped: list[tuple[int, str]] = field(default_factory=list)  # (line, why)


def _chief_only(user: Any, tournament: Tournament) -> None:
    if not is_chief(user, tournament):
        raise NotAllowed(_("Only the chief referee may change this tournament."))


def _locked(tournament_id: int, user: Any) -> Tournament:
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    _chief_only(user, tournament)
    return tournament


def _not_finished(tournament: Tournament) -> None:
    if tournament.status == Tournament.Status.FINISHED:
        raise ServiceError(_("The tournament is finished."))


# -- settings and convention ---------------------------------------------------------------


def check_convention(name: str, options: Mapping[str, object]) -> scoring.Convention:
    """The engine's verdict on a preset and its overrides. ``ServiceError.field`` is the
    option's name (or ``convention``) and the message is the engine's."""
    try:
        return scoring.convention(name, options)
    except scoring.ScoringError as error:
        where = error.field.removeprefix("options.") if error.field else "convention"
        raise ServiceError(error.message, where) from None


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


@transaction.atomic
def create_tournament(
    name: str,
    slug: str,
    starts_on: datetime.date,
    ends_on: datetime.date,
    user: Any,
    convention: str = "fspr",
    options: Mapping[str, object] | None = None,
) -> Tournament:
    """An organiser creates a tournament in preparation and becomes its chief referee; the
    other settings are then changed by ``update_settings``."""
    if not is_organiser(user):
        raise NotAllowed(_("Only organisers may create tournaments."))
    name = " ".join(str(name or "").split())
    if not name:
        raise ServiceError(_("The tournament needs a name."), "name")
    if len(slug or "") > 50 or not slug_re.fullmatch(slug or ""):
        raise ServiceError(_("Use Latin letters, digits, hyphens and underscores."), "slug")
    if Tournament.objects.filter(slug=slug).exists():
        raise ServiceError(_("This short name is taken."), "slug")
    if ends_on < starts_on:
        raise ServiceError(_("The tournament cannot end before it starts."), "ends_on")
    check_convention(convention, options or {})
    tournament = Tournament.objects.create(
        name=name,
        slug=slug,
        starts_on=starts_on,
        ends_on=ends_on,
        convention=convention,
        options=dict(options or {}),
        chief_referee=user,
    )
    log_action(tournament, user, "tournament.created", name, data={"slug": slug})
    return tournament


@transaction.atomic
def update_settings(tournament_id: int, changes: Mapping[str, Any], user: Any) -> Tournament:
    """Change the tournament's name, dates, venue, chief referee, round length, table size
    and the referees' switches. ``changes`` maps names of ``SETTINGS_FIELDS`` to values
    (``chief_referee``: a user or None)."""
    tournament = _locked(tournament_id, user)
    unknown = sorted(set(changes) - set(SETTINGS_FIELDS))
    if unknown:
        raise ServiceError(
            _("These settings cannot be changed here: %(names)s.") % {"names": ", ".join(unknown)}
        )
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
    if "pool_size" in changed and tournament.frozen:
        # every kept table result depends on it (help and write-off, SPEC §7)
        raise ServiceError(
            _("The pool size is part of the rules: it cannot change once play has started."),
            "pool_size",
        )
    if not str(tournament.name).strip():
        raise ServiceError(_("The tournament needs a name."), "name")
    if tournament.ends_on < tournament.starts_on:
        raise ServiceError(_("The tournament cannot end before it starts."), "ends_on")
    for key in ROUND_LENGTH:
        value = getattr(tournament, key)
        if value is not None and value < 1:
            raise ServiceError(_("Leave it empty or give a number from 1."), key)
    if tournament.table_size not in Tournament.TableSize.values:
        raise ServiceError(_("Prefer tables of 4 or of 3."), "table_size")
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
    tournament = _locked(tournament_id, user)
    if tournament.frozen:
        raise ServiceError(
            _("The convention is fixed once the tournament has started."), "convention"
        )
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
    tournament = _locked(tournament_id, user)
    if tournament.status != Tournament.Status.DRAFT:
        raise ServiceError(_("Only a tournament in preparation can start."))
    players = tournament.entries.filter(status=Registration.Status.ACTIVE).count()
    if players < MIN_PLAYERS:
        raise ServiceError(
            _("A tournament needs at least %(min)s players; %(n)s are registered.")
            % {"min": MIN_PLAYERS, "n": players}
        )
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
    tournament = _locked(tournament_id, user)
    if tournament.status != Tournament.Status.RUNNING:
        raise ServiceError(_("Only a running tournament can finish."))
    rounds = list(tournament.rounds.order_by("number").values_list("number", "status"))
    if not rounds:
        raise ServiceError(_("No round has been played yet."))
    unfinished = [str(number) for number, status in rounds if status != Round.Status.FINISHED]
    if unfinished:
        raise ServiceError(
            _("Finish these rounds first: %(rounds)s.") % {"rounds": ", ".join(unfinished)}
        )
    tournament.status = Tournament.Status.FINISHED
    tournament.save(update_fields=["status"])
    log_action(
        tournament, user, "tournament.finished", tournament.name, data={"rounds": len(rounds)}
    )
    return tournament


def _pair_names(tournament: Tournament, first_id: int, second_id: int) -> dict[int, str]:
    if first_id == second_id:
        raise ServiceError(_("Choose two different players."), "second")
    names = dict(
        tournament.entries.filter(pk__in=[first_id, second_id]).values_list("pk", "player__name")
    )
    if len(names) != 2:
        raise ServiceError(_("Both players must be registered in this tournament."), "first")
    return names


@transaction.atomic
def add_forbidden_pair(tournament_id: int, first_id: int, second_id: int, user: Any) -> Tournament:
    """Two registered players who must never sit at one table (family, one club's pair…)."""
    tournament = _locked(tournament_id, user)
    names = _pair_names(tournament, first_id, second_id)
    pair = sorted([first_id, second_id])
    if pair in (sorted(p) for p in tournament.forbidden_pairs):
        raise ServiceError(_("These two are kept apart already."), "second")
    tournament.forbidden_pairs = [*tournament.forbidden_pairs, pair]
    tournament.save(update_fields=["forbidden_pairs"])
    subject = f"{names[pair[0]]} — {names[pair[1]]}"
    log_action(tournament, user, "pair.forbidden", subject, data={"pair": pair})
    return tournament


@transaction.atomic
def remove_forbidden_pair(
    tournament_id: int, first_id: int, second_id: int, user: Any
) -> Tournament:
    tournament = _locked(tournament_id, user)
    pair = sorted([first_id, second_id])
    kept = [p for p in tournament.forbidden_pairs if sorted(p) != pair]
    if len(kept) == len(tournament.forbidden_pairs):
        raise ServiceError(_("These two are not a forbidden pair."))
    tournament.forbidden_pairs = kept
    tournament.save(update_fields=["forbidden_pairs"])
    log_action(tournament, user, "pair.allowed", f"{pair[0]} — {pair[1]}", data={"pair": pair})
    return tournament


# -- players -------------------------------------------------------------------------------


def _clean(details: PlayerDetails) -> PlayerDetails:
    def one_line(text: str) -> str:
        return " ".join(str(text or "").split())

    clean = PlayerDetails(
        name=one_line(details.name),
        city=one_line(details.city),
        club=one_line(details.club),
        rating=details.rating,
        federation_id=one_line(details.federation_id),
    )
    if not clean.name:
        raise ServiceError(_("The name is missing."), "name")
    for key, limit in LIMITS.items():
        if len(getattr(clean, key)) > limit:
            raise ServiceError(
                _("At most %(limit)s characters.") % {"limit": limit},
                key,
            )
    if clean.rating is not None and (
        not clean.rating.is_finite() or abs(clean.rating) >= RATING_LIMIT
    ):
        raise ServiceError(_("The rating is out of range."), "rating")
    return clean


def registered_persons(tournament: Tournament) -> list[Person]:
    rows = tournament.entries.values_list("player__name", "player__city", "player__federation_id")
    return [Person(*row) for row in rows]


def _owner_of(federation_id: str) -> Player | None:
    if not federation_id:
        return None
    return Player.objects.filter(federation_id=federation_id).first()


def _register(
    tournament: Tournament,
    player: int | PlayerDetails,
    substitute_for: Registration | None = None,
) -> Registration:
    """A registration for an existing player (by id) or a new one. Refuses anybody who is
    already registered: the same player, or the same person by ``same_person``."""
    if isinstance(player, int):
        chosen = Player.objects.filter(pk=player).first()
        if chosen is None:
            raise ServiceError(_("There is no such player."), "player")
        me, field = Person(chosen.name, chosen.city, chosen.federation_id), "player"
    else:
        details = _clean(player)
        me, field = Person(details.name, details.city, details.federation_id), "name"
    twin = next((p for p in registered_persons(tournament) if same_person(p, me)), None)
    if twin is not None:
        raise ServiceError(_("%(name)s is already registered.") % {"name": twin.name}, field)
    if isinstance(player, PlayerDetails):
        owner = _owner_of(details.federation_id)
        if owner is not None and not same_person(Person(owner.name), Person(details.name)):
            raise ServiceError(
                _("Federation id %(id)s belongs to %(name)s.")
                % {"id": details.federation_id, "name": owner.name},
                "federation_id",
            )
        chosen = owner or Player.objects.create(
            name=details.name,
            city=details.city,
            club=details.club,
            rating=details.rating,
            federation_id=details.federation_id,
        )
    return Registration.objects.create(
        tournament=tournament, player=chosen, substitute_for=substitute_for
    )


def _player_data(player: Player) -> dict[str, Any]:
    return {
        "player": player.pk,
        "name": player.name,
        "city": player.city,
        "club": player.club,
        "rating": str(player.rating) if player.rating is not None else None,
        "federation_id": player.federation_id,
    }


@transaction.atomic
def register_player(tournament_id: int, player: int | PlayerDetails, user: Any) -> Registration:
    """Register an existing player (his id) or a new one; a late entry plays from the next
    round that is seated."""
    tournament = _locked(tournament_id, user)
    _not_finished(tournament)
    entry = _register(tournament, player)
    log_action(
        tournament, user, "player.registered", entry.player.name, data=_player_data(entry.player)
    )
    return entry


def _entry_and_tournament(registration_id: int, user: Any) -> tuple[Registration, Tournament]:
    tournament_id = (
        Registration.objects.filter(pk=registration_id)
        .values_list("tournament_id", flat=True)
        .first()
    )
    if tournament_id is None:
        raise ServiceError(_("There is no such registration."))
    tournament = _locked(tournament_id, user)
    entry = (
        Registration.objects.select_for_update().select_related("player").get(pk=registration_id)
    )
    return entry, tournament


def latest_round(tournament: Tournament) -> int:
    return tournament.rounds.aggregate(n=Max("number"))["n"] or 0


@transaction.atomic
def withdraw_player(
    registration_id: int, user: Any, after_round: int | None = None, reason: str = ""
) -> Registration:
    """The player leaves after ``after_round`` (default: the latest round seated) and is not
    seated in any later round. A round that already seats him must be reseated first."""
    entry, tournament = _entry_and_tournament(registration_id, user)
    _not_finished(tournament)
    if entry.status == Registration.Status.WITHDRAWN:
        raise ServiceError(_("%(name)s has withdrawn already.") % {"name": entry.player.name})
    latest = latest_round(tournament)
    after = latest if after_round is None else after_round
    if not 0 <= after <= latest:
        raise ServiceError(
            _("Give a round from 0 to %(latest)s.") % {"latest": latest}, "after_round"
        )
    seated = Seat.objects.filter(registration=entry, table__round__number__gt=after).aggregate(
        n=Max("table__round__number")
    )["n"]
    if seated is not None:
        raise ServiceError(
            _("%(name)s is seated in round %(round)s: withdraw after it, or reseat it first.")
            % {"name": entry.player.name, "round": seated},
            "after_round",
        )
    entry.status = Registration.Status.WITHDRAWN
    entry.withdrawn_after_round = after
    entry.save(update_fields=["status", "withdrawn_after_round"])
    log_action(
        tournament,
        user,
        "player.withdrawn",
        entry.player.name,
        reason=reason,
        data={"registration": entry.pk, "after_round": after},
    )
    return entry


@transaction.atomic
def substitute_player(
    registration_id: int, player: int | PlayerDetails, user: Any, reason: str = ""
) -> Registration:
    """A new player takes the place of a withdrawn one from the next round on."""
    entry, tournament = _entry_and_tournament(registration_id, user)
    _not_finished(tournament)
    if entry.status != Registration.Status.WITHDRAWN:
        raise ServiceError(_("Only a withdrawn player can be replaced."))
    if entry.substitutes.exists():
        raise ServiceError(_("%(name)s has a substitute already.") % {"name": entry.player.name})
    substitute = _register(tournament, player, substitute_for=entry)
    log_action(
        tournament,
        user,
        "player.substituted",
        f"{substitute.player.name} ← {entry.player.name}",
        reason=reason,
        data={
            "registration": substitute.pk,
            "replaces": entry.pk,
            "from_round": latest_round(tournament) + 1,
            **_player_data(substitute.player),
        },
    )
    return substitute


# -- importing a player list ---------------------------------------------------------------


def _federation_names(rows: Sequence[ImportRow]) -> dict[str, str]:
    ids = {row.federation_id for row in rows if row.federation_id}
    if not ids:
        return {}
    return dict(Player.objects.filter(federation_id__in=ids).values_list("federation_id", "name"))


def preview_import(
    tournament: Tournament, content: bytes, filename: str, user: Any
) -> ImportPreview:
    """Read an uploaded list and mark what the import would refuse; nothing is saved."""
    _chief_only(user, tournament)
    preview = read_players(content, filename)
    check_duplicates(preview.rows, registered_persons(tournament), _federation_names(preview.rows))
    return preview


@transaction.atomic
def import_players(
    tournament_id: int, rows: Sequence[Mapping[str, Any]], user: Any
) -> ImportResult:
    """Register the rows of a previewed list that are still valid, all in one transaction.
    Each row is checked again: another import or registration may have happened since."""
    tournament = _locked(tournament_id, user)
    _not_finished(tournament)
    parsed = [ImportRow.from_data(row) for row in rows]
    check_duplicates(parsed, registered_persons(tournament), _federation_names(parsed))
    result = ImportResult()
    valid = []
    for row in parsed:
        if row.valid:
            valid.append(row)
        else:
            result.skipped.append((row.line, " ".join(row.errors)))
    owners = {
        p.federation_id: p
        for p in Player.objects.filter(
            federation_id__in=[r.federation_id for r in valid if r.federation_id]
        )
    }
    new_players = [
        Player(
            name=row.name,
            city=row.city,
            club=row.club,
            rating=Decimal(row.rating) if row.rating else None,
            federation_id=row.federation_id,
        )
        for row in valid
        if row.federation_id not in owners
    ]
    created = iter(Player.objects.bulk_create(new_players))
    players = [
        owners[row.federation_id] if row.federation_id in owners else next(created) for row in valid
    ]
    result.registered = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player) for player in players
    )
    log_action(
        tournament,
        user,
        "players.imported",
        _("%(n)s players") % {"n": len(players)},
        data={
            "registered": [p.name for p in players],
            "skipped": [list(item) for item in result.skipped],
        },
    )
    return result


# -- officials -----------------------------------------------------------------------------


@transaction.atomic
def grant_role(tournament_id: int, username: str, kind: str, user: Any, password: str = "") -> Role:
    """Make ``username`` a referee or a chief referee of the tournament, creating the account
    (with ``password``) when there is none. An existing account's password is never touched."""
    tournament = _locked(tournament_id, user)
    if kind not in Role.Kind.values:
        raise ServiceError(_("Choose referee or chief referee."), "kind")
    User = get_user_model()
    username = username.strip()
    try:
        User.username_validator(username)
    except ValidationError as error:
        raise ServiceError(" ".join(error.messages), "username") from None
    if not username:
        raise ServiceError(_("Give a username."), "username")
    target = User.objects.filter(username=username).first()
    created = target is None
    if target is None:
        if not password:
            raise ServiceError(
                _("There is no user %(name)s yet: give a password to create the account.")
                % {"name": username},
                "password",
            )
        try:
            validate_password(password, User(username=username))
        except ValidationError as error:
            raise ServiceError(" ".join(error.messages), "password") from None
        target = User.objects.create_user(username=username, password=password)
    elif password:
        raise ServiceError(
            _("%(name)s has an account already: leave the password empty.") % {"name": username},
            "password",
        )
    if tournament.chief_referee_id == target.pk:
        raise ServiceError(
            _("%(name)s is this tournament's chief referee already.") % {"name": username},
            "username",
        )
    role, made = Role.objects.get_or_create(
        tournament=tournament, user=target, defaults={"kind": kind}
    )
    was = None if made else role.kind
    if was == kind:
        raise ServiceError(
            _("%(name)s is %(role)s here already.")
            % {"name": username, "role": role.get_kind_display()},
            "username",
        )
    if not made:
        role.kind = kind
        role.save(update_fields=["kind"])
    log_action(
        tournament,
        user,
        "role.granted",
        username,
        data={"kind": kind, "was": was, "new_account": created},
    )
    return role


@transaction.atomic
def revoke_role(tournament_id: int, username: str, user: Any, reason: str = "") -> None:
    """Remove a referee or chief referee; he leaves every table he was assigned to."""
    tournament = _locked(tournament_id, user)
    role = (
        Role.objects.filter(tournament=tournament, user__username=username)
        .select_related("user")
        .first()
    )
    if role is None:
        raise ServiceError(
            _("%(name)s has no role in this tournament.") % {"name": username}, "username"
        )
    if role.user_id == getattr(user, "pk", None):
        raise ServiceError(_("You cannot remove your own role."), "username")
    Table.referees.through.objects.filter(
        table__round__tournament=tournament, user=role.user
    ).delete()
    role.delete()
    log_action(tournament, user, "role.revoked", username, reason=reason, data={"kind": role.kind})


def officials(tournament: Tournament) -> list[Any]:
    """The users who may be assigned to tables: the named chief referee and every role."""
    User = get_user_model()
    ids = set(Role.objects.filter(tournament=tournament).values_list("user_id", flat=True))
    if tournament.chief_referee_id:
        ids.add(tournament.chief_referee_id)
    return list(User.objects.filter(pk__in=ids).order_by("username"))


@transaction.atomic
def assign_referees(table_id: int, referee_ids: Iterable[int], user: Any) -> Table:
    """Set the referees of one table; only the tournament's officials can be assigned."""
    tournament_id = (
        Table.objects.filter(pk=table_id).values_list("round__tournament_id", flat=True).first()
    )
    if tournament_id is None:
        raise ServiceError(_("There is no such table."))
    tournament = _locked(tournament_id, user)
    _not_finished(tournament)
    table = Table.objects.select_for_update().select_related("round").get(pk=table_id)
    wanted = set(referee_ids)
    names = {u.pk: u.get_username() for u in officials(tournament) if u.pk in wanted}
    if set(names) != wanted:
        raise ServiceError(
            _("Only this tournament's referees can be assigned to its tables."), "referees"
        )
    table.referees.set(sorted(wanted))
    log_action(
        tournament,
        user,
        "table.referees",
        str(table),
        data={"referees": sorted(names.values())},
    )
    return table
