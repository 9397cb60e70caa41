"""403, 404 and 500 in the site's style and the reader's language."""

import pytest
from django.test import Client, override_settings
from django.urls import path

from tests.referee.factories import TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db


def broken(request):
    raise RuntimeError("boom")


urlpatterns = [path("broken/", broken)]


@override_settings(DEBUG=False)
def test_a_missing_page_is_styled_and_russian(client):
    response = client.get("/t/no-such/", HTTP_ACCEPT_LANGUAGE="ru")
    page = response.content.decode()
    assert response.status_code == 404
    assert 'class="error-page card"' in page and "Такой страницы нет" in page


@override_settings(DEBUG=False)
def test_a_refusal_is_styled(client):
    tournament = TournamentFactory(published=True)
    client.force_login(UserFactory())
    response = client.get(f"/t/{tournament.slug}/manage/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 403 and 'class="error-page card"' in response.content.decode()


@override_settings(DEBUG=False, ROOT_URLCONF=__name__)
def test_a_server_error_is_styled():
    client = Client(raise_request_exception=False)
    response = client.get("/broken/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 500
    assert "Что-то пошло не так" in response.content.decode()
