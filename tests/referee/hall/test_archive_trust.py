"""An edited archive cannot crash a page (issue 30 point 3): the import checks every board,
deal and setting with the site's own rules, refusing the archive and writing nothing; and an
archive is signed with this site's key, so an edited one (its checksum recomputed) or one
from another site is refused unless the import is told to accept another site's archive."""

from __future__ import annotations

import copy

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings
from django.urls import reverse

from referee.accounts.models import Role
from referee.duplicate import services as duplicate
from referee.duplicate.models import Board
from referee.hall.archive import (
    ArchiveError,
    checksum,
    dumps,
    export_tournament,
    import_tournament,
    loads,
    seal,
)
from referee.standings import services as standings
from referee.tables.models import Deal, DealHands
from referee.tournaments.models import Player, Tournament

from ..duplicate.test_session import tournament_of
from ..tables.test_evidence import DISPUTED, HANDS
from .test_archive import small, wipe

pytestmark = pytest.mark.django_db


def counts() -> tuple[int, ...]:
    return (Tournament.objects.count(), Deal.objects.count(), Player.objects.count())


@pytest.fixture
def session_archive():
    """A duplicate session of one board per set, exported; the tournament then wiped."""
    tournament, chief = tournament_of(3, published=True)
    duplicate.create_session(tournament.pk, chief, size=3, boards_per_set=1, seed=5)
    standings.update_settings(tournament, chief, {"tie_breaks": ["points", "whists", "lot"]})
    document = export_tournament(tournament)
    wipe(tournament)
    return document


def resummed(document: dict) -> str:
    """The archive as an editor leaves it: the checksum recomputed, the signature kept."""
    document["checksum"] = checksum(document)
    return dumps(document)


def test_a_board_edited_to_xx_with_its_checksum_recomputed_is_refused(session_archive, tmp_path):
    session_archive["data"]["layouts"][0]["text"] = "XX"
    path = tmp_path / "edited.json"
    path.write_text(resummed(session_archive))
    before = counts()
    # a command's error has no code: its English for the command line is what there is
    with pytest.raises(CommandError, match="signature"):
        call_command("import_tournament", str(path))
    assert counts() == before


def test_an_edited_board_is_refused_by_the_import_itself_at_its_row(session_archive):
    edited = copy.deepcopy(session_archive)
    edited["data"]["layouts"][0]["text"] = "XX"  # the cards of board 1
    before = counts()
    with pytest.raises(ArchiveError) as refused:
        import_tournament(edited)
    assert refused.value.code == "hall.archive.invalid"
    assert refused.value.params["section"] == "layouts"
    assert counts() == before
    # the archive as written restores, and its pages answer
    restored = import_tournament(loads(dumps(session_archive)))
    session = restored.duplicate_sessions.get()
    board = Board.objects.filter(session=session).first()
    slug = restored.slug
    from django.test import Client

    client = Client()
    client.force_login(restored.roles.get(kind=Role.Kind.CHIEF).user)
    for url in (
        reverse("duplicate-board", args=[slug, session.number, board.number]),
        reverse("duplicate-records", args=[slug, session.number]),
        reverse("duplicate-pdf", args=[slug, session.number]),
    ):
        assert client.get(url).status_code == 200, url


def edits():
    """Each: a section, a field and a value the site's own pages or services refuse."""
    return [
        ("layouts", "text", "Board 1\n1: ♠A\n2: ♠A\n3: ♠K\nT: ♠Q"),
        # a board's double-dummy table: 11 tricks, a discard of three cards, a word for a bool
        ("layouts", "analysis", {"tricks": {"1": {"S": 11}}, "discards": {"1": {"S": "♠A"}}}),
        ("layouts", "analysis", {"tricks": {"1": {"S": 5}}, "discards": {"1": {"S": "♠AKQ"}}}),
        ("layouts", "analysis", {"misere": {"2": "yes"}, "misere_discards": {"2": "♠A ♠K"}}),
        ("layouts", "tried", {"4:♠A ♠K": {"S": 3}}),
        ("layouts", "tried", {"1:♠A ♠K": {"S": 3, "XX": 1}}),
        ("tournament", "options", {"no_such_option": 1}),
        ("tournament", "convention", "nonsense"),
        ("tournament", "bye_points", "a lot"),
        ("tournament", "registration_cap", 10**20),
        ("tournament", "deal_cap", 0),
        ("tournament", "name", "Кубок \u202e"),
        ("players", "name", "Иван \u202eвонаВ"),
        ("standings_settings", "method", "no_such_method"),
    ]


@pytest.mark.parametrize(("section", "field", "value"), edits())
def test_a_setting_or_a_board_the_site_refuses_is_refused_in_an_archive(
    session_archive, section, field, value
):
    session_archive["data"][section][0][field] = value
    before = counts()
    with pytest.raises(ArchiveError) as refused:
        import_tournament(session_archive)
    assert refused.value.code == "hall.archive.invalid"
    assert refused.value.params["section"] == section
    assert counts() == before


def deals_archive(edit) -> dict:
    tournament = small()
    document = export_tournament(tournament)
    wipe(tournament)
    edit(document["data"])
    return document


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["deals"][0]["data"].update(contract={"level": "XX", "strain": "S"}),
        lambda d: d["deals"][1]["data"].update(tricks={"A": 10, "B": 10, "C": 10}),
        lambda d: d["deal_versions"][0]["data"].update(type="nonsense"),
        lambda d: d["deals"][0].update(data=["not", "a", "deal"]),
    ],
    ids=["contract", "tricks", "old-version", "not-an-object"],
)
def test_a_deal_the_engine_refuses_is_refused_in_an_archive(edit):
    document = deals_archive(edit)
    before = counts()
    with pytest.raises(ArchiveError) as refused:
        import_tournament(document)
    assert refused.value.code == "hall.archive.invalid"
    assert counts() == before


def test_entered_hands_that_are_no_board_are_refused_in_an_archive():
    from referee.tables import services
    from tests.referee.factories import referee_of, table_with_players

    table = table_with_players(3)
    tournament = table.round.tournament
    chief = referee_of(tournament, Role.Kind.CHIEF)
    deal = services.record_deal(table.pk, DISPUTED, referee_of(tournament))
    services.enter_hands(deal.pk, HANDS, 1, "", chief)
    document = export_tournament(tournament)
    wipe(tournament)
    (row,) = document["data"]["layouts"]
    assert document["data"]["deal_hands"][0]["layout_id"] == row["id"]
    edited = copy.deepcopy(document)
    edited["data"]["layouts"][0]["text"] = "XX"
    with pytest.raises(ArchiveError) as refused:
        import_tournament(edited)
    assert refused.value.params["section"] == "layouts"
    analysed = copy.deepcopy(document)
    # well formed but wrong: 3 tricks where the hands take 8 (test_evidence works it out)
    analysed["data"]["layouts"][0]["analysis"] = {
        "tricks": {"1": {"S": 3}},
        "discards": {"1": {"S": "♠AK"}},
    }
    restored = import_tournament(analysed)  # the numbers are worked out again, not trusted
    kept = DealHands.objects.get(deal__table__round__tournament=restored).layout.analysis
    assert kept["tricks"] == {"1": {"S": 8}}


def test_an_archive_of_another_site_is_refused_unless_accepted_explicitly(tmp_path):
    tournament = small()
    with override_settings(SECRET_KEY="another site's key, long enough to be a key " * 2):
        document = export_tournament(tournament)
    wipe(tournament)
    path = tmp_path / "elsewhere.json"
    path.write_text(dumps(document))
    # a command's error has no code: its English for the command line is what there is
    with pytest.raises(CommandError, match="another site"):
        call_command("import_tournament", str(path))
    assert not Tournament.objects.filter(slug=tournament.slug).exists()
    call_command("import_tournament", str(path), foreign=True)
    assert Tournament.objects.filter(slug=tournament.slug).exists()


def test_an_archive_of_this_site_restores_and_a_resealed_one_too():
    tournament = small()
    document = export_tournament(tournament)
    assert document["signature"].startswith("hmac-sha256:")
    wipe(tournament)
    document["data"]["tournament"][0]["venue"] = "Казань"
    with pytest.raises(ArchiveError):
        loads(dumps(document))
    seal(document)  # what this site's own tools may do: sign it again with the key
    restored = import_tournament(loads(dumps(document)))
    assert restored.venue == "Казань"
