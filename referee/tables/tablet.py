"""A tablet shared by several referees: whose queued deal is posted, and the chief referee's
explicit actions on another referee's queued deals.

The table page's outbox posts each queued deal with ``entered_by``: the id of the user who
entered it. A deal entered by somebody else than the signed-in user is refused, unless the
chief referee sends it explicitly (``on_behalf=yes``): it is then recorded with its real
author, and the action log says that the chief sent it. The rule is ``author``, which
``services.record_deal`` applies (the page only reads the two fields: ``posted``). The
chief may also discard another referee's queued deals on the tablet: the page tells the
server, which logs it.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext as _

from referee.core.bounds import check_text
from referee.core.errors import NotAllowed
from referee.core.permissions import is_chief, may_enter_deals
from referee.tables.refusals import REFUSALS
from referee.tournaments.log import log_action

from .models import Table

AUTHOR = "entered_by"
ON_BEHALF = "on_behalf"
MAX_DISCARDED = 500


class BadAuthor(Exception):
    """``entered_by`` is not a user id."""


def _user_id(value: str) -> int:
    if not value.isdecimal() or len(value) > 12:
        raise BadAuthor(value)
    return int(value)


def posted_author(post: Any) -> int | None:
    """The id of the user who entered the posted deal, or None (a form posted without the
    outbox). ``BadAuthor`` for anything but an id."""
    value = post.get(AUTHOR, "")
    if value == "":
        return None
    return _user_id(value)


def posted(post: Any) -> tuple[int | None, bool]:
    """``(entered_by, on_behalf)`` of a posted deal, as ``author`` takes them; the page's
    403 for an author that is not a user id."""
    try:
        return posted_author(post), post.get(ON_BEHALF) == "yes"
    except BadAuthor:
        raise NotAllowed(_("The deal's author is not a user id.")) from None


def author(table: Table, user: Any, entered_by: int | None, on_behalf: bool) -> tuple[Any, Any]:
    """The rule of the shared tablet (``record_deal``'s): ``(author, sent_by)`` of a deal
    sent by ``user``: ``user`` and None, or, on the chief referee's explicit path, the
    referee who entered it and the chief. Refused (403) for a deal entered by another user
    sent any other way, and for an author who is not a referee of this table."""
    if entered_by is None or entered_by == user.pk:
        return user, None
    tournament = table.round.tournament
    if not on_behalf or not is_chief(user, tournament):
        raise NotAllowed(
            _(
                "This deal was entered by another referee on this device: only he, or the "
                "chief referee explicitly, may send it."
            )
        )
    found = get_user_model().objects.filter(pk=entered_by).first()
    if found is None or not may_enter_deals(found, table):
        raise NotAllowed(_("The deal's author is not a referee of this table."))
    return found, user


@transaction.atomic
def discard_queued(table: Table, user: Any, author_id: int, summaries: list[str]) -> None:
    """Log that ``user`` (the deals' author, or the chief referee) discards ``summaries``:
    deals that ``author_id`` queued on a tablet and that never reached the server."""
    tournament = table.round.tournament
    if user.pk != author_id and not is_chief(user, tournament):
        raise NotAllowed(
            _("Only their author or the chief referee may discard another referee's deals.")
        )
    if not summaries or len(summaries) > MAX_DISCARDED:
        raise REFUSALS.error("tablet.discarded_missing")
    for line in summaries:
        check_text(line, "deal", 500)
    log_action(
        tournament,
        user,
        "deal.queue_discarded",
        f"{table}",
        about=table,
        data={"author": author_id, "count": len(summaries), "deals": summaries},
    )
