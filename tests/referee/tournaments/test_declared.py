"""The one declaration of a tournament's settings (``tournaments.declared``) is what the
services, the wizard and the API read: a setting added there reaches all of them."""

from __future__ import annotations

from referee.api.resources.tournaments import TournamentSerializer
from referee.tournaments import declared
from referee.tournaments.services import create, setup


def test_the_lists_as_the_readme_says():
    # README "Which settings change when", written out by hand
    assert set(declared.FROZEN_ONCE_STARTED) == {"convention", "options", "pool_size"}
    assert set(declared.FROZEN_IN_PLAY) == {
        "deal_cap",
        "time_limit_minutes",
        "table_size",
        "second_confirmation",
        "players_confirm",
    }
    assert declared.FROZEN_WHILE_SEATED == ("table_size",)
    assert declared.ROUND_LENGTH == ("pool_size", "deal_cap", "time_limit_minutes")
    assert "published" not in declared.CREATE_FIELDS and "published" in declared.SETTINGS_FIELDS
    assert "name" not in declared.COPIED_FIELDS and "venue" in declared.COPIED_FIELDS


def test_every_reader_reads_the_declaration():
    assert setup.SETTINGS_FIELDS is declared.SETTINGS_FIELDS
    assert create.CREATE_FIELDS is declared.CREATE_FIELDS
    assert create.COPIED_FIELDS is declared.COPIED_FIELDS
    shown = set(TournamentSerializer.Meta.fields)
    assert set(declared.SETTINGS_FIELDS) | set(declared.CREATE_FIELDS) <= shown
