"""A tablet shared by several referees: whose queued deal is posted, and the chief referee's
explicit actions on another referee's queued deals.

The table page's outbox posts each queued deal with ``entered_by``: the id of the user who
entered it. A deal entered by somebody else than the signed-in user is refused, unless the
chief referee sends it explicitly (``on_behalf=yes``): it is then recorded with its real
author, and the action log says that the chief sent it. The chief may also discard another
referee's queued deals on the tablet: the page tells the server, which logs it.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest
from django.utils.translation import gettext as _

from referee.core.bounds import check_text
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


def author_of(request: HttpRequest, table: Table) -> tuple[Any, Any]:
    """``(author, sent_by)`` of a posted deal: the signed-in user and None, or, on the chief
    referee's explicit path, the named referee and the chief. ``PermissionDenied`` for a
    deal entered by another user sent any other way."""
    try:
        author_id = posted_author(request.POST)
    except BadAuthor:
        raise PermissionDenied(_("The deal's author is not a user id.")) from None
    user = request.user
    if author_id is None or author_id == user.pk:
        return user, None
    tournament = table.round.tournament
    if request.POST.get(ON_BEHALF) != "yes" or not is_chief(user, tournament):
        raise PermissionDenied(
            _(
                "This deal was entered by another referee on this device: only he, or the "
                "chief referee explicitly, may send it."
            )
        )
    author = get_user_model().objects.filter(pk=author_id).first()
    if author is None or not may_enter_deals(author, table):
        raise PermissionDenied(_("The deal's author is not a referee of this table."))
    return author, user


@transaction.atomic
def discard_queued(table: Table, user: Any, author_id: int, summaries: list[str]) -> None:
    """Log that ``user`` (the deals' author, or the chief referee) discards ``summaries``:
    deals that ``author_id`` queued on a tablet and that never reached the server."""
    tournament = table.round.tournament
    if user.pk != author_id and not is_chief(user, tournament):
        raise PermissionDenied(
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
