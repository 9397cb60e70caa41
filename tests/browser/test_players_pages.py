"""The players' pages of issue 22 in a real browser, in Russian, on a 1366×768 laptop and a
390×844 phone: the registry profile and head to head, the series list and a series' standings
with its dropped results, the self-registration form (open, refused at its fields, the waiting
list, closed), the private link before the seating and after it with the check-in open, the
chief's check-in and applications pages, and the standings and stages pages of a tournament
with a cut ("can I still qualify"). Each page: axe-core finds no serious violation, the page
does not scroll sideways, no raw code or English word is shown (tests/referee/demo_walk.py),
and a full-page screenshot goes to ``artifacts/players-<page>-<size>.png`` to be looked at.
On the phone the check-in buttons are big enough to tap (44 px high at least)."""

from __future__ import annotations

import datetime
from typing import Any

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.urls import reverse
from django.utils import timezone

from referee.accounts.models import Role
from referee.standings.models import StandingsSettings
from referee.tables.models import Seat
from referee.tournaments import applications, checkin
from referee.tournaments.models import Player, Registration, Round, Stage, Tournament
from tests.referee.demo_walk import codes, problems, read
from tests.referee.factories import RegistrationFactory, TournamentFactory, table_of
from tests.referee.standings.test_qualification import DEAL

from .helpers import axe_problems, log_in, no_sideways_scroll, too_wide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [
    ("Пётр Семёнов", "Тула"),
    ("Вера Дроздова", "Казань"),
    ("Борис Гладков", "Москва"),
    ("Нина Орлова", "Тверь"),
    ("Глеб Самойлов", "Рязань"),
    ("Дарья Климова", "Москва"),
    ("Фёдор Лаптев", "Калуга"),
    ("Ольга Зуева", "Владимир"),
]
#: a tap target on the phone: Apple's 44 pt, WCAG 2.5.5's 44 CSS px
TAP = 44


def players(tournament: Tournament, count: int, start: int = 0) -> list[Registration]:
    return [
        RegistrationFactory(
            tournament=tournament, player=Player.objects.create(name=name, city=city)
        )
        for name, city in NAMES[start : start + count]
    ]


def chief_of(tournament: Tournament, chief: Any) -> Any:
    """``chief`` made the tournament's chief, fetched again (a user keeps his roles)."""
    Role.objects.create(tournament=tournament, user=chief, kind=Role.Kind.CHIEF)
    return type(chief).objects.get(pk=chief.pk)


def link(entry: Registration) -> str:
    entry = Registration.objects.select_related("tournament").get(pk=entry.pk)
    return reverse("player-link", args=[entry.tournament.slug, entry.pk, checkin.link_key(entry)])


def registration_cup(chief: Any) -> Tournament:
    """Open for applications until a week from now, 3 players at most: 2 registered and one
    application pending, so the next one goes to the waiting list; the organiser's page has
    one of each status, one matching a registry player."""
    tournament = TournamentFactory(
        name="Открытый кубок Твери", slug="tver-open", published=True, status="draft"
    )
    chief = chief_of(tournament, chief)
    players(tournament, 2)
    closes = timezone.now() + datetime.timedelta(days=7)
    applications.open_registration(tournament.pk, chief, open=True, cap=3, closes=closes)
    sent = [
        applications.apply(
            tournament.pk,
            {"name": name, "city": city, "contact": f"+7 900 000-00-0{n}", "rating_number": ""},
        )
        for n, (name, city) in enumerate(
            [("Нина Орлова", "Тверь"), ("Глеб Самойлов", "Рязань"), ("Фёдор Лаптев", "Калуга")]
        )
    ]
    Player.objects.create(name="Дарья Климова", city="Москва")  # the registry knows her
    applications.apply(
        tournament.pk,
        {
            "name": "Дарья Климова",
            "city": "Москва",
            "contact": "klimova@example.ru",
            "rating_number": "F-1024",
        },
    )
    applications.decide(sent[0].pk, chief, approve=True)
    applications.decide(sent[1].pk, chief, approve=False)
    return tournament


def check_in_cup(chief: Any) -> tuple[Tournament, Registration]:
    """Asks for check-in, round 1 not seated: one marked present by the chief, one by his
    link, one absent with a reason, the others not yet."""
    tournament = TournamentFactory(
        name="Кубок клуба «Пуля»", slug="pulya-cup", published=True, check_in=True
    )
    chief = chief_of(tournament, chief)
    entries = players(tournament, 8)
    checkin.mark(entries[0].pk, True, chief)
    key = link(entries[1]).rstrip("/").rsplit("/", 1)[1]
    checkin.mark(entries[1].pk, True, key=key)
    checkin.mark(entries[2].pk, False, chief, "в пути, будет к третьему туру")
    return tournament, entries[1]


def cut_cup(chief: Any) -> tuple[Tournament, Registration]:
    """The qualification's tournament (tests/referee/standings/test_qualification.py): six
    players, the qualifying stage's only round played at two tables, a final for the best 3;
    it asks for check-in, open for round 2 since round 1 is finished."""
    tournament = TournamentFactory(
        name="Чемпионат области", slug="oblast", convention="sochi", published=True, check_in=True
    )
    chief = chief_of(tournament, chief)
    StandingsSettings.objects.create(
        tournament=tournament, method="placement_points", published_through=1
    )
    first = Stage.objects.create(tournament=tournament, number=1, name="Отбор", rounds_planned=1)
    Stage.objects.create(
        tournament=tournament, number=2, name="Финал", rounds_planned=1, entry="top", entry_count=3
    )
    round_ = Round.objects.create(
        tournament=tournament, number=1, status=Round.Status.FINISHED, stage=first
    )
    entries = players(tournament, 6)
    table_of(round_, 1, entries[:3], [DEAL])
    table_of(round_, 2, entries[3:], [DEAL])
    return tournament, entries[1]


def demo_pair() -> tuple[int, int]:
    """A player of both demo tournaments (his series result drops one) and one he met."""
    autumn = Tournament.objects.get(slug="demo-autumn")
    demo = Tournament.objects.get(slug="demo")
    both = set(autumn.entries.values_list("player", flat=True)) & set(
        demo.entries.values_list("player", flat=True)
    )
    seat = Seat.objects.filter(
        table__round__tournament=autumn, registration__player__in=both
    ).first()
    assert seat is not None
    other = seat.table.seats.exclude(pk=seat.pk).first()
    assert other is not None
    return seat.registration.player_id, other.registration.player_id


def pages() -> tuple[list[tuple[str, str]], list[tuple[str, str]], dict[str, Any]]:
    """The public pages and the chief's (name, address), and what the form steps need."""
    call_command("load_demo")
    from django.contrib.auth import get_user_model

    chief = get_user_model().objects.get(username="chief")
    player, other = demo_pair()
    join = registration_cup(chief)
    closed = TournamentFactory(name="Мемориал Ланцова", slug="lantsov", published=True)
    waiting, early = check_in_cup(chief)
    cut, seated = cut_cup(chief)
    public = [
        ("profile", f"/players/{player}/"),
        ("versus", f"/players/{player}/vs/{other}/"),
        ("series-list", "/series/"),
        ("series", "/series/season-2026/"),
        ("join", reverse("tournament-join", args=[join.slug])),
        ("join-closed", reverse("tournament-join", args=[closed.slug])),
        ("link-before", link(early)),
        ("link-after", link(seated)),
        ("standings-cut", reverse("standings", args=[cut.slug])),
        ("stages-cut", reverse("stage-places", args=[cut.slug])),
    ]
    manage = [
        ("check-in", reverse("manage-check-in", args=[waiting.slug])),
        ("check-in-after", reverse("manage-check-in", args=[cut.slug])),
        ("applications", reverse("manage-applications", args=[join.slug])),
    ]
    return public, manage, {"join": public[4][1]}


def look(page: Any, name: str, size: str, shots, raw: set[str], found: dict) -> None:
    page.wait_for_load_state()
    page.screenshot(path=str(shots / f"players-{name}-{size}.png"), full_page=True)
    bad = problems(read(page.content())[0], raw, logins=["chief"])
    if not no_sideways_scroll(page):
        bad.append(f"scrolls sideways: {too_wide(page)}")
    bad += axe_problems(page)
    if bad:
        found[name] = bad


def cup_note(page: Any, phone: bool) -> list[str]:
    """The cup's footnote says where a struck-out result's reason is: beside it where the
    reasons show, the rules above the table where a phone hides them."""
    shown = page.locator("table.series .why").first.is_visible()
    note = page.locator("p.cup-note").inner_text().strip()
    if shown == phone or ("рядом" in note) != shown:
        return [f"reasons shown: {shown}, the footnote: {note}"]
    return []


def short_buttons(page: Any, selector: str) -> list[str]:
    boxes = page.eval_on_selector_all(
        selector,
        "els => els.map(e => [e.textContent.trim(), e.getBoundingClientRect().height])",
    )
    assert boxes, selector
    return [f"{text}: {height:.0f}px" for text, height in boxes if height < TAP]


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (1024, 768), (390, 844)])
def test_the_players_pages_in_russian_pass_axe_and_fit_the_screen(
    live_server, browser, shots, width, height
):
    cache.clear()  # the flood guard counts the applications of an address there
    public, manage, steps = pages()
    raw = codes()
    size = f"{width}x{height}"
    phone = width < 600
    base = live_server.url
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
    page = context.new_page()
    found: dict[str, list[str]] = {}
    for name, path in public:
        response = page.goto(base + path)
        assert response is not None and response.status == 200, path
        look(page, name, size, shots, raw, found)
        if name == "series" and (wrong := cup_note(page, phone)):
            found.setdefault(name, []).extend(wrong)
        tap = phone and name in ("link-before", "link-after")
        if tap and (short := short_buttons(page, "#check-title ~ form button")):
            found.setdefault(name, []).append(f"buttons too small to tap: {short}")

    # the form sent without the browser's own check: the site's refusals at the fields
    page.goto(base + steps["join"])
    page.evaluate("document.querySelector('main form').noValidate = true")
    page.fill('input[name="city"]', "Тверь")
    page.locator("main form button.primary").click()
    look(page, "join-refused", size, shots, raw, found)
    assert page.locator(".errorlist").count() == 2  # the name and the contact
    page.fill('input[name="name"]', "Зоя Круглова")
    page.fill('input[name="contact"]', "+7 915 123-45-67")
    page.locator("main form button.primary").click()
    look(page, "join-waiting", size, shots, raw, found)
    assert page.locator("p.notice[role=status]").count() == 1

    log_in(page, base, "chief", "demo-chief")
    for name, path in manage:
        response = page.goto(base + path)
        assert response is not None and response.status == 200, path
        look(page, name, size, shots, raw, found)
    if phone:
        page.goto(base + manage[0][1])
        if short := short_buttons(page, "table.check-in button"):
            found.setdefault("check-in", []).append(f"buttons too small to tap: {short[:4]}")
    context.close()
    assert found == {}
