"""The Russian a reader meets (issue 30, point 10): words about a player need no gender (a
woman is not "согласен", "подсмотрел", "снят"); a tournament has a «Название», not an «Имя»;
the organiser's lists sort ё with е as the public one does; one date style on every page;
the text of the API's answers and of ``protocol.json`` in the reader's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from referee.accounts.models import Role
from referee.core.engine_text import rule_text
from referee.tournaments.models import ActionLog
from tests.referee.factories import (
    PlayerFactory,
    RegistrationFactory,
    TournamentFactory,
    referee_of,
    table_with_players,
)

pytestmark = pytest.mark.django_db

#: what the pages say of one player (a sign-off, a status, a card, a ruling)
ABOUT_A_PLAYER = [
    "agreed with the totals",
    "agrees",
    "At the earlier sign-off: agreed.",
    "withdrawn",
    "withdrawn after round %(n)s",
    "eliminated",
    "disqualified",
    "not marked",
    "not seated yet",
    "did not play there",
    "Whists written on others / on him",
    "peeked at the talon",
    "%(p)s looked at the talon and may not whist in this deal",
    "will be registered",
]
MASCULINE = re.compile(
    r"(?<![а-яё])(согласен|играл|вистовал|подсмотрел|снят|выбыл|дисквалифицирован|отмечен"
    r"|рассажен|зарегистрирован|его|него|он)(?![а-яё])"
)


@pytest.mark.parametrize("text", ABOUT_A_PLAYER)
def test_what_the_pages_say_of_a_player_needs_no_gender(text):
    with translation.override("ru"):
        russian = translation.gettext(text)
    assert russian != text, "not translated"
    assert not MASCULINE.search(russian), russian


def test_a_tournaments_name_is_its_title_in_the_settings_and_the_wizard(client):
    tournament = TournamentFactory()
    chief = referee_of(tournament, Role.Kind.CHIEF, name="chief")
    client.force_login(chief)
    page = client.get(
        reverse("manage-settings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    label = re.search(r'<label for="id_name"[^>]*>([^<]*)</label>', page)
    assert label and label.group(1).startswith("Название"), label
    with translation.override("ru"):
        from referee.wizard.forms import WizardForm

        assert str(WizardForm().fields["name"].label) == "Название"


def test_the_organisers_player_list_sorts_yo_with_ye(client):
    tournament = TournamentFactory()
    for name in ("Ельцов Олег", "Ёлкин Пётр", "Ежов Иван", "Абрамов Илья"):
        RegistrationFactory(tournament=tournament, player=PlayerFactory(name=name))
    client.force_login(referee_of(tournament, Role.Kind.CHIEF, name="chief"))
    page = client.get(reverse("manage-players", args=[tournament.slug])).content.decode()
    order = sorted(
        ("Ельцов Олег", "Ёлкин Пётр", "Ежов Иван", "Абрамов Илья"), key=lambda n: page.index(n)
    )
    assert order == ["Абрамов Илья", "Ежов Иван", "Ёлкин Пётр", "Ельцов Олег"]


def test_one_date_style_on_the_pages(client):
    tournament = TournamentFactory(published=True)
    chief = referee_of(tournament, Role.Kind.CHIEF, name="chief")
    ActionLog.objects.create(tournament=tournament, user=chief, action="tournament.settings")
    client.force_login(chief)
    pages = [
        client.get("/", HTTP_ACCEPT_LANGUAGE="ru").content.decode(),
        client.get(f"/t/{tournament.slug}/", HTTP_ACCEPT_LANGUAGE="ru").content.decode(),
        client.get(
            reverse("manage-log", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="ru"
        ).content.decode(),
    ]
    for page in pages:
        assert "28 ноября 2026" in page or "декабря 2026" in page
        assert not re.search(r"\b\d{4}-\d{2}-\d{2} \d{2}:\d{2}\b|\b\d{1,2}\.\d{2}\.\d{4}\b", page)
        assert "2026 г." not in page  # Django's own DATE_FORMAT, a second style


ENGINE_RULE = re.compile(r'"((?:Kodeks|SPEC|SEED|Lesnoy)[^"]*\([^"()]*\))"')


def test_every_rule_the_engine_cites_is_in_the_readers_language():
    scoring = Path(__file__).resolve().parents[2] / "scoring"
    rules = {m for f in scoring.glob("*.py") for m in ENGINE_RULE.findall(f.read_text())}
    assert len(rules) > 15
    with translation.override("ru"):
        untranslated = [rule for rule in rules if not re.search("[а-я]", rule_text(rule))]
        assert rule_text("Kodeks 3.7.2.1 (raspasy to the mountain)") == (
            "Кодекс 3.7.2.1 (распасы в гору)"
        )
    assert untranslated == []
    with translation.override("en"):
        assert rule_text("SPEC §5 (misère)") == "SPEC §5 (misère)"
    assert rule_text("an arbiter's own words") == "an arbiter's own words"


def test_the_protocol_json_title_is_in_the_readers_language(client):
    table = table_with_players(3, published=True)
    tournament = table.round.tournament
    client.force_login(referee_of(tournament, Role.Kind.CHIEF, name="chief"))
    url = reverse("table-case", args=[tournament.slug, table.round.number, table.number])
    russian = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").json()[0]
    n = table.round.number
    assert russian["title"] == f"{tournament.name}: тур {n}, стол 1"
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").json()[0]
    assert english["title"] == f"{tournament.name}: round {n}, table 1"
    assert russian["id"] == english["id"]  # the codes stay
