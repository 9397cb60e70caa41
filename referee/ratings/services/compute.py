"""Recomputing a rating list: its games replayed from the start, its history rewritten.

``recompute`` is the managers' service (locks the list, checks the right); ``recompute_list``
is the same work for the site itself (after a round or a tournament finishes, ``signals``)
and for the benchmark. A replay rewrites the whole list: a correction anywhere, a merge or a
tournament added to the list changes every later rating, and the replay is cheap (README,
Ratings: 50 tournaments of 200 players and 9 rounds in a few seconds).
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db import connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from referee.core.errors import NotAllowed
from referee.core.permissions import may_manage_rating_list
from referee.jobs import queue
from referee.jobs.queue import handler
from referee.ratings.refusals import REFUSALS
from referee.tournaments.models import Player

from ..models import PlayerRating, RatingChange, RatingList
from ..pure.methods import Method, method_named
from ..pure.replay import Change, Replay, replay
from .games import counted_tournaments, games_of

RECOMPUTE_JOB = "ratings.recompute"

BATCH = 5000


@dataclass(frozen=True)
class Recomputed:
    games: int
    changes: int
    players: int


def method_of(rating_list: RatingList) -> Method:
    return method_named(
        rating_list.method, bula=rating_list.bula, initial=rating_list.initial_rating
    )


def replay_list(rating_list: RatingList) -> Replay:
    """The list's games replayed in memory, nothing written."""
    tournaments = counted_tournaments(rating_list.tournaments.all())
    games, _players = games_of(tournaments)
    ids = {p for g in games for p in g.players}
    registry = {
        pk: float(rating) if rating is not None else None
        for pk, rating in Player.objects.filter(pk__in=ids).values_list("pk", "rating")
    }
    return replay(method_of(rating_list), games, registry)


@transaction.atomic
def recompute_list(rating_list: RatingList) -> Recomputed:
    """Replay and rewrite the list's ratings and history."""
    done = replay_list(rating_list)
    RatingChange.objects.filter(rating_list=rating_list).delete()
    PlayerRating.objects.filter(rating_list=rating_list).delete()
    _write_changes(rating_list, done)
    tournaments: dict[int, set[int]] = {}
    for c in done.changes:
        tournaments.setdefault(c.player, set()).add(c.tournament)
    method = method_of(rating_list)
    PlayerRating.objects.bulk_create(
        (
            PlayerRating(
                rating_list=rating_list,
                player_id=player,
                rating=method.rating(skill),
                mu=skill.mu,
                sigma=skill.sigma,
                games=done.games[player],
                tournaments=len(tournaments[player]),
            )
            for player, skill in done.skills.items()
        ),
        batch_size=BATCH,
    )
    rating_list.computed_at = timezone.now()
    rating_list.save(update_fields=["computed_at"])
    return Recomputed(
        len({(c.tournament, c.round, c.table) for c in done.changes}),
        len(done.changes),
        len(done.skills),
    )


def _detail(change: Change) -> str:
    """A change's explanation, as JSON text: the opponents [id, rating before, rank], and
    bula_elo's pair terms or openskill's μ and σ before and after. Written by hand: it is
    the replay's hottest line, and every value is a plain number (finite floats and ints)."""
    opponents = ",".join(
        f"[{p},{round(r, 2)!r},{rank}]"
        for p, r, rank in zip(
            change.opponents, change.opponents_ratings, change.opponents_ranks, strict=True
        )
    )
    text = '{"opponents":[' + opponents + "]"
    if change.terms:
        text += ',"terms":[' + ",".join(repr(t) for t in change.terms) + "]"
    if change.before.sigma:
        before, after = change.before, change.after
        text += (
            f',"mu":[{round(before.mu, 4)!r},{round(after.mu, 4)!r}]'
            f',"sigma":[{round(before.sigma, 4)!r},{round(after.sigma, 4)!r}]'
        )
    return text + "}"


def _write_changes(rating_list: RatingList, done: Replay) -> None:
    """The history in one ``executemany`` per batch: a replay writes ~100,000 rows, and
    building a model instance for each was most of a recompute's time."""
    meta = RatingChange._meta
    columns = [
        "rating_list_id",
        "player_id",
        "tournament_id",
        "seq",
        "round_number",
        "table_number",
        "rating_before",
        "rating_after",
        "rank",
        "whists",
        "detail",
    ]
    column_of = {f.attname: f.column for f in meta.concrete_fields}  # "tournament_id": its column
    names = ", ".join(connection.ops.quote_name(column_of[c]) for c in columns)
    marks = ["%s"] * len(columns)
    if connection.vendor == "postgresql":
        marks[-1] = "%s::jsonb"
    sql = (
        f"INSERT INTO {connection.ops.quote_name(meta.db_table)} ({names}) "
        f"VALUES ({', '.join(marks)})"
    )
    rows = [
        (
            rating_list.pk,
            c.player,
            c.tournament,
            seq,
            c.round,
            c.table,
            c.rating_before,
            c.rating_after,
            c.rank,
            str(c.whists),
            _detail(c),
        )
        for seq, c in enumerate(done.changes)
    ]
    with connection.cursor() as cursor:
        for start in range(0, len(rows), BATCH):
            cursor.executemany(sql, rows[start : start + BATCH])


@transaction.atomic
def recompute(rating_list_id: int, user: Any) -> Recomputed:
    """A manager's recompute of one list."""
    rating_list = RatingList.objects.select_for_update().filter(pk=rating_list_id).first()
    if rating_list is None:
        raise REFUSALS.error("list.unknown")
    if not may_manage_rating_list(user, rating_list):
        raise NotAllowed(_("Only the list's managers recompute it."))
    return recompute_list(rating_list)


def recompute_for(tournament_id: int) -> None:
    """Recompute every list that counts the tournament (after a round or it finishes, or
    its results are corrected or published further): one background job a list
    (``RATINGS_RECOMPUTE = "queue"``, the default; ``referee.jobs``), or here and now
    (``"now"``)."""
    lists = RatingList.objects.filter(tournaments=tournament_id)
    if getattr(settings, "RATINGS_RECOMPUTE", "queue") != "queue":
        for rating_list in lists:
            recompute_list(rating_list)
        return
    asked = timezone.now()
    for pk in lists.values_list("pk", flat=True):
        queue.submit(
            RECOMPUTE_JOB,
            f"{RECOMPUTE_JOB}:{pk}:{asked.isoformat()}",
            {"list": pk, "asked": asked.isoformat()},
            group=f"ratings.list:{pk}",
        )


@handler(RECOMPUTE_JOB)
def _recompute_job(args: dict[str, Any]) -> int:
    """A list's recompute asked at ``asked``: nothing to do when it was recomputed since
    (several results in a row make one recompute, not one each)."""
    asked = datetime.datetime.fromisoformat(str(args["asked"]))
    with transaction.atomic():
        rating_list = RatingList.objects.select_for_update().filter(pk=args["list"]).first()
        if rating_list is None:
            return 0
        if rating_list.computed_at is not None and rating_list.computed_at >= asked:
            return 0
        recompute_list(rating_list)
    return 1
