"""What a list keeps of its replay, read and written in bulk: each player's state before a
point of the history, the history's rows (COPY on PostgreSQL, ``executemany`` elsewhere),
the tournaments' places in the replay, and the players' current ratings.

Everything reads plain rows (``values_list``) in a fixed number of queries a chunk of
players, and writes without model instances: a from-scratch recompute writes ~120,000 rows
over a federation's decade (README, Ratings).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from django.db import connection
from django.db.models import OuterRef, QuerySet, Subquery

from referee.tournaments.models import Player

from ..models import PlayerRating, RatedTournament, RatingChange, RatingList
from ..pure.methods import Method, Skill
from ..pure.replay import Change
from ..pure.resume import Kept, Place

CHUNK = 2000  # ids a query: within every database's limit of parameters
BATCH = 5000  # rows an ``executemany``

COLUMNS = [
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
    "mu",
    "sigma",
    "games",
    "tournaments",
]


def _chunks(ids: Iterable[int]) -> Iterable[list[int]]:
    ordered = sorted(ids)
    for start in range(0, len(ordered), CHUNK):
        yield ordered[start : start + CHUNK]


def delete(rows: QuerySet[Any]) -> None:
    """Delete ``rows`` in one statement, sending no signal per row: the page cache's
    ``post_delete`` receiver (``hall.signals``) would renew the public pages' counter once
    for each of ~120,000 rows (four minutes of a from-scratch recompute); the update renews
    it once, saving the list's ``computed_at``."""
    rows._raw_delete(rows.db)


def states_before(rating_list: RatingList, players: Collection[int], seq: int) -> dict[int, Kept]:
    """Each of ``players``' state after his last change before ``seq`` (none: not there).

    Per player one step down the (list, player, seq) index to his last change, whatever
    the length of his history: a veteran costs what a newcomer does."""
    out: dict[int, Kept] = {}
    for chunk in _chunks(players):
        last = RatingChange.objects.filter(
            rating_list=rating_list, player=OuterRef("pk"), seq__lt=seq
        ).order_by("-seq")
        seqs = [
            s
            for s in Player.objects.filter(pk__in=chunk)
            .annotate(last=Subquery(last.values("seq")[:1]))
            .values_list("last", flat=True)
            if s is not None
        ]
        for player, mu, sigma, games, tournaments, tournament in RatingChange.objects.filter(
            rating_list=rating_list, seq__in=seqs
        ).values_list("player_id", "mu", "sigma", "games", "tournaments", "tournament_id"):
            out[player] = Kept(Skill(mu, sigma), games, tournaments, tournament)
    return out


def registry_ratings(players: Collection[int]) -> dict[int, float | None]:
    """The registry's rating of each player (where bula_elo starts a newcomer)."""
    out: dict[int, float | None] = {}
    for chunk in _chunks(players):
        for pk, rating in Player.objects.filter(pk__in=chunk).values_list("pk", "rating"):
            out[pk] = float(rating) if rating is not None else None
    return out


def dropped_players(rating_list: RatingList, seq: int) -> set[int]:
    """The players with a change from ``seq`` on: their ratings change with the update."""
    return set(
        RatingChange.objects.filter(rating_list=rating_list, seq__gte=seq)
        .values_list("player_id", flat=True)
        .distinct()
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


def write_changes(
    rating_list: RatingList, changes: Sequence[Change], after: Sequence[Kept], first: int
) -> None:
    """The history from ``seq`` ``first`` on: COPY on PostgreSQL (a third of the time of
    ``executemany``), ``executemany`` in batches elsewhere."""
    rows = (
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
            state.skill.mu,
            state.skill.sigma,
            state.games,
            state.tournaments,
        )
        for seq, (c, state) in enumerate(zip(changes, after, strict=True), start=first)
    )
    meta = RatingChange._meta
    column_of = {f.attname: f.column for f in meta.concrete_fields}  # "tournament_id": its column
    table = connection.ops.quote_name(meta.db_table)
    names = ", ".join(connection.ops.quote_name(column_of[c]) for c in COLUMNS)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            with cursor.copy(f"COPY {table} ({names}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            return
        sql = f"INSERT INTO {table} ({names}) VALUES ({', '.join(['%s'] * len(COLUMNS))})"
        batch = list(rows)
        for start in range(0, len(batch), BATCH):
            cursor.executemany(sql, batch[start : start + BATCH])


def write_places(
    rating_list: RatingList, places: Sequence[Place], changes: Sequence[Change], first: int
) -> None:
    """Each replayed tournament's place: its date and its changes' ``seq`` range (the
    changes are in the tournaments' order, from ``seq`` ``first``)."""
    ranges: dict[int, list[int]] = {}
    for seq, change in enumerate(changes, start=first):
        span = ranges.setdefault(change.tournament, [seq, seq])
        span[1] = seq + 1
    rows = []
    at = first
    for tournament, starts_on in places:
        begin, end = ranges.get(tournament, (at, at))
        rows.append(
            RatedTournament(
                rating_list=rating_list,
                tournament_id=tournament,
                starts_on=starts_on,
                seq_from=begin,
                seq_to=end,
            )
        )
        at = end
    RatedTournament.objects.bulk_create(rows, batch_size=BATCH)


def write_ratings(
    rating_list: RatingList, method: Method, players: Collection[int] | None, final: dict[int, Kept]
) -> None:
    """The current ratings of ``players`` (None: everybody) from their last states; a
    player without one (his only games were dropped) is taken off the list."""
    ratings = PlayerRating.objects.filter(rating_list=rating_list)
    if players is None:
        delete(ratings)
        players = final.keys()
    else:
        for chunk in _chunks(players):
            delete(ratings.filter(player_id__in=chunk))
    PlayerRating.objects.bulk_create(
        (
            PlayerRating(
                rating_list=rating_list,
                player_id=player,
                rating=method.rating(state.skill),
                mu=state.skill.mu,
                sigma=state.skill.sigma,
                games=state.games,
                tournaments=state.tournaments,
            )
            for player in players
            if (state := final.get(player)) is not None
        ),
        batch_size=BATCH,
    )
