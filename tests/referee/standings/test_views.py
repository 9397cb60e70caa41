"""Standings pages: what the public and officials see, the big screen, search, the chief's
settings page and its refusals, and query counts that do not grow with the tournament."""

import re

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.demo.loader import generate_tournament
from referee.standings import services
from referee.standings.models import StandingsSettings
from referee.tournaments.models import ActionLog, Round

from ..factories import TournamentFactory, UserFactory, referee_of
from .test_services import seven_players
from .test_settings_page import page_form

pytestmark = pytest.mark.django_db


def url(name, cup, *args):
    return reverse(name, args=[cup.slug, *args])


def logged_in(client, user):
    client.force_login(user)
    return client


# --- the public pages -----------------------------------------------------------------------


def test_the_standings_page_shows_places_names_and_numbers_with_two_decimals(client):
    cup, _ = seven_players()
    page = client.get(url("standings", cup)).content.decode()
    assert page.index("Иванов") < page.index("Попов") < page.index("Кузнецов")
    assert "16.67" in page  # Попов: 50/3 whists
    assert '<td class="num wide neg">-51.33</td>' in page  # Кузнецов: −154/3, in red


def test_tied_players_share_a_place_on_the_page(client):
    cup, _ = seven_players()
    page = client.get(url("standings", cup), {"after": 1}).content.decode()
    assert page.count('<td class="num">4–5</td>') == 2


def test_the_standings_page_links_every_round_and_every_snapshot(client):
    cup, _ = seven_players()
    page = client.get(url("standings", cup)).content.decode()
    assert url("round-results", cup, 1) in page and url("round-results", cup, 2) in page
    assert 'href="?after=1"' in page


def test_the_snapshot_after_a_round_shows_that_round_only(client):
    cup, _ = seven_players()
    response = client.get(url("standings", cup), {"after": 1})
    assert response.context["standings"].after == 1
    assert response.context["rows"][0]["player"] == "Иванов"
    assert response.context["rows"][0]["points"] == 14


@pytest.mark.parametrize("after", ["2", "9", "x"])
def test_a_snapshot_the_public_may_not_see_is_not_found(client, after):
    cup, _ = seven_players(published_through=1)
    assert client.get(url("standings", cup), {"after": after}).status_code == 404


def test_an_official_sees_the_hidden_round_marked_provisional(client):
    cup, _ = seven_players(published_through=1, round_two=Round.Status.STARTED)
    page = logged_in(client, referee_of(cup)).get(url("standings", cup)).content.decode()
    assert "after round 2" in page and "provisional" in page


@pytest.mark.parametrize(
    "name", ["standings", "standings-screen", "player-search", "round-results", "player-card"]
)
def test_the_public_pages_of_an_unpublished_tournament_are_not_found(client, name):
    cup, p = seven_players(published=False)
    args = {"round-results": [1], "player-card": [p["Попов"].pk]}.get(name, [])
    assert client.get(url(name, cup, *args)).status_code == 404
    assert logged_in(client, UserFactory()).get(url(name, cup, *args)).status_code == 404
    assert logged_in(client, referee_of(cup)).get(url(name, cup, *args)).status_code == 200


def test_round_results_link_each_table_to_its_sheet(client):
    cup, _ = seven_players()
    page = client.get(url("round-results", cup, 2)).content.decode()
    assert reverse("table", args=[cup.slug, 2, 1]) in page
    assert reverse("table", args=[cup.slug, 2, 2]) in page
    assert '<td class="num neg">-62</td>' in page and "21.33" in page  # 64/3


def test_a_hidden_round_results_page_is_not_found_for_the_public(client):
    cup, _ = seven_players(published_through=1)
    assert client.get(url("round-results", cup, 2)).status_code == 404
    assert client.get(url("round-results", cup, 1)).status_code == 200


def test_the_player_card_page_shows_opponents_rulings_and_place(client):
    cup, p = seven_players()
    page = client.get(url("player-card", cup, p["Смирнова"].pk)).content.decode()
    assert "Иванов, Петрова, Сидоров" in page
    assert "kodex-3.4.9" in page and "late for the round" in page
    assert "Place 5 after round 2" in page


def test_a_player_of_another_tournament_is_not_found_here(client):
    cup, _ = seven_players()
    _, q = seven_players()
    assert client.get(url("player-card", cup, q["Попов"].pk)).status_code == 404


def test_player_search_finds_cyrillic_names_in_any_case(client):
    cup, p = seven_players()
    response = client.get(url("player-search", cup), {"q": "ЁЛКИН"})
    assert [e.pk for e in response.context["found"]] == [p["Ёлкин"].pk]
    assert url("player-card", cup, p["Ёлкин"].pk) in response.content.decode()


# --- the big screen -------------------------------------------------------------------------


def test_the_big_screen_without_a_script_goes_to_the_servers_first_page(client):
    cup, _ = seven_players()
    page = client.get(url("standings-screen", cup)).content.decode()
    assert re.search(r'<noscript><meta http-equiv="refresh" content="0; url=[^"]*\?page=1">', page)
    assert 'class="screen"' in page and "Кузнецов" in page
    paged = client.get(url("standings-screen", cup), {"page": 1}).content.decode()
    # one page of 7 rows: it refreshes itself to itself every 30 seconds
    assert re.search(r'<meta http-equiv="refresh" content="30; url=[^"]*\?page=1">', paged)
    assert "server-paged" in paged and paged.count("<tr data-row>") == 7


def test_the_big_screen_turns_the_pages_of_a_long_list(client):
    cup, _ = seven_players()
    first = client.get(url("standings-screen", cup), {"rows": 5}).content.decode()
    assert "page 1 of 2" in first and "?page=2&amp;rows=5" in first
    assert "Иванов" in first and "Кузнецов" not in first
    second = client.get(url("standings-screen", cup), {"rows": 5, "page": 2}).content.decode()
    assert "Ёлкин" in second and "Кузнецов" in second and "Иванов" not in second
    assert "?page=1&amp;rows=5" in second  # back to the top: no round is seated


def test_without_a_script_the_finder_follows_the_last_standings_page(client):
    # round 2 in play: its 7 seated players are found after the standings' last page
    cup, _ = seven_players(published_through=1, round_two=Round.Status.STARTED)
    last = client.get(url("standings-screen", cup), {"rows": 5, "page": 2}).content.decode()
    assert "?page=1&amp;part=seating&amp;rows=5" in last
    # the finder's pages hold twice the rows (two columns): 7 players on one page
    finder = client.get(
        url("standings-screen", cup), {"rows": 5, "page": 1, "part": "seating"}
    ).content.decode()
    assert finder.count("<li data-row>") == 7 and "<tr data-row>" not in finder
    assert "find your table" in finder and 'data-part="seating" aria-labelledby' in finder
    assert "?page=1&amp;rows=5" in finder and "part=seating" not in finder.split("refresh")[1][:80]


def test_the_big_screen_holds_every_row_for_its_script_to_page(client):
    cup, _ = seven_players()
    page = client.get(url("standings-screen", cup)).content.decode()
    assert "data-measure" in page and page.count("<tr data-row>") == 7
    assert "<noscript><meta http-equiv" in page  # without a script the server pages


def test_the_big_screen_shows_only_what_the_public_may_see(client):
    cup, _ = seven_players(published_through=None)
    page = client.get(url("standings-screen", cup)).content.decode()
    assert "No results are public yet." in page and "Иванов" not in page


# --- the chief's settings page --------------------------------------------------------------


def test_an_anonymous_visitor_is_sent_to_log_in(client):
    cup, _ = seven_players()
    response = client.get(url("standings-settings", cup))
    assert response.status_code == 302 and response.url.startswith(reverse("login"))


@pytest.mark.parametrize("who", ["referee", "stranger", "chief elsewhere"])
def test_only_the_chief_opens_the_settings_page(client, who):
    cup, _ = seven_players()
    user = {
        "referee": lambda: referee_of(cup),
        "stranger": UserFactory,
        "chief elsewhere": lambda: referee_of(TournamentFactory(), Role.Kind.CHIEF),
    }[who]()
    logged_in(client, user)
    assert client.get(url("standings-settings", cup)).status_code == 403
    posted = client.post(url("standings-settings", cup), {"action": "draw"})
    assert posted.status_code == 403
    assert StandingsSettings.objects.get(tournament=cup).lots == {}


def test_the_settings_page_of_an_unpublished_tournament_is_not_found_for_a_stranger(client):
    cup, _ = seven_players(published=False)
    logged_in(client, UserFactory())
    assert client.get(url("standings-settings", cup)).status_code == 404


SETTINGS = {
    "action": "settings",
    "method": "placement_points",
    "placement_points__ties": "split",
    "normalisation": "none",
    "four_table_factor": "1",
    "elimination_threshold": "-500",
    "elimination_action": "flag",
    "tie_breaks": "points, whists, lot",
    "published_through": "1",
}


def page_with(client, cup, **changes):
    """The settings form as the page sends it, with ``changes`` (``SETTINGS`` by default)."""
    data = {k: v for k, v in page_form(client, cup).items() if not k.startswith("tie_")}
    return data | SETTINGS | changes


def test_the_tie_break_chain_is_chosen_in_order_without_typing_names(client):
    cup, _ = seven_players()
    logged_in(client, referee_of(cup, Role.Kind.CHIEF))
    page = client.get(url("standings-settings", cup)).content.decode()
    assert 'name="tie_0"' in page and "Names in order" not in page
    chosen = {k: v for k, v in page_with(client, cup).items() if k != "tie_breaks"}
    client.post(url("standings-settings", cup), chosen | {"tie_0": "points", "tie_1": "lot"})
    assert StandingsSettings.objects.get(tournament=cup).tie_breaks == ["points", "lot"]
    twice = client.post(url("standings-settings", cup), chosen | {"tie_0": "lot", "tie_1": "lot"})
    assert "tie_breaks" in twice.context["form"].errors


def test_the_chief_saves_the_settings_from_the_page(client):
    cup, _ = seven_players()
    logged_in(client, referee_of(cup, Role.Kind.CHIEF))
    assert client.get(url("standings-settings", cup)).status_code == 200
    response = client.post(url("standings-settings", cup), page_with(client, cup), follow=True)
    assert "The standings settings are saved." in response.content.decode()
    saved = StandingsSettings.objects.get(tournament=cup)
    assert (saved.method, saved.params, saved.elimination_threshold) == (
        "placement_points",
        {"ties": "split"},
        -500,
    )
    assert saved.tie_breaks == ["points", "whists", "lot"] and saved.published_through == 1
    assert ActionLog.objects.filter(action="standings.settings_changed").exists()


@pytest.mark.parametrize(
    ("field", "value", "says"),
    [
        ("cutoff_bands__bands", {"cutoff_bands__bands_3": "x"}, "This is not a number"),
        ("cutoff_bands__bands", {"cutoff_bands__bands_2": "100"}, "grow from band to band"),
        ("tie_breaks", {"tie_breaks": "points, luck"}, "There is no tie-break luck."),
        ("published_through", {"published_through": "0"}, "greater than or equal to 1"),
        ("normalisation", {"normalisation": "placement"}, "need the conversion method"),
    ],
)
def test_a_refused_setting_is_shown_at_its_field(client, field, value, says):
    cup, _ = seven_players()
    logged_in(client, referee_of(cup, Role.Kind.CHIEF))
    data = page_with(client, cup, method="cutoff_bands", **value)
    response = client.post(url("standings-settings", cup), data, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert any(says in error for error in response.context["form"].errors[field])
    assert StandingsSettings.objects.get(tournament=cup).method == "raw_whists"


def test_every_refused_setting_is_shown_at_once(client):
    cup, _ = seven_players()
    logged_in(client, referee_of(cup, Role.Kind.CHIEF))
    data = page_with(client, cup, method="cutoff_bands", tie_breaks="luck")
    data["elimination_threshold"] = "100"
    data["cutoff_bands__bands_1"] = "-1"
    response = client.post(url("standings-settings", cup), data)
    errors = response.context["form"].errors
    assert set(errors) == {"tie_breaks", "elimination_threshold", "cutoff_bands__bands"}


def test_the_chief_draws_the_lot_from_the_page(client):
    cup, _ = seven_players()
    logged_in(client, referee_of(cup, Role.Kind.CHIEF))
    data = {"action": "draw", "draw-seed": "42", "draw-witness": "Зал"}
    response = client.post(url("standings-settings", cup), data)
    assert response.status_code == 302
    saved = StandingsSettings.objects.get(tournament=cup)
    assert saved.lot_seed == 42 and sorted(saved.lots.values()) == list(range(1, 8))


def test_drawing_again_without_a_reason_is_refused_at_the_reason(client):
    cup, _ = seven_players()
    chief = referee_of(cup, Role.Kind.CHIEF)
    services.draw_lot(cup, chief, seed=1)
    logged_in(client, chief)
    response = client.post(url("standings-settings", cup), {"action": "draw", "draw-seed": "2"})
    assert response.status_code == 200 and response.context["draw_form"].errors["reason"]
    assert StandingsSettings.objects.get(tournament=cup).lot_seed == 1


def test_the_chief_records_a_lot_drawn_at_the_venue(client):
    cup, p = seven_players()
    logged_in(client, referee_of(cup, Role.Kind.CHIEF))
    data = {"action": "lot", f"lot-lot_{p['Попов'].pk}": "2", f"lot-lot_{p['Ёлкин'].pk}": "1"}
    assert client.post(url("standings-settings", cup), data).status_code == 302
    lots = StandingsSettings.objects.get(tournament=cup).lots
    assert lots == {str(p["Попов"].pk): 2, str(p["Ёлкин"].pk): 1}


def test_a_lot_with_a_repeated_number_is_refused(client):
    cup, p = seven_players()
    logged_in(client, referee_of(cup, Role.Kind.CHIEF))
    data = {"action": "lot", f"lot-lot_{p['Попов'].pk}": "1", f"lot-lot_{p['Ёлкин'].pk}": "1"}
    response = client.post(url("standings-settings", cup), data)
    assert "Two players cannot draw the same lot number." in response.content.decode()
    assert StandingsSettings.objects.get(tournament=cup).lots == {}


# --- query counts do not grow with the tournament -------------------------------------------


def generated(players, rounds, slug):
    cup = generate_tournament(players, rounds, slug=slug, deals_per_table=3)
    StandingsSettings.objects.create(tournament=cup, published_through=rounds)
    return cup


SIZES = [(8, 2), (24, 4)]


@pytest.mark.parametrize(("players", "rounds"), SIZES)
def test_the_standings_page_reads_eleven_queries_at_any_size(
    client, django_assert_num_queries, players, rounds
):
    # tournament, settings, rounds, tables, seats, deals, registrations with their players
    cup = generated(players, rounds, f"size-{players}")
    with django_assert_num_queries(11):  # + discipline, substitutions, a stage with a cut, sessions
        response = client.get(url("standings", cup))
    assert response.status_code == 200
    assert len(response.context["rows"]) == players
    assert response.context["standings"].after == rounds


@pytest.mark.parametrize(("players", "rounds"), SIZES)
def test_the_player_card_reads_ten_queries_at_any_size(
    client, django_assert_num_queries, players, rounds
):
    # the standings' seven, the registration, and the deals with rulings
    cup = generated(players, rounds, f"size-{players}")
    entry = cup.entries.order_by("pk").first()
    with django_assert_num_queries(10):  # + discipline entries, substitutions
        response = client.get(url("player-card", cup, entry.pk))
    assert response.status_code == 200
    assert len(response.context["card"].rounds) == rounds


@pytest.mark.parametrize(("players", "rounds"), SIZES)
def test_the_big_screen_reads_ten_queries_at_any_size(
    client, django_assert_num_queries, players, rounds
):
    # the standings' seven and the latest round not finished (none: every round is; with one,
    # its seats for "find your table" make nine)
    cup = generated(players, rounds, f"size-{players}")
    with django_assert_num_queries(10):  # + discipline entries, substitutions
        assert client.get(url("standings-screen", cup)).status_code == 200


@pytest.mark.parametrize(("players", "rounds"), SIZES)
def test_an_officials_standings_page_reads_a_fixed_number_of_queries(
    client, django_assert_num_queries, players, rounds
):
    # the standings' seven, the session and the user, the user's roles
    cup = generated(players, rounds, f"size-{players}")
    logged_in(client, referee_of(cup))
    with django_assert_num_queries(14):  # + discipline, substitutions, a stage with a cut, sessions
        assert client.get(url("standings", cup)).status_code == 200
