"""What a person trips over (issue 30, points 6-11), met in a real browser: each test walks
the step as a person does and fails on the trap it guards. Screenshots in ``artifacts/``."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from referee.accounts.models import Role
from referee.core.permissions import is_chief
from referee.demo.loader import generate_tournament
from referee.seating import services as seating
from referee.standings.models import StandingsSettings
from referee.tournaments import applications, checkin
from referee.tournaments.models import Player, Round, Tournament
from tests.referee.factories import (
    PlayerFactory,
    RegistrationFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
)

from .helpers import log_in, no_sideways_scroll, too_wide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def _page(browser, width=1366, height=768, locale="ru-RU"):
    context = browser.new_context(locale=locale, viewport={"width": width, "height": height})
    return context, context.new_page()


# -- 6. adding a referee -------------------------------------------------------------------


def test_adding_a_referee_as_the_form_comes_makes_a_referee_and_a_chief_is_confirmed(
    live_server, browser, shots
):
    chief = UserFactory(username="org")
    tournament = TournamentFactory(chief_referee=chief)
    context, page = _page(browser)
    log_in(page, live_server.url, "org", "pass", f"/t/{tournament.slug}/manage/staff/")
    page.fill('form.narrow input[name="username"]', "marina")
    page.fill('form.narrow input[name="password"]', "Sochi-2026!")
    page.locator("main form.narrow button.primary").click()
    page.wait_for_load_state()
    page.screenshot(path=str(shots / "trips-6-referee-added.png"), full_page=True)
    marina = get_user_model().objects.get(username="marina")
    assert Role.objects.get(user=marina).kind == Role.Kind.REFEREE
    assert not is_chief(marina, tournament)

    # a chief referee is named on purpose: the choice, then a page that says what he may do
    page.fill('form.narrow input[name="username"]', "oleg")
    page.fill('form.narrow input[name="password"]', "Tula-2026!")
    page.select_option('select[name="kind"]', "chief")
    page.locator("main form.narrow button.primary").click()
    page.wait_for_load_state()
    page.screenshot(path=str(shots / "trips-6-chief-asked.png"), full_page=True)
    assert page.locator("section.confirm").count() == 1
    assert not get_user_model().objects.filter(username="oleg").exists()
    page.locator("section.confirm button.danger").click()
    page.wait_for_load_state()
    assert Role.objects.get(user__username="oleg").kind == Role.Kind.CHIEF
    context.close()


# -- 11. check-in and finishing ------------------------------------------------------------


def test_all_present_is_one_click_and_a_finished_tournament_asks_first_and_offers_no_more(
    live_server, browser, shots
):
    chief = UserFactory(username="org")
    tournament = TournamentFactory(chief_referee=chief, check_in=True, published=True)
    entries = [RegistrationFactory(tournament=tournament) for _ in range(13)]
    context, page = _page(browser)
    base = f"{live_server.url}/t/{tournament.slug}/manage"
    log_in(page, live_server.url, "org", "pass", f"/t/{tournament.slug}/manage/check-in/")
    page.get_by_role("button", name="Все на месте").click()
    page.wait_for_load_state()
    page.screenshot(path=str(shots / "trips-11-all-present.png"), full_page=True)
    assert checkin.present_for(tournament, 1)[0] == {e.pk for e in entries}
    assert page.get_by_role("button", name="Все на месте").count() == 0  # nobody left

    RoundFactory(tournament=tournament, number=1, status=Round.Status.FINISHED)
    page.goto(f"{base}/")
    page.get_by_role("button", name="Завершить турнир").click()
    page.wait_for_load_state()
    page.screenshot(path=str(shots / "trips-11-finish-asked.png"), full_page=True)
    assert page.locator("section.confirm").count() == 1
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    page.locator("section.confirm button.danger").click()
    page.wait_for_load_state()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED
    assert page.get_by_role("button", name="Рассадить тур 2").count() == 0
    page.goto(f"{base}/check-in/")
    page.screenshot(path=str(shots / "trips-11-finished-check-in.png"), full_page=True)
    assert page.get_by_role("button", name="Присутствует").count() == 0
    assert page.get_by_role("button", name="Все на месте").count() == 0
    context.close()


# -- 8. self-registration ------------------------------------------------------------------


def test_the_applications_page_warns_of_a_dead_join_link_and_asks_before_the_cap(
    live_server, browser, shots
):
    chief = UserFactory(username="org")
    tournament = TournamentFactory(chief_referee=chief, published=False)
    applications.open_registration(tournament.pk, chief, open=True, cap=1)
    RegistrationFactory(tournament=tournament)
    context, page = _page(browser)
    log_in(page, live_server.url, "org", "pass", f"/t/{tournament.slug}/manage/applications/")
    page.screenshot(path=str(shots / "trips-8-unpublished.png"), full_page=True)
    warning = page.locator(".publish-warning")
    assert warning.count() == 1
    warning.get_by_role("button").click()
    page.wait_for_load_state()
    assert page.locator(".publish-warning").count() == 0
    visitor = browser.new_context(locale="ru-RU").new_page()
    joined = visitor.goto(f"{live_server.url}/t/{tournament.slug}/join/")
    assert joined.status == 200
    visitor.fill('input[name="name"]', "Пётр Семёнов")
    visitor.fill('input[name="city"]', "Тула")
    visitor.fill('input[name="contact"]', "+7 900 000-00-00")
    visitor.locator("main form button").last.click()
    visitor.wait_for_load_state()
    visitor.context.close()

    page.reload()
    page.get_by_role("button", name="Одобрить").click()
    page.wait_for_load_state()
    page.screenshot(path=str(shots / "trips-8-over-the-cap.png"), full_page=True)
    assert page.locator("section.confirm").count() == 1
    assert tournament.entries.count() == 1
    page.locator("section.confirm button.primary").click()
    page.wait_for_load_state()
    assert tournament.entries.count() == 2
    context.close()


# -- 9. phones and print -------------------------------------------------------------------

LONG_NAMES = [
    "Константинопольская Александра",
    "Верхнеднепровский Вячеслав",
    "Преображенская Елизавета",
    "Иванов Иван",
]


def test_the_finder_without_a_script_shows_every_name_of_its_page_at_1024x768(
    live_server, browser, shots
):
    cup = generate_tournament(22, 2, slug="hall", deals_per_table=2)
    Tournament.objects.filter(pk=cup.pk).update(published=True, status="running")
    StandingsSettings.objects.create(tournament=cup, published_through=2)
    chief = UserFactory(username="hall-chief")
    Tournament.objects.filter(pk=cup.pk).update(chief_referee=chief)
    for i, player in enumerate(Player.objects.filter(entries__tournament=cup).order_by("pk")):
        player.name = f"{LONG_NAMES[i % 4]} {i}"
        player.save()
    seating.seat_next_round(cup.pk, chief, "swiss", 3)
    width, height = 1024, 768
    context = browser.new_context(
        locale="ru-RU", viewport={"width": width, "height": height}, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{cup.slug}/standings/screen/?page=1&part=seating")
    page.screenshot(path=str(shots / "trips-9-finder-1024x768.png"))
    rows = page.locator("[data-row]")
    assert rows.count() == 22
    shown = 0
    for i in range(rows.count()):
        box = rows.nth(i).bounding_box()
        where = rows.nth(i).locator(".where").bounding_box()
        if (
            box
            and where
            and box["y"] + box["height"] <= height + 1
            and where["x"] + where["width"] <= width
        ):
            shown += 1
    assert shown == 22
    context.close()


def test_one_long_unbroken_name_keeps_the_points_on_a_phone(live_server, browser, shots):
    cup = generate_tournament(9, 2, slug="phone", deals_per_table=2)
    Tournament.objects.filter(pk=cup.pk).update(published=True, status="running")
    StandingsSettings.objects.create(tournament=cup, published_through=2)
    player = Player.objects.filter(entries__tournament=cup).order_by("pk").first()
    player.name = "Константинопольскаяпреображенскаяверхнеднепровская"
    player.save()
    context, page = _page(browser, 390, 844)
    page.goto(f"{live_server.url}/t/{cup.slug}/standings/")
    page.screenshot(path=str(shots / "trips-9-long-name-390.png"), full_page=True)
    assert no_sideways_scroll(page), too_wide(page)
    table = page.locator("table.standings").bounding_box()
    assert table and table["x"] + table["width"] <= 390
    context.close()


# -- 10. Russian ---------------------------------------------------------------------------


def test_the_organiser_reads_a_title_ye_sorted_players_and_one_date_style(
    live_server, browser, shots
):
    chief = UserFactory(username="org")
    tournament = TournamentFactory(chief_referee=chief, published=True)
    for name in ("Ельцов Олег", "Ёлкина Анна", "Ежова Мария"):
        RegistrationFactory(tournament=tournament, player=PlayerFactory(name=name))
    context, page = _page(browser)
    log_in(page, live_server.url, "org", "pass", f"/t/{tournament.slug}/manage/settings/")
    assert page.locator('label[for="id_name"]').inner_text().startswith("Название")
    page.goto(f"{live_server.url}/t/{tournament.slug}/manage/players/")
    page.screenshot(path=str(shots / "trips-10-players.png"), full_page=True)
    names = [n for n in page.locator("main table").first.inner_text().split("\n") if "Е" in n]
    order = [n for want in ("Ежова", "Ёлкина", "Ельцов") for n in names if want in n]
    assert [names.index(n) for n in order] == sorted(names.index(n) for n in order)
    page.goto(f"{live_server.url}/t/{tournament.slug}/")
    assert "28 ноября 2026" in page.locator("main").inner_text()
    assert "г." not in page.locator("main p.muted").first.inner_text()
    context.close()
