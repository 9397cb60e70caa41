"""``python manage.py load_demo``: the demo tournament (slug ``demo``), once."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from referee.demo.loader import SLUG, demo_summary, load_demo
from referee.tournaments.models import Tournament


class Command(BaseCommand):
    help = "Load the demo tournament (22 players, 4 rounds, FSPR) unless it is already there."

    def add_arguments(self, parser: Any) -> None:
        parser.add_argument("--seed", type=int, default=2026)

    def handle(self, *args: Any, seed: int, **options: Any) -> None:
        if Tournament.objects.filter(slug=SLUG).exists():
            self.stdout.write("The demo tournament is already loaded.")
        else:
            tournament = load_demo(seed)
            deals = sum(t.deals.count() for r in tournament.rounds.all() for t in r.tables.all())
            self.stdout.write(f"Loaded {tournament.name}: {deals} deals.")
        self.stdout.write(demo_summary())
