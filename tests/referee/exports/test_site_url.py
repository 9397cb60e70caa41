"""The hall material's QR codes and printed links hold the site's public address (the
``SITE_URL`` setting), never the address the material is printed from; the round page shows
that address to the chief referee, with a warning when it is unset or a loopback address."""

import pytest
from django.test import override_settings
from django.urls import reverse

from referee.core.site import is_loopback, printed_base, site_url_warning
from referee.demo.loader import generate_tournament
from referee.exports import hall
from referee.tables.card import card_path
from referee.tables.models import Table

from ..factories import referee_of
from .test_reports import pdf_text

pytestmark = pytest.mark.django_db

PUBLIC = "http://pref.example.org:8000"
LAPTOP = {"HTTP_HOST": "127.0.0.1:8000"}  # where the organiser prints them


@pytest.fixture
def cup():
    return generate_tournament(6, 1, slug="qr", deals_per_table=2)


def first_table(cup):
    return Table.objects.select_related("round__tournament").get(
        round__tournament=cup, round__number=1, number=1
    )


@override_settings(SITE_URL=PUBLIC + "/")
def test_the_table_cards_hold_the_public_address_not_the_printing_one(client, cup, qr_targets):
    response = client.get(reverse("hall-cards", args=[cup.slug, 1]), **LAPTOP)
    assert response.status_code == 200
    tables = Table.objects.filter(round__tournament=cup).order_by("number")
    expected = [PUBLIC + card_path(t) for t in tables]
    assert qr_targets == expected
    text = "".join("".join(pdf_text(response.content)).split())  # the address wraps
    assert all(url in text for url in expected) and "127.0.0.1" not in text


@override_settings(SITE_URL=PUBLIC)
def test_the_protocol_holds_the_public_address_not_the_printing_one(client, cup, qr_targets):
    table = first_table(cup)
    client.force_login(referee_of(cup, "chief"))
    response = client.get(reverse("export-protocol", args=[cup.slug, 1, 1]), **LAPTOP)
    assert response.status_code == 200
    assert qr_targets == [PUBLIC + card_path(table)]


@override_settings(SITE_URL="")
def test_without_a_public_address_the_cards_have_no_qr_code(client, cup, qr_targets):
    response = client.get(reverse("hall-cards", args=[cup.slug, 1]), **LAPTOP)
    assert response.status_code == 200
    assert qr_targets == []
    assert "127.0.0.1" not in " ".join(pdf_text(response.content))
    assert hall.protocol_extras(first_table(cup))["qr"] == ""


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1:8000",
        "http://127.1.2.3",
        "http://localhost:8000/",
        "https://LOCALHOST",
        "http://[::1]:8000",
        "http://0.0.0.0:8000",
    ],
)
def test_loopback_addresses(url):
    assert is_loopback(url)


@pytest.mark.parametrize(
    "url", ["http://192.168.1.10:8000", "https://pref.example.org", "http://10.0.0.127"]
)
def test_addresses_the_hall_reaches(url):
    assert not is_loopback(url)
    assert site_url_warning(url) == ""


def test_a_value_that_is_no_web_address_prints_no_qr_code():
    assert "not a web address" in site_url_warning("pref.example.org")
    with override_settings(SITE_URL="pref.example.org"):
        assert printed_base() == ""


def round_page(client, cup, language="en"):
    client.force_login(referee_of(cup, "chief"))
    page = client.get(reverse("round", args=[cup.slug, 1]), HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    return page.content.decode()


@override_settings(SITE_URL="http://127.0.0.1:8000")
def test_the_round_page_warns_of_a_loopback_address(client, cup):
    html = round_page(client, cup)
    assert "lead to http://127.0.0.1:8000." in html
    assert 'class="notice site-url-warning"' in html
    assert "is this computer only" in html
    html = round_page(client, cup, "ru")
    assert "ведёт только на этот компьютер" in html


@override_settings(SITE_URL="")
def test_the_round_page_warns_when_the_address_is_unset(client, cup):
    html = round_page(client, cup)
    assert "is not set (the SITE_URL setting)" in html
    assert "не задан" in round_page(client, cup, "ru")


@override_settings(SITE_URL=PUBLIC)
def test_the_round_page_shows_a_good_address_without_a_warning(client, cup):
    html = round_page(client, cup)
    assert f"lead to {PUBLIC}." in html
    assert "site-url-warning" not in html


@override_settings(SITE_URL="")
def test_the_public_sees_no_address_and_no_warning(client, cup):
    html = client.get(reverse("round", args=[cup.slug, 1])).content.decode()
    assert "site-url" not in html
