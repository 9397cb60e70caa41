"""The discipline register and appeals: record, file, decide (TOURNAMENTS §8.6, §9.2).

Each service runs in a transaction, locks the tournament, checks the right in
``core.permissions``, validates, and writes the action log. A disqualification takes the
player out of play from the next round (``Registration.Status.DISQUALIFIED``); the standings
keep his row, marked. With ``Tournament.yellow_cards_to_disqualify`` set, the yellow card that
makes that many active ones disqualifies by itself (an automatic entry, §9.2 [S29][S31]); an
appeal reversing one of those cards, so that fewer than that many stay active, cancels the
automatic entry with it and reinstates the player from the next round.

An appeal's decision: ``upheld`` changes nothing; ``reversed`` cancels a discipline entry, or
replaces the deal by the version the decision gives (a ruling or a table's result); ``changed``
replaces the entry by a new one, or the deal by the given version. The new deal version is
made by the tables' own service (a chief's ruling on a locked table, with the decision as its
reason) and linked to the appeal.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from referee.core.errors import NotAllowed
from referee.core.permissions import may_decide_appeal, may_file_appeal, may_record_discipline
from referee.discipline.refusals import REFUSALS
from referee.tables.models import Deal, DealVersion, Table
from referee.tables.services import correct_deal
from referee.tournaments.log import log_action
from referee.tournaments.models import Registration, Tournament

from .models import Appeal, Entry


def active_yellow_cards(registration: Registration, at: datetime.datetime) -> int:
    return Entry.objects.filter(
        registration=registration,
        kind=Entry.Kind.YELLOW,
        cancelled_by__isnull=True,
        expires_at__gt=at,
    ).count()


def _latest_round(tournament: Tournament) -> int:
    return tournament.rounds.aggregate(n=Max("number"))["n"] or 0


def _disqualify(entry: Registration, after: int) -> None:
    if entry.status == Registration.Status.ACTIVE:
        entry.status = Registration.Status.DISQUALIFIED
        entry.withdrawn_after_round = after
        entry.save(update_fields=["status", "withdrawn_after_round"])


@transaction.atomic
def record_entry(
    tournament_id: int,
    registration_id: int,
    kind: str,
    user: Any,
    *,
    rule: str,
    reason: str,
    round_number: int | None = None,
    table_id: int | None = None,
    points: Any = None,
) -> Entry:
    """A warning, yellow card, point deduction or disqualification, with its rule reference
    and reason; ``round_number`` (default: the latest round) is where a deduction counts."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    if kind not in Entry.Kind.values:
        raise REFUSALS.error("choice", "kind")
    if not may_record_discipline(user, tournament, kind):
        if kind == Entry.Kind.DISQUALIFICATION:
            raise NotAllowed(_("Only the chief referee may disqualify a player."))
        raise NotAllowed(_("Only this tournament's referees may record discipline."))
    registration = _registration(tournament, registration_id)
    if not str(rule).strip():
        raise REFUSALS.error("entry.rule_missing", "rule")
    if not str(reason).strip():
        raise REFUSALS.error("entry.reason_missing", "reason")
    latest = _latest_round(tournament)
    number = latest if round_number is None else round_number
    if not 0 <= number <= latest:
        raise REFUSALS.error("entry.round_range", "round", latest=latest)
    table = _table(tournament, table_id)
    text = "0"
    if kind == Entry.Kind.DEDUCTION:
        text = _points(points)
    now = timezone.now()
    expires = (
        now + datetime.timedelta(days=tournament.yellow_card_days)
        if kind == Entry.Kind.YELLOW
        else None
    )
    entry = Entry.objects.create(
        tournament=tournament,
        registration=registration,
        kind=kind,
        round_number=number,
        table=table,
        points=text,
        rule=str(rule).strip(),
        reason=str(reason).strip(),
        referee=user if getattr(user, "is_authenticated", False) else None,
        expires_at=expires,
    )
    _log_entry(entry, user, registration.player.name)
    if kind == Entry.Kind.DISQUALIFICATION:
        _disqualify(registration, latest)
    elif kind == Entry.Kind.YELLOW:
        _automatic(tournament, registration, number, latest, user, now)
    return entry


def _log_entry(entry: Entry, user: Any, name: str) -> None:
    """The action log's line of a new entry (its code one the log registers)."""
    if entry.kind == Entry.Kind.WARNING:
        code = "discipline.warning"
    elif entry.kind == Entry.Kind.YELLOW:
        code = "discipline.yellow"
    elif entry.kind == Entry.Kind.DEDUCTION:
        code = "discipline.deduction"
    else:
        code = "discipline.disqualification"
    log_action(
        entry.tournament,
        user,
        code,
        name,
        about=entry,
        reason=entry.reason,
        data={
            "entry": entry.pk,
            "rule": entry.rule,
            "round": entry.round_number,
            "points": entry.points,
        },
    )


def _registration(tournament: Tournament, registration_id: int) -> Registration:
    registration = (
        Registration.objects.select_related("player")
        .filter(pk=registration_id, tournament=tournament)
        .first()
    )
    if registration is None:
        raise REFUSALS.error("entry.player_unknown", "registration")
    return registration


def _table(tournament: Tournament, table_id: int | None) -> Table | None:
    """The table an entry names (None: none named), of this tournament."""
    if table_id is None:
        return None
    table = Table.objects.filter(pk=table_id, round__tournament=tournament).first()
    if table is None:
        raise REFUSALS.error("entry.table_unknown", "table")
    return table


def _points(value: Any) -> str:
    try:
        points = Fraction(str(value).strip().replace(",", "."))
    except (ValueError, ZeroDivisionError):
        raise REFUSALS.error("entry.points_number", "points") from None
    if points <= 0:
        raise REFUSALS.error("entry.points_positive", "points")
    return str(points)


def _automatic(
    tournament: Tournament,
    registration: Registration,
    number: int,
    latest: int,
    user: Any,
    now: datetime.datetime,
) -> None:
    limit = tournament.yellow_cards_to_disqualify
    if not limit or registration.status != Registration.Status.ACTIVE:
        return
    cards = active_yellow_cards(registration, now)
    if cards < limit:
        return
    entry = Entry.objects.create(
        tournament=tournament,
        registration=registration,
        kind=Entry.Kind.DISQUALIFICATION,
        round_number=number,
        rule="TOURNAMENTS §9.2",
        reason=_("%(n)s active yellow cards") % {"n": cards},
        referee=user if getattr(user, "is_authenticated", False) else None,
        automatic=True,
    )
    _disqualify(registration, latest)
    log_action(
        tournament,
        user,
        "discipline.disqualified_automatically",
        registration.player.name,
        about=entry,
        data={"entry": entry.pk, "yellow_cards": cards},
    )


@transaction.atomic
def file_appeal(
    tournament_id: int,
    appellant_id: int,
    subject: str,
    grounds: str,
    user: Any,
    *,
    deal_id: int | None = None,
    table_id: int | None = None,
    entry_id: int | None = None,
) -> Appeal:
    """A player's appeal against a ruling (a deal), a table's result, or a discipline entry."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
    if not may_file_appeal(user, tournament):
        raise NotAllowed(_("Only this tournament's referees may record an appeal."))
    appellant = Registration.objects.filter(pk=appellant_id, tournament=tournament).first()
    if appellant is None:
        raise REFUSALS.error("appeal.appellant_unknown", "appellant")
    if not str(grounds).strip():
        raise REFUSALS.error("appeal.grounds_missing", "grounds")
    appeal = Appeal(tournament=tournament, subject=subject, appellant=appellant)
    appeal.grounds = str(grounds).strip()
    appeal.filed_by = user if getattr(user, "is_authenticated", False) else None
    if subject == Appeal.Subject.DISCIPLINE:
        entries = Entry.objects.filter(tournament=tournament)
        appeal.entry = None if entry_id is None else entries.filter(pk=entry_id).first()
        if appeal.entry is None:
            raise REFUSALS.error("appeal.entry_missing", "entry")
    elif subject in (Appeal.Subject.RULING, Appeal.Subject.TABLE):
        deals = Deal.objects.filter(table__round__tournament=tournament)
        deal = None if deal_id is None else deals.filter(pk=deal_id).first()
        tables = Table.objects.filter(round__tournament=tournament)
        table = (
            deal.table if deal else None if table_id is None else tables.filter(pk=table_id).first()
        )
        if table is None or (subject == Appeal.Subject.RULING and deal is None):
            raise REFUSALS.error("appeal.deal_or_table_missing", "deal")
        appeal.deal, appeal.table = deal, table
    else:
        raise REFUSALS.error("choice", "subject")
    appeal.save()
    log_action(
        tournament,
        user,
        "appeal.filed",
        str(appellant.pk),
        about=appeal,
        reason=appeal.grounds,
        data={"appeal": appeal.pk, "subject": subject},
    )
    return appeal


def first_instance(appeal: Appeal) -> int | None:
    """Who made what is appealed: the entry's referee, or the author of the deal's version."""
    if appeal.entry is not None:
        return appeal.entry.referee_id
    if appeal.deal is not None:
        version = appeal.deal.versions.order_by("-version").first()
        return version.author_id if version else None
    return None


@transaction.atomic
def decide_appeal(
    appeal_id: int,
    decision: str,
    reason: str,
    user: Any,
    *,
    deal_data: Mapping[str, Any] | None = None,
    points: Any = None,
) -> Appeal:
    """The second instance decides. ``deal_data``: the deal as the decision makes it (a
    reversed or changed ruling or result); ``points``: a changed deduction's points."""
    appeal = (
        Appeal.objects.select_for_update(of=("self",))
        .select_related("tournament", "entry", "deal")
        .get(pk=appeal_id)
    )
    tournament = appeal.tournament
    if not may_decide_appeal(user, tournament, first_instance(appeal)):
        raise NotAllowed(
            _("An appeal is decided by a chief referee who did not make the ruling appealed.")
        )
    if appeal.decision != Appeal.Decision.PENDING:
        raise REFUSALS.error("appeal.decided")
    if decision not in Appeal.Decision.values or decision == Appeal.Decision.PENDING:
        raise REFUSALS.error("choice", "decision")
    if not str(reason).strip():
        raise REFUSALS.error("appeal.reason_missing", "reason")
    appeal.decision, appeal.decision_reason = decision, str(reason).strip()
    appeal.decided_by, appeal.decided_at = user, timezone.now()
    if decision != Appeal.Decision.UPHELD:
        if appeal.entry is not None:
            _redo_entry(appeal, decision, points, user)
        else:
            _redo_deal(appeal, deal_data, user)
    appeal.save()
    log_action(
        tournament,
        user,
        "appeal.decided",
        str(appeal.pk),
        about=appeal,
        reason=appeal.decision_reason,
        data={"appeal": appeal.pk, "decision": decision},
    )
    return appeal


def _redo_entry(appeal: Appeal, decision: str, points: Any, user: Any) -> None:
    old = appeal.entry
    assert old is not None
    if decision == Appeal.Decision.CHANGED and old.kind != Entry.Kind.DEDUCTION:
        raise REFUSALS.error("entry.only_deduction", "decision")
    Entry.objects.filter(pk=old.pk).update(cancelled_by=appeal)
    registration = old.registration
    if old.kind == Entry.Kind.YELLOW:
        _follow_cards(appeal, registration, user)
    if old.kind in (Entry.Kind.YELLOW, Entry.Kind.DISQUALIFICATION):
        _reinstate_if_cleared(registration)
    if decision == Appeal.Decision.CHANGED:
        Entry.objects.create(
            tournament=old.tournament,
            registration=registration,
            kind=old.kind,
            round_number=old.round_number,
            table=old.table,
            points=_points(points),
            rule=old.rule,
            reason=_("changed on appeal: %(reason)s") % {"reason": appeal.decision_reason},
            referee=user,
        )


def _follow_cards(appeal: Appeal, registration: Registration, user: Any) -> None:
    """A yellow card cancelled: the automatic disqualification follows its cause. While the
    active cards still reach the limit it stays (it was the cards', not one card's); below the
    limit it is cancelled by the same appeal, and the player is reinstated unless another
    disqualification (a chief's own) still stands."""
    tournament = appeal.tournament
    limit = tournament.yellow_cards_to_disqualify
    cards = active_yellow_cards(registration, timezone.now())
    if limit and cards >= limit:
        return
    automatic = Entry.objects.filter(
        registration=registration,
        kind=Entry.Kind.DISQUALIFICATION,
        automatic=True,
        cancelled_by__isnull=True,
    )
    for entry in automatic:
        Entry.objects.filter(pk=entry.pk).update(cancelled_by=appeal)
        log_action(
            tournament,
            user,
            "discipline.disqualification_cancelled",
            registration.player.name,
            about=entry,
            reason=appeal.decision_reason,
            data={"entry": entry.pk, "appeal": appeal.pk, "yellow_cards": cards},
        )


def _reinstate_if_cleared(registration: Registration) -> None:
    """Seated again from the next round once no disqualification of his stands."""
    if registration.status != Registration.Status.DISQUALIFIED:
        return
    still = Entry.objects.filter(
        registration=registration, kind=Entry.Kind.DISQUALIFICATION, cancelled_by__isnull=True
    ).exists()
    if not still:
        registration.status = Registration.Status.ACTIVE
        registration.withdrawn_after_round = None
        registration.save(update_fields=["status", "withdrawn_after_round"])


def _redo_deal(appeal: Appeal, deal_data: Mapping[str, Any] | None, user: Any) -> None:
    if appeal.deal is None or deal_data is None:
        raise REFUSALS.error("appeal.deal_missing", "deal")
    text = _("appeal %(n)s: %(reason)s") % {"n": appeal.pk, "reason": appeal.decision_reason}
    correct_deal(appeal.deal.pk, deal_data, user, text)
    appeal.deal_version = DealVersion.objects.filter(deal=appeal.deal).order_by("-version").first()
