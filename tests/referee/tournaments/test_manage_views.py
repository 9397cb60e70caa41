"""The organiser's pages: who may open them, what they save, and their query counts."""

import re
from itertools import pairwise

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.tables.models import Table
from referee.tournaments.models import ActionLog, Registration, Round, Tournament
from scoring.conventions import OPTION_DOCS

from ..factories import (
    PlayerFactory,
    RegistrationFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
    referee_of,
    table_with_players,
)

pytestmark = pytest.mark.django_db

PAGES = [
    "manage",
    "manage-settings",
    "manage-players",
    "manage-import",
    "manage-staff",
    "manage-log",
    "manage-referees",
    "manage-substitute",
]
ACTIONS = [
    "manage-start",
    "manage-finish",
    "manage-pair-add",
    "manage-pair-remove",
    "manage-withdraw",
    "manage-import-confirm",
    "manage-staff-revoke",
    "manage-staff-name",
]


@pytest.fixture
def tournament():
    """A published running tournament with one round, a table and a withdrawn player."""
    table = table_with_players(3, published=True)
    tournament = table.round.tournament
    RegistrationFactory(tournament=tournament, status=Registration.Status.WITHDRAWN)
    return tournament


def url(name, tournament):
    args = [tournament.slug]
    if name == "manage-referees":
        args.append(tournament.rounds.get().number)
    if name in ("manage-substitute", "manage-withdraw"):
        args.append(tournament.entries.filter(status="withdrawn").first().pk)
    return reverse(name, args=args)


def chief_of(tournament):
    return referee_of(tournament, Role.Kind.CHIEF)


@pytest.mark.parametrize("name", PAGES + ACTIONS)
def test_anonymous_users_are_sent_to_the_login_page(client, tournament, name):
    response = client.get(url(name, tournament))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize("name", PAGES + ACTIONS)
def test_a_referee_of_the_tournament_is_refused(client, tournament, name):
    client.force_login(referee_of(tournament))
    assert client.get(url(name, tournament)).status_code == 403


@pytest.mark.parametrize("name", ACTIONS)
def test_a_referee_cannot_post_the_organisers_actions(client, tournament, name):
    client.force_login(referee_of(tournament))
    before = ActionLog.objects.count()
    assert client.post(url(name, tournament), {"username": "x"}).status_code == 403
    assert ActionLog.objects.count() == before


@pytest.mark.parametrize("name", PAGES)
def test_a_referee_of_another_tournament_is_refused(client, tournament, name):
    client.force_login(referee_of(TournamentFactory(), Role.Kind.CHIEF))
    assert client.get(url(name, tournament)).status_code == 403


@pytest.mark.parametrize("name", PAGES)
def test_a_stranger_does_not_even_see_an_unpublished_tournament(client, tournament, name):
    Tournament.objects.filter(pk=tournament.pk).update(published=False)
    client.force_login(UserFactory())
    assert client.get(url(name, tournament)).status_code == 404


@pytest.mark.parametrize("name", PAGES)
def test_the_chief_referee_opens_every_page(client, tournament, name):
    client.force_login(chief_of(tournament))
    assert client.get(url(name, tournament)).status_code == 200


@pytest.mark.parametrize("name", ACTIONS)
def test_a_get_on_the_organisers_actions_changes_nothing_and_is_a_page_of_ours(
    client, tournament, name
):
    client.force_login(chief_of(tournament))
    before = ActionLog.objects.count()
    response = client.get(url(name, tournament), follow=True)
    assert response.status_code in (200, 405)
    assert "<main" in response.content.decode()  # our page, never the browser's bare 405
    assert ActionLog.objects.count() == before
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING


def test_the_tournament_page_links_the_chief_to_the_organisers_pages(client, tournament):
    client.force_login(chief_of(tournament))
    page = client.get(reverse("tournament", args=[tournament.slug])).content.decode()
    for name in ("manage", "manage-settings", "manage-players", "manage-import", "manage-staff"):
        assert f'href="{reverse(name, args=[tournament.slug])}"' in page


def test_the_tournament_page_shows_no_organiser_links_to_a_referee(client, tournament):
    client.force_login(referee_of(tournament))
    page = client.get(reverse("tournament", args=[tournament.slug])).content.decode()
    assert reverse("manage", args=[tournament.slug]) not in page
    assert "You are a referee of this tournament." in page


# -- settings ------------------------------------------------------------------------------


def settings_post(tournament, **changes):
    data = {
        "section": "general",
        "name": tournament.name,
        "starts_on": "2026-11-28",
        "ends_on": "2026-11-29",
        "venue": "",
        "chief_referee": "",
        "pool_size": "",
        "deal_cap": "",
        "time_limit_minutes": "",
        "table_size": "4",
    }
    data.update(changes)
    return data


def test_the_settings_form_saves_through_the_service(client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    client.force_login(chief_of(tournament))
    UserFactory(username="nina")
    response = client.post(
        reverse("manage-settings", args=[tournament.slug]),
        settings_post(
            tournament,
            venue="Казань",
            deal_cap="18",
            chief_referee="nina",
            table_size="3",
            referees_assigned_only="on",
        ),
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.venue, tournament.deal_cap, tournament.table_size) == ("Казань", 18, 3)
    assert tournament.chief_referee.username == "nina" and tournament.referees_assigned_only
    assert ActionLog.objects.filter(action="tournament.settings").exists()


def test_an_unknown_chief_referee_is_shown_at_the_field(client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    client.force_login(chief_of(tournament))
    response = client.post(
        reverse("manage-settings", args=[tournament.slug]),
        settings_post(tournament, chief_referee="ghost"),
    )
    assert response.status_code == 200
    assert response.context["settings_form"].errors["chief_referee"] == ["There is no user ghost."]


def test_the_convention_form_lists_every_option_with_its_preset_value(client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT, convention="rostov")
    client.force_login(chief_of(tournament))
    response = client.get(reverse("manage-settings", args=[tournament.slug]))
    rows = response.context["option_rows"]
    assert [row.name for row in rows] == list(OPTION_DOCS)
    recording = next(row for row in rows if row.name == "raspasy_recording")
    assert recording.text == "raspasy tricks: to the mountain or on whists"
    assert recording.value == "on whists"
    assert ("Rostov", "on whists", True) in recording.preset_values
    assert ("Sochi", "to the mountain", False) in recording.preset_values
    page = response.content.decode()
    assert page.count('name="raspasy_talon"') == 1


def test_the_convention_table_in_russian_shows_descriptions_and_values_in_words(client):
    from html.parser import HTMLParser

    class Table(HTMLParser):
        def __init__(self):
            super().__init__()
            self.inside, self.skip, self.words = False, 0, []

        def handle_starttag(self, tag, attrs):
            self.inside |= tag == "table" and "options" in (dict(attrs).get("class") or "")
            self.skip += tag == "option" and dict(attrs).get("value") == ""

        def handle_endtag(self, tag):
            self.inside &= tag != "table"

        def handle_data(self, data):
            if self.inside:
                self.words.append(data)

    tournament = TournamentFactory(
        status=Tournament.Status.DRAFT,
        convention="rostov",
        options={"stalingrad": True, "whist_price": "2C", "raspasy_progression": [1, 2, 4]},
    )
    client.force_login(chief_of(tournament))
    page = client.get(
        reverse("manage-settings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="ru"
    ).content.decode()
    table = Table()
    table.feed(page)
    words = " ".join(table.words)
    # every option by what it decides, every preset by its name, every value in words
    assert "Сталинград: на 6♠ вистуют оба, розыгрыш закрытый" in words
    assert "ФСПР" in words and "Ростов" in words and "на висты" in words
    identifiers = set(OPTION_DOCS) | {"fspr", "sochi", "rostov", "on", "off", "whists", "hold"}
    assert [w for w in re.findall(r"[A-Za-z_]+", words) if w in identifiers] == []
    assert "§" not in words and "{" not in words
    # the overrides: a switch and a choice chosen in words, a list typed as numbers
    form = client.get(reverse("manage-settings", args=[tournament.slug])).context["convention_form"]
    assert form["stalingrad"].value() == "on" and form["whist_price"].value() == "2C"
    assert form["raspasy_progression"].value() == "1-2-4"
    assert '<option value="2C" selected>двойная цена игры (2C)</option>' in page


def test_an_override_is_saved_as_a_json_value(client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    client.force_login(chief_of(tournament))
    response = client.post(
        reverse("manage-settings", args=[tournament.slug]),
        {
            "section": "convention",
            "convention": "sochi",
            "stalingrad": "on",
            "raspasy_progression": "1-2-4",
            "raspasy_exit": "hard",
        },
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.convention == "sochi"
    assert tournament.options == {
        "stalingrad": True,
        "raspasy_progression": [1, 2, 4],
        "raspasy_exit": "hard",
    }
    assert tournament.rules().raspasy_exit == (6, 7, 8)


def test_the_checked_ten_split_is_set_and_shown_in_words_in_both_languages(client):
    # SPEC §4: checked_ten_split, halves in every preset, own_tricks as an override
    tournament = TournamentFactory(status=Tournament.Status.DRAFT, convention="sochi")
    client.force_login(chief_of(tournament))
    settings = reverse("manage-settings", args=[tournament.slug])
    posted = {"section": "convention", "convention": "sochi", "ten_mode": "checked"}
    response = client.post(settings, {**posted, "checked_ten_split": "own_tricks"})
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.options == {"ten_mode": "checked", "checked_ten_split": "own_tricks"}
    assert tournament.rules().checked_ten_split == "own_tricks"
    rows = {row.name: row for row in client.get(settings).context["option_rows"]}
    split = rows["checked_ten_split"]
    assert split.text == "a checked ten set: trick whists in halves or each his own tricks"
    assert split.override == split.value == "each his own tricks"
    assert {value for _, value, _ in split.preset_values} == {"in halves"}
    page = client.get(settings, HTTP_ACCEPT_LANGUAGE="ru")
    split = {row.name: row for row in page.context["option_rows"]}["checked_ten_split"]
    text = "ремиз на проверяемой десятерной: висты за взятки пополам или каждому за свои взятки"
    assert split.text == text and split.value == "каждый за свои взятки"
    assert {value for _, value, _ in split.preset_values} == {"пополам"}
    html = page.content.decode()
    assert text in html
    assert '<option value="own_tricks" selected>каждый за свои взятки</option>' in html
    bad = client.post(settings, {**posted, "checked_ten_split": "each"})
    assert "checked_ten_split" in bad.context["convention_form"].errors
    tournament.refresh_from_db()
    assert tournament.options["checked_ten_split"] == "own_tricks"


def test_an_invalid_override_shows_the_engines_message_at_that_option(client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    client.force_login(chief_of(tournament))
    response = client.post(
        reverse("manage-settings", args=[tournament.slug]),
        {
            "section": "convention",
            "convention": "sochi",
            "whist_sharing": "generous",
            "raspasy_exit": "7-6-6",
        },
    )
    assert response.status_code == 200
    errors = response.context["convention_form"].errors
    assert errors["whist_sharing"] == [
        "Select a valid choice. generous is not one of the available choices."
    ]
    assert errors["raspasy_exit"] == ["exit levels cannot fall as raspasy go on"]
    tournament.refresh_from_db()
    assert tournament.convention == "fspr" and tournament.options == {}


def test_a_running_tournament_shows_its_convention_read_only(client):
    tournament = TournamentFactory(status=Tournament.Status.RUNNING, options={"stalingrad": True})
    client.force_login(chief_of(tournament))
    page = client.get(reverse("manage-settings", args=[tournament.slug])).content.decode()
    assert 'name="stalingrad"' not in page and 'name="convention"' not in page
    assert "fixed since the start" in page


def test_posting_a_convention_to_a_running_tournament_changes_nothing(client):
    tournament = TournamentFactory(status=Tournament.Status.RUNNING)
    client.force_login(chief_of(tournament))
    response = client.post(
        reverse("manage-settings", args=[tournament.slug]),
        {"section": "convention", "convention": "sochi"},
    )
    assert response.status_code == 200
    assert response.context["convention_form"].errors["convention"] == [
        "The convention is fixed once the tournament has started."
    ]
    assert "The convention is fixed once the tournament has started." in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.convention == "fspr"


def test_start_and_finish_buttons_run_the_services(client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    for _ in range(3):
        RegistrationFactory(tournament=tournament)
    client.force_login(chief_of(tournament))
    asked = client.post(reverse("manage-start", args=[tournament.slug]))
    assert "Players" in asked.content.decode() and "FSPR" in asked.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT
    client.post(reverse("manage-start", args=[tournament.slug]), {"confirmed": "1"})
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    RoundFactory(tournament=tournament, status=Round.Status.FINISHED)
    asked = client.post(reverse("manage-finish", args=[tournament.slug]))
    assert "Rounds played" in asked.content.decode()  # a summary first, like the start
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    client.post(reverse("manage-finish", args=[tournament.slug]), {"confirmed": "1"})
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.FINISHED


def test_starting_with_two_players_shows_why_not(client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    for _ in range(2):
        RegistrationFactory(tournament=tournament)
    client.force_login(chief_of(tournament))
    response = client.post(
        reverse("manage-start", args=[tournament.slug]), {"confirmed": "1"}, follow=True
    )
    assert "at least 3 players; 2 are registered" in response.content.decode()
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.DRAFT


def test_a_forbidden_pair_is_added_and_shown_by_name(client):
    tournament = TournamentFactory(status=Tournament.Status.DRAFT)
    a = RegistrationFactory(tournament=tournament, player__name="Муж")
    b = RegistrationFactory(tournament=tournament, player__name="Жена")
    client.force_login(chief_of(tournament))
    client.post(reverse("manage-pair-add", args=[tournament.slug]), {"first": a.pk, "second": b.pk})
    page = client.get(reverse("manage-settings", args=[tournament.slug])).content.decode()
    assert "Муж — Жена" in page or "Жена — Муж" in page


# -- players -------------------------------------------------------------------------------


def test_a_new_player_is_registered_from_the_players_page(client):
    tournament = TournamentFactory()
    client.force_login(chief_of(tournament))
    response = client.post(
        reverse("manage-players", args=[tournament.slug]),
        {"name": "Дарья Жукова", "city": "Сочи", "rating": "1500", "club": "", "federation_id": ""},
    )
    assert response.status_code == 302
    assert tournament.entries.get().player.name == "Дарья Жукова"


def test_a_duplicate_registration_is_shown_at_the_name(client):
    tournament = TournamentFactory()
    RegistrationFactory(tournament=tournament, player__name="Дарья Жукова", player__city="")
    client.force_login(chief_of(tournament))
    response = client.post(
        reverse("manage-players", args=[tournament.slug]), {"name": "дарья жукова"}
    )
    assert response.status_code == 200
    assert response.context["form"].errors["name"] == ["Дарья Жукова is already registered."]


def test_players_of_earlier_tournaments_are_found_and_registered(client):
    tournament = TournamentFactory()
    veteran = PlayerFactory(name="Игорь Калинин")
    client.force_login(chief_of(tournament))
    page = client.get(reverse("manage-players", args=[tournament.slug]), {"q": "калинин"})
    assert page.context["found"] == [veteran]
    client.post(reverse("manage-players", args=[tournament.slug]), {"player": veteran.pk})
    assert tournament.entries.get().player == veteran


def test_a_player_is_withdrawn_from_the_players_page(client):
    tournament = TournamentFactory()
    RoundFactory(tournament=tournament, number=1, status=Round.Status.FINISHED)
    entry = RegistrationFactory(tournament=tournament)
    client.force_login(chief_of(tournament))
    client.post(
        reverse("manage-withdraw", args=[tournament.slug, entry.pk]),
        {"after_round": "1", "reason": "ill", "confirmed": "1"},
    )
    entry.refresh_from_db()
    assert entry.status == Registration.Status.WITHDRAWN and entry.withdrawn_after_round == 1


def test_a_registration_of_another_tournament_is_not_found(client):
    tournament = TournamentFactory()
    other = RegistrationFactory()
    client.force_login(chief_of(tournament))
    response = client.post(
        reverse("manage-withdraw", args=[tournament.slug, other.pk]),
        {"after_round": "0", "confirmed": "1"},
    )
    assert response.status_code == 404
    other.refresh_from_db()
    assert other.status == Registration.Status.ACTIVE


def test_a_substitute_is_registered_from_his_page(client, tournament):
    leaver = tournament.entries.get(status="withdrawn")
    client.force_login(chief_of(tournament))
    response = client.post(
        reverse("manage-substitute", args=[tournament.slug, leaver.pk]),
        {"name": "Запасной", "city": "Тверь"},
    )
    assert response.status_code == 302
    assert Registration.objects.get(substitute_for=leaver).player.name == "Запасной"


# -- staff ---------------------------------------------------------------------------------


def test_the_chief_adds_a_referee_with_a_new_account(client, tournament):
    client.force_login(chief_of(tournament))
    response = client.post(
        reverse("manage-staff", args=[tournament.slug]),
        {"username": "marina", "kind": "referee", "password": "Sochi-2026!"},
    )
    assert response.status_code == 302
    assert Role.objects.get(user__username="marina").kind == Role.Kind.REFEREE


def test_the_add_form_preselects_a_referee_not_a_chief(client, tournament):
    client.force_login(chief_of(tournament))
    page = client.get(reverse("manage-staff", args=[tournament.slug])).content.decode()
    options = re.findall(r'<option value="(\w+)"( selected)?>', page)
    assert options[0] == ("referee", " selected")
    assert ("chief", "") in options


def test_naming_a_chief_referee_asks_first_and_keeps_what_was_typed(client, tournament):
    client.force_login(chief_of(tournament))
    url = reverse("manage-staff", args=[tournament.slug])
    data = {
        "username": "marina",
        "first_name": "Марина",
        "kind": "chief",
        "password": "Sochi-2026!",
    }
    asked = client.post(url, data)
    assert asked.status_code == 200
    assert not Role.objects.filter(user__username="marina").exists()
    page = asked.content.decode()
    assert 'name="confirmed" value="1"' in page and 'name="kind" value="chief"' in page
    done = client.post(url, {**data, "confirmed": "1"})
    assert done.status_code == 302
    assert Role.objects.get(user__username="marina").kind == Role.Kind.CHIEF


def test_a_referee_is_removed_from_the_staff_page(client, tournament):
    referee = referee_of(tournament)
    client.force_login(chief_of(tournament))
    client.post(
        reverse("manage-staff-revoke", args=[tournament.slug]), {"username": referee.username}
    )
    assert not Role.objects.filter(user=referee).exists()


def test_referees_are_assigned_to_the_tables_of_a_round(client, tournament):
    table = Table.objects.get(round__tournament=tournament)
    referee = referee_of(tournament)
    client.force_login(chief_of(tournament))
    response = client.post(
        reverse("manage-referees", args=[tournament.slug, table.round.number]),
        {f"table-{table.pk}": [referee.pk]},
    )
    assert response.status_code == 302
    assert list(table.referees.all()) == [referee]


def test_a_stranger_cannot_be_assigned_through_the_form(client, tournament):
    table = Table.objects.get(round__tournament=tournament)
    stranger = UserFactory()
    client.force_login(chief_of(tournament))
    response = client.post(
        reverse("manage-referees", args=[tournament.slug, table.round.number]),
        {f"table-{table.pk}": [stranger.pk]},
    )
    assert response.status_code == 200
    assert not table.referees.exists()


# -- query counts --------------------------------------------------------------------------


def grow(tournament, players):
    """``players`` more registrations: every third withdrawn and substituted, and forbidden
    pairs among them."""
    entries = [RegistrationFactory(tournament=tournament) for _ in range(players)]
    for leaver in entries[::3]:
        leaver.status = Registration.Status.WITHDRAWN
        leaver.withdrawn_after_round = 1
        leaver.save()
        RegistrationFactory(tournament=tournament, substitute_for=leaver)
    tournament.forbidden_pairs = [[a.pk, b.pk] for a, b in pairwise(entries)]
    tournament.save()


@pytest.fixture
def small_and_large():
    made = []
    for players, tables in ((3, 1), (30, 8)):
        round_ = RoundFactory(tournament=TournamentFactory(), number=1)
        for number in range(1, tables + 1):
            table = table_with_players(4, round=round_, number=number)
            table.referees.add(referee_of(round_.tournament))
        grow(round_.tournament, players)
        referee_of(round_.tournament)
        ActionLog.objects.bulk_create(
            ActionLog(tournament=round_.tournament, action="x", subject=str(n))
            for n in range(players)
        )
        made.append(round_.tournament)
    return made


@pytest.mark.parametrize(
    ("name", "queries"),
    [
        ("manage", 7),
        ("manage-settings", 6),  # the sixth: the rounds seated or in play (frozen_fields)
        ("manage-players", 8),  # the eighth: the admission rules (the form's category)
        ("manage-staff", 7),  # with the officials' device tokens
        ("manage-referees", 10),
        ("manage-log", 6),
    ],
)
def test_the_organisers_pages_take_the_same_queries_at_any_size(
    client, django_assert_num_queries, small_and_large, name, queries
):
    for tournament in small_and_large:
        client.force_login(chief_of(tournament))
        address = reverse(
            name, args=[tournament.slug, 1] if name == "manage-referees" else [tournament.slug]
        )
        with django_assert_num_queries(queries):
            assert client.get(address).status_code == 200


def test_the_search_leaves_out_players_registered_here_already(client):
    tournament = TournamentFactory()
    RegistrationFactory(tournament=tournament, player__name="Игорь Калинин")
    elsewhere = PlayerFactory(name="Игорь Калинин-младший")
    client.force_login(chief_of(tournament))
    page = client.get(reverse("manage-players", args=[tournament.slug]), {"q": "Калинин"})
    assert page.context["found"] == [elsewhere]


def test_the_tournament_page_takes_the_same_queries_at_any_size(
    client, django_assert_num_queries, small_and_large
):
    for tournament in small_and_large:
        for number in range(2, 2 + tournament.entries.count() // 10):
            RoundFactory(tournament=tournament, number=number)
        client.force_login(chief_of(tournament))
        with django_assert_num_queries(6):  # the sixth: its duplicate sessions, if any
            assert client.get(reverse("tournament", args=[tournament.slug])).status_code == 200
