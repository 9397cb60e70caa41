"""``manage.py backup_database``: a consistent copy of the live SQLite database (``make
backup``), taken with SQLite's online backup while the server goes on serving."""

from __future__ import annotations

import sqlite3
from datetime import datetime
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection


class Command(BaseCommand):
    help = "Copy the live SQLite database safely (online backup) into a time-stamped file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--directory", default="backups")
        parser.add_argument("--output", help="the file to write (default: a time-stamped name)")

    def handle(self, *args: Any, **options: Any) -> None:
        if connection.vendor != "sqlite":
            raise CommandError(
                "The database is not SQLite: back PostgreSQL up with pg_dump (README), or "
                "a tournament with export_tournament."
            )
        source = Path(connection.settings_dict["NAME"])
        if options["output"]:
            target = Path(options["output"])
        else:
            stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
            target = Path(options["directory"]) / f"{source.stem}-{stamp}.sqlite3"
        target.parent.mkdir(parents=True, exist_ok=True)
        with sqlite3.connect(source, timeout=30) as live, sqlite3.connect(target) as copy:
            live.backup(copy, pages=1024, sleep=0.01)
        with sqlite3.connect(target) as copy:
            if copy.execute("PRAGMA integrity_check").fetchone() != ("ok",):
                raise CommandError(f"The copy {target} failed its integrity check.")
        self.stdout.write(f"{target}")
