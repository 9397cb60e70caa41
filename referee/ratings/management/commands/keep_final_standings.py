"""``python manage.py keep_final_standings``: keep the public standings of every finished
tournament that has none kept at its present version (after the migration that adds them,
or an import written past the services); the site keeps them itself after each change."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from referee.ratings.services import finals


class Command(BaseCommand):
    help = "Keep the public standings of the finished tournaments that have none current."

    def handle(self, *args: Any, **options: Any) -> None:
        start = time.perf_counter()
        found = finals.missing()
        rows = finals.keep(found)
        self.stdout.write(
            f"{len(found)} tournaments, {rows} rows in {time.perf_counter() - start:.2f} s"
        )
