"""A tournament with stages on the officials' round pages (issue 29 point 3): every round page
answers in every stage, and the stage note names the stage and counts its players."""

import re

import pytest
from django.urls import reverse

from referee.seating import services as seating
from referee.seating.notes import players_in, render_note
from referee.tables import services as tables
from referee.tournaments import services as setup
from referee.tournaments.models import Tournament

from ..factories import referee_of
from .play import pass_pass, play_round, tournament_of

pytestmark = pytest.mark.django_db


def qualification_and_final():
    tournament, _entries, chief = tournament_of(8, status=Tournament.Status.DRAFT)
    setup.set_stages(
        tournament.pk,
        [
            {"name": "отбор", "rounds_planned": 1, "method": "random"},
            {"name": "финал", "rounds_planned": 1, "method": "playoff", "entry": "all"},
        ],
        chief,
    )
    setup.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    return tournament, chief


def pages(tournament, number):
    slug = tournament.slug
    return [
        reverse("round", args=[slug, number]),
        reverse("round-dashboard", args=[slug, number]),
        reverse("manage", args=[slug]),
    ]


def test_every_round_page_answers_its_officials_in_every_stage(client):
    tournament, chief = qualification_and_final()
    first = seating.seat_next_round(tournament.pk, chief, seed=1)
    client.force_login(referee_of(tournament))  # the round page is every official's
    assert client.get(reverse("round", args=[tournament.slug, 1])).status_code == 200
    client.force_login(chief)
    for address in pages(tournament, 1):
        assert client.get(address).status_code == 200, address
    text = client.get(reverse("round", args=[tournament.slug, 1])).content.decode()
    assert "Stage 1 (отбор): 8 players" in text
    seating.start_round(first.pk, chief)
    for table in first.tables.order_by("number"):
        seats = list(table.seats.order_by("position").values_list("registration_id", flat=True))
        tables.record_deal(table.pk, pass_pass(seats, seats[0]), chief)
        tables.submit_table(table.pk, chief)
    seating.finish_round(first.pk, chief)
    seating.seat_next_round(tournament.pk, chief, seed=2)
    for address in pages(tournament, 2):
        assert client.get(address).status_code == 200, address
    text = client.get(reverse("round", args=[tournament.slug, 2]), HTTP_ACCEPT_LANGUAGE="ru")
    assert "Этап 2 (финал): 8 игроков" in text.content.decode()


def test_a_stage_note_stored_with_a_count_still_reads():
    """Rounds seated before the fix stored the count under ``players``: no player ids."""
    stored = {"code": "stage", "params": {"number": 1, "name": "отбор", "players": 8}}
    assert players_in([stored]) == set()
    assert render_note(stored, {}) == "Stage 1 (отбор): 8 players"


def seat_form_method(page) -> str:
    """The method the seating form posts as it stands (its hidden or checked choice)."""
    form = page.content.decode().split('class="seat-next"')[1].split("</form>")[0]
    for tag in re.findall(r"<input[^>]*>", form):
        if 'name="method"' in tag and ('type="hidden"' in tag or "checked" in tag):
            return re.search(r'value="([^"]*)"', tag).group(1)
    return ""


def test_the_seating_form_seats_a_stage_by_its_own_method(client):
    """The final is a play-off: the overview's form seats it as one, not as a random draw."""
    tournament, chief = qualification_and_final()
    play_round(tournament, chief)
    client.force_login(chief)
    for name in ("manage", "round"):
        args = [tournament.slug] if name == "manage" else [tournament.slug, 1]
        page = client.get(reverse(name, args=args), HTTP_ACCEPT_LANGUAGE="ru")
        assert seat_form_method(page) == "playoff", name
        assert "Этап «финал»" in page.content.decode()
    seat = reverse("round-seat-next", args=[tournament.slug])
    client.post(seat, {"method": seat_form_method(page), "seed": "3"})
    assert tournament.rounds.get(number=2).method == "playoff"


def test_past_the_last_stage_the_seating_form_says_why(client):
    tournament, chief = qualification_and_final()
    play_round(tournament, chief)
    play_round(tournament, chief, seed=2)
    client.force_login(chief)
    page = client.get(reverse("manage", args=[tournament.slug]))
    assert page.status_code == 200
    answer = client.post(reverse("round-seat-next", args=[tournament.slug]), follow=True)
    assert answer.status_code == 200 and not tournament.rounds.filter(number=3).exists()


def test_the_finals_quality_report_names_the_players_of_earlier_rounds(client):
    """A final of 3 named players: the seating's quality report over every earlier round
    speaks of players not at the final's table too, by name (not by number)."""
    tournament, entries, chief = tournament_of(6, status=Tournament.Status.DRAFT, table_size=3)
    finalists = [e.pk for e in entries[:3]]
    setup.set_stages(
        tournament.pk,
        [
            {"name": "отбор", "rounds_planned": 1, "method": "random"},
            {"name": "финал", "rounds_planned": 1, "entry": "named", "named": finalists},
        ],
        chief,
    )
    setup.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    play_round(tournament, chief, seed=4)
    seating.seat_next_round(tournament.pk, chief, seed=5)
    client.force_login(chief)
    text = client.get(reverse("round", args=[tournament.slug, 2])).content.decode()
    quality = text.split("</h2>", 2)[-1]
    assert "Largest seat imbalance" in text and not re.search(r"[(,] ?#\d", quality), quality
