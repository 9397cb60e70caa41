"""``manage.py export_tournament SLUG --output FILE``: the whole tournament as a versioned,
checksummed JSON archive (``hall.archive``)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from referee.hall.archive import dumps, export_tournament
from referee.tournaments.models import Tournament


class Command(BaseCommand):
    help = "Write a tournament with everything in it to a JSON archive."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", help="the tournament's slug or id")
        parser.add_argument("--output", "-o", help="the archive to write (default: stdout)")

    def handle(self, *args: Any, **options: Any) -> None:
        key = options["tournament"]
        found = Tournament.objects.filter(slug=key).first()
        if found is None and key.isdecimal():
            found = Tournament.objects.filter(pk=int(key)).first()
        if found is None:
            raise CommandError(f"No tournament {key!r}.")
        text = dumps(export_tournament(found))
        if options["output"]:
            path = Path(options["output"])
            temporary = path.with_name(path.name + ".part")
            temporary.write_text(text, encoding="utf-8")
            temporary.replace(path)
            self.stderr.write(f"{found.slug}: {path} ({len(text.encode())} bytes)")
        else:
            sys.stdout.write(text)
