"""Check-in before a round and the player's private link (issue 22, points 3 and 5).

A tournament that asks for it (``Tournament.check_in``) seats in its next round only the
players marked present for that round: by the chief on his check-in page, or by the player
on his private link. The latest word stands (``CheckIn``, one per player and round); the
absent are listed in the round's notes with their reason, and a player who comes late checks
in for the round after. The check-in of a round closes when it is seated.

The private link is keyed like a table card's (``core.keys``, it cannot be guessed) over the
tournament, the registration and its ``link_version``: the chief revokes a link by raising the
version, and a new one is printed."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import Max

from referee.core.bounds import check_text
from referee.core.keys import PLAYER_LINK

from .log import log_action
from .models import CheckIn, Registration, Round, Tournament
from .refusals import REFUSALS
from .services.players import entry_and_tournament
from .services.setup import locked_for_chief

MAX_REASON = 200


def link_key(entry: Registration) -> str:
    """The key of ``entry``'s private link (``entry.tournament`` loaded)."""
    return PLAYER_LINK.of(entry.tournament.slug, entry.pk, entry.link_version)


def holds_key(entry: Registration, key: str) -> bool:
    return PLAYER_LINK.held(key, entry.tournament.slug, entry.pk, entry.link_version)


def next_round(tournament: Tournament) -> int | None:
    """The round the check-in is for: the next one to be seated, once the last one seated is
    finished; None while a seated round has not finished, and once the tournament is."""
    if tournament.status == Tournament.Status.FINISHED:
        return None
    last = tournament.rounds.aggregate(n=Max("number"))["n"]
    if last is None:
        return 1
    if Round.objects.filter(tournament=tournament, number=last).exclude(status="finished").exists():
        return None
    return last + 1


def present_for(tournament: Tournament, number: int) -> tuple[set[int], dict[int, str]]:
    """The players marked present for round ``number``, and the reasons of those marked absent."""
    present: set[int] = set()
    absent: dict[int, str] = {}
    checks = CheckIn.objects.filter(registration__tournament=tournament, round_number=number)
    for registration, is_present, reason in checks.values_list(
        "registration_id", "present", "reason"
    ):
        if is_present:
            present.add(registration)
        else:
            absent[registration] = reason
    return present, absent


@transaction.atomic
def mark(
    registration_id: int, present: bool, user: Any = None, reason: str = "", *, key: str = ""
) -> CheckIn:
    """Mark a player present (or absent, with a reason) for the next round: by the chief
    (``user``), or by the player himself holding his link's ``key``."""
    check_text(reason)
    if len(reason) > MAX_REASON:
        raise REFUSALS.error("checkin.reason_long", "reason", n=MAX_REASON)
    if user is not None and not key:
        entry, tournament = entry_and_tournament(registration_id, user)
    else:
        found = Registration.objects.select_for_update().select_related("tournament", "player")
        held = found.filter(pk=registration_id).first()
        if held is None or not holds_key(held, key):
            raise REFUSALS.error("checkin.link")
        entry, tournament, user = held, held.tournament, None
    if not tournament.check_in:
        raise REFUSALS.error("checkin.off")
    if tournament.status == Tournament.Status.FINISHED:
        raise REFUSALS.error("finished")
    if entry.status != Registration.Status.ACTIVE:
        raise REFUSALS.error("checkin.not_playing", name=entry.player.name)
    number = next_round(tournament)
    if number is None:
        raise REFUSALS.error("checkin.round_seated")
    reason = "" if present else reason.strip()
    held_mark = CheckIn.objects.filter(registration=entry, round_number=number).first()
    if held_mark is not None and (held_mark.present, held_mark.reason, held_mark.by_id) == (
        present,
        reason,
        getattr(user, "pk", None),
    ):
        return held_mark  # the same word again (a phone's retry): nothing changes, nothing logged
    check, _ = CheckIn.objects.update_or_create(
        registration=entry,
        round_number=number,
        defaults={"present": present, "reason": reason, "by": user},
    )
    data = {"round": number, "by_link": user is None}
    if present:
        log_action(tournament, user, "player.checked_in", entry.player.name, about=entry, data=data)
    else:
        name = entry.player.name
        log_action(
            tournament, user, "player.marked_absent", name, about=entry, reason=reason, data=data
        )
    return check


@transaction.atomic
def mark_all_present(tournament_id: int, user: Any) -> int:
    """*All present*: the chief marks every player in play not yet marked for the next round
    as present (a word already given, present or absent, by him or by the player's link,
    stands). One entry in the log for all of them; again, with nobody left, nothing changes
    and nothing is logged. Returns how many were marked."""
    tournament = locked_for_chief(tournament_id, user)
    if not tournament.check_in:
        raise REFUSALS.error("checkin.off")
    if tournament.status == Tournament.Status.FINISHED:
        raise REFUSALS.error("finished")
    number = next_round(tournament)
    if number is None:
        raise REFUSALS.error("checkin.round_seated")
    marked = CheckIn.objects.filter(registration__tournament=tournament, round_number=number)
    rest = list(
        tournament.entries.filter(status=Registration.Status.ACTIVE)
        .exclude(pk__in=marked.values("registration_id"))
        .select_related("player")
        .order_by("pk")
    )
    if not rest:
        return 0
    CheckIn.objects.bulk_create(
        [CheckIn(registration=e, round_number=number, present=True, by=user) for e in rest]
    )
    log_action(
        tournament,
        user,
        "players.checked_in",
        ", ".join(e.player.name for e in rest),
        data={"round": number, "players": len(rest), "registrations": [e.pk for e in rest]},
    )
    return len(rest)


@transaction.atomic
def revoke_link(registration_id: int, user: Any) -> Registration:
    """The player's private link stops working; a new one replaces it."""
    entry, tournament = entry_and_tournament(registration_id, user)
    entry.link_version += 1
    entry.save(update_fields=["link_version"])
    log_action(tournament, user, "player.link_revoked", entry.player.name, about=entry)
    return entry
