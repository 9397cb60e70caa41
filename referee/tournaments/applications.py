"""Self-registration (issue 22 point 4): a tournament may open a public form; each application
waits for the organiser's approval, or on the waiting list once the cap is reached; approving
registers the player (the registry player of the same name and city when there is exactly
one, ё and е alike: ``importing.same_person``). Applications close at a set time; a flood from
one address is refused (the ``apply`` rate: ``core.throttle``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format

from referee.core.bounds import check_name, check_text
from referee.core.throttle import exceeded

from . import gates
from .importing import Person, same_person
from .log import log_action
from .models import MAX_CAP, Application, Player, Registration, Tournament
from .refusals import REFUSALS
from .registry import named
from .services.players import PlayerDetails, register_player
from .services.setup import locked_for_chief, update_settings

OPEN = (Application.Status.PENDING, Application.Status.WAITING, Application.Status.APPROVED)
LIMITS = {"name": 200, "city": 100, "rating_number": 40, "contact": 200}
#: a player's name, city and rating number (his federation id once approved), by the names'
#: rule (``core.bounds.check_name``, as the players' service and so the approval): no control
#: or text-direction character
NAMES = ("name", "city", "rating_number")
CHOICE_LIMIT = 100


@transaction.atomic
def open_registration(
    tournament_id: int,
    user: Any,
    *,
    open: bool,
    closes: Any = None,
    cap: int | None = None,
    publish: bool = False,
) -> Tournament:
    """Open (or close) the public form, with its closing time and cap; with ``publish`` the
    tournament's page is published too (the form is on it: unpublished, its link is a 404
    for everybody but the officials)."""
    tournament = locked_for_chief(tournament_id, user)
    if cap is not None and not 1 <= cap <= MAX_CAP:
        raise REFUSALS.error("apply.cap", "cap", max=MAX_CAP)
    if publish and not tournament.published:
        tournament = update_settings(tournament.pk, {"published": True}, user)
    tournament.self_registration = open
    tournament.registration_closes = closes
    tournament.registration_cap = cap
    tournament.save(update_fields=["self_registration", "registration_closes", "registration_cap"])
    log_action(
        tournament,
        user,
        "tournament.registration_set",
        tournament.name,
        data={"open": open, "closes": closes.isoformat() if closes else None, "cap": cap},
    )
    return tournament


@transaction.atomic
def apply(tournament_id: int, details: dict[str, str], address: str = "") -> Application:
    """A public application; refused at its field, nothing stored on a refusal."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    closes = tournament.registration_closes
    if not tournament.self_registration or tournament.status == Tournament.Status.FINISHED:
        raise REFUSALS.error("apply.closed")
    if closes is not None and timezone.now() >= closes:
        raise REFUSALS.error(
            "apply.closed_at", at=date_format(timezone.localtime(closes), "j E Y, H:i")
        )
    values = {}
    for field, limit in LIMITS.items():
        value = str(details.get(field) or "").strip()
        check_text(value)
        if not value and field != "rating_number":
            raise REFUSALS.error(f"apply.{field}_missing", field)
        if len(value) > limit:
            raise REFUSALS.error("apply.too_long", field, n=limit)
        if field in NAMES:
            check_name(value, field, limit)
        values[field] = value
    if address and exceeded("apply", address):
        raise REFUSALS.error("apply.too_many")
    person = Person(values["name"], values["city"])
    entries = Registration.objects.filter(tournament=tournament).select_related("player")
    if any(same_person(Person(e.player.name, e.player.city), person) for e in entries):
        raise REFUSALS.error("apply.registered", "name", name=values["name"])
    earlier = Application.objects.filter(tournament=tournament, status__in=OPEN)
    if any(same_person(Person(a.name, a.city), person) for a in earlier):
        raise REFUSALS.error("apply.twice", "name", name=values["name"])
    found = [p for p in named([values["name"]]) if same_person(Person(p.name, p.city), person)]
    chosen = _admitted(tournament, values, details, found[0] if len(found) == 1 else None)
    taken = entries.filter(status=Registration.Status.ACTIVE).count()
    pending = earlier.filter(status=Application.Status.PENDING).count()
    cap = tournament.registration_cap
    full = cap is not None and taken + pending >= cap
    email = str(details.get("email") or "").strip()
    check_text(email)
    if len(email) > 254:
        raise REFUSALS.error("apply.too_long", "email", n=254)
    application = Application.objects.create(
        tournament=tournament,
        status=Application.Status.WAITING if full else Application.Status.PENDING,
        same_as=found[0] if len(found) == 1 else None,
        email=email,
        notify=bool(details.get("notify")) and bool(email),
        choices=chosen,
        **values,
    )
    log_action(tournament, None, "player.applied", values["name"], data={"waiting": full})
    return application


def _admitted(
    tournament: Tournament, values: dict[str, str], details: dict[str, str], same: Player | None
) -> dict[str, str]:
    """What the applicant chose for the admission rules (his category, his division), once
    the rules let him in (``gates``: a refusal names the rule he breaks). He is the registry
    player of his rating number, else the one of his name and city."""
    chosen = {}
    for key in gates.choices(tournament):
        value = " ".join(str(details.get(key) or "").split())
        check_text(value)
        if len(value) > CHOICE_LIMIT:
            raise REFUSALS.error("apply.too_long", key, n=CHOICE_LIMIT)
        chosen[key] = value
    number = values["rating_number"]
    player = (Player.objects.filter(federation_id=number).first() if number else None) or same
    candidate = gates.Candidate(
        values["name"], values["city"], number, player, chosen, declared=True
    )
    gates.admit(tournament, candidate)
    return chosen


def places(tournament: Tournament) -> tuple[int, int | None]:
    """The players in play and the cap (None: no cap)."""
    taken = tournament.entries.filter(status=Registration.Status.ACTIVE).count()
    return taken, tournament.registration_cap


def over_cap(tournament: Tournament) -> bool:
    """Whether approving one more application takes the tournament over its cap."""
    taken, cap = places(tournament)
    return cap is not None and taken >= cap


@transaction.atomic
def decide(
    application_id: int, user: Any, approve: bool, *, beyond_cap: bool = False
) -> Application:
    """Approve (registering the player) or decline an application still open. An approval
    that takes the players over the cap is refused unless ``beyond_cap`` says the chief
    means it (the page asks him first)."""
    application = Application.objects.select_for_update().get(pk=application_id)
    tournament = locked_for_chief(application.tournament_id, user)
    if application.status not in (Application.Status.PENDING, Application.Status.WAITING):
        raise REFUSALS.error("apply.decided", name=application.name)
    if approve and not beyond_cap and over_cap(tournament):
        taken, cap = places(tournament)
        raise REFUSALS.error("apply.over_cap", name=application.name, taken=taken, cap=cap)
    if approve:
        player: int | PlayerDetails = (
            application.same_as.pk
            if application.same_as is not None
            else PlayerDetails(
                application.name, application.city, federation_id=application.rating_number
            )
        )
        application.registration = register_player(
            tournament.pk, player, user, choices=application.choices
        )
        if application.email:  # his address and his opt-in go with him
            Registration.objects.filter(pk=application.registration.pk).update(
                email=application.email, notify=application.notify
            )
        application.status = Application.Status.APPROVED
    else:
        application.status = Application.Status.DECLINED
    application.decided_by = user
    application.save(update_fields=["registration", "status", "decided_by"])
    if approve:
        taken, cap = places(tournament)
        log_action(
            tournament,
            user,
            "player.application_approved",
            application.name,
            data={"over_cap": cap is not None and taken > cap},
        )
    else:
        log_action(tournament, user, "player.application_declined", application.name)
    return application
