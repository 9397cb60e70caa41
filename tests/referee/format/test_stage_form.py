"""The stages on the Format page as a browser submits them (issue 29 point 3): every select
of an empty row offers a blank choice, so a row left alone is dropped, and a refusal is summed
up at the top of the page and marked at its row's field."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
from django.urls import reverse

from referee.tournaments.models import Tournament

from .play import tournament_of

pytestmark = pytest.mark.django_db


class StageForm(HTMLParser):
    """What a browser would post from the stages form: each field's value as the page gives
    it (a select its selected option, else its first)."""

    def __init__(self) -> None:
        super().__init__()
        self.inside = False
        self.values: dict[str, str] = {}
        self.select: str | None = None
        self.first: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = False
        if tag == "input" and a.get("name") == "section" and a.get("value") == "stages":
            self.inside = True
        if not self.inside:
            return
        if tag == "input" and a.get("type") != "submit" and a.get("name"):
            self.values[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self.select, self.first = a["name"], None
        elif tag == "option" and self.select:
            if self.first is None:
                self.first = a.get("value", "")
                self.values[self.select] = self.first
            if "selected" in a:
                self.values[self.select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "select":
            self.select = None
        if tag == "form":
            self.inside = False


def browser_form(page) -> dict[str, str]:
    parser = StageForm()
    parser.feed(page.content.decode())
    return parser.values


QUALIFICATION_AND_FINAL = {
    "stages-0-name": "отбор",
    "stages-0-rounds_planned": "4",
    "stages-0-method": "swiss",
    "stages-0-carry_over": "all",
    "stages-0-entry": "all",
    "stages-1-name": "финал",
    "stages-1-rounds_planned": "1",
    "stages-1-method": "playoff",
    "stages-1-carry_over": "tie_break",
    "stages-1-entry": "top",
    "stages-1-entry_count": "4",
}


def test_two_stages_save_as_a_browser_posts_them(client):
    tournament, _entries, chief = tournament_of(8, status=Tournament.Status.DRAFT)
    client.force_login(chief)
    address = reverse("manage-format", args=[tournament.slug])
    posted = browser_form(client.get(address))
    assert posted["stages-2-method"] == posted["stages-2-entry"] == ""  # a blank choice
    answer = client.post(address, {**posted, **QUALIFICATION_AND_FINAL})
    assert answer.status_code == 302
    assert list(tournament.stages.values_list("name", "entry_count")) == [
        ("отбор", None),
        ("финал", 4),
    ]
    # the saved stages come back in their rows, and saving them again changes nothing
    again = browser_form(client.get(address))
    assert again["stages-1-entry"] == "top" and again["stages-2-carry_over"] == ""
    assert client.post(address, again).status_code == 302
    assert tournament.stages.count() == 2


@pytest.mark.parametrize("count", [1, 2, 3])
def test_one_two_or_three_stages(client, count):
    tournament, _entries, chief = tournament_of(8, status=Tournament.Status.DRAFT)
    client.force_login(chief)
    address = reverse("manage-format", args=[tournament.slug])
    posted = browser_form(client.get(address))
    for i in range(count):
        posted |= {
            f"stages-{i}-name": f"этап {i + 1}",
            f"stages-{i}-rounds_planned": "2",
            f"stages-{i}-method": "random",
            f"stages-{i}-carry_over": "all",
            f"stages-{i}-entry": "all",
        }
    assert client.post(address, posted).status_code == 302
    assert tournament.stages.count() == count


def test_a_clear_row_drops_its_stage(client):
    tournament, _entries, chief = tournament_of(8, status=Tournament.Status.DRAFT)
    client.force_login(chief)
    address = reverse("manage-format", args=[tournament.slug])
    client.post(address, {**browser_form(client.get(address)), **QUALIFICATION_AND_FINAL})
    posted = browser_form(client.get(address))
    cleared = {k: "" for k in posted if k.startswith("stages-1-")}
    assert client.post(address, {**posted, **cleared}).status_code == 302
    assert list(tournament.stages.values_list("name", flat=True)) == ["отбор"]


def test_a_refusal_is_summed_up_at_the_top_and_marked_at_its_field(client):
    tournament, _entries, chief = tournament_of(8, status=Tournament.Status.DRAFT)
    client.force_login(chief)
    address = reverse("manage-format", args=[tournament.slug])
    posted = {**browser_form(client.get(address)), **QUALIFICATION_AND_FINAL}
    # a final of 2: the service refuses (at least 3), the page names the row and the field
    page = client.post(address, {**posted, "stages-1-entry_count": "2"}, HTTP_ACCEPT_LANGUAGE="ru")
    text = page.content.decode()
    assert page.status_code == 200 and not tournament.stages.exists()
    summary = text.split('id="error-summary"')[1].split("</div>")[0]
    assert 'href="#id_stages-1-entry_count"' in summary and "Этап 2" in summary
    assert text.index('id="error-summary"') < text.index("<h2")  # above every section
    # a row with a name but no rounds: the form's own error, summed up the same way
    page = client.post(
        address, {**posted, "stages-1-rounds_planned": ""}, HTTP_ACCEPT_LANGUAGE="ru"
    )
    summary = page.content.decode().split('id="error-summary"')[1].split("</div>")[0]
    assert 'href="#id_stages-1-rounds_planned"' in summary


def test_hostile_stage_rows_are_refused_not_500(client):
    tournament, _entries, chief = tournament_of(8, status=Tournament.Status.DRAFT)
    client.force_login(chief)
    address = reverse("manage-format", args=[tournament.slug])
    posted = {**browser_form(client.get(address)), **QUALIFICATION_AND_FINAL}
    for bad in (
        {"stages-0-method": "duplicate"},
        {"stages-1-carry_over": "fraction", "stages-1-carry_fraction": "1/0"},
        {"stages-TOTAL_FORMS": "x"},
        {"stages-0-rounds_planned": "²"},
    ):
        assert client.post(address, {**posted, **bad}).status_code in (200, 400), bad
    assert not tournament.stages.exists()
