"""Following a rating list's results: its games replayed, its history rewritten, from the
first tournament whose results changed on.

A replay is a fold over the list's tournaments in date order (``pure.resume``): a tournament
finished at the end replays only itself, a correction to an old one replays from it on, each
player starting from his state after his last change before it (kept on the history's rows).
``update_list`` is that, ``recompute_list`` the same from the first tournament (a merge of
players, a manager's request, the benchmark). Results change in a request; the update runs
as a background job a list (``recompute_for``, ``referee.jobs``) and the list's page says it
is pending until it is done.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from referee.core.errors import NotAllowed
from referee.core.permissions import may_manage_rating_list
from referee.jobs import queue
from referee.jobs.queue import handler
from referee.ratings.refusals import REFUSALS
from referee.tournaments.models import Tournament

from ..models import PendingUpdate, RatedTournament, RatingChange, RatingList
from ..pure.methods import Method, method_named
from ..pure.replay import Replay, replay
from ..pure.resume import first_dirty, tally
from . import kept
from .games import games_of

RECOMPUTE_JOB = "ratings.recompute"


@dataclass(frozen=True)
class Recomputed:
    games: int
    changes: int
    players: int
    tournaments: int = 0  # replayed: from the first changed one to the end of the list


def method_of(rating_list: RatingList) -> Method:
    return method_named(
        rating_list.method, bula=rating_list.bula, initial=rating_list.initial_rating
    )


def _order(rating_list: RatingList) -> list[tuple[int, Any]]:
    """The list's tournaments in the order the ratings replay them: by date, then id."""
    return list(rating_list.tournaments.order_by("starts_on", "pk").values_list("pk", "starts_on"))


def replay_list(rating_list: RatingList) -> Replay:
    """The list's games replayed in memory from the start, nothing written."""
    games, _players = games_of(_tournaments([pk for pk, _d in _order(rating_list)]))
    ids = {p for g in games for p in g.players}
    return replay(method_of(rating_list), games, kept.registry_ratings(ids))


def _tournaments(ids: list[int]) -> list[Tournament]:
    found = Tournament.objects.in_bulk(ids)
    return [found[pk] for pk in ids]


@transaction.atomic
def recompute_list(rating_list: RatingList) -> Recomputed:
    """Replay and rewrite the list's ratings and history from its first tournament."""
    return update_list(rating_list, everything=True)


@transaction.atomic
def update_list(
    rating_list: RatingList, changed: Collection[int] = (), everything: bool = False
) -> Recomputed:
    """Replay the list from the first of its tournaments that is ``changed`` or whose place
    in the order is not the one it was replayed at, keeping the history before it."""
    now = _order(rating_list)
    places = list(
        RatedTournament.objects.filter(rating_list=rating_list).values_list(
            "tournament_id", "starts_on", "seq_to"
        )
    )
    start = 0 if everything else first_dirty([(t, d) for t, d, _s in places], now, changed)
    if start == len(now) == len(places):
        return Recomputed(0, 0, 0)
    first = places[start - 1][2] if start else 0
    redo = now[start:]
    games, _players = games_of(_tournaments([pk for pk, _d in redo]))
    if start:
        dropped = kept.dropped_players(rating_list, first)
        states = kept.states_before(
            rating_list, dropped | {p for g in games for p in g.players}, first
        )
        kept.delete(RatingChange.objects.filter(rating_list=rating_list, seq__gte=first))
        kept.delete(
            RatedTournament.objects.filter(
                rating_list=rating_list, tournament__in=[t for t, _d, _s in places[start:]]
            )
        )
    else:
        dropped, states = set(), {}
        kept.delete(RatingChange.objects.filter(rating_list=rating_list))
        kept.delete(RatedTournament.objects.filter(rating_list=rating_list))
    method = method_of(rating_list)
    newcomers = {p for g in games for p in g.players if p not in states}
    done = replay(
        method,
        games,
        kept.registry_ratings(newcomers),
        {p: state.skill for p, state in states.items()},
    )
    after, final = tally(done.changes, states)
    kept.write_changes(rating_list, done.changes, after, first)
    kept.write_places(rating_list, redo, done.changes, first)
    touched = dropped | {c.player for c in done.changes}
    kept.write_ratings(rating_list, method, touched if start else None, final)
    rating_list.computed_at = timezone.now()
    rating_list.save(update_fields=["computed_at"])
    return Recomputed(
        len({(c.tournament, c.round, c.table) for c in done.changes}),
        len(done.changes),
        len(touched),
        len(redo),
    )


def recompute(rating_list_id: int, user: Any) -> Recomputed | None:
    """A manager's recompute of one list from scratch: a background job
    (``RATINGS_RECOMPUTE = "queue"``; None) or here and now (``"now"``: what it did)."""
    with transaction.atomic():
        rating_list = RatingList.objects.select_for_update().filter(pk=rating_list_id).first()
        if rating_list is None:
            raise REFUSALS.error("list.unknown")
        if not may_manage_rating_list(user, rating_list):
            raise NotAllowed(_("Only the list's managers recompute it."))
        if not _queued():
            return recompute_list(rating_list)
        PendingUpdate.objects.create(rating_list=rating_list, tournament=None)
    _submit(rating_list_id)
    return None


def _queued() -> bool:
    return getattr(settings, "RATINGS_RECOMPUTE", "queue") == "queue"


def _submit(list_id: int) -> None:
    asked = timezone.now().isoformat()
    queue.submit(
        RECOMPUTE_JOB,
        f"{RECOMPUTE_JOB}:{list_id}:{asked}",
        {"list": list_id, "asked": asked},
        group=f"ratings.list:{list_id}",
    )


def recompute_for(tournament_id: int) -> None:
    """Update every list that counts the tournament from it on (after a round or it
    finishes, or its results are corrected or published further): noted as pending and
    done by one background job a list (``RATINGS_RECOMPUTE = "queue"``, the default;
    ``referee.jobs``), or here and now (``"now"``)."""
    lists = RatingList.objects.filter(tournaments=tournament_id)
    if not _queued():
        for rating_list in lists:
            update_list(rating_list, {tournament_id})
        return
    ids = list(lists.values_list("pk", flat=True))
    PendingUpdate.objects.bulk_create(
        PendingUpdate(rating_list_id=pk, tournament_id=tournament_id) for pk in ids
    )
    for pk in ids:
        _submit(pk)


def lists_changed(list_ids: Collection[int], tournaments: Collection[int] | None) -> None:
    """Lists that gained or lost ``tournaments`` (None: every one of them, a list emptied):
    each updated from the first of them in its order on, as after a result changes."""
    ids = sorted(set(list_ids))
    if not _queued():
        for rating_list in RatingList.objects.filter(pk__in=ids):
            update_list(rating_list, tournaments or (), everything=tournaments is None)
        return
    noted = [None] if tournaments is None else sorted(set(tournaments))
    PendingUpdate.objects.bulk_create(
        PendingUpdate(rating_list_id=pk, tournament_id=t) for pk in ids for t in noted
    )
    for pk in ids:
        _submit(pk)


@handler(RECOMPUTE_JOB)
def _recompute_job(args: dict[str, Any]) -> int:
    """A list's pending updates, all in one replay from the earliest changed tournament on
    (several results in a row make one update: a job finding none pending did nothing).
    A pending update noted while it runs stays for its own job."""
    with transaction.atomic():
        rating_list = RatingList.objects.select_for_update().filter(pk=args["list"]).first()
        if rating_list is None:
            return 0
        pending = list(
            PendingUpdate.objects.filter(rating_list=rating_list).values_list("pk", "tournament")
        )
        if not pending:
            return 0
        changed = {t for _pk, t in pending if t is not None}
        update_list(rating_list, changed, everything=any(t is None for _pk, t in pending))
        PendingUpdate.objects.filter(pk__in=[pk for pk, _t in pending]).delete()
    return 1
