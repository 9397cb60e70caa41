"""Sealed boards (README, *What each reader sees of a duplicate session*): a session of 12
players (4 tables of 3, 8 boards in sets of 2, 4 stanzas) with its first stanza played and
finished, so that every board has been played once and three times remains to be played.

Every page, export and API read under the tournament (walked from the URL resolver), the
profile and head to head, is opened by each reader: the anonymous visitor, a player by his
private link, the referee of table 1 (assigned, ``referees_assigned_only`` on), the referee of
table 2, the chief referee and the site's staff. Every play of the first stanza is a 9♦ made
with 9 tricks, which no other play is: its words ("9♦", "9 взяток"), and in the API its
contract, are the mark of a leak. Only the chief reads them anywhere, the referee of table 1
only on table 1's own sheet; nobody meets a server error. Then the session is played out: the
boards close, the chief publishes them, and the public reads the same marks (the positive
control: the marks are there to be found)."""

from __future__ import annotations

import io
import re

import pytest
from django.contrib.auth.models import AnonymousUser
from django.test import Client
from django.urls import reverse
from openpyxl import load_workbook
from pypdf import PdfReader

from referee.core.errors import ServiceError
from referee.duplicate import services
from referee.duplicate.results import session_results
from referee.duplicate.sealing import closed_boards
from referee.ratings.services.places import final_places
from referee.seating.services import finish_round, start_round
from referee.standings import services as standings
from referee.standings.models import StandingsSettings
from referee.tables.models import Table
from referee.tables.services import submit_table
from referee.tournaments import checkin
from referee.tournaments.models import Registration, Round

from ..factories import UserFactory, referee_of
from ..test_surface_walk import tournament_routes
from .test_session import letters_of, tournament_of, whisted

pytestmark = pytest.mark.django_db

#: the words of a first-stanza play (9♦ made) on a page or in a download
MARKS = re.compile(r"9♦|9 взяток|9 tricks|\"level\": ?9")


def nine_diamonds(hands: list[str]) -> dict:
    first, second, third = hands
    return {
        **whisted(hands, 9),
        "contract": {"level": 9, "strain": "D"},
        "tricks": {first: 9, second: 1, third: 0},
    }


def play_stanza(session, chief, k: int, deal_for) -> Round:
    round_ = Round.objects.get(tournament=session.tournament, number=session.first_round + k)
    start_round(round_.pk, chief)
    for planned in session.plan["stanzas"][k]:
        table = Table.objects.get(round=round_, number=planned["table"])
        for board, hands in planned["boards"]:
            data = deal_for(letters_of(session, planned, hands))
            services.record_board(table.pk, board, data, chief)
        submit_table(table.pk, chief)
    finish_round(round_.pk, chief)
    return round_


@pytest.fixture
def midplay():
    """The session after its first stanza; readers by name (None: anonymous)."""
    tournament, chief = tournament_of(
        12, published=True, referees_assigned_only=True, deal_cap=12, slug="dup"
    )
    session = services.create_session(tournament.pk, chief, seed=3)
    round_ = play_stanza(session, chief, 0, nine_diamonds)
    services.seat_stanza(session.pk, chief)
    tables = {t.number: t for t in Table.objects.filter(round=round_)}
    own, other = referee_of(tournament), referee_of(tournament)
    tables[1].referees.add(own)
    tables[2].referees.add(other)
    staff = UserFactory(is_staff=True)
    player = tables[1].seats.get(position=1).registration
    readers = {
        "anonymous": None,
        "player": None,  # by his private link (``link``)
        "own referee": own,
        "other referee": other,
        "chief": chief,
        "staff": staff,
    }
    return tournament, session, readers, player


def values_for(tournament, session, player: Registration) -> dict[str, object]:
    return {
        "slug": tournament.slug,
        "round": 1,
        "table": 1,
        "number": 1,
        "session": session.number,
        "board": 1,
        "registration": player.pk,
        "key": checkin.link_key(player),
    }


def readable(response) -> str:
    """What a reader gets, as text: a page, a CSV or JSON, a PDF's words, a workbook's cells."""
    kind = response.get("Content-Type", "")
    body = b"".join(response.streaming_content) if response.streaming else response.content
    if "pdf" in kind:
        return "".join(page.extract_text() or "" for page in PdfReader(io.BytesIO(body)).pages)
    if "spreadsheet" in kind:
        book = load_workbook(io.BytesIO(body))
        return " ".join(
            str(cell)
            for sheet in book.worksheets
            for row in sheet.iter_rows(values_only=True)
            for cell in row
            if cell is not None
        )
    return body.decode("utf-8", "replace")


#: the addresses whose reading is a table's own play (round 1, table n)
def own_table(n: int) -> re.Pattern[str]:
    return re.compile(rf"/(r|rounds)/1/(t|tables)/{n}/")


OWN_TABLE = own_table(1)
#: the referees' own tables: table 1's and table 2's
OWN = {"own referee": own_table(1), "other referee": own_table(2)}


def addresses(values: dict[str, object], api_duplicate: bool = True) -> list[str]:
    """Every GET under the tournament, pages and API, filled in; the boards 1–8 each (the
    duplicate API's reads only with ``api_duplicate``)."""
    found = []
    for route in tournament_routes():
        if route.surface == "manage":
            continue
        names = re.findall(r"<(?:\w+:)?(\w+)>", route.route)
        if any(n not in values for n in names):
            continue
        boards = range(1, 9) if "board" in names else [1]
        for board in boards:
            found.append(
                reverse(route.name, kwargs={n: {**values, "board": board}[n] for n in names})
            )
    api = [
        ("api-tournament", {}),
        ("api-rounds", {}),
        ("api-round", {"round": values["round"]}),
        ("api-table", {"round": values["round"], "table": 1}),
        ("api-table", {"round": values["round"], "table": 2}),
        ("api-deals", {"round": values["round"], "table": 1}),
        ("api-deals", {"round": values["round"], "table": 2}),
        ("api-standings", {}),
        ("api-qualification", {}),
        ("api-stages", {}),
        ("api-round-results", {"round": values["round"]}),
        ("api-player-link", {"registration": values["registration"], "key": values["key"]}),
    ]
    if api_duplicate:
        api += [
            ("api-duplicate", {}),
            ("api-duplicate-session", {"session": 1}),
            *(("api-duplicate-board", {"session": 1, "board": b}) for b in range(1, 9)),
        ]
    for name, kwargs in api:
        found.append(reverse(name, kwargs={"slug": values["slug"], **kwargs}))
    return found


def client_of(user) -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    if user is not None:
        client.force_login(user)
    return client


def test_no_reader_but_the_chief_and_the_table_reads_an_unclosed_board(midplay):
    tournament, session, readers, player = midplay
    assert closed_boards(session) == frozenset()  # every board has three plays to go
    values = values_for(tournament, session, player)
    urls = addresses(values)
    assert len(urls) > 60
    profile = reverse("registry-player", args=[player.player_id])
    other = Registration.objects.filter(tournament=tournament).exclude(pk=player.pk).first()
    urls += [profile, reverse("registry-versus", args=[player.player_id, other.player_id])]
    urls += [reverse("table", args=[tournament.slug, 1, n]) for n in (2, 3, 4)]
    errors, leaks, seen = [], [], {}
    for who, user in readers.items():
        client = client_of(user)
        for url in urls:
            response = client.get(url)
            if response.status_code >= 500:
                errors.append((who, url, response.status_code))
                continue
            if response.status_code != 200:
                continue
            if MARKS.search(readable(response)):
                seen.setdefault(who, []).append(url)
                allowed = who == "chief" or (who in OWN and OWN[who].search(url))
                if not allowed:
                    leaks.append((who, url))
    assert errors == []
    assert leaks == []
    # the positive controls: the chief reads the plays, the table's referee his own sheet
    assert any("/api/" in url for url in seen["chief"]) and len(seen["chief"]) > 8
    assert any(OWN_TABLE.search(url) for url in seen["own referee"])
    assert any(own_table(2).search(url) for url in seen["other referee"])


def test_publishing_a_stanza_or_the_boards_is_refused_until_every_table_has_played(client, midplay):
    tournament, session, readers, _player = midplay
    chief = readers["chief"]
    with pytest.raises(ServiceError) as refused:
        services.publish_boards(session.pk, chief)
    assert refused.value.code == "duplicate.session.boards_open"
    assert refused.value.params["n"] == 8
    # the round's publish, through the API as the chief does it
    from ..api.conftest import client_for

    answer = client_for(chief, "ru").post(
        reverse("api-round-publish", args=[tournament.slug, 1]), {}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["code"] == "duplicate.round.boards_open"
    assert "ещё должны сыграть" in answer.json()["message"]
    assert (standings.settings_of(tournament).published_through or 0) == 0
    # the session page tells the chief what is withheld, and why
    client.force_login(chief)
    page = client.get(
        reverse("duplicate-manage", args=[tournament.slug, 1]), HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert 'id="open-boards"' in page.content.decode()


def test_a_round_published_before_the_session_stays_sealed(midplay):
    """Results published through a later round beforehand (or by an older version) do not
    open a stanza whose boards are still to be played: the rule is read at every request."""
    tournament, _session, _readers, _player = midplay
    StandingsSettings.objects.update_or_create(
        tournament=tournament, defaults={"published_through": 10}
    )
    anonymous = Client()
    assert anonymous.get(reverse("table", args=[tournament.slug, 1, 1])).status_code == 404
    assert anonymous.get(reverse("round-results", args=[tournament.slug, 1])).status_code == 404
    deals = reverse("api-deals", kwargs={"slug": tournament.slug, "round": 1, "table": 1})
    assert anonymous.get(deals).status_code == 404


def test_once_every_table_has_played_the_public_reads_the_boards(midplay):
    tournament, session, readers, _player = midplay
    chief = readers["chief"]
    for k in range(1, session.stanzas):
        play_stanza(session, chief, k, lambda hands: whisted(hands, 6))
        if k + 1 < session.stanzas:
            services.seat_stanza(session.pk, chief)
    assert len(closed_boards(session)) == 8
    services.publish_boards(session.pk, chief)
    standings.update_settings(tournament, chief, {"published_through": 4})
    anonymous = client_of(None)
    board = anonymous.get(reverse("duplicate-board", args=[tournament.slug, 1, 1]))
    assert MARKS.search(board.content.decode())
    table = anonymous.get(reverse("table", args=[tournament.slug, 1, 1]))
    assert table.status_code == 200 and MARKS.search(table.content.decode())
    # the session is a duplicate event (no round before it): its standings give the places,
    # the same in the federation's results and on the session's page
    places = final_places(tournament, AnonymousUser())
    assert len(places) == 12
    results = session_results(session)
    first = results.standings[0]
    assert places[first.registration] == (first.best + 1, first.worst + 1)
    from referee.ratings.services.sheet import federation_results

    sheet = federation_results(tournament, AnonymousUser())
    assert [row["rank_label"] for row in sheet.rows] == [line.place for line in results.standings]
    for name in ("export-federation-xlsx", "export-federation-pdf", "export-results-json"):
        assert anonymous.get(reverse(name, args=[tournament.slug])).status_code == 200, name
    page = anonymous.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert "kind-note" in page and "итоговые места турнира даёт" in page


def test_the_session_leaves_the_settings_the_ordinary_standings_and_the_ratings_alone(midplay):
    tournament, session, readers, _player = midplay
    tournament.refresh_from_db()
    assert tournament.deal_cap == 12  # not the set's 2 boards
    chief = readers["chief"]
    # its stanzas are no rounds of the ordinary standings: nobody has a row there
    table = standings.standings_after(tournament, viewer=chief)
    assert table.rows == () or table.rows == []
    from referee.ratings.services.games import games_of

    games, _players = games_of([tournament])
    assert games == []  # 2-board "pulkas" are no games for a rating list
    assert session.counts == "places"


def test_a_referee_of_the_tournament_is_no_chief_for_the_boards(midplay):
    tournament, _session, readers, _player = midplay
    client = client_of(readers["other referee"])
    for board in (1, 2, 3):
        url = reverse("duplicate-board", args=[tournament.slug, 1, board])
        assert client.get(url).status_code == 404
    records = client.get(reverse("duplicate-records", args=[tournament.slug, 1]))
    assert records.status_code == 200
    assert 'class="hand-record"' not in records.content.decode()
    assert 'id="withheld"' in records.content.decode()
