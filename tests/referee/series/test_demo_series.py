"""The demo's cup: "Кубок сезона 2026" over the two demo tournaments (not the duplicate one),
the second tournament's players mostly the first's, every player's best result counting."""

from __future__ import annotations

import pytest
from django.test import Client

from referee.series import services
from referee.series.models import Series
from referee.tournaments.models import Player, Tournament

pytestmark = pytest.mark.django_db


def test_the_demo_cup_counts_both_demo_tournaments_and_not_the_duplicate(demo):
    cup = Series.objects.get(slug="season-2026")
    assert cup.name == "Кубок сезона 2026" and cup.best == 1
    assert [e.tournament.slug for e in cup.entries.order_by("tournament__starts_on")] == [
        "demo-autumn",
        "demo",
    ]
    autumn = Tournament.objects.get(slug="demo-autumn")
    assert autumn.status == Tournament.Status.FINISHED and autumn.entries.count() == 12
    assert autumn.rounds.count() == 2
    both = Player.objects.filter(entries__tournament=autumn).filter(entries__tournament=demo)
    assert both.count() == 10
    table = services.series_table(cup)
    # 22 players of the first, 2 newcomers of the second; nobody below the minimum (1 start)
    assert len(table.ranked) == 24 and table.unranked == ()
    twice = [line for line in table.ranked if line.row.starts == 2]
    assert len(twice) == 10
    # best 1 of 2: exactly one of the two results of each counts, the total is the better
    for line in twice:
        counted = [c for c in line.cells if c is not None and c.counted]
        assert len(counted) == 1
        assert line.row.total == max(c.points for c in line.cells if c is not None)


def test_the_demo_cup_page_in_russian(demo, settings):
    settings.LANGUAGE_CODE = "ru"
    page = Client().get("/series/season-2026/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Кубок сезона 2026" in page and "Демо-турнир: Осенний кубок" in page
    assert "не в зачёте: не лучший результат" in page
    assert "В зачёт идёт только лучший результат." in page
    assert "Демо-дубликат" not in page
