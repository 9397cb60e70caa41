"""Officials of a tournament: granting and revoking roles, their full names, assigning
referees to tables.

Every function checks that the user is the tournament's chief referee, locks what it
changes and writes the action log."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction

from referee.accounts.refusals import REFUSALS
from referee.core.bounds import check_text
from referee.core.people import person
from referee.tables.models import Table
from referee.tournaments.log import log_action
from referee.tournaments.models import Tournament
from referee.tournaments.services import ensure_not_finished, locked_for_chief

from .models import Role

NAME_LENGTH = 150  # of Django's first_name and last_name


@transaction.atomic
def grant_role(
    tournament_id: int,
    username: str,
    kind: str,
    user: Any,
    password: str = "",
    first_name: str = "",
    last_name: str = "",
) -> Role:
    """Make ``username`` a referee or a chief referee of the tournament, creating the account
    (with ``password``) when there is none. An existing account's password is never touched;
    its full name is set when one is given (the pages and protocols show it)."""
    tournament = locked_for_chief(tournament_id, user)
    if kind not in Role.Kind.values:
        raise REFUSALS.error("role.kind", "kind")
    first_name, last_name = _checked_name(first_name, last_name)
    username = _checked_username(username)
    target = get_user_model().objects.filter(username=username).first()
    created = target is None
    if target is None:
        target = _new_account(username, password, first_name, last_name)
    elif password:
        raise REFUSALS.error("user.password_not_needed", "password", name=username)
    if tournament.chief_referee_id == target.pk:
        raise REFUSALS.error("role.chief_already", "username", name=username)
    role, made = Role.objects.get_or_create(
        tournament=tournament, user=target, defaults={"kind": kind}
    )
    was = None if made else role.kind
    if was == kind:
        raise REFUSALS.error(
            "role.already", "username", name=username, role=role.get_kind_display()
        )
    if not made:
        role.kind = kind
        role.save(update_fields=["kind"])
    if not created and (first_name or last_name):
        _set_name(tournament, target, first_name, last_name, user)
    log_action(
        tournament,
        user,
        "role.granted",
        person(target),
        about=target,
        data={"kind": kind, "was": was, "new_account": created},
    )
    return role


def _checked_username(username: str) -> str:
    """The username stripped, refused when empty or of characters Django does not take."""
    username = username.strip()
    try:
        get_user_model().username_validator(username)
    except ValidationError as error:
        raise REFUSALS.error(
            "user.username_invalid", "username", reasons=" ".join(error.messages)
        ) from None
    if not username:
        raise REFUSALS.error("user.username_missing", "username")
    return username


def _new_account(username: str, password: str, first_name: str, last_name: str) -> Any:
    """A new account for a new official, with the password the chief gave (it must pass the
    site's password validators)."""
    User = get_user_model()
    if not password:
        raise REFUSALS.error("user.password_needed", "password", name=username)
    try:
        validate_password(password, User(username=username))
    except ValidationError as error:
        raise REFUSALS.error(
            "user.password_refused", "password", reasons=" ".join(error.messages)
        ) from None
    return User.objects.create_user(
        username=username,
        password=password,
        first_name=first_name,
        last_name=last_name,
    )


@transaction.atomic
def revoke_role(tournament_id: int, username: str, user: Any, reason: str = "") -> str:
    """Remove a referee or chief referee; he leaves every table he was assigned to. Returns
    how the site names him."""
    tournament = locked_for_chief(tournament_id, user)
    role = (
        Role.objects.filter(tournament=tournament, user__username=username)
        .select_related("user")
        .first()
    )
    if role is None:
        raise REFUSALS.error("role.none", "username", name=username)
    if role.user_id == getattr(user, "pk", None):
        raise REFUSALS.error("role.own", "username")
    Table.referees.through.objects.filter(
        table__round__tournament=tournament, user=role.user
    ).delete()
    role.delete()
    log_action(
        tournament,
        user,
        "role.revoked",
        person(role.user),
        about=role.user,
        reason=reason,
        data={"kind": role.kind},
    )
    return person(role.user)


@transaction.atomic
def name_official(
    tournament_id: int, username: str, first_name: str, last_name: str, user: Any
) -> Any:
    """Set the full name of one of the tournament's officials (both parts empty: he is shown
    by his login again)."""
    tournament = locked_for_chief(tournament_id, user)
    first_name, last_name = _checked_name(first_name, last_name)
    target = next((u for u in officials(tournament) if u.get_username() == username), None)
    if target is None:
        raise REFUSALS.error("role.none", "username", name=username)
    if (target.first_name, target.last_name) == (first_name, last_name):
        raise REFUSALS.error("user.same_name", "first_name", name=person(target))
    _set_name(tournament, target, first_name, last_name, user)
    return target


def _checked_name(first: str, last: str) -> tuple[str, str]:
    """The first name and surname without surrounding spaces, each a text of at most the
    account's 150 characters."""
    return (
        check_text(first, "first_name", NAME_LENGTH).strip(),
        check_text(last, "last_name", NAME_LENGTH).strip(),
    )


def _set_name(tournament: Tournament, target: Any, first: str, last: str, user: Any) -> None:
    was, wanted = person(target), (first, last)
    if (target.first_name, target.last_name) == wanted:
        return
    target.first_name, target.last_name = wanted
    target.save(update_fields=["first_name", "last_name"])
    log_action(
        tournament,
        user,
        "official.named",
        person(target),
        about=target,
        data={"login": target.get_username(), "was": was},
    )


def officials(tournament: Tournament) -> list[Any]:
    """The users who may be assigned to tables: the named chief referee and every role."""
    User = get_user_model()
    ids = set(Role.objects.filter(tournament=tournament).values_list("user_id", flat=True))
    if tournament.chief_referee_id:
        ids.add(tournament.chief_referee_id)
    return list(User.objects.filter(pk__in=ids).order_by("last_name", "first_name", "username"))


@transaction.atomic
def assign_referees(table_id: int, referee_ids: Iterable[int], user: Any) -> Table:
    """Set the referees of one table; only the tournament's officials can be assigned."""
    tournament_id = (
        Table.objects.filter(pk=table_id).values_list("round__tournament_id", flat=True).first()
    )
    if tournament_id is None:
        raise REFUSALS.error("table.unknown")
    tournament = locked_for_chief(tournament_id, user)
    ensure_not_finished(tournament)
    table = Table.objects.select_for_update().select_related("round").get(pk=table_id)
    wanted = set(referee_ids)
    names = {u.pk: person(u) for u in officials(tournament) if u.pk in wanted}
    if set(names) != wanted:
        raise REFUSALS.error("table.not_referee", "referees")
    table.referees.set(sorted(wanted))
    log_action(
        tournament,
        user,
        "table.referees",
        str(table),
        about=table,
        data={"referees": sorted(names.values())},
    )
    return table
