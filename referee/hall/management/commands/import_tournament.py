"""``manage.py import_tournament FILE [--slug NEW] [--foreign]``: restore a tournament archive
into this database; a damaged or edited archive is refused and nothing is written.
``--foreign`` accepts an archive not signed with this site's key (another site's, or one written
before archives were signed); every row is still checked by the site's rules."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from referee.hall.archive import ArchiveError, import_tournament, loads


class Command(BaseCommand):
    help = "Restore a tournament from a JSON archive written by export_tournament."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("archive")
        parser.add_argument("--slug", help="import under this short name instead")
        parser.add_argument(
            "--foreign",
            action="store_true",
            help="accept an archive not signed with this site's key (another site's); "
            "its rows are still checked in full",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            raw = Path(options["archive"]).read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read the archive: {error}") from None
        try:
            document = loads(raw, foreign=options["foreign"])
            tournament = import_tournament(document, options["slug"])
        except ArchiveError as error:
            raise CommandError(error.message) from None
        self.stdout.write(f"Restored {tournament.name} as {tournament.slug}.")
