"""``python manage.py export_federation TOURNAMENT --format xlsx|pdf|json|csv --output FILE``.

The federation's results sheet (xlsx, pdf) or the machine-readable results, one row per player
per round (json, csv), seeing what an official sees; ``--list`` names the rating list.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from referee.exports.exporters import FEDERATION

from .export_results import Command as ExportResults
from .export_results import everyone, written


class Command(BaseCommand):
    help = "Export a tournament's federation results sheet (xlsx, pdf) or results (json, csv)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", help="the tournament's id or short name (slug)")
        parser.add_argument("--format", required=True, help="xlsx, pdf, json or csv")
        parser.add_argument("--output", required=True, help="the file to write")
        parser.add_argument("--list", help="the rating list's short name")

    def handle(self, *args: Any, **options: Any) -> None:
        kind = str(options["format"]).lower()
        if kind not in FEDERATION:
            raise CommandError(f"Unknown format {options['format']!r}: use xlsx, pdf, json or csv.")
        tournament = ExportResults()._tournament(str(options["tournament"]))
        build = FEDERATION[kind]
        content = build(tournament, everyone(), options["list"])
        written(self, options["output"], content)
