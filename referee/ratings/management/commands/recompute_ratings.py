"""``python manage.py recompute_ratings [LIST …]``: replay rating lists (all by default)."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from referee.ratings.models import RatingList
from referee.ratings.services.compute import recompute_list


class Command(BaseCommand):
    help = "Recompute every rating of the named rating lists (short names), or of all."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("lists", nargs="*", help="rating lists' short names")

    def handle(self, *args: Any, **options: Any) -> None:
        lists = RatingList.objects.all()
        if options["lists"]:
            lists = lists.filter(slug__in=options["lists"])
            missing = set(options["lists"]) - set(lists.values_list("slug", flat=True))
            if missing:
                raise CommandError(f"No rating list {', '.join(sorted(missing))}.")
        for rating_list in lists:
            start = time.perf_counter()
            done = recompute_list(rating_list)
            self.stdout.write(
                f"{rating_list.slug}: {done.games} tables, {done.changes} changes, "
                f"{done.players} players in {time.perf_counter() - start:.2f} s"
            )
