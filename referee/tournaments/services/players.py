"""Players of a tournament: registration, withdrawals, substitutes and list imports.

Each service runs in a transaction, locks the tournament, checks the chief referee's right,
raises ``ServiceError`` with the field it concerns and writes the action log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from referee.core.bounds import check_name
from referee.core.errors import ServiceError
from referee.tournaments.refusals import REFUSALS

from ..gates import Candidate, admit, entered
from ..importing import (
    LIMITS,
    RATING_LIMIT,
    ImportPreview,
    ImportRow,
    Person,
    check_duplicates,
    read_players,
    same_person,
)
from ..log import log_action
from ..models import Player, Registration, Tournament
from ..registry import confirmed_player
from .setup import chief_only, ensure_not_finished, locked_for_chief


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


def checked_details(details: PlayerDetails) -> PlayerDetails:
    """A player's details by the players' rule (names without control characters, lengths,
    the rating's range), on one line each; else a refusal at the field. The registration's
    rule, and the archive import's (``hall.archive``)."""
    return _clean(details)


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
        raise REFUSALS.error("player.name_missing", "name")
    for key, limit in LIMITS.items():
        if len(getattr(clean, key)) > limit:
            raise REFUSALS.error("player.too_long", key, limit=limit)
    for key, limit in LIMITS.items():
        check_name(getattr(clean, key), key, limit)
    if clean.rating is not None and (
        not clean.rating.is_finite() or abs(clean.rating) >= RATING_LIMIT
    ):
        raise REFUSALS.error("player.rating_range", "rating")
    if clean.rating is not None and clean.rating < 0:
        raise REFUSALS.error("player.rating_negative", "rating")
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
    choices: Mapping[str, str] | None = None,
) -> Registration:
    """A registration for an existing player (by id) or a new one. Refuses anybody who is
    already registered: the same player, or the same person by ``same_person``, and anybody
    the tournament's admission rules keep out (``gates``); ``choices``: what he declared
    (his category, his division)."""
    if isinstance(player, int):
        chosen = Player.objects.filter(pk=player).first()
        if chosen is None:
            raise REFUSALS.error("player.unknown", "player")
        me, field = Person(chosen.name, chosen.city, chosen.federation_id), "player"
    else:
        details = _clean(player)
        me, field = Person(details.name, details.city, details.federation_id), "name"
    twin = next((p for p in registered_persons(tournament) if same_person(p, me)), None)
    if twin is not None:
        withdrawn = tournament.entries.filter(
            player__name=twin.name, player__city=twin.city, status=Registration.Status.WITHDRAWN
        ).exists()
        if withdrawn and tournament.status == Tournament.Status.DRAFT:
            raise REFUSALS.error("player.withdrawn", field, name=twin.name)
        raise REFUSALS.error("player.registered", field, name=twin.name)
    if isinstance(player, PlayerDetails):
        owner = _owner_of(details.federation_id)
        if owner is not None and not same_person(Person(owner.name), Person(details.name)):
            raise REFUSALS.error(
                "player.federation_id_taken",
                "federation_id",
                id=details.federation_id,
                name=owner.name,
            )
    known = owner if isinstance(player, PlayerDetails) else chosen
    admit(tournament, Candidate(me.name, me.city, me.federation_id, known, choices or {}))
    if isinstance(player, PlayerDetails):
        chosen = owner or Player.objects.create(
            name=details.name,
            city=details.city,
            club=details.club,
            rating=details.rating,
            federation_id=details.federation_id,
        )
    assert chosen is not None  # a missing player's id is refused above
    registration = Registration.objects.create(
        tournament=tournament, player=chosen, substitute_for=substitute_for
    )
    entered(registration, choices or {})
    return registration


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
def register_player(
    tournament_id: int,
    player: int | PlayerDetails,
    user: Any,
    *,
    choices: Mapping[str, str] | None = None,
) -> Registration:
    """Register an existing player (his id) or a new one; a late entry plays from the next
    round that is seated. ``choices``: his category and division, if he declared them."""
    tournament = locked_for_chief(tournament_id, user)
    ensure_not_finished(tournament)
    entry = _register(tournament, player, choices=choices)
    log_action(
        tournament,
        user,
        "player.registered",
        entry.player.name,
        about=entry,
        data=_player_data(entry.player),
    )
    return entry


def entry_and_tournament(registration_id: int, user: Any) -> tuple[Registration, Tournament]:
    tournament_id = (
        Registration.objects.filter(pk=registration_id)
        .values_list("tournament_id", flat=True)
        .first()
    )
    if tournament_id is None:
        raise REFUSALS.error("registration.unknown")
    tournament = locked_for_chief(tournament_id, user)
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
    entry, tournament = entry_and_tournament(registration_id, user)
    ensure_not_finished(tournament)
    if entry.status == Registration.Status.WITHDRAWN:
        raise REFUSALS.error("withdraw.already", name=entry.player.name)
    latest = latest_round(tournament)
    after = latest if after_round is None else after_round
    if not 0 <= after <= latest:
        raise REFUSALS.error("withdraw.round_range", "after_round", latest=latest)
    seated = entry.seats.filter(table__round__number__gt=after).aggregate(
        n=Max("table__round__number")
    )["n"]
    if seated is not None:
        raise REFUSALS.error("withdraw.seated", "after_round", name=entry.player.name, round=seated)
    data = {"after_round": after}
    return _withdrawal(entry, tournament, user, after, "player.withdrawn", reason, data)


@transaction.atomic
def reinstate_player(registration_id: int, user: Any, reason: str = "") -> Registration:
    """Undo a withdrawal before the tournament starts: the player is back on the list, to be
    seated like everybody else. Once play has started a withdrawal stands (a substitute can
    take his place)."""
    entry, tournament = entry_and_tournament(registration_id, user)
    name = entry.player.name
    if tournament.status != Tournament.Status.DRAFT:
        raise REFUSALS.error("reinstate.started")
    if entry.status != Registration.Status.WITHDRAWN:
        raise REFUSALS.error("reinstate.not_withdrawn", name=name)
    if entry.substitutes.exists():
        raise REFUSALS.error("substitute.already", name=name)
    seated = latest_round(tournament)
    if seated:
        raise REFUSALS.error("reinstate.seated", round=seated, name=name)
    data = {"withdrawn_after_round": entry.withdrawn_after_round}
    return _withdrawal(entry, tournament, user, None, "player.reinstated", reason, data)


def _withdrawal(
    entry: Registration,
    tournament: Tournament,
    user: Any,
    after: int | None,
    action: str,
    reason: str,
    data: dict[str, Any],
) -> Registration:
    """``entry`` withdrawn after round ``after`` (None: back in play), saved and logged."""
    withdrawn = after is not None
    entry.status = Registration.Status.WITHDRAWN if withdrawn else Registration.Status.ACTIVE
    entry.withdrawn_after_round = after
    entry.save(update_fields=["status", "withdrawn_after_round"])
    data = {"registration": entry.pk, **data}
    log_action(tournament, user, action, entry.player.name, about=entry, reason=reason, data=data)
    return entry


@transaction.atomic
def substitute_player(
    registration_id: int, player: int | PlayerDetails, user: Any, reason: str = ""
) -> Registration:
    """A new player takes the place of a withdrawn one from the next round on."""
    entry, tournament = entry_and_tournament(registration_id, user)
    ensure_not_finished(tournament)
    if entry.status != Registration.Status.WITHDRAWN:
        raise REFUSALS.error("substitute.not_withdrawn")
    if entry.substitutes.exists():
        raise REFUSALS.error("substitute.already", name=entry.player.name)
    substitute = _register(tournament, player, substitute_for=entry)
    log_action(
        tournament,
        user,
        "player.substituted",
        f"{substitute.player.name} ← {entry.player.name}",
        about=substitute,
        reason=reason,
        data={
            "registration": substitute.pk,
            "replaces": entry.pk,
            "replaces_guest": entry.guest,  # a guest replaced (TOURNAMENTS §6.4)
            "from_round": latest_round(tournament) + 1,
            **_player_data(substitute.player),
        },
    )
    return substitute


def _federation_names(rows: Sequence[ImportRow]) -> dict[str, str]:
    ids = {row.federation_id for row in rows if row.federation_id}
    if not ids:
        return {}
    return dict(Player.objects.filter(federation_id__in=ids).values_list("federation_id", "name"))


def _admitted(
    tournament: Tournament,
    rows: list[ImportRow],
    owners: Mapping[str, Player],
    confirmed: Mapping[int, Player],
    result: ImportResult | None = None,
) -> list[ImportRow]:
    """The rows the admission rules let in (``gates``); each one kept out is skipped with
    the rule it breaks (in ``result``), or marked with it (a preview)."""
    kept = []
    for row in rows:
        player = confirmed.get(row.line) or owners.get(row.federation_id)
        try:
            admit(tournament, Candidate(row.name, row.city, row.federation_id, player))
        except ServiceError as refused:
            if result is not None:
                result.skipped.append((row.line, refused.message))
            else:
                row.refuse("name", refused.message)
            continue
        kept.append(row)
    return kept


def preview_import(
    tournament: Tournament, content: bytes, filename: str, user: Any
) -> ImportPreview:
    """Read an uploaded list and mark what the import would refuse; nothing is saved."""
    chief_only(user, tournament)
    preview = read_players(content, filename)
    check_duplicates(preview.rows, registered_persons(tournament), _federation_names(preview.rows))
    wanted = [r for r in preview.rows if r.valid and r.federation_id]
    owners = (
        {
            p.federation_id: p
            for p in Player.objects.filter(federation_id__in=[r.federation_id for r in wanted])
        }
        if wanted
        else {}
    )
    _admitted(tournament, [r for r in preview.rows if r.valid], owners, {})
    return preview


def _still_valid(rows: list[ImportRow], result: ImportResult) -> list[ImportRow]:
    """The rows still valid; each other one is skipped with its errors."""
    valid = []
    for row in rows:
        if row.valid:
            valid.append(row)
        else:
            result.skipped.append((row.line, " ".join(row.errors)))
    return valid


def _players_of(
    rows: list[ImportRow], owners: Mapping[str, Player], confirmed: Mapping[int, Player]
) -> list[Player]:
    """Each row's player: the registry's owner of its federation id, the registry match the
    organiser confirmed, or a new player (created in one query)."""
    known = {**owners, **{f"line:{line}": player for line, player in confirmed.items()}}
    keys = [f"line:{row.line}" if row.line in confirmed else row.federation_id for row in rows]
    new_players = [
        Player(
            name=row.name,
            city=row.city,
            club=row.club,
            rating=Decimal(row.rating) if row.rating else None,
            federation_id=row.federation_id,
        )
        for row, key in zip(rows, keys, strict=True)
        if key not in known
    ]
    created = iter(Player.objects.bulk_create(new_players))
    return [known[key] if key in known else next(created) for key in keys]


@transaction.atomic
def import_players(
    tournament_id: int,
    rows: Sequence[Mapping[str, Any]],
    user: Any,
    same_as: Mapping[int, int] | None = None,
) -> ImportResult:
    """Register the rows of a previewed list that are still valid, all in one transaction.
    Each row is checked again: another import or registration may have happened since.
    ``same_as`` (line → registry player) are the organiser's confirmed registry matches of
    rows without a federation id (``registry.proposals``); each is checked again too."""
    tournament = locked_for_chief(tournament_id, user)
    ensure_not_finished(tournament)
    parsed = [ImportRow.from_data(row) for row in rows]
    check_duplicates(parsed, registered_persons(tournament), _federation_names(parsed))
    result = ImportResult()
    valid = _still_valid(parsed, result)
    owners = {
        p.federation_id: p
        for p in Player.objects.filter(
            federation_id__in=[r.federation_id for r in valid if r.federation_id]
        )
    }
    confirmed = {
        row.line: found
        for row in valid
        if (found := confirmed_player(row, (same_as or {}).get(row.line))) is not None
    }
    valid = _admitted(tournament, valid, owners, confirmed, result)
    players = _players_of(valid, owners, confirmed)
    result.registered = Registration.objects.bulk_create(
        Registration(tournament=tournament, player=player) for player in players
    )
    for registration in result.registered:
        entered(registration, {})
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
