"""Every page of the demo, in Russian, as the public, a referee, the chief and an organiser:
no raw code and no English word reaches the reader (what counts as either: demo_walk.py)."""

from __future__ import annotations

import contextlib

import pytest
from django.urls import get_resolver, resolve
from django.urls.exceptions import Resolver404

from tests.referee.demo_walk import Walk, codes, problems, read

pytestmark = pytest.mark.django_db

ROLES = {
    "public": None,
    "referee": "referee",
    "chief": "chief",
    "organiser": "organiser",
    "admin": "admin",
}
STARTS = [
    "/",
    "/t/demo/",
    "/t/demo/manage/",
    "/t/demo/register/",
    "/t/new/",
    "/ratings/",
    "/series/",
    "/registry/duplicates/",
]
#: pages the demo has nothing for: no player disputes a total; the venue's certificate needs
#: VENUE_CA_CERT (its Russian page: tests/referee/hall/test_certificate.py); the demo asks for
#: no check-in, links no private link and takes no applications (their Russian pages:
#: tournaments/test_checkin.py, test_applications.py); every table of the demo has deals, so
#: none draws its seats any more (the draw page in Russian: tables/test_seat_draw.py)
NOT_IN_DEMO = {
    "table-dispute",
    "seat-draw",
    "notices-stop",
    "notices-letters",
    "venue-certificate",
    "manage-check-in",
    "player-link",
    "tournament-join",
}
#: the URL patterns that are not pages to read: downloads, POST-only actions, the API, the
#: admin, the service worker, the login form's own address is read (it is a page)
NOT_PAGES = {
    "manage-application-decide",
    "manage-check-in-action",
    "manage-check-in-all",
    "manage-fee-action",
    "manage-payment-correct",
    "export-fees-xlsx",
    "duplicate-xlsx",
    "duplicate-csv",
    "duplicate-pdf",
    "duplicate-export",  # the board file: a download (tests/referee/duplicate/test_boardfile.py)
    "duplicate-action",
    "duplicate-retry",
    "duplicate-analysis",
    "duplicate-analysis-state",
    "export-xlsx",
    "export-csv",
    "export-pdf",
    "export-register-xlsx",
    "export-register-csv",
    "export-protocol",
    "hall-poster",
    "hall-cards",
    "check-in-badges",
    "table-case",
    "export-federation-pdf",
    "export-federation-xlsx",
    "export-results-csv",
    "export-results-json",
    "table-card",
    "logout",
    "set_language",
    "service-worker",
    "rating-recompute",
    "manage-start",
    "manage-finish",
    "manage-pair-add",
    "manage-pair-remove",
    "manage-withdraw",
    "manage-guest",
    "manage-reinstate",
    "manage-staff-name",
    "queue-discard",
    "manage-import-confirm",
    "manage-staff-revoke",
    "round-seat-next",
    "stage-playoff",
    "round-action",
    "deal-add",
    "deal-edit",
    "deal-delete",
    "deal-restore",
    "table-submit",
    "table-confirm",
    "table-reopen",
    "api-device-revoke",
    "venue-ca-file",
    "series-xlsx",
    "series-pdf",
    "export",  # the one download pattern (its wait page: tests/referee/exports/test_jobs.py)
    "export-retry",
}


def page_names() -> set[str]:
    """The names of the site's URL patterns, but the API's, the admin's and :data:`NOT_PAGES`."""
    names = set()

    def walk(patterns, prefix=""):
        for pattern in patterns:
            if hasattr(pattern, "url_patterns"):
                if getattr(pattern, "namespace", None) == "admin":
                    continue
                walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif pattern.name and not (prefix + str(pattern.pattern)).startswith("api"):
                names.add(pattern.name)

    walk(get_resolver().url_patterns)
    return names - NOT_PAGES - NOT_IN_DEMO


def open_table() -> str:
    """The address of one of the demo's open tables (its deal form), walked first."""
    from referee.tables.models import Table

    table = Table.objects.filter(round__tournament__slug="demo", status=Table.Status.OPEN).first()
    assert table is not None
    return f"/t/demo/r/{table.round.number}/t/{table.number}/"


def enrich_demo() -> None:
    """What the demo lacks for every page to show something: a warning and a yellow card in
    the register, a withdrawn player (the substitute page), a rating list computed from it."""
    from django.contrib.auth import get_user_model

    from referee.discipline.services import record_entry
    from referee.tournaments.models import Tournament
    from referee.tournaments.services import withdraw_player

    tournament = Tournament.objects.get(slug="demo")
    chief = get_user_model().objects.get(username="chief")
    first, second = tournament.entries.order_by("pk")[:2]
    record_entry(tournament.pk, first.pk, "warning", chief, rule="2.1", reason="Разговоры")
    record_entry(tournament.pk, second.pk, "yellow", chief, rule="2.3", reason="Телефон")
    withdraw_player(tournament.entries.order_by("pk").last().pk, chief, reason="Заболел")
    from referee.ratings.models import RatingList
    from referee.ratings.services.compute import recompute_list

    ratings = RatingList.objects.create(name="Рейтинг ФСПР", slug="fspr")
    ratings.tournaments.add(tournament)
    recompute_list(ratings)


def walk_as(client, login: str | None, raw: set[str]) -> tuple[dict[str, list[str]], set[str]]:
    if login:
        assert client.login(username=login, password=f"demo-{login}")
    client.cookies["django_language"] = "ru"
    found: dict[str, list[str]] = {}
    names: set[str] = set()
    walk = Walk([open_table(), *STARTS, "/accounts/login/"])
    for path in walk:
        response = client.get(path, HTTP_ACCEPT_LANGUAGE="ru")
        if response.status_code in (301, 302):
            walk.follow(path, [response["Location"]])
            continue
        if "text/html" not in response.get("Content-Type", ""):
            continue
        with contextlib.suppress(Resolver404):
            names.add(resolve(path.split("?")[0]).url_name or "")
        text, links = read(response.content.decode())
        bad = problems(text, raw, logins=ROLES.values())
        if bad:
            found[f"{response.status_code} {path}"] = bad
        walk.follow(path, links)
    walk_as.visited = len(walk.seen)  # type: ignore[attr-defined]
    return found, names


@pytest.mark.slow
def test_every_page_of_the_demo_in_russian_has_no_raw_code_and_no_english(demo, settings):
    settings.LANGUAGE_CODE = "ru"
    enrich_demo()
    from django.test import Client

    raw = codes()
    assert {
        "ruling",
        "warning",
        "settle_as_is",
        "case.not_number",
        "kodex-3.4.4",
    } <= raw  # the notion is live
    everything: dict[str, list[str]] = {}
    reached: set[str] = set()
    for role, login in ROLES.items():
        found, names = walk_as(Client(), login, raw)
        everything |= {f"{role}: {page}": bad for page, bad in found.items()}
        reached |= names
    assert everything == {}
    assert page_names() - reached == set()


def test_the_check_finds_a_raw_code_and_english_and_passes_russian():
    raw = codes()
    text, _links = read(
        "<html><head><style>p {color: red}</style><title>Журнал</title></head><body>"
        "<select><option>ruling</option></select><p>Вид: warning</p>"
        '<button aria-label="Close">×</button><p>Поле «name»: rating below zero</p>'
        "<script>var x = 'english';</script><p>Скачать PDF, см. /t/demo/, chief</p>"
        "<p>Отказ: case.not_number (kodex-3.4.4)</p><p>Столбцы <code>name, city</code></p>"
        "</body></html>"
    )
    found = problems(text, raw, logins=["chief"])
    assert [f.split(" in ")[0] for f in found] == [
        "raw code 'ruling'",
        "raw code 'warning'",
        "English 'Close'",
        "English 'name'",
        "raw code 'rating'",  # a stage's seeding into groups is stored as ``rating``
        "English 'below'",
        "English 'zero'",
        "raw code 'case.not_number'",
        "raw code 'kodex-3.4.4'",
    ]
    assert problems("Раздача 4 из 20: ремиз на 2, висты 40; PDF, QR, 390px", raw) == []


@pytest.mark.parametrize(
    "deals, minutes, words",
    [
        (1, 1, "1 раздача, 1 мин"),
        (4, 40, "4 раздачи, 40 мин"),
        (5, 90, "5 раздач, 90 мин"),
        (21, 120, "21 раздача, 120 мин"),
        (12, 0, "12 раздач"),
    ],
)
def test_the_start_summary_counts_deals_in_russian_plural_forms(deals, minutes, words):
    from django.utils import translation

    from referee.tournaments.confirmations import start_summary

    from .factories import TournamentFactory

    tournament = TournamentFactory(pool_size=None, deal_cap=deals, time_limit_minutes=minutes)
    with translation.override("ru"):
        facts = dict(start_summary(tournament).facts)
    assert facts["Продолжительность тура"] == words


def test_the_register_names_kinds_rules_and_rulings_in_russian():
    from django.utils import translation

    from referee.discipline.register import kind_label, rule_label, ruling_kind_label

    with translation.override("ru"):
        assert [kind_label(k) for k in ("ruling", "warning", "yellow")] == [
            "решение судьи",
            "предупреждение",
            "жёлтая карточка",
        ]
        assert rule_label("kodex-3.4.4").startswith("3.4.4 ")
        assert rule_label("kodex-9.9") == "9.9" and rule_label("2.1") == "2.1"
        assert ruling_kind_label("talon_peeking") == "подсмотр прикупа"


def test_the_pages_a_post_shows_speak_russian_too(demo, settings):
    """The start summary, an import preview with refused rows, a registration refused at its
    rating and a refused register entry: pages no link leads to."""
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client

    settings.LANGUAGE_CODE = "ru"
    client = Client()
    assert client.login(username="chief", password="demo-chief")
    listing = "ФИО;Город;Клуб;Рейтинг\nВера Дроздова;Казань;;-5\nОлег Носов;Москва;;много\n"
    listing += f"Павел Рябов;Самара;{'К' * 101};1e9\nНина Осипова;Тула;;1500\n"
    pages = {
        "start": client.post("/t/demo/manage/start/"),
        "import": client.post(
            "/t/demo/manage/import/",
            {"file": SimpleUploadedFile("list.csv", listing.encode())},
        ),
        "register a player": client.post(
            "/t/demo/manage/players/", {"name": "Яна Новая", "rating": "-3"}
        ),
        "record an entry": client.post(
            "/t/demo/register/", {"section": "entry", "kind": "warning"}
        ),
    }
    raw = codes()
    found = {}
    for name, response in pages.items():
        assert response.status_code == 200, name
        text = read(response.content.decode())[0]
        found[name] = problems(text, raw, logins=ROLES.values())
    assert found == {name: [] for name in pages}
    assert "Рейтинг -5 меньше нуля." in pages["import"].content.decode()
    assert "Рейтинг не может быть меньше нуля." in pages["register a player"].content.decode()
    assert "150 мин" in pages["start"].content.decode()  # the demo's round: 150 minutes
