"""The players' badges: one per player in play, by name, each with the QR code of his own
private link under the site's public address; the chief's only; one badge again after a
revoked link; no code without a public address, and the check-in page says why."""

import pytest
from django.test import override_settings
from django.urls import reverse

from referee.demo.loader import generate_tournament
from referee.tournaments import checkin
from referee.tournaments.models import Registration
from referee.tournaments.search import folded

from ..factories import UserFactory, referee_of
from .test_reports import pdf_text

pytestmark = pytest.mark.django_db

PUBLIC = "http://pref.example.org"
LAPTOP = {"HTTP_HOST": "127.0.0.1:8000"}


@pytest.fixture
def cup():
    return generate_tournament(4, 1, slug="badges", deals_per_table=1)


def link_of(entry):
    entry = Registration.objects.select_related("tournament").get(pk=entry.pk)
    key = checkin.link_key(entry)
    return reverse("player-link", args=[entry.tournament.slug, entry.pk, key])


def url(cup, **query):
    tail = "".join(f"?{k}={v}" for k, v in query.items())
    return reverse("check-in-badges", args=[cup.slug]) + tail


@override_settings(SITE_URL=PUBLIC + "/")
def test_each_player_in_play_gets_his_own_link_by_name(client, cup, qr_targets):
    entries = list(cup.entries.select_related("player"))
    gone = entries[0]
    Registration.objects.filter(pk=gone.pk).update(status=Registration.Status.WITHDRAWN)
    client.force_login(referee_of(cup, "chief"))
    response = client.get(url(cup), HTTP_ACCEPT_LANGUAGE="ru", **LAPTOP)
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    assert "no-store" in response["Cache-Control"]
    playing = sorted(entries[1:], key=lambda e: (folded(e.player.name), e.player.name))
    assert qr_targets == [PUBLIC + link_of(e) for e in playing]
    text = "".join(pdf_text(response.content))
    assert all(e.player.name in text for e in playing) and gone.player.name not in text
    assert "отсканируйте код" in text and "127.0.0.1" not in text
    # the code opens the player's own page
    page = client.get(link_of(playing[0]), HTTP_ACCEPT_LANGUAGE="ru")
    assert page.status_code == 200 and playing[0].player.name in page.content.decode()


@override_settings(SITE_URL=PUBLIC)
def test_after_a_revoked_link_one_new_badge_holds_the_new_link(client, cup, qr_targets):
    chief = referee_of(cup, "chief")
    entry = cup.entries.order_by("pk").first()
    old = link_of(entry)
    checkin.revoke_link(entry.pk, chief)
    client.force_login(chief)
    response = client.get(url(cup, player=entry.pk), **LAPTOP)
    assert response.status_code == 200
    assert qr_targets == [PUBLIC + link_of(entry)] and link_of(entry) != old
    assert client.get(old).status_code == 404


@override_settings(SITE_URL=PUBLIC)
def test_only_the_chief_prints_the_badges(client, cup, qr_targets):
    other = generate_tournament(3, 1, slug="other", deals_per_table=1)
    assert client.get(url(cup)).status_code in (302, 403)  # the public: to the sign-in
    client.force_login(referee_of(cup))  # a referee of the tournament, not its chief
    assert client.get(url(cup)).status_code == 403
    client.force_login(UserFactory())
    assert client.get(url(cup)).status_code == 403
    client.force_login(referee_of(cup, "chief"))
    foreign = other.entries.first()
    assert client.get(url(cup, player=foreign.pk)).status_code == 404
    assert client.get(url(cup, player="x1")).status_code == 404
    assert client.get(url(cup, player="²")).status_code == 404
    assert qr_targets == []  # no key was printed for any of these


@override_settings(SITE_URL="")
def test_without_a_public_address_no_code_and_the_page_says_why(client, cup, qr_targets):
    client.force_login(referee_of(cup, "chief"))
    response = client.get(url(cup), **LAPTOP)
    assert response.status_code == 200 and qr_targets == []
    page = client.get(reverse("manage-check-in", args=[cup.slug]), HTTP_ACCEPT_LANGUAGE="en")
    html = page.content.decode()
    assert url(cup) in html and "SITE_URL" in html
