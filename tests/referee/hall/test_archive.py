"""Backup and restore: a tournament's archive restores identical standings, protocols and
``protocol.json`` files; a malformed, truncated or tampered archive is refused and changes
nothing."""

from __future__ import annotations

import json
import sqlite3

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from referee.demo.loader import load_demo
from referee.exports.protocol import table_protocols
from referee.exports.reports import standings_csv
from referee.hall.archive import checksum, dumps, export_tournament
from referee.tables import services
from referee.tables.models import Deal, DealVersion, Seat, Table
from referee.tables.sheet import build_sheet, table_case
from referee.tournaments.models import ActionLog, Player, Tournament

from ..factories import referee_of, table_with_players
from .test_entry_rules import six

pytestmark = pytest.mark.django_db


def snapshot(slug: str) -> dict:
    tournament = Tournament.objects.get(slug=slug)
    chief = get_user_model().objects.get(username="chief")
    tables = list(
        Table.objects.filter(round__tournament=tournament)
        .select_related("round__tournament")
        .order_by("round__number", "number")
    )
    return {
        "standings": [
            standings_csv(tournament, viewer, after)
            for viewer in (chief,)
            for after in (None, 1, 2, 3)
        ],
        "cases": [json.dumps(table_case(build_sheet(t, "en")), sort_keys=True) for t in tables],
        "protocols": [
            (
                [(s.letter, s.name, s.first_dealer) for s in p.seats],
                repr(p.deals),
                repr(p.totals),
                p.result,
                p.error,
                p.columns,
            )
            for p in table_protocols(tables, "ru")
        ],
        "versions": sorted(
            (v.deal.number, v.version, v.author.username if v.author else None, v.reason)
            for v in DealVersion.objects.filter(deal__table__round__tournament=tournament)
        ),
        "log": list(
            ActionLog.objects.filter(tournament=tournament)
            .order_by("pk")
            .values_list("action", "subject", "reason", "at")
        ),
    }


def wipe(tournament: Tournament) -> None:
    """Delete the tournament and its players, as on an empty database."""
    players = list(
        Player.objects.filter(entries__tournament=tournament).values_list("pk", flat=True)
    )
    Seat.objects.filter(table__round__tournament=tournament).delete()
    tournament.delete()
    Player.objects.filter(pk__in=players).delete()


def test_a_round_trip_restores_identical_standings_protocols_and_case_files(tmp_path):
    tournament = load_demo()
    before = snapshot("demo")
    archive = tmp_path / "demo.json"
    call_command("export_tournament", "demo", output=str(archive))
    wipe(tournament)
    assert not Deal.objects.exists()

    call_command("import_tournament", str(archive))
    assert snapshot("demo") == before
    # and once more beside it, under another short name
    call_command("import_tournament", str(archive), slug="demo-2")
    assert Tournament.objects.filter(slug__startswith="demo").count() == 2


def small() -> Tournament:
    """A table of three with two deals, the second corrected."""
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    services.record_deal(table.pk, six("A"), referee)
    deal = services.record_deal(table.pk, six("B"), referee)
    services.correct_deal(deal.pk, six("B") | {"play": "closed"}, referee, "typo")
    return table.round.tournament


def damaged(document: dict, how: str) -> str:
    text = dumps(document)
    if how == "truncated":
        return text[: len(text) // 2]
    if how == "not-json":
        return "hello"
    if how == "tampered":
        document["data"]["deals"][0]["data"]["tricks"] = {"A": 10}
        return dumps(document)
    if how == "re-summed-but-broken":
        document["data"]["seats"][0]["table_id"] = 999_999
        document["checksum"] = checksum(document)
        return dumps(document)
    if how == "version":
        document["version"] = 99
        return dumps(document)
    if how == "no-checksum":
        del document["checksum"]
        return dumps(document)
    raise AssertionError(how)


@pytest.mark.parametrize(
    "how", ["truncated", "not-json", "tampered", "re-summed-but-broken", "version", "no-checksum"]
)
def test_a_damaged_archive_is_refused_with_a_clear_error_and_changes_nothing(tmp_path, how):
    tournament = small()
    document = export_tournament(tournament)
    wipe(tournament)
    counts = (Tournament.objects.count(), Deal.objects.count(), Player.objects.count())
    path = tmp_path / "bad.json"
    path.write_text(damaged(document, how))
    with pytest.raises(CommandError) as refused:
        call_command("import_tournament", str(path))
    assert refused.value.args[0]
    assert (Tournament.objects.count(), Deal.objects.count(), Player.objects.count()) == counts


def test_an_existing_short_name_is_refused(tmp_path):
    tournament = small()
    path = tmp_path / "small.json"
    call_command("export_tournament", tournament.slug, output=str(path))
    with pytest.raises(CommandError, match="exists already"):
        call_command("import_tournament", str(path))


@pytest.mark.django_db(transaction=True)
def test_make_backup_copies_the_live_sqlite_database(tmp_path, settings):
    from django.db import connection

    if connection.vendor != "sqlite":
        pytest.skip("backup_database copies SQLite only (PostgreSQL: pg_dump)")
    Tournament.objects.create(
        name="Copied", slug="copied", starts_on="2026-01-01", ends_on="2026-01-02"
    )
    target = tmp_path / "copy.sqlite3"
    call_command("backup_database", output=str(target))
    with sqlite3.connect(target) as copy:
        names = copy.execute("select slug from tournaments_tournament").fetchall()
    assert ("copied",) in names


def test_the_players_word_and_the_chief_s_decision_survive_a_round_trip(tmp_path):
    from referee.accounts.models import Role
    from referee.tables.agreements import Verdict, resolve_dispute, sign_off
    from referee.tables.models import Agreement

    table = table_with_players(3, players_confirm=True)
    tournament = table.round.tournament
    referee = referee_of(tournament)
    chief = referee_of(tournament, Role.Kind.CHIEF)
    services.record_deal(table.pk, six("A"), referee)
    a, b, c = table.seats.order_by("position")
    sign_off(
        table.pk, referee, {a.pk: Verdict(True), b.pk: Verdict(True), c.pk: Verdict(False, "7")}
    )
    resolve_dispute(Agreement.objects.get(seat=c).pk, chief, "dismissed", "a six it was")

    def words(slug):
        return sorted(
            Agreement.objects.filter(table__round__tournament__slug=slug).values_list(
                "seat__registration__player__name",
                "agreed",
                "dispute",
                "recorded_by__username",
                "at",
                "superseded",
                "resolution",
                "resolution_reason",
                "resolved_by__username",
                "resolved_at",
            )
        )

    before = words(tournament.slug)
    assert len(before) == 3 and before[2][6] == "dismissed"
    document = export_tournament(tournament)
    wipe(tournament)
    path = tmp_path / "cup.json"
    path.write_text(dumps(document))
    call_command("import_tournament", str(path))
    assert words(tournament.slug) == before


def test_an_archive_written_before_the_players_word_was_kept_still_restores(tmp_path):
    tournament = small()
    document = export_tournament(tournament)
    del document["data"]["agreements"]  # as the archives written before it
    document["checksum"] = checksum(document)
    wipe(tournament)
    path = tmp_path / "old.json"
    path.write_text(dumps(document))
    call_command("import_tournament", str(path))
    assert Deal.objects.filter(table__round__tournament__slug=tournament.slug).count() == 2
