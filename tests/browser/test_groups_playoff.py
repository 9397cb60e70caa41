"""Two groups, a crossover and a final, with a tie at the cut broken by a play-off game, run
on the pages (issue 34 point 3) in Russian at 1024×768: the organiser creates the tournament,
imports twelve players, declares the three stages on the Format page (after a refusal), seats
and finishes every round from the pages' own buttons; the stages page shows the groups and the
tie at the cut (places 3–6 of each group: ``tests/referee/format/test_groups.py`` works it
out), seats the play-off game from its form, then says nobody is tied; the crossover and the
final follow, and the final places list the finalists first. The referees' deals go in through
the services, as in the organiser's path. No page scrolls sideways, axe-core finds nothing.
Screenshots ``artifacts/groups-*.png``."""

from __future__ import annotations

import re

import openpyxl
import pytest

from referee.tables import services as tables
from referee.tables.agreements import sign_off
from referee.tables.models import Table
from referee.tournaments.models import Round, Stage, Tournament
from tests.referee.factories import referee_of

from .helpers import axe_problems, log_in, no_sideways_scroll, too_wide
from .test_organiser_path import Walk, _organiser

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SIZE = {"width": 1024, "height": 768}
NAMES = [
    ("Абрамов", "Антон"), ("Борисов", "Борис"), ("Волков", "Виктор"), ("Глебов", "Глеб"),
    ("Денисов", "Денис"), ("Егоров", "Егор"), ("Жуков", "Жан"), ("Зайцев", "Захар"),
    ("Ильин", "Илья"), ("Климов", "Кирилл"), ("Львов", "Лев"), ("Миронов", "Марк"),
]  # fmt: skip
ROWS = {
    0: ("Группы", "1", "random", "all", "all", "", "2", "snake"),
    1: ("Кросс", "1", "random", "none", "crossover", "3", "", ""),
    2: ("Финал", "1", "playoff", "none", "group_top", "2", "", ""),
}


class Hands(Walk):
    """The organiser's hands at 1024×768 only."""

    def shot(self, name: str) -> None:
        self.page.screenshot(path=str(self.shots / f"groups-{name}.png"), full_page=True)
        if not no_sideways_scroll(self.page):
            self.problems[f"{name}-wide"] = too_wide(self.page)
        found = axe_problems(self.page)
        if found:
            self.problems[name] = found


def _xlsx(tmp_path):
    book = openpyxl.Workbook()
    book.active.append(["Фамилия", "Имя", "Город"])
    for last, first in NAMES:
        book.active.append([last, first, "Тула"])
    path = tmp_path / "twelve.xlsx"
    book.save(path)
    return path


def _deal(table: Table, winner_seat: int) -> dict:
    """A pass-pass 6♠ won by the player in ``winner_seat`` (1-based), the defenders passing.
    At a table of 4 the dealer is the table's next in turn (the first deal: the first dealer)
    and sits out; the winner is then the player after him, whatever ``winner_seat`` says."""
    seats = list(table.seats.order_by("position"))
    letters = "ABCD"[: len(seats)]
    if len(seats) == 4:
        dealer = next(i for i, s in enumerate(seats) if s.first_dealer)
        others = [letters[(dealer + k) % 4] for k in (1, 2, 3)]
        declarer, defenders = others[0], others[1:]
        extra = {"dealer": letters[dealer]}
    else:
        declarer = letters[winner_seat - 1]
        defenders = [x for x in letters if x != declarer]
        extra = {}
    return {
        **extra,
        "type": "game",
        "declarer": declarer,
        "contract": {"level": 6, "strain": "S"},
        "defence": [
            {"player": defenders[0], "call": "pass", "order": 1},
            {"player": defenders[1], "call": "pass", "order": 2},
        ],
        "play": "none",
    }


def _play(tournament: Tournament, number: int, winners: int = 1) -> None:
    """The referees' part: ``winners`` deals a table (won by seats 1, 2), signed off, locked."""
    referee = referee_of(tournament, name=f"ref{number}")
    for table in Table.objects.filter(round__tournament=tournament, round__number=number):
        for seat in range(1, winners + 1):
            tables.record_deal(table.pk, _deal(table, seat), referee)
        sign_off(table.pk, referee, {})
        assert Table.objects.get(pk=table.pk).status == Table.Status.LOCKED


def _confirm(walk: Walk, page, form: str, what: str, number: int) -> None:
    walk.click(f'form[action$="{form}"] button', what)
    walk.click("section.confirm button.big", f"{what} (confirmed)")
    page.wait_for_url(re.compile(rf"/rounds/{number}/$"))


def _seat_and_start(walk: Walk, page, number: int) -> None:
    walk.fill('form.seat-next input[name="seed"]', str(number), "the draw's seed")
    walk.click("form.seat-next button.primary", f"Seat round {number}")
    page.wait_for_url(re.compile(rf"/rounds/{number}/$"))
    _confirm(walk, page, f"/rounds/{number}/start/", "Start the round", number)


def _finish(walk: Walk, page, number: int) -> None:
    walk.click(f'a[href$="/manage/rounds/{number}/dashboard/"]', "Round dashboard")
    _confirm(walk, page, f"/rounds/{number}/finish/", "Finish the round", number)


def _stages_page(walk: Walk, slug: str) -> None:
    walk.click(f'header.top a[href$="/t/{slug}/"]', "the tournament's page")
    walk.click(f'main a[href$="/t/{slug}/standings/"]', "Standings")
    walk.click('a[href$="/stages/"]', "Final places")


def _overview(walk: Walk, slug: str) -> None:
    walk.click(f'header.top a[href$="/t/{slug}/"]', "the tournament's page")
    walk.click('nav.manage-nav a[href$="/manage/"]', "Overview")


def _fill_stages(walk: Walk, page, crossed: str) -> None:
    fields = ("name", "rounds_planned", "method", "carry_over", "entry", "entry_count")
    fields += ("groups", "seeding")
    for row, values in ROWS.items():
        for field, value in zip(fields, values, strict=True):
            selector = f"#id_stages-{row}-{field}"
            if field == "entry_count" and row == 1:
                value = crossed
            if not value:
                continue
            if field in ("method", "carry_over", "entry", "seeding"):
                page.select_option(selector, value)
                walk.actions.append(f"stage {row + 1}'s {field}")
            else:
                walk.fill(selector, value, f"stage {row + 1}'s {field}")


def test_groups_a_play_off_at_the_cut_a_crossover_and_a_final_on_the_pages(
    live_server, browser, shots, tmp_path
):
    _organiser()
    context = browser.new_context(locale="ru-RU", viewport=SIZE)
    page = context.new_page()
    walk = Hands(page, shots)
    log_in(page, live_server.url, "org", "org-pass", "/t/new/")
    page.wait_for_url(re.compile(r"/t/new/$"))
    walk.fill("#id_name", "Кубок групп", "the tournament's name")
    page.select_option("#id_table_size", "3")
    walk.actions.append("tables of 3")
    walk.click("form.wizard button.primary", "Create")
    page.wait_for_url(re.compile(r"/manage/$"))
    tournament = Tournament.objects.get(name="Кубок групп")
    assert tournament.table_size == 3
    slug = tournament.slug
    walk.click('#next-step a[href$="/manage/import/"]', "Import a list (next step)")
    walk.upload('input[type="file"]', _xlsx(tmp_path), "choose the workbook")
    walk.click("main form button.primary, main form button", "Upload")
    walk.click('form[action$="/import/confirm/"] button.primary', "Import the valid rows")
    page.wait_for_url(re.compile(r"/manage/players/$"))
    assert tournament.entries.count() == 12

    # -- the format: a crossover of 2 is refused at its row; of 3 it is saved ----------------
    walk.click('nav.manage-nav a[href$="/manage/format/"]', "Format")
    _fill_stages(walk, page, crossed="2")
    walk.click('form:has(input[name="section"][value="stages"]) button', "Save the stages")
    summary = page.locator("#error-summary")
    assert summary.is_visible() and summary.bounding_box()["y"] < 768
    assert "крест-накрест" in summary.text_content()
    assert page.evaluate("document.activeElement.id") == "id_stages-1-entry_count"
    walk.shot("00-refused")
    walk.fill("#id_stages-1-entry_count", "3", "the crossover's N, corrected")
    walk.click('form:has(input[name="section"][value="stages"]) button', "Save the stages")
    assert page.locator("#error-summary").count() == 0
    saved = list(tournament.stages.values_list("name", "groups", "entry", "entry_count"))
    assert saved == [
        ("Группы", 2, "all", None),
        ("Кросс", 2, "crossover", 3),
        ("Финал", 1, "group_top", 2),
    ]
    walk.shot("01-format")

    # -- start; round 1 in two groups --------------------------------------------------------
    walk.click('nav.manage-nav a[href$="/manage/"]', "Overview")
    walk.click('#next-step form[action$="/manage/start/"] button', "Start the tournament")
    walk.click("section.confirm button.big", "Start (confirmed)")
    page.wait_for_url(re.compile(r"/manage/#next-step$"))
    _seat_and_start(walk, page, 1)
    text = page.text_content("main")
    assert "Группа A: столы 1–2" in text and "Группа B: столы 3–4" in text
    walk.shot("02-groups-seated")
    _play(tournament, 1)
    _finish(walk, page, 1)

    # -- the stages page: the groups, the tie at the cut, the play-off game ------------------
    _stages_page(walk, slug)
    groups = page.locator("section.stage-groups ul.groups li")
    assert groups.count() == 2
    assert groups.nth(0).text_content().startswith("Группа A: ")
    cut = page.text_content("section.stage-cut")
    assert "Выход в этап «Кросс»: лучшие 3 каждой группы" in cut
    assert cut.count("делят места 3–6 на границе выхода") == 2
    walk.shot("03-tied-at-the-cut")
    walk.fill("#id_playoff_deals", "1", "the play-off game's deals")
    walk.click("form.stage-playoff button.primary", "Seat the play-off game")
    page.wait_for_url(re.compile(r"/rounds/2/$"))
    game = Round.objects.get(tournament=tournament, number=2)
    assert game.method == "tiebreak" and game.tables.count() == 2
    assert "Переигровка на границе выхода после этапа «Группы», группа A" in page.text_content(
        "main"
    )
    walk.shot("04-play-off-seated")
    _play(tournament, 2)
    _finish(walk, page, 2)
    _stages_page(walk, slug)
    assert "никто не делит места" in page.text_content("section.stage-cut")
    walk.shot("05-cut-decided")

    # -- the crossover (round 3), then the final (round 4) -----------------------------------
    _overview(walk, slug)
    assert "Этап «Кросс»" in page.text_content("form.seat-next")
    _seat_and_start(walk, page, 3)
    crossed = Stage.objects.get(tournament=tournament, number=2).members
    assert [len(g) for g in crossed] == [3, 3]
    _play(tournament, 3, winners=2)
    _finish(walk, page, 3)
    _overview(walk, slug)
    _seat_and_start(walk, page, 4)
    final = Round.objects.get(tournament=tournament, number=4)
    assert final.stage.name == "Финал" and final.tables.get().seats.count() == 4
    _play(tournament, 4)
    _finish(walk, page, 4)
    _stages_page(walk, slug)
    rows = page.locator("main table tbody tr")
    assert rows.count() == 12
    assert all("Финал" in rows.nth(i).text_content() for i in range(4))
    assert all("Кросс" in rows.nth(i).text_content() for i in (4, 5))
    walk.shot("06-final-places")
    print(f"\ngroups path: {len(walk.actions)} actions")
    assert walk.problems == {}, walk.problems
    context.close()
