"""In Russian, the round page's notes and quality report and the action log speak Russian:
no English sentence, label or code reaches the page (issue 7)."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from referee.accounts.models import Role
from referee.core.errors import ServiceError
from referee.seating import services
from referee.seating.notes import render_note
from referee.seating.pure.notes import CODES, Note
from referee.tables.models import Table
from referee.tournaments.models import Round

from ..factories import PlayerFactory, RegistrationFactory, TournamentFactory, referee_of

pytestmark = pytest.mark.django_db

NAMES = {1: "Иванов", 2: "Петрова", 3: "Сидоров", 4: "Ёлкин"}
#: one example of every note code, players by their ids
SAMPLES = {
    "plan": {"sizes": [4], "sitting_out": 1, "count": 5, "prefer": 4},
    "bye": {"player": 1, "before": 2, "forced": True},
    "absent": {"player": 2, "reason": "заболела"},
    "unpaid": {"player": 3, "due": "2000", "paid": "500", "currency": "руб."},
    "draw_swiss": {"starts": 3},
    "draw_random": {"starts": 1},
    "repeats_kept": {"pairs": [[1, 2, 1], [3, 4, 2]]},
    "no_repeats": {},
    "swaps": {"swaps": 2, "before": 5},
    "forbidden_apart": {"count": 1},
    "hand_swap": {"first": 1, "second": 2},
    "block": {"top": 1, "bottom": 4},
    "moved_down": {"player": 1, "place": 3},
    "pulled_up": {"player": 2, "place": 6},
    "swapped": {"first": 1, "second": 2, "reason": "repeat"},
    "repeat_kept": {"first": 1, "second": 2, "met": 1},
    "seats_drawn": {},
    "seats_balanced": {"before": 4, "after": 1},
    "dealer_lot": {"player": 3},
    "dealer_fewest": {"player": 3, "fewest": 0, "tied": 2},
    "quality_repeats": {"pairs": [[1, 2, 1, 1]]},
    "quality_no_repeats": {},
    "quality_seat_spread": {"spread": 2, "players": [1, 2, 3, 4, 1], "more": 3},
    "quality_first_deals": {"low": 0, "high": 2},
    "quality_byes": {"byes": [[4, 1]]},
    "playoff": {},
    "fixed_schedule": {"round": 2},
    "stage": {"number": 2, "name": "финал", "count": 4},
    "group": {"group": "B", "from_table": 3, "to_table": 4},
    "playoff_game": {"stage": "группы", "group": "A", "places": "3–6", "deals": 4},
    "teammates_apart": {"pairs": 2, "of": 3},
    "teammates_together": {"first": 1, "second": 2},
    "seats_as_listed": {},
}
LATIN = re.compile(r"[A-Za-z]{2,}")


def test_every_note_code_has_an_example_here():
    assert set(SAMPLES) == set(CODES)


@pytest.mark.parametrize("code", sorted(CODES))
def test_every_note_reads_in_russian_with_the_players_names(code):
    note = Note(code, SAMPLES[code])
    with translation.override("ru"):
        text = render_note(note.as_json(), NAMES)
    assert not LATIN.findall(text), text
    keys = ("player", "first")
    mentioned = {NAMES[SAMPLES[code][key]] for key in keys if key in SAMPLES[code]}
    assert all(name in text for name in mentioned)


@pytest.mark.parametrize("reason", ["repeat", "forbidden", "standings"])
def test_every_swap_reason_reads_in_russian(reason):
    with translation.override("ru"):
        text = render_note(Note("swapped", {"first": 1, "second": 2, "reason": reason}), NAMES)
    assert not LATIN.findall(text)


def test_russian_plural_forms():
    with translation.override("ru"):
        met = [
            render_note(Note("repeat_kept", {"first": 1, "second": 2, "met": n}), NAMES)
            for n in (1, 2, 5)
        ]
    assert [m.rsplit(" ", 1)[-1] for m in met] == ["раз)", "раза)", "раз)"]


def test_a_note_stored_before_the_codes_is_shown_as_it_was_written():
    assert render_note("4 pulled up from place 6", NAMES) == "4 pulled up from place 6"


def test_a_note_with_parameters_it_does_not_know_shows_its_code():
    assert render_note({"code": "block", "params": {"first": 1}}, NAMES) == "block"
    assert render_note({"code": "no_such_code"}, NAMES) == "no_such_code"


ENGLISH = [
    "plan",
    "bye",
    "Swiss",
    "blocks",
    "random draw",
    "repeat",
    "swapped",
    "pulled up",
    "moved down",
    "seats by draw",
    "seat balance",
    "first dealer",
    "first deals",
    "by lot",
    "hand adjustment",
    "seat spread",
    "Largest seat",
    "No repeated",
    "met ",
    "('",
    "(0,",
]


def five_players_two_rounds(client):
    """Five players (one sits out each round): round 1 drawn and finished, round 2 Swiss with
    a hand swap; the chief reads the pages in Russian."""
    tournament = TournamentFactory(published=True)
    for name in ("Иванов", "Петрова", "Сидоров", "Смирнова", "Кузнецов"):
        RegistrationFactory(tournament=tournament, player=PlayerFactory(name=name))
    chief = referee_of(tournament, Role.Kind.CHIEF)
    first = services.seat_next_round(tournament.pk, chief, seed=3)
    services.start_round(first.pk, chief)
    Table.objects.filter(round=first).update(status=Table.Status.LOCKED)
    services.finish_round(first.pk, chief)
    second = services.seat_next_round(tournament.pk, chief, Round.Method.SWISS, seed=4)
    seated = list(
        second.tables.get().seats.order_by("position").values_list("registration_id", flat=True)
    )
    services.swap_players(second.pk, seated[0], seated[1], chief, reason="по просьбе")
    client.force_login(chief)
    client.cookies["django_language"] = "ru"
    return tournament


def visible_text(page: str) -> str:
    """The page's text without its tags, its attributes and its scripts."""
    page = re.sub(r"<script.*?</script>|<style.*?</style>", " ", page, flags=re.S)
    return re.sub(r"<[^>]+>", " ", page)


def test_the_round_page_shows_notes_and_quality_in_russian(client):
    tournament = five_players_two_rounds(client)
    response = client.get(reverse("round", args=[tournament.slug, 2]))
    text = visible_text(response.content.decode())
    assert "Качество рассадки" in text
    assert "Отдыхает в этом туре" in text  # the bye, by name
    assert "Пересадка вручную" in text and "Места 1–4 турнирной таблицы" in text
    assert "Первых сдач у игрока" in text and "Пропускали тур" in text
    found = [word for word in ENGLISH if word.lower() in text.lower()]
    assert found == []


def test_the_action_log_shows_russian_labels(client):
    tournament = five_players_two_rounds(client)
    text = visible_text(client.get(reverse("manage-log", args=[tournament.slug])).content.decode())
    assert "тур рассажен" in text and "игроки пересажены вручную" in text and "тур 2" in text
    codes = ["round.", "seated", "started", "finished", "swapped", "round 1", "round 2"]
    assert [word for word in codes if word in text] == []


def test_a_seating_the_algorithm_refuses_is_explained_in_russian_with_names():
    tournament = TournamentFactory()
    entries = [
        RegistrationFactory(tournament=tournament, player=PlayerFactory(name=name))
        for name in ("Иванов", "Петрова", "Сидоров")
    ]
    tournament.forbidden_pairs = [[entries[0].pk, entries[1].pk]]
    tournament.save()
    chief = referee_of(tournament, Role.Kind.CHIEF)
    with translation.override("ru"), pytest.raises(ServiceError) as refused:
        services.seat_next_round(tournament.pk, chief, seed=1)
    assert "Иванов и Петрова" in refused.value.message
    assert not LATIN.findall(refused.value.message)
    entries[2].delete()
    with translation.override("ru"), pytest.raises(ServiceError) as refused:
        services.seat_next_round(tournament.pk, chief, seed=1)
    assert refused.value.message == "Для тура нужно не меньше 3 игроков; играют 2."
