"""The entry fees in a real browser, in Russian, on a 1024×768 laptop and a 390×844 phone
(issue 34 point 5): the public form with its category and the fees above it, refused by the
rating rule; the chief's check-in page marking paid and unpaid; the fees page with its
payments, its report and the rules' form, a payment recorded by its button. Each page: axe-core
finds no serious violation, it does not scroll sideways, no raw code or English word is shown,
and a full-page screenshot goes to ``artifacts/fees-<page>-<size>.png`` to be looked at."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache
from django.urls import reverse

from referee.accounts.models import Role
from referee.admission import payments, services
from referee.admission.models import Payment
from referee.ratings.models import PlayerRating, RatingList
from referee.tournaments import applications
from referee.tournaments.models import Player, Registration
from tests.referee.demo_walk import codes, problems, read
from tests.referee.factories import TournamentFactory, UserFactory

from .helpers import axe_problems, log_in, no_sideways_scroll, too_wide

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = [
    ("Пётр Семёнов", "Тула", "Взрослые"),
    ("Вера Дроздова", "Казань", "Юниоры"),
    ("Борис Гладков", "Москва", "Ветераны"),
    ("Нина Орлова", "Тверь", "Взрослые"),
    ("Глеб Самойлов", "Рязань", "Юниоры"),
]


def fees_cup() -> tuple[Any, Any]:
    tournament = TournamentFactory(
        name="Кубок Тулы", slug="tula-cup", published=True, status="draft", check_in=True
    )
    chief = UserFactory(username="chief", first_name="Игорь", last_name="Судейкин")
    Role.objects.create(tournament=tournament, user=chief, kind=Role.Kind.CHIEF)
    chief = type(chief).objects.get(pk=chief.pk)
    listed = RatingList.objects.create(name="ФСПР-2026", slug="fspr-2026")
    rules = {
        "rating_list": listed.pk,
        "rating_min": "1400",
        "fees": "Взрослые: 2000\nЮниоры: 1000\nВетераны: 1500",
        "currency": "₽",
    }
    services.set_rules(tournament.pk, chief, rules)
    for i, (name, city, category) in enumerate(NAMES):
        player = Player.objects.create(name=name, city=city)
        PlayerRating.objects.create(rating_list=listed, player=player, rating=1500 + i)
        entry = Registration.objects.create(tournament=tournament, player=player)
        services.set_category(entry.pk, chief, category)
        if i == 0:
            payments.record_payment(entry.pk, chief, "2000", "cash", note="у стола")
        if i == 1:
            payments.record_payment(entry.pk, chief, "500", "transfer")
        if i == 2:
            payments.allow_unpaid(entry.pk, chief, True, "заплатит в перерыве")
    weak = Player.objects.create(name="Иван Слабов", city="Тула", federation_id="F-13")
    PlayerRating.objects.create(rating_list=listed, player=weak, rating=1320)
    applications.open_registration(tournament.pk, chief, open=True)
    return tournament, chief


def look(page: Any, name: str, size: str, shots, raw: set[str], found: dict) -> None:
    page.wait_for_load_state()
    page.screenshot(path=str(shots / f"fees-{name}-{size}.png"), full_page=True)
    bad = problems(read(page.content())[0], raw, logins=["chief"])
    if not no_sideways_scroll(page):
        bad.append(f"scrolls sideways: {too_wide(page)}")
    bad += axe_problems(page)
    if bad:
        found[name] = bad


@pytest.mark.parametrize(("width", "height"), [(1024, 768), (390, 844)])
def test_the_fees_pages_in_russian_pass_axe_and_fit_the_screen(
    live_server, browser, shots, width, height
):
    cache.clear()
    tournament, _chief = fees_cup()
    raw = codes()
    size = f"{width}x{height}"
    base = live_server.url
    context = browser.new_context(locale="ru-RU", viewport={"width": width, "height": height})
    page = context.new_page()
    found: dict[str, list[str]] = {}

    page.goto(base + reverse("tournament-join", args=[tournament.slug]))
    look(page, "join", size, shots, raw, found)
    assert "Взрослые 2000 ₽" in page.locator("ul.entry-terms").inner_text()
    page.fill('input[name="name"]', "Иван Слабов")
    page.fill('input[name="city"]', "Тула")
    page.fill('input[name="rating_number"]', "F-13")
    page.fill('input[name="contact"]', "+7 915 123-45-67")
    page.select_option('select[name="category"]', "Взрослые")
    page.locator("main form button.primary").click()
    look(page, "join-refused", size, shots, raw, found)
    assert "рейтинг 1320 ниже допуска 1400 по списку ФСПР-2026" in page.content()

    log_in(page, base, "chief", "pass")
    page.goto(base + reverse("manage-check-in", args=[tournament.slug]))
    look(page, "check-in", size, shots, raw, found)
    assert page.locator("span.fee.unpaid").count() == 3  # 500 of 2000, and two unpaid
    assert page.locator("span.fee.paid").count() == 2  # paid, and the chief's leave

    page.goto(base + reverse("manage-fees", args=[tournament.slug]))
    look(page, "fees", size, shots, raw, found)
    row = page.locator("tr", has_text="Нина Орлова")
    row.locator('button[value="pay"]').click()  # the amount offered: the 2000 he owes
    page.wait_for_load_state()
    assert Payment.objects.filter(registration__player__name="Нина Орлова").get().amount == 2000
    look(page, "fees-paid", size, shots, raw, found)
    context.close()
    assert found == {}
