"""The chief's standings settings page: every parameter of a conversion method is an input of
its own (no JSON), read back into ``params`` exactly as the services store it, shown back in
the reader's language, and refused at its input."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from referee.accounts.models import Role
from referee.standings import services
from referee.standings.labels import PARAM_CHOICES, PARAM_LABELS
from referee.standings.models import StandingsSettings
from referee.standings.param_fields import param_defaults, parse_number, shown_number
from referee.standings.pure import points
from referee.tournaments.models import ActionLog

from ..factories import referee_of
from .test_services import seven_players

pytestmark = pytest.mark.django_db


class _Form(HTMLParser):
    """What a browser sends from the page's settings form: its inputs, checked boxes and
    chosen options, as they stand."""

    def __init__(self) -> None:
        super().__init__()
        self.data: dict[str, str] = {}
        self.inside = False
        self.select: str | None = None
        self.first: str | None = None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form":
            self.inside = "standings-settings" in (a.get("class") or "")
        if not self.inside:
            return
        if tag == "input" and a.get("name"):
            if a.get("type") == "checkbox":
                if "checked" in a:
                    self.data[a["name"]] = "on"
            else:
                self.data[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self.select, self.first = a["name"], None
        elif tag == "option" and self.select:
            if self.first is None:
                self.first = a.get("value", "")
                self.data.setdefault(self.select, self.first)
            if "selected" in a:
                self.data[self.select] = a.get("value", "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "select":
            self.select = None


class _Text(HTMLParser):
    """The words a reader sees: text outside tags, scripts and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag, attrs):
        self.skip += tag in ("script", "style")

    def handle_endtag(self, tag):
        self.skip -= tag in ("script", "style")

    def handle_data(self, data):
        if not self.skip:
            self.parts.append(data)


def settings_url(cup):
    return reverse("standings-settings", args=[cup.slug])


def as_chief(client):
    cup, _ = seven_players()
    client.force_login(referee_of(cup, Role.Kind.CHIEF))
    return cup


def chief(cup):
    return referee_of(cup, Role.Kind.CHIEF)


def page_form(client, cup, language="ru"):
    page = client.get(settings_url(cup), HTTP_ACCEPT_LANGUAGE=language)
    assert page.status_code == 200
    form = _Form()
    form.feed(page.content.decode())
    return form.data


def post(client, cup, data, language="ru"):
    return client.post(settings_url(cup), data, HTTP_ACCEPT_LANGUAGE=language)


def saved(cup):
    return StandingsSettings.objects.get(tournament=cup)


# --- reading what is typed ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("200", 200),
        ("0,5", "0.5"),
        ("0.50", "0.5"),
        ("1/10", "1/10"),
        ("2/20", "1/10"),
        (" 1 000 ", 1000),
        ("−3", -3),
        ("-1/3", "-1/3"),
        ("4,0", 4),
        (",25", "0.25"),
    ],
)
def test_a_typed_number_is_read_exactly(typed, stored):
    assert parse_number(typed) == stored


@pytest.mark.parametrize(
    "typed", ["abc", "1e3", "1/0", "1/00", "0x10", "1,5,6", "½", "--1", "١٢", "²"]
)
def test_what_is_no_number_is_refused(typed):
    with pytest.raises(ValidationError) as refused:
        parse_number(typed)
    assert refused.value.code == "invalid"


def test_a_number_is_shown_back_in_the_readers_language(settings):
    from django.utils import translation

    with translation.override("ru"):
        assert [shown_number(v) for v in (200, "0.5", "1/10")] == ["200", "0,5", "1/10"]
        # a published value: a decimal where it is one, else a fraction
        assert shown_number(points.Fraction(1, 10)) == "0,1"
        assert shown_number(points.Fraction(4, 3)) == "4/3"
    with translation.override("en"):
        assert shown_number("0.5") == "0.5"


def test_every_parameter_of_every_method_has_a_label_and_what_it_decides():
    from django.utils import translation

    for method in points.METHODS:
        for param in param_defaults(method):
            label, help_text = PARAM_LABELS[param]
            with translation.override("en"):
                english = str(label) + str(help_text)
            with translation.override("ru"):
                russian = str(label) + str(help_text)
            assert russian != english and not re.search(r"[A-Za-z]", russian), param
    for param, values in PARAM_CHOICES.items():
        with translation.override("ru"):
            assert all(not re.search(r"[A-Za-z]", str(text)) for text in values.values()), param


# --- the page -------------------------------------------------------------------------------


def test_the_page_has_an_input_per_parameter_and_no_json(client):
    cup = as_chief(client)
    data = page_form(client, cup)
    assert "params" not in data
    # cut-off bands 200 at 1, 650 at 1/10 (shown 0,1), then three empty rows
    assert [data[f"cutoff_bands__bands_{i}"] for i in range(6)] == [
        "200",
        "1",
        "650",
        "0,1",
        "",
        "",
    ]
    assert data["cutoff_bands__symmetric"] == "on"
    assert [data[f"placement_points__four_table_{i}"] for i in range(4)] == ["3", "2", "1", "0"]
    assert data["placement_points__ties"] == "best_place"
    assert data["placement_points__sole_winner_bonus"] == "1"


def test_a_russian_page_shows_no_json_and_no_ids(client):
    cup = as_chief(client)
    changes = {"method": "placement_points", "params": {"ties": "split"}}
    services.update_settings(cup, chief(cup), changes)
    html = client.get(settings_url(cup), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    text = _Text()
    text.feed(html)
    words = " ".join(text.parts)
    assert "{" not in words and "JSON" not in words
    ids = set(points.METHODS) | {p for m in points.METHODS for p in param_defaults(m)}
    ids |= {"best_place", "split", "none", "placement", "factor"}
    assert [w for w in re.findall(r"[A-Za-z_]+", words) if w in ids] == []
    assert "Шкала" in words or "шкала" in words  # the methods by name, in Russian


def test_the_chief_sets_bands_with_a_decimal_comma_and_a_fraction(client):
    cup = as_chief(client)
    data = page_form(client, cup)
    data.update(
        {
            "method": "cutoff_bands",
            "cutoff_bands__bands_1": "0,5",  # 200 at a half
            "cutoff_bands__bands_3": "1/10",
            "cutoff_bands__bands_4": "",
            "cutoff_bands__bands_5": "1/100",  # beyond 650: one point per hundred
        }
    )
    del data["cutoff_bands__symmetric"]  # a loss counts in full
    response = post(client, cup, data)
    assert response.status_code == 302
    stored = saved(cup)
    assert stored.method == "cutoff_bands"
    assert stored.params == {
        "bands": [[200, "0.5"], [650, "1/10"], [None, "1/100"]],
        "symmetric": False,
    }
    # +1000 whists: 200 × 1/2 + 450 × 1/10 + 350 × 1/100 = 100 + 45 + 7/2 = 297/2
    rules = services.rules_of(stored)
    assert rules.scoring.method.points({"A": points.Fraction(1000)})["A"] == points.Fraction(297, 2)
    shown = page_form(client, cup)
    assert [shown[f"cutoff_bands__bands_{i}"] for i in range(6)] == [
        "200", "0,5", "650", "1/10", "", "1/100",
    ]  # fmt: skip
    assert "cutoff_bands__symmetric" not in shown
    assert page_form(client, cup, "en")["cutoff_bands__bands_1"] == "0.5"


def test_placement_points_round_trip_and_the_published_values_are_not_stored(client):
    cup = as_chief(client)
    data = page_form(client, cup)
    data.update(
        {
            "method": "placement_points",
            "placement_points__three_table_2": "0,5",  # 3rd place in plus: a half point
            "placement_points__sole_winner_bonus": "1/2",
            "placement_points__ties": "split",
        }
    )
    assert post(client, cup, data).status_code == 302
    assert saved(cup).params == {
        "three_table": [3, 2, "0.5"],
        "sole_winner_bonus": "1/2",
        "ties": "split",
    }
    again = page_form(client, cup)
    assert [again[f"placement_points__three_table_{i}"] for i in range(3)] == ["3", "2", "0,5"]
    assert again["placement_points__sole_winner_bonus"] == "1/2"
    assert again["placement_points__ties"] == "split"
    # saved again as shown: nothing changes, nothing is logged
    logged = ActionLog.objects.filter(action="standings.settings_changed").count()
    assert post(client, cup, again).status_code == 302
    assert saved(cup).params["three_table"] == [3, 2, "0.5"]
    assert ActionLog.objects.filter(action="standings.settings_changed").count() == logged


def test_saving_the_published_values_stores_no_parameters(client):
    cup = as_chief(client)
    data = page_form(client, cup)
    data["method"] = "coefficient_bands"
    assert post(client, cup, data).status_code == 302
    assert (saved(cup).method, saved(cup).params) == ("coefficient_bands", {})


def test_settings_stored_before_the_page_are_shown_and_kept(client):
    cup = as_chief(client)
    params = {"bands": [[100, 1], [200, "0.5"], [300, "1/4"], [400, "1/8"], [500, "1/16"]]}
    services.update_settings(cup, chief(cup), {"method": "coefficient_bands", "params": params})
    data = page_form(client, cup)
    # five stored bands and one spare row
    assert (
        data["coefficient_bands__bands_9"] == "1/16" and data["coefficient_bands__bands_10"] == ""
    )
    assert post(client, cup, data).status_code == 302
    assert saved(cup).params == params


def test_only_the_chosen_methods_inputs_are_read(client):
    cup = as_chief(client)
    data = page_form(client, cup)
    data.update({"method": "raw_whists", "placement_points__three_table_0": "x"})
    data["cutoff_bands__bands_1"] = "7"
    assert post(client, cup, data).status_code == 302
    assert (saved(cup).method, saved(cup).params) == ("raw_whists", {})


# --- refusals at the input ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "typed", "says"),
    [
        ("cutoff_bands__bands_1", "abc", "Это не число"),
        ("cutoff_bands__bands_1", "1\x00", "NUL"),
        ("cutoff_bands__bands_1", "9" * 25, "Не больше 20 символов"),
        ("cutoff_bands__bands_1", "10000000000", "Не больше 1000000000"),
        ("cutoff_bands__bands_1", "-1", "Вес не может быть отрицательным."),
        ("cutoff_bands__bands_2", "100", "Верхние границы"),  # 650 → 100: below 200
        ("cutoff_bands__bands_3", "", "Укажите вес полосы 2."),
    ],
)
def test_a_refused_band_is_shown_at_the_bands_in_russian(client, field, typed, says):
    cup = as_chief(client)
    data = page_form(client, cup)
    data.update({"method": "cutoff_bands", field: typed})
    response = post(client, cup, data)
    assert response.status_code == 200
    errors = response.context["form"].errors["cutoff_bands__bands"]
    assert any(says in error for error in errors), errors
    assert not StandingsSettings.objects.filter(tournament=cup, method="cutoff_bands").exists()
    html = response.content.decode()
    at_bands = re.search(r'id="params-cutoff_bands".*?</fieldset>', html, re.S)
    assert at_bands is not None and says.replace('"', "&quot;") in at_bands.group(0)


@pytest.mark.parametrize(
    ("field", "typed", "says"),
    [
        ("placement_points__three_table_1", "два", "Это не число"),
        ("placement_points__three_table_1", "", "Укажите число для каждого места."),
        ("placement_points__sole_winner_bonus", "1/0", "Это не число"),
    ],
)
def test_a_refused_placement_value_is_shown_at_its_input(client, field, typed, says):
    cup = as_chief(client)
    data = page_form(client, cup)
    data.update({"method": "placement_points", field: typed})
    response = post(client, cup, data)
    assert response.status_code == 200
    name = field.rsplit("_", 1)[0] if field[-1].isdigit() else field
    assert any(says in e for e in response.context["form"].errors[name])
    assert saved(cup).method == "raw_whists"


def test_a_refused_factor_and_threshold_are_shown_at_their_inputs_in_russian(client):
    cup = as_chief(client)
    data = page_form(client, cup)
    data.update({"four_table_factor": "4/3", "elimination_threshold": "500"})
    response = post(client, cup, data)
    errors = response.context["form"].errors
    assert set(errors) == {"four_table_factor", "elimination_threshold"}
    assert "Множитель, отличный от 1" in errors["four_table_factor"][0]
    assert "отрицательное число" in errors["elimination_threshold"][0]
    data.update({"normalisation": "factor", "four_table_factor": "-1", "elimination_threshold": ""})
    response = post(client, cup, data)
    assert response.context["form"].errors["four_table_factor"] == [
        "Множитель должен быть больше 0."
    ]
    data["four_table_factor"] = "1,5"
    assert post(client, cup, data).status_code == 302
    assert saved(cup).four_table_factor == "3/2"


def test_the_standings_and_reports_show_the_parameters_in_words(client):
    from referee.exports.printing import rules_lines

    cup = as_chief(client)
    params = {"bands": [[200, "0.5"], [650, "1/10"], [None, "1/100"]], "symmetric": False}
    services.update_settings(cup, chief(cup), {"method": "cutoff_bands", "params": params})
    page = client.get(reverse("standings", args=[cup.slug]), HTTP_ACCEPT_LANGUAGE="ru")
    footer = re.search(
        r'<footer class="muted standings-rules">(.*?)</footer>', page.content.decode(), re.S
    )
    assert footer is not None
    words = footer.group(1)
    assert (
        "Полосы шкалы: до 200 — 0,5; до 650 — 1/10; далее 1/100. "
        "Проигрыш тоже считается по шкале: нет"
    ) in words
    assert "{" not in words and "bands" not in words and "symmetric" not in words
    from django.utils import translation

    with translation.override("en"):
        line = rules_lines(services.standings_after(cup, None, viewer=chief(cup)))[1]
    assert line.endswith(
        "(Bands: up to 200 — 0.5; up to 650 — 1/10; then 1/100. Losses are banded too: no)"
    )
