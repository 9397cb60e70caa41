"""``python manage.py rescore TOURNAMENT``: recompute every table's kept settlement.

The deal services keep each table's result as its deals change; this is for after an
upgrade of the rules engine, or to check that nothing drifted (``--check``).
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from referee.tables.models import Table
from referee.tables.results import refresh
from referee.tournaments.models import Tournament


class Command(BaseCommand):
    help = "Recompute the kept settlement of every table of a tournament (id or slug)."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("tournament")
        parser.add_argument("--check", action="store_true", help="report changes, store none")

    def handle(self, *args: Any, tournament: str, check: bool, **options: Any) -> None:
        found = Tournament.objects.filter(slug=tournament).first()
        if found is None and tournament.isdecimal():
            found = Tournament.objects.filter(pk=int(tournament)).first()
        if found is None:
            raise CommandError(f"no tournament {tournament!r}")
        changed = 0
        tables = Table.objects.filter(round__tournament=found).select_related("round__tournament")
        for table in tables:
            before = table.result
            after = refresh(table)
            if before != after:
                changed += 1
                if check:
                    table.result = before
                    table.save(update_fields=["result"])
                    self.stdout.write(f"table {table}: {before} -> {after}")
        verb = "would change" if check else "changed"
        self.stdout.write(f"{tables.count()} tables, {changed} {verb}.")
        if check and changed:
            raise CommandError("kept results differ from the deals")
