"""A tournament with a qualification and a final, run on the pages (issue 29 point 3): the
organiser goes from ``/t/new/`` to the final places by the pages' own links, buttons and
fields only, in Russian at 1366×768. The Format page's stages table fits the screen; two
stages are saved from the browser (the third row left alone), after a refusal summed up at
the top of the page; the round pages answer in both stages; the final (the best 3 by the
qualification) is seated by its own method, a play-off; "can I still qualify" says nothing
certain while the last qualifying round is in play and gives the final places once it is
finished; the final places list the finalists first. The referees' deals go in through the
services, as in the organiser's path. Screenshots ``artifacts/stages-*.png``."""

from __future__ import annotations

import re

import pytest

from referee.tournaments.models import Round, Tournament

from .helpers import log_in
from .test_organiser_day import _xlsx
from .test_organiser_path import Walk, _organiser, _play_round

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

STAGES = {
    0: {"name": "Отбор", "rounds_planned": "2", "method": "random", "carry_over": "all"},
    1: {"name": "Финал", "rounds_planned": "1", "method": "playoff", "carry_over": "tie_break"},
}


def _fill_stages(walk: Walk, page, final_of: str) -> None:
    for row, values in STAGES.items():
        walk.fill(f"#id_stages-{row}-name", values["name"], f"stage {row + 1}'s name")
        walk.fill(f"#id_stages-{row}-rounds_planned", values["rounds_planned"], "its rounds")
        for field in ("method", "carry_over"):
            page.select_option(f"#id_stages-{row}-{field}", values[field])
            walk.actions.append(f"its {field}")
    page.select_option("#id_stages-0-entry", "all")
    page.select_option("#id_stages-1-entry", "top")
    walk.fill("#id_stages-1-entry_count", final_of, "the final's N")
    walk.actions += ["who plays stage 1", "who plays stage 2"]


def _standings(walk: Walk, page, slug: str) -> None:
    """From any of the tournament's pages: its name in the header, then its standings."""
    walk.click(f'header.top a[href$="/t/{slug}/"]', "the tournament's page")
    walk.click(f'main a[href$="/t/{slug}/standings/"]', "Standings")


def _overview(walk: Walk, slug: str) -> None:
    walk.click(f'header.top a[href$="/t/{slug}/"]', "the tournament's page")
    walk.click('nav.manage-nav a[href$="/manage/"]', "Overview")


def _seat(walk: Walk, number: int) -> None:
    # a typed seed: the same draws every run (no tie at the cut by chance)
    walk.fill('form.seat-next input[name="seed"]', str(number), "the draw's seed")
    walk.click("form.seat-next button.primary", f"Seat round {number}")


def _seat_start_play_finish(walk: Walk, page, tournament: Tournament, number: int) -> None:
    """Seat round ``number`` from the page at hand, start it, play it, finish it."""
    _seat(walk, number)
    page.wait_for_url(re.compile(rf"/rounds/{number}/$"))
    walk.shot(f"stages-{number:02d}-seated")
    walk.click(f'form[action$="/rounds/{number}/start/"] button', "Start the round")
    walk.click("section.confirm button.big", "Start (confirmed)")
    page.wait_for_url(re.compile(rf"/rounds/{number}/$"))
    _play_round(tournament, number, seed=10 * number)
    walk.click(f'a[href$="/manage/rounds/{number}/dashboard/"]', "Round dashboard")
    walk.click(f'form[action$="/rounds/{number}/finish/"] button', "Finish the round")
    walk.click("section.confirm button.big", "Finish (confirmed)")
    page.wait_for_url(re.compile(rf"/rounds/{number}/$"))


def test_a_qualification_and_a_final_from_the_wizard_to_the_final_places(
    live_server, browser, shots, tmp_path
):
    _organiser()
    context = browser.new_context(locale="ru-RU", viewport={"width": 1366, "height": 768})
    page = context.new_page()
    walk = Walk(page, shots)
    log_in(page, live_server.url, "org", "org-pass", "/t/new/")
    page.wait_for_url(re.compile(r"/t/new/$"))

    walk.fill("#id_name", "Кубок этапов", "the tournament's name")
    walk.click("form.wizard button.primary", "Create")
    page.wait_for_url(re.compile(r"/manage/$"))
    tournament = Tournament.objects.get(name="Кубок этапов")
    walk.click('#next-step a[href$="/manage/import/"]', "Import a list (next step)")
    walk.upload('input[type="file"]', _xlsx(tmp_path), "choose the workbook")
    walk.click("main form button.primary, main form button", "Upload")
    walk.click('form[action$="/import/confirm/"] button.primary', "Import the valid rows")
    page.wait_for_url(re.compile(r"/manage/players/$"))
    assert tournament.entries.count() == 6

    # -- the format: a final of 2 is refused, summed up at the top; a final of 3 is saved ---
    walk.click('nav.manage-nav a[href$="/manage/format/"]', "Format")
    stages = page.locator("table.stages")
    box, holder = stages.bounding_box(), page.locator("table.stages").locator("..").bounding_box()
    assert box["width"] <= holder["width"] + 1 and box["x"] + box["width"] <= 1366, box
    _fill_stages(walk, page, final_of="2")
    walk.click('form:has(input[name="section"][value="stages"]) button', "Save the stages")
    summary = page.locator("#error-summary")
    assert summary.is_visible() and summary.bounding_box()["y"] < 768  # above the fold
    assert "Этап 2, N:" in summary.text_content()
    assert page.evaluate("document.activeElement.id") == "id_stages-1-entry_count"
    walk.shot("stages-00-refused")
    walk.fill("#id_stages-1-entry_count", "3", "the final's N, corrected")
    walk.click('form:has(input[name="section"][value="stages"]) button', "Save the stages")
    assert page.locator("#error-summary").count() == 0
    assert list(tournament.stages.values_list("name", "method", "entry_count")) == [
        ("Отбор", "random", None),
        ("Финал", "playoff", 3),
    ]
    walk.shot("stages-00-saved")

    # -- start, and play the qualification from the overview's next step -----------------
    walk.click('nav.manage-nav a[href$="/manage/"]', "Overview")
    walk.click('#next-step form[action$="/manage/start/"] button', "Start the tournament")
    walk.click("section.confirm button.big", "Start (confirmed)")
    page.wait_for_url(re.compile(r"/manage/#next-step$"))
    _seat_start_play_finish(walk, page, tournament, 1)
    assert "Этап 1 (Отбор): 6 игроков" in page.text_content("main")
    # the last qualifying round, seen on the standings while it is in play: nothing certain
    _seat(walk, 2)
    page.wait_for_url(re.compile(r"/rounds/2/$"))
    walk.click('form[action$="/rounds/2/start/"] button', "Start the round")
    walk.click("section.confirm button.big", "Start (confirmed)")
    _play_round(tournament, 2, seed=20)
    _standings(walk, page, tournament.slug)
    outlook = page.text_content("#qualification-title + p")
    assert "Тур 2 ещё идёт" in outlook and "места окончательные" not in outlook
    assert "Проходят при любом исходе" not in page.text_content("main")
    walk.shot("stages-02-in-play-outlook")
    _overview(walk, tournament.slug)
    walk.click('a[href$="/manage/rounds/2/dashboard/"]', "Round dashboard")
    walk.click('form[action$="/rounds/2/finish/"] button', "Finish the round")
    walk.click("section.confirm button.big", "Finish (confirmed)")
    page.wait_for_url(re.compile(r"/rounds/2/$"))
    _standings(walk, page, tournament.slug)
    assert "места окончательные" in page.text_content("#qualification-title + p")
    walk.shot("stages-02-finished-outlook")
    through = page.locator("section.qualification ul.names").first.text_content()
    _overview(walk, tournament.slug)

    # -- the final: the best 3, seated as a play-off -----------------------------------------
    assert "Этап «Финал»" in page.text_content("form.seat-next")
    _seat_start_play_finish(walk, page, tournament, 3)
    final = Round.objects.get(tournament=tournament, number=3)
    assert final.method == "playoff" and final.stage.name == "Финал"
    finalists = set(final.tables.values_list("seats__registration__player__name", flat=True))
    assert len(finalists) == 3 and all(name in through for name in finalists)
    assert "Этап 2 (Финал): 3 игрока" in page.text_content("main")

    # -- the final places ------------------------------------------------------------------
    _standings(walk, page, tournament.slug)
    walk.click('a[href$="/stages/"]', "Final places")
    rows = page.locator("main table tbody tr")
    assert rows.count() == 6
    top = [rows.nth(i).text_content() for i in range(3)]
    assert all("Финал" in text for text in top), top
    assert {n for n in finalists if any(n in text for text in top)} == finalists
    walk.shot("stages-04-final-places")
    print(f"\nstaged path: {len(walk.actions)} actions")
    assert walk.problems == {}, walk.problems
    context.close()
