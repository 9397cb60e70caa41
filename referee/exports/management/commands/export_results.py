"""``python manage.py export_results TOURNAMENT --format xlsx|csv|pdf --output FILE``.

The organisers' exports from the command line, seeing everything an official sees. ``pdf``
gives the standings, or with ``--round R --table N`` that table's protocol for signing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation

from referee.exports import reports
from referee.standings.services import NotVisible
from referee.tables.models import Table
from referee.tournaments.models import Tournament

FORMATS = ("xlsx", "csv", "pdf")


def written(command: BaseCommand, name: str, content: bytes) -> None:
    """``content`` written to the file ``name``, and said; a file that cannot be written is
    the command's error (its reason as the system gives it), not a traceback."""
    output = Path(name)
    try:
        output.write_bytes(content)
    except OSError as error:
        raise CommandError(f"Cannot write {output}: {error.strerror}") from None
    command.stdout.write(f"Wrote {output} ({len(content):,} bytes).")


def everyone() -> Any:
    """The reader the command exports as: an unsaved superuser, who sees every round of
    every tournament as its officials do (nothing is written with it)."""
    return get_user_model()(username="export_results", is_superuser=True)


class Command(BaseCommand):
    help = (
        "Export a tournament's results: the XLSX workbook (standings, rounds, protocols), "
        "the standings as CSV or PDF, or one table's protocol as PDF (--round and --table)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("tournament", help="the tournament's id or short name (slug)")
        parser.add_argument("--format", required=True, help="xlsx, csv or pdf")
        parser.add_argument("--output", required=True, help="the file to write")
        parser.add_argument("--after", type=int, help="the standings after this round")
        parser.add_argument("--round", type=int, help="with --table: that table's protocol")
        parser.add_argument("--table", type=int, help="a table's protocol (pdf only)")
        parser.add_argument(
            "--language",
            default=settings.LANGUAGE_CODE,
            choices=[code for code, _name in settings.LANGUAGES],
            help="the language of the headings and explanations",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        kind = str(options["format"]).lower()
        if kind not in FORMATS:
            raise CommandError(f"Unknown format {options['format']!r}: use xlsx, csv or pdf.")
        table, round_ = options["table"], options["round"]
        if table is not None and round_ is None:
            raise CommandError("--table needs --round: table numbers start again every round.")
        if round_ is not None and table is None:
            raise CommandError("--round needs --table (for the standings after a round: --after).")
        if table is not None and kind != "pdf":
            raise CommandError("A table's protocol is exported as pdf only.")
        tournament = self._tournament(str(options["tournament"]))
        with translation.override(options["language"]):
            content = self._export(tournament, kind, options["after"], round_, table)
        written(self, options["output"], content)

    def _tournament(self, key: str) -> Tournament:
        found = Tournament.objects.select_related("chief_referee")
        tournament = found.filter(slug=key).first()
        if tournament is None and key.isdecimal():
            tournament = found.filter(pk=int(key)).first()
        if tournament is None:
            raise CommandError(f"No tournament {key!r} (give its id or short name).")
        return tournament

    def _export(
        self,
        tournament: Tournament,
        kind: str,
        after: int | None,
        round_: int | None,
        table: int | None,
    ) -> bytes:
        reader = everyone()
        try:
            if table is not None:
                assert round_ is not None  # handle refuses --table without --round
                found = (
                    Table.objects.select_related("round__tournament", "submitted_by")
                    .filter(round__tournament=tournament, round__number=round_, number=table)
                    .first()
                )
                if found is None:
                    raise CommandError(f"No table {table} in round {round_} of {tournament.slug}.")
                return reports.protocol_pdf(found, reader)
            if kind == "xlsx":
                return reports.results_workbook(tournament, reader, after)
            if kind == "csv":
                return reports.standings_csv(tournament, reader, after)
            return reports.standings_pdf(tournament, reader, after)
        except NotVisible:
            raise CommandError(f"There are no results after round {after} to export.") from None
