"""Deal entry, corrections and the table's lifecycle: the only way deals change.

Each service runs in a transaction, locks the table row, checks the user's right,
validates the whole sheet with the engine, appends a version (nothing is overwritten),
and writes the action log. Views call these and show the ``ServiceError`` they raise.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

import scoring
from referee.core import rounds as kinds
from referee.core.bounds import check_data, check_text
from referee.core.errors import InvalidDeal, NotAllowed, ServiceError, StaleVersion
from referee.core.permissions import is_chief, may_confirm, may_enter_deals
from referee.tables.refusals import REFUSALS
from referee.tournaments.log import log_action
from referee.tournaments.models import Round, Tournament, Unfinished
from scoring.board import parse_board

from . import tablet
from .dealdata import score_table
from .evidence import cards_of, has_contract, keep_numbers
from .extensions import played_boards, prepared
from .hands import board_hand, checked_discard, typed_layout
from .lap import check_lap
from .models import Deal, DealHands, DealVersion, Table
from .results import summary
from .rotation import check_dealer


def _locked_table(table_id: int) -> Table:
    return Table.objects.select_for_update().select_related("round__tournament").get(pk=table_id)


def validate_sheet(table: Table, deals: list[Mapping[str, Any]]) -> scoring.PulkaResult:
    """Score the sheet as it would stand; ``InvalidDeal`` names the problem."""
    tournament = table.round.tournament
    try:
        return score_table(tournament.rules(), table.seats.count(), deals, tournament.pool_size)
    except scoring.ScoringError as error:
        raise InvalidDeal.of(error) from None


def _keep(table: Table, deals: list[Mapping[str, Any]]) -> None:
    """Validate the sheet as it will stand and keep its settlement on the table (the
    caller's transaction makes both happen together with the deal's change)."""
    sheet = validate_sheet(table, deals)
    table.result = summary(sheet, len(deals))
    table.save(update_fields=["result"])


def _current(table: Table) -> list[Deal]:
    return list(table.deals.filter(deleted=False).order_by("number"))


def _check_may_change(table: Table, user: Any, reason: str) -> bool:
    """May ``user`` change this table's deals now? Returns True when it is a chief's ruling
    on a submitted or locked table (which needs a reason)."""
    tournament = table.round.tournament
    if not may_enter_deals(user, table):
        raise NotAllowed(_("Only this tournament's referees may change its tables."))
    in_play = (
        tournament.status == Tournament.Status.RUNNING
        and table.round.status == Round.Status.STARTED
    )
    chief_after_round = is_chief(user, tournament) and table.round.status == Round.Status.FINISHED
    if not (in_play or chief_after_round):
        raise REFUSALS.error("deal.round_not_in_play")
    if table.status == Table.Status.OPEN and table.round.status == Round.Status.STARTED:
        return False
    if not is_chief(user, tournament):
        raise NotAllowed(_("This table is signed off: only the chief referee may change it."))
    if not reason.strip():
        raise REFUSALS.error("deal.ruling_reason", "reason")
    return True


def _check_version(deal: Deal, expected: int | None) -> None:
    """Refuse a change made against another version than the one stored (checked under the
    row lock, so of two simultaneous changes against one version only the first is made)."""
    if expected is not None and deal.version != expected:
        refusal = REFUSALS.error("deal.changed", number=deal.number, version=deal.version)
        raise StaleVersion.of(refusal, deal)


@transaction.atomic
def record_deal(
    table_id: int,
    data: Mapping[str, Any],
    user: Any,
    reason: str = "",
    *,
    entered_by: int | None = None,
    on_behalf: bool = False,
    board: int | None = None,
) -> Deal:
    """Append a deal to the table's sheet, sent by ``user``. ``entered_by``: the id of the
    referee who entered it on a shared tablet (``tablet``); another than ``user`` only on
    the chief referee's explicit path (``on_behalf``): that referee stays its author, the
    action log names both. ``board``: the board a duplicate table plays (checked by the
    duplicate session's hook, ``extensions``)."""
    check_data(data)
    check_text(reason)
    table = _locked_table(table_id)
    user, sent_by = tablet.author(table, user, entered_by, on_behalf)
    ruling = _check_may_change(table, user, reason)
    deals = _current(table)
    cap = kinds.deal_cap(table)
    if table.round.tournament.unfinished_pulka == Unfinished.FINISH_LAP:
        check_lap(table, deals, data)  # the cap and the time limit end the lap, not the deal
    elif cap is not None and len(deals) >= cap:
        raise REFUSALS.error("deal.cap_reached", cap=cap)
    # struck deals keep their numbers (a duplicate table's number is its board's place)
    number = (table.deals.aggregate(n=Max("number"))["n"] or 0) + 1
    data = prepared(table, number, data, board)
    check_dealer(table, [d.data for d in deals], data)
    _keep(table, [d.data for d in deals] + [dict(data)])
    deal = Deal.objects.create(table=table, number=number, data=dict(data))
    DealVersion.objects.create(deal=deal, version=1, data=deal.data, author=user, reason=reason)
    action = "deal.ruling_added" if ruling else "deal.recorded"
    log_action(
        table.round.tournament,
        user,
        action,
        f"{table} #{number}",
        about=deal,
        reason=reason,
        data=deal.data,
    )
    if sent_by is not None:
        log_action(
            table.round.tournament,
            sent_by,
            "deal.sent_for_author",
            f"{table} #{number}",
            about=deal,
            data={"author": user.pk},
        )
    return deal


@transaction.atomic
def correct_deal(
    deal_id: int,
    data: Mapping[str, Any],
    user: Any,
    reason: str,
    expected_version: int | None = None,
) -> Deal:
    """Replace a deal's data by a new version; the old versions stay in its history.
    ``expected_version``: the version the change was made against (``StaleVersion`` when
    somebody changed the deal since)."""
    check_data(data)
    check_text(reason)
    table_id = Deal.objects.values_list("table_id", flat=True).get(pk=deal_id)
    table = _locked_table(table_id)
    deal = Deal.objects.select_for_update().get(pk=deal_id)
    if not reason.strip():
        raise REFUSALS.error("deal.correct_reason", "reason")
    _check_may_change(table, user, reason)
    _check_version(deal, expected_version)
    if deal.deleted:
        raise REFUSALS.error("deal.correct_deleted")
    data = prepared(table, deal.number, data, None)  # a board keeps its board's dealer
    if data.get("dealer") != deal.data.get("dealer"):
        before = [d.data for d in _current(table) if d.number < deal.number]
        check_dealer(table, before, data)
    sheet = [dict(data) if d.pk == deal.pk else d.data for d in _current(table)]
    _keep(table, sheet)
    corrected = _new_version(deal, dict(data), False, user, reason, "deal.corrected")
    _keep_evidence(table, corrected)
    return corrected


def _keep_evidence(table: Table, deal: Deal) -> None:
    """The double-dummy numbers of the deal's cards (entered, or its board's) for the deal as
    it now stands, kept on their layout now (a POST) so that its pages and protocol (a GET)
    only read them."""
    found = cards_of(table, [deal]).get(deal.pk)
    if found is None:
        return
    try:
        keep_numbers(found, deal.data)
    except scoring.ScoringError:  # hands that no longer fit the deal: the page says so
        return


def _locked_for_reason(deal_id: int, user: Any, reason: str, missing: str) -> tuple[Table, Deal]:
    """The deal and its table, locked (the table first, as every change locks), for a
    change that must say why: no reason is refused with the code ``missing``."""
    table = _locked_table(Deal.objects.values_list("table_id", flat=True).get(pk=deal_id))
    deal = Deal.objects.select_for_update().get(pk=deal_id)
    if not reason.strip():
        raise REFUSALS.error(missing, "reason")
    check_text(reason)
    _check_may_change(table, user, reason)
    return table, deal


@transaction.atomic
def delete_deal(deal_id: int, user: Any, reason: str, expected_version: int | None = None) -> Deal:
    """Strike a deal from the sheet; it stays in the history and can be restored."""
    table, deal = _locked_for_reason(deal_id, user, reason, "deal.delete_reason")
    _check_version(deal, expected_version)
    if deal.deleted:
        raise REFUSALS.error("deal.deleted_already")
    _keep(table, [d.data for d in _current(table) if d.pk != deal.pk])
    return _new_version(deal, deal.data, True, user, reason, "deal.deleted")


@transaction.atomic
def restore_deal(deal_id: int, user: Any, reason: str) -> Deal:
    table, deal = _locked_for_reason(deal_id, user, reason, "deal.restore_reason")
    if not deal.deleted:
        raise REFUSALS.error("deal.not_deleted")
    sheet = sorted([*_current(table), deal], key=lambda d: d.number)
    _keep(table, [d.data for d in sheet])
    return _new_version(deal, deal.data, False, user, reason, "deal.restored")


def _check_history(deal: Deal) -> None:
    """The deal's ``version`` is its latest ``DealVersion``'s: what a CHECK constraint
    cannot say (it reads one row), kept here, where every version is written. A deal whose
    history disagrees is a broken record, not a refusal: nothing is written over it."""
    latest = deal.versions.aggregate(n=Max("version"))["n"]
    if latest != deal.version:
        raise IntegrityError(
            f"deal {deal.pk} is at version {deal.version}, its history at {latest}"
        )


def _new_version(
    deal: Deal, data: dict[str, Any], deleted: bool, user: Any, reason: str, action: str
) -> Deal:
    _check_history(deal)
    deal.version += 1
    deal.data = data
    deal.deleted = deleted
    deal.save(update_fields=["version", "data", "deleted"])
    DealVersion.objects.create(
        deal=deal, version=deal.version, data=data, deleted=deleted, author=user, reason=reason
    )
    log_action(
        deal.table.round.tournament,
        user,
        action,
        f"{deal.table} #{deal.number} v{deal.version}",
        about=deal,
        reason=reason,
        data=data,
    )
    return deal


@transaction.atomic
def submit_table(table_id: int, user: Any) -> Table:
    """The referee signs the sheet off. Without a required second confirmation the
    table locks at once; with it, it waits for another referee."""
    table = _locked_table(table_id)
    if not may_enter_deals(user, table):
        raise NotAllowed(_("Only this tournament's referees may sign a table off."))
    if table.status != Table.Status.OPEN:
        raise REFUSALS.error("signoff.already")
    if not table.deals.filter(deleted=False).exists():
        raise REFUSALS.error("signoff.no_deals")
    now = timezone.now()
    table.submitted_by, table.submitted_at = user, now
    if table.round.tournament.second_confirmation:
        table.status = Table.Status.SUBMITTED
    else:
        table.status, table.locked_at = Table.Status.LOCKED, now
    table.save()
    log_action(table.round.tournament, user, "table.submitted", str(table), about=table)
    return table


@transaction.atomic
def confirm_table(table_id: int, user: Any) -> Table:
    """A second referee, never the one who signed, confirms and locks the table."""
    table = _locked_table(table_id)
    tournament = table.round.tournament
    if not may_confirm(user, table):
        raise NotAllowed(_("Only this tournament's referees may confirm a table."))
    if table.status != Table.Status.SUBMITTED:
        raise REFUSALS.error("confirm.not_signed_off")
    if table.submitted_by_id == user.pk:
        raise NotAllowed(_("The referee who signed the table off cannot also confirm it."))
    now = timezone.now()
    table.status, table.confirmed_by, table.confirmed_at, table.locked_at = (
        Table.Status.LOCKED,
        user,
        now,
        now,
    )
    table.save()
    log_action(tournament, user, "table.confirmed", str(table), about=table)
    return table


@transaction.atomic
def reopen_table(table_id: int, user: Any, reason: str) -> Table:
    """The chief referee reopens a signed-off table, with a reason."""
    table = _locked_table(table_id)
    tournament = table.round.tournament
    if not is_chief(user, tournament):
        raise NotAllowed(_("Only the chief referee may reopen a table."))
    if not reason.strip():
        raise REFUSALS.error("reopen.reason_missing", "reason")
    check_text(reason)
    if table.status == Table.Status.OPEN:
        raise REFUSALS.error("reopen.open")
    table.status = Table.Status.OPEN
    table.submitted_by = table.confirmed_by = None
    table.submitted_at = table.confirmed_at = table.locked_at = None
    table.save()
    log_action(tournament, user, "table.reopened", str(table), about=table, reason=reason)
    return table


# -- for the table page ------------------------------------------------------------------


def change_mode(table: Table, user: Any) -> str | None:
    """How ``user`` may change the deals of ``table`` now, so the page offers the right
    form (``table.round.tournament`` loaded): ``"entry"`` on an open table in play,
    ``"ruling"`` for the chief referee on a signed-off table or after the round (a reason
    is then required), None when not at all. The services decide again on every change."""
    try:
        ruling = _check_may_change(table, user, "?")
    except (ServiceError, NotAllowed):
        return None
    return "ruling" if ruling else "entry"


# -- the referee's evidence: a deal's hands ----------------------------------------------


@transaction.atomic
def enter_hands(
    deal_id: int, text: str, declarer_hand: Any, discard: str, user: Any, reason: str = ""
) -> DealHands:
    """The chief referee enters a deal's cards (the board notation, ``scoring.board``),
    which hand is the declarer's and, if known, his actual discard: a new version of the
    deal's hands (the deal's own data is untouched), logged. A deal that plays a board takes
    the board's cards and hand (``text`` empty, ``declarer_hand`` not read): only the
    discard is given. Refused at the offending card, changing nothing."""
    check_text(text)
    check_text(discard)
    check_text(reason)
    table_id = Deal.objects.values_list("table_id", flat=True).get(pk=deal_id)
    table = _locked_table(table_id)
    deal = Deal.objects.select_for_update().get(pk=deal_id)
    tournament = table.round.tournament
    if not is_chief(user, tournament):
        raise NotAllowed(str(REFUSALS.text("hands.not_chief")))
    if deal.deleted:
        raise REFUSALS.error("hands.deleted")
    if not has_contract(deal.data):
        raise REFUSALS.error("hands.no_contract")
    played = played_boards(table, [deal], None).get(deal.pk)
    if played is not None:
        layout, declarer_hand = played.layout, board_hand(played, deal, text)
    else:
        layout = typed_layout(table, deal, text, declarer_hand)
    shown_discard = checked_discard(parse_board(layout.text), declarer_hand, discard)
    if layout.pk is None:
        layout.save()
    latest = deal.hands.aggregate(n=Max("version"))["n"] or 0
    hands = DealHands.objects.create(
        deal=deal,
        version=latest + 1,
        layout=layout,
        declarer_hand=declarer_hand,
        discard=shown_discard,
        author=user,
        reason=reason,
    )
    _keep_evidence(table, deal)  # computed once, here: its pages and protocol only read
    log_action(
        tournament,
        user,
        "deal.hands_entered",
        f"{table} #{deal.number} v{hands.version}",
        about=deal,
        reason=reason,
        data={"board": layout.text, "declarer_hand": declarer_hand, "discard": shown_discard},
    )
    return hands
