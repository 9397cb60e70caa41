"""Check-in before a round and the player's private link (issue 22, points 3 and 5): only the
players marked present are seated, the absent listed with their reason, a late arrival seated
in the round after; the link shows his seat and takes his check-in; the chief revokes it."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.core.errors import NotAllowed, ServiceError
from referee.seating.services import finish_round, seat_next_round, start_round
from referee.tables.models import Seat
from referee.tournaments import checkin
from referee.tournaments.models import ActionLog, CheckIn, Registration
from referee.tournaments.services import finish_tournament
from tests.referee.demo_walk import codes, problems, read

from ..factories import RegistrationFactory, TournamentFactory, referee_of

pytestmark = pytest.mark.django_db


def cup(players: int = 7):
    tournament = TournamentFactory(check_in=True, published=True)
    entries = [RegistrationFactory(tournament=tournament) for _ in range(players)]
    return tournament, entries, referee_of(tournament, Role.Kind.CHIEF, name="chief")


def seated(round_) -> set[int]:
    return set(Seat.objects.filter(table__round=round_).values_list("registration_id", flat=True))


def test_only_the_players_present_are_seated_and_a_late_arrival_plays_the_next_round():
    tournament, entries, chief = cup(7)
    for entry in entries[:6]:
        checkin.mark(entry.pk, True, chief)
    checkin.mark(entries[6].pk, False, chief, "в пути, опаздывает")
    first = seat_next_round(tournament.pk, chief, seed=1)
    assert seated(first) == {e.pk for e in entries[:6]}  # two tables of three
    assert {
        "code": "absent",
        "params": {"player": entries[6].pk, "reason": "в пути, опаздывает"},
    } in first.notes
    with pytest.raises(ServiceError) as closed:
        checkin.mark(entries[6].pk, True, chief)  # round 1 is seated: its check-in is closed
    assert closed.value.code == "tournaments.checkin.round_seated"
    start_round(first.pk, chief)
    first.tables.update(status="locked")
    finish_round(first.pk, chief)
    for entry in entries:
        checkin.mark(entry.pk, True, chief)  # he arrived: present for round 2
    second = seat_next_round(tournament.pk, chief, seed=2)
    assert seated(second) == {e.pk for e in entries}


def test_nobody_marked_present_means_nobody_is_seated_and_the_round_is_refused():
    tournament, _entries, chief = cup(6)
    with pytest.raises(ServiceError):
        seat_next_round(tournament.pk, chief, seed=1)
    assert not tournament.rounds.exists()


def test_without_check_in_everyone_is_seated_and_marking_is_refused():
    tournament, entries, chief = cup(6)
    tournament.check_in = False
    tournament.save()
    with pytest.raises(ServiceError) as refused:
        checkin.mark(entries[0].pk, True, chief)
    assert refused.value.code == "tournaments.checkin.off"
    assert seated(seat_next_round(tournament.pk, chief, seed=1)) == {e.pk for e in entries}


def test_only_the_chief_or_the_key_holder_marks():
    tournament, entries, _chief = cup(6)
    with pytest.raises(NotAllowed):
        checkin.mark(entries[0].pk, True, referee_of(tournament))
    with pytest.raises(ServiceError) as refused:
        checkin.mark(entries[0].pk, True, key="0" * 20)
    assert refused.value.code == "tournaments.checkin.link"
    assert not CheckIn.objects.exists()


def test_the_private_link_shows_the_seat_takes_the_check_in_and_dies_when_revoked(client):
    tournament, entries, chief = cup(6)
    entry = Registration.objects.select_related("tournament").get(pk=entries[0].pk)
    link = reverse("player-link", args=[tournament.slug, entry.pk, checkin.link_key(entry)])
    page = client.get(link, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Вы ещё не рассажены" in page
    text, _links = read(page)
    assert problems(text, codes()) == []  # Russian throughout, no raw code
    response = client.post(link, {"action": "present"})
    assert response.status_code == 302
    assert CheckIn.objects.get(registration=entry).present and CheckIn.objects.get().by is None
    for other in entries[1:]:
        checkin.mark(other.pk, True, chief)
    round_ = seat_next_round(tournament.pk, chief, seed=3)
    seat = Seat.objects.get(table__round=round_, registration=entry)
    page = client.get(link, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert f"Тур 1: стол {seat.table.number}, место {seat.position}" in page
    checkin.revoke_link(entry.pk, chief)
    assert client.get(link).status_code == 404
    entry.refresh_from_db()
    fresh = reverse("player-link", args=[tournament.slug, entry.pk, checkin.link_key(entry)])
    assert client.get(fresh).status_code == 200
    assert client.get(link.replace(link.rstrip("/").rsplit("/", 1)[1], "0" * 20)).status_code == 404


def test_the_chiefs_check_in_page_marks_and_revokes(client):
    tournament, entries, chief = cup(6)
    client.force_login(chief)
    page = client.get(reverse("manage-check-in", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="ru")
    text, _links = read(page.content.decode())
    assert problems(text, codes(), logins=[chief.username]) == []
    action = reverse("manage-check-in-action", args=[tournament.slug, entries[1].pk])
    client.post(action, {"action": "absent", "reason": "болеет"})
    mark = CheckIn.objects.get(registration=entries[1])
    assert (mark.present, mark.reason, mark.by) == (False, "болеет", chief)
    client.post(action, {"action": "revoke"})
    assert Registration.objects.get(pk=entries[1].pk).link_version == 2
    client.force_login(referee_of(tournament))
    assert client.post(action, {"action": "present"}).status_code == 403


def test_the_api_marks_a_player_and_refuses_a_closed_check_in():
    from tests.referee.api.conftest import client_for

    tournament, entries, chief = cup(6)
    api = client_for(chief)
    url = f"/api/v1/tournaments/{tournament.slug}/players/{entries[0].pk}/check-in/"
    answer = api.post(url, {"present": False, "reason": "опоздает"}, format="json")
    assert answer.status_code == 200, answer.json()
    assert answer.json() == {
        "registration": entries[0].pk,
        "round": 1,
        "present": False,
        "reason": "опоздает",
    }
    for entry in entries:
        checkin.mark(entry.pk, True, chief)
    seat_next_round(tournament.pk, chief, seed=1)
    closed = api.post(url, {"present": True}, format="json")
    assert closed.status_code == 400
    assert closed.json()["code"] == "tournaments.checkin.round_seated"


def test_the_same_word_again_changes_nothing_and_logs_once():
    """A phone retrying "present" on a weak network: one mark, one line in the log; a new
    word (absent, with a reason; then the chief's own) is logged."""
    from referee.tournaments.models import ActionLog

    tournament, entries, chief = cup(6)
    entry = Registration.objects.select_related("tournament").get(pk=entries[0].pk)
    key = checkin.link_key(entry)

    def logged():
        return ActionLog.objects.filter(
            tournament=tournament, action__in=["player.checked_in", "player.marked_absent"]
        ).count()

    first = checkin.mark(entry.pk, True, key=key)
    again = checkin.mark(entry.pk, True, key=key)
    assert again.pk == first.pk and logged() == 1
    checkin.mark(entry.pk, False, reason=" поезд опаздывает ", key=key)
    checkin.mark(entry.pk, False, reason="поезд опаздывает", key=key)  # the same, trimmed
    assert logged() == 2
    checkin.mark(entry.pk, False, chief, "поезд опаздывает")  # the chief's word: by him
    assert logged() == 3
    assert CheckIn.objects.get(registration=entry).by == chief


# -- issue 30, point 11: everyone present at once; a finished tournament -------------------


def test_all_present_marks_everyone_not_yet_marked_once_and_again_changes_nothing():
    tournament, entries, chief = cup(7)
    checkin.mark(entries[0].pk, False, chief, "болеет")
    checkin.mark(entries[1].pk, True, key=checkin.link_key(entries[1]))
    assert checkin.mark_all_present(tournament.pk, chief) == 5
    present, absent = checkin.present_for(tournament, 1)
    assert present == {e.pk for e in entries[1:]} and absent == {entries[0].pk: "болеет"}
    logged = ActionLog.objects.filter(action="players.checked_in")
    assert logged.count() == 1 and logged.get().data["players"] == 5
    assert checkin.mark_all_present(tournament.pk, chief) == 0  # idempotent: nothing, no log
    assert logged.count() == 1
    with pytest.raises(NotAllowed):
        checkin.mark_all_present(tournament.pk, referee_of(tournament))


def test_all_present_is_one_button_on_the_check_in_page(client):
    tournament, entries, chief = cup(13)
    client.force_login(chief)
    url = reverse("manage-check-in", args=[tournament.slug])
    assert 'value="all_present"' in client.get(url).content.decode()
    response = client.post(reverse("manage-check-in-all", args=[tournament.slug]))
    assert response.status_code == 302
    assert checkin.present_for(tournament, 1)[0] == {e.pk for e in entries}


def finished_cup():
    tournament, entries, chief = cup(6)
    checkin.mark_all_present(tournament.pk, chief)
    first = seat_next_round(tournament.pk, chief, seed=1)
    start_round(first.pk, chief)
    first.tables.update(status="locked")
    finish_round(first.pk, chief)
    finish_tournament(tournament.pk, chief)
    return tournament, entries, chief


def test_a_finished_tournament_offers_neither_check_in_nor_the_next_round(client):
    tournament, entries, chief = finished_cup()
    client.force_login(chief)
    slug = tournament.slug
    for url in (
        reverse("manage", args=[slug]),
        reverse("tournament", args=[slug]),
        reverse("round", args=[slug, 1]),
        reverse("round-dashboard", args=[slug, 1]),
        reverse("manage-check-in", args=[slug]),
    ):
        page = client.get(url).content.decode()
        assert reverse("round-seat-next", args=[slug]) not in page, url
        assert reverse("manage-check-in-action", args=[slug, entries[0].pk]) + '"' not in page or (
            'value="present"' not in page
        ), url
        assert 'value="all_present"' not in page, url
    tournament.refresh_from_db()
    assert checkin.next_round(tournament) is None
