"""The page a table card's QR code leads to: it opens for the public from the moment the card
exists, shows the table, the round and (where the seating is public) the players in their
seats before the round's results are published, never a deal or a total of that round, and
is the sheet once they are; officials keep seeing everything."""

import re

import pytest
from django.urls import reverse

from referee.core.figures import figure
from referee.exports.hall import card_url, cards, protocol_extras, qr_data_uri
from referee.standings.models import StandingsSettings
from referee.tables import services
from referee.tables.card import card_key, card_path
from referee.tables.models import Table
from referee.tables.sheet import build_sheet
from referee.tournaments.models import Player

from ..factories import (
    RoundFactory,
    TournamentFactory,
    UserFactory,
    random_deals,
    referee_of,
    table_with_players,
)

pytestmark = pytest.mark.django_db

BASE = "http://testserver"


@pytest.fixture
def table():
    """A table of three in a published tournament, its round in play (not published), with
    twelve deals: a sheet with figures to look for."""
    # round 2 of a tournament that has published round 1: no figure is mistaken for the
    # number of the round or the table
    tournament = TournamentFactory(published=True, name="Кубок Тулы")
    table = table_with_players(3, round=RoundFactory(tournament=tournament, number=2))
    StandingsSettings.objects.create(tournament=tournament, published_through=1)
    names = ["Аксаков", "Бунин", "Вересаев"]  # names without figures
    for seat, name in zip(table.seats.order_by("position"), names, strict=True):
        Player.objects.filter(entries__seats=seat).update(name=name)
    referee = referee_of(table.round.tournament)
    for data in random_deals(12, seed=7):
        services.record_deal(table.pk, data, referee)
    return Table.objects.select_related("round__tournament").get(pk=table.pk)


def publish_round(table):
    StandingsSettings.objects.filter(tournament=table.round.tournament).update(
        published_through=table.round.number
    )


def sheet_url(table):
    t = table.round.tournament
    return reverse("table", args=[t.slug, table.round.number, table.number])


def visible_text(page: str) -> str:
    main = page[page.index("<main>") : page.index("</main>")]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main))


def what_the_sheet_tells(table) -> list[str]:
    """Every deal's summary and explanation and every player's pool, mountain and balance,
    as the officials' sheet shows them (the figures of more than one digit: a lone digit is
    also the table's or the round's number)."""
    sheet = build_sheet(table, "en")
    told = [row.summary for row in sheet.rows] + [line for row in sheet.rows for line in row.lines]
    for figures in (sheet.pool, sheet.mountain, sheet.result):
        told += [figure(v) for v in figures.values() if abs(v) >= 10]
    return [str(t) for t in told if str(t).strip()]


def test_before_publication_the_public_sees_the_table_the_round_and_the_seats(client, table):
    response = client.get(card_path(table))
    assert response.status_code == 200
    page = response.content.decode()
    text = visible_text(page)
    assert f"Table {table.number}" in text and f"Round {table.round.number}" in text
    for seat in table.seats.select_related("registration__player"):
        assert seat.registration.player.name in text
    assert "appears on this page when the round's results are published" in text
    assert client.get(sheet_url(table)).status_code == 404  # the sheet itself stays hidden


def test_no_deal_or_total_of_an_unpublished_round_is_on_the_card_page(client, table):
    told = what_the_sheet_tells(table)
    assert len(told) > 20  # the sheet has plenty to tell
    page = client.get(card_path(table)).content.decode()
    text = visible_text(page)
    leaked = [t for t in told if t in text]
    assert leaked == []
    assert "<svg" not in page and "sheet-summary" not in page and 'class="grid deals' not in page
    assert reverse("table-case", args=[table.round.tournament.slug, table.round.number, 1]) not in (
        page
    )


def test_once_the_round_is_published_the_card_leads_to_the_sheet(client, table):
    publish_round(table)
    response = client.get(card_path(table))
    assert response.status_code == 302 and response["Location"] == sheet_url(table)
    sheet = client.get(sheet_url(table)).content.decode()
    assert all(t in visible_text(sheet) for t in what_the_sheet_tells(table)[:3])


@pytest.mark.parametrize("kind", ["referee", "chief"])
def test_officials_are_led_to_the_full_sheet_at_once(client, table, kind):
    official = referee_of(table.round.tournament, kind)
    client.force_login(official)
    response = client.get(card_path(table), follow=True)
    assert response.redirect_chain == [(sheet_url(table), 302)]
    text = visible_text(response.content.decode())
    told = what_the_sheet_tells(table)
    assert [t for t in told if t not in text] == []  # everything they saw before
    assert 'name="tricks_A"' in response.content.decode()  # and the entry form


def test_an_unpublished_tournament_s_card_shows_only_the_table_and_the_round(client, table):
    tournament = table.round.tournament
    tournament.published = False
    tournament.save()
    page = client.get(card_path(table)).content.decode()
    text = visible_text(page)
    assert f"Table {table.number}" in text and f"Round {table.round.number}" in text
    assert tournament.name not in page
    for seat in table.seats.select_related("registration__player"):
        assert seat.registration.player.name not in page
    assert [t for t in what_the_sheet_tells(table) if t in text] == []
    assert f'href="/t/{tournament.slug}/' not in page  # nothing there the public may open
    assert client.get(reverse("tournament", args=[tournament.slug])).status_code == 404


@pytest.mark.parametrize("key", ["0" * 20, "", "x"])
def test_a_card_page_needs_its_own_key(client, table, key):
    t = table.round.tournament
    path = f"/t/{t.slug}/r/{table.round.number}/t/{table.number}/card/{key}/"
    assert client.get(path).status_code == 404


def test_the_key_of_one_table_opens_no_other(client, table):
    other = table_with_players(3, round=table.round, number=2)
    t = table.round.tournament
    wrong = reverse("table-card", args=[t.slug, table.round.number, 2, card_key(table)])
    assert client.get(wrong).status_code == 404
    assert client.get(card_path(other)).status_code == 200
    assert card_key(other) != card_key(table)


def test_the_card_page_speaks_the_reader_s_language(client, table, settings):
    settings.LANGUAGE_CODE = "ru"
    text = visible_text(client.get(card_path(table)).content.decode())
    assert f"Стол {table.number}" in text and f"Тур {table.round.number}" in text
    assert "Протокол стола появится на этой странице" in text
    text = visible_text(client.get(card_path(table), HTTP_ACCEPT_LANGUAGE="en").content.decode())
    assert "The table's sheet appears on this page" in text


def test_the_cards_and_the_protocol_carry_the_card_page_in_their_qr_codes(client, table):
    [card] = cards(table.round, BASE)
    assert card["url"] == BASE + card_path(table) == card_url(BASE, table)
    assert card["qr"] == qr_data_uri(card["url"])
    extras = protocol_extras(table, BASE)
    assert extras["qr_url"] == card["url"] and extras["qr"] == card["qr"]
    assert client.get(card["url"].removeprefix(BASE)).status_code == 200


def test_the_card_page_reads_three_queries(client, table, django_assert_num_queries):
    # the table with its round and tournament, the published rounds, the seats with players
    path = card_path(table)
    with django_assert_num_queries(3):
        assert client.get(path).status_code == 200
    client.force_login(UserFactory())  # a user without a role is the public too
    assert client.get(path).status_code == 200
