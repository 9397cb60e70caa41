"""A finished tournament's public standings, kept (issue 33 point 2: a veteran's profile
places him in hundreds of tournaments; ranking each of them again at a cold read took
seconds).

``standings_of`` works out each registration's line (place, points, whists, round points)
as the public sees the standings, by the standings services' own rules (``batch`` and
``places.final_places``): the one rule of the live computation and of the kept rows.
``keep`` writes them as ``standings.FinalStanding`` rows, stamped with the tournament's
version (its latest action-log entry) and last public round. When anything is logged about
a finished tournament (finishing it, a correction, publishing) a job keeps them again once
the change commits; meanwhile the stamp no longer matches and ``kept`` leaves the
tournament to the live computation, so a reader never sees a place from before a change.
``manage.py keep_final_standings`` keeps those of an archive that has none yet.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.db.models.signals import post_save

from referee.core import rounds as kinds
from referee.jobs import queue
from referee.jobs.queue import handler
from referee.standings import services as standings
from referee.standings.models import FinalStanding, StandingsSettings
from referee.standings.services import batch
from referee.tournaments.models import ActionLog, Tournament

from .places import final_places
from .tournament_sums import sums_of

JOB_KIND = "ratings.keep_final_standings"
PUBLIC = AnonymousUser()
CHUNK = 50  # tournaments ranked per batch of queries


@dataclass(frozen=True)
class Standing:
    """One registration's line in a tournament's standings (as the public sees them)."""

    place: str  # "1", "2–3"; "" when the standings do not place him
    best: int | None
    points: Fraction | None
    whists: Fraction | None
    round_points: tuple[Fraction | None, ...]
    guest: bool = False  # played as a guest: no place (TOURNAMENTS §6.4)
    worst: int | None = None  # the shared place's last ("3" of "2–3")


NOBODY = Standing("", None, None, None, ())


def standings_of(tournaments: Sequence[Tournament]) -> dict[int, dict[int, Standing]]:
    """Tournament id → registration id → his line, for every registration of each
    tournament the public sees (a fixed number of queries however many tournaments)."""
    loaded = batch.loaded(list(tournaments), PUBLIC)
    elsewhere = kinds.final_places_of(list(tournaments), PUBLIC)
    out: dict[int, dict[int, Standing]] = {}
    for tournament in tournaments:
        data = loaded.get(tournament.pk)
        if data is None:  # not visible to the public
            continue
        table = standings.ranked_standings(data, tournament, None)
        places = final_places(tournament, PUBLIC, data=data, table=table, elsewhere=elsewhere)
        rows = {row.registration: row for row in table.rows}
        lines = {}
        for registration in data.entries:
            best, worst = places.get(registration, (None, None))
            place = "" if best is None else (str(best) if best == worst else f"{best}–{worst}")
            row = rows.get(registration)
            lines[registration] = (
                Standing(place, best, None, None, (), worst=worst)
                if row is None
                else Standing(
                    place, best, row.points, row.whists, row.round_points, row.guest, worst
                )
            )
        out[tournament.pk] = lines
    return out


def kept(
    lines: Iterable[tuple[Tournament, int, int]], versions: dict[int, int]
) -> dict[int, Standing]:
    """Tournament id → the kept line of (tournament, registration, public through) still
    current: made at the tournament's present version and public round (one query)."""
    return {t: standing_of(row) for t, row in current(lines, versions).items()}


def current(
    lines: Iterable[tuple[Tournament, int, int]], versions: dict[int, int]
) -> dict[int, FinalStanding]:
    """Tournament id → the kept row of (tournament, registration, public through) made at
    the tournament's present version and public round (one query)."""
    wanted = {registration: (t.pk, through) for t, registration, through in lines}
    out = {}
    for row in FinalStanding.objects.filter(registration_id__in=list(wanted)):
        tournament, through = wanted[row.registration_id]
        if row.version == versions.get(tournament, 0) and row.through == through:
            out[tournament] = row
    return out


def standing_of(row: FinalStanding) -> Standing:
    return Standing(
        _label(row.best, row.worst),
        row.best,
        _fraction(row.points),
        _fraction(row.whists),
        tuple(_fraction(p) for p in row.round_points),
        row.guest,
        row.worst,
    )


def _label(best: int | None, worst: int | None) -> str:
    if best is None:
        return ""
    return str(best) if best == worst else f"{best}–{worst}"


def _fraction(text: str | None) -> Fraction | None:
    return None if text is None else Fraction(text)


def _text(value: Fraction | None) -> str | None:
    return None if value is None else str(value)


def keep(tournament_ids: Iterable[int]) -> int:
    """Keep the public standings of the tournaments ``tournament_ids`` at their present
    version (a tournament the public does not see keeps none); how many rows were written."""
    ids = sorted(set(tournament_ids))
    written = 0
    for start in range(0, len(ids), CHUNK):
        written += _keep_chunk(ids[start : start + CHUNK])
    return written


def _keep_chunk(ids: list[int]) -> int:
    # the version is read before the standings: a change in between leaves the rows stale
    # (never read), and its own job keeps them again
    versions = ActionLog.objects.versions(ids)
    through = dict(
        StandingsSettings.objects.filter(tournament__in=ids).values_list(
            "tournament", "published_through"
        )
    )
    tournaments = list(Tournament.objects.filter(pk__in=ids))
    found = standings_of(tournaments)
    public = {pk: n or 0 for pk, n in through.items()}
    sums = sums_of([t for t in tournaments if t.pk in found], public)
    rows = []
    for pk, lines in found.items():
        for registration, line in lines.items():
            stats, met = sums.get(registration, ({}, {}))
            rows.append(
                FinalStanding(
                    tournament_id=pk,
                    registration_id=registration,
                    version=versions.get(pk, 0),
                    through=through.get(pk) or 0,
                    best=line.best,
                    worst=line.worst,
                    points=_text(line.points),
                    whists=_text(line.whists),
                    round_points=[_text(p) for p in line.round_points],
                    guest=line.guest,
                    stats=stats,
                    met=met,
                )
            )
    with transaction.atomic():
        FinalStanding.objects.filter(tournament__in=ids).delete()
        FinalStanding.objects.bulk_create(rows, batch_size=1000)
    return len(rows)


def missing() -> list[int]:
    """The finished tournaments whose kept standings are absent or not current."""
    finished = list(
        Tournament.objects.filter(status=Tournament.Status.FINISHED).values_list("pk", flat=True)
    )
    versions = ActionLog.objects.versions(finished)
    through = dict(
        StandingsSettings.objects.filter(tournament__in=finished).values_list(
            "tournament", "published_through"
        )
    )
    stamps = set(
        FinalStanding.objects.filter(tournament__in=finished, stats__isnull=False)
        .values_list("tournament", "version", "through")
        .distinct()
    )
    return [pk for pk in finished if (pk, versions[pk], through.get(pk) or 0) not in stamps]


@handler(JOB_KIND)
def _keep_job(args: dict[str, Any]) -> int:
    return keep([int(args["tournament"])])


def submit(tournament_id: int) -> None:
    """Queue the keeping of a finished tournament's standings at its present version."""
    version = ActionLog.objects.versions([tournament_id])[tournament_id]
    queue.submit(
        JOB_KIND,
        f"{JOB_KIND}:{tournament_id}:{version}",
        {"tournament": tournament_id},
        group=f"ratings.final_standings:{tournament_id}",
    )


def _logged(sender: Any, instance: ActionLog, created: bool, **kwargs: Any) -> None:
    """A change of a finished tournament (finishing it too): its standings kept again once
    the change commits (a running tournament's are worked out on read)."""
    if not created or instance.tournament_id is None:
        return
    if instance.tournament.status != Tournament.Status.FINISHED:  # the service's own object
        return
    pk = instance.tournament_id
    transaction.on_commit(lambda: submit(pk))


def connect() -> None:
    post_save.connect(_logged, sender=ActionLog, dispatch_uid="ratings.final_standings")
