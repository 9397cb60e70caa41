"""``python manage.py analyse_boards``: every duplicate board without its double-dummy table."""

from typing import Any

from django.core.management.base import BaseCommand

from referee.duplicate.analysis import analyse_boards


class Command(BaseCommand):
    help = "Compute the double-dummy table of every duplicate board that has none yet."

    def handle(self, *args: Any, **options: Any) -> None:
        done = analyse_boards()
        self.stdout.write(f"{done} board(s) analysed")
