"""A series page's standings from the cache (``series.cached``): the same table as worked
out, nothing worked out again while nothing changed, a correction of one of its
tournaments or a renamed player seen at once."""

from __future__ import annotations

import pytest
from django.core.cache import cache

from referee.series import cached, services
from referee.tournaments.log import log_action

from .test_stored import played

pytestmark = pytest.mark.django_db

__all__ = ["played"]


def _first(table):
    line = table.ranked[0]
    return line.player.name, line.row.total


def test_the_table_is_worked_out_once_until_something_changes(played, monkeypatch):
    tournament, chief, series = played
    cache.clear()
    asked = []
    real = services.series_table
    monkeypatch.setattr(services, "series_table", lambda s: asked.append(s) or real(s))
    assert _first(cached.series_table(series)) == ("p2", 100)
    assert _first(cached.series_table(series)) == ("p2", 100)
    assert len(asked) == 1
    winner = tournament.entries.get(player__name="p2").player
    winner.name = "p2 renamed"
    winner.save()
    assert _first(cached.series_table(series)) == ("p2 renamed", 100)  # names read fresh
    assert len(asked) == 1
    log_action(tournament, chief, "tournament.settings")  # any logged change: a new key
    cached.series_table(series)
    assert len(asked) == 2
    series.name = "Другой кубок"
    series.save()
    assert cached.series_table(series).series.name == "Другой кубок"
    assert len(asked) == 3
