"""The automatic disqualification follows its cause, the yellow cards, both ways
(TOURNAMENTS §9.2): an appeal that reverses the card behind it cancels it and reinstates the
player from the next round; while the active cards still reach the limit it stays."""

import pytest

from referee.discipline import services as discipline
from referee.discipline.models import Entry
from referee.tournaments import services as setup
from referee.tournaments.models import Registration, Tournament

from ..factories import referee_of
from ..format.play import play_round, seated, tournament_of

pytestmark = pytest.mark.django_db


def two_cards_make_a_disqualification(players=5):
    tournament, entries, chief = tournament_of(players, status=Tournament.Status.DRAFT)
    setup.update_format(tournament.pk, {"yellow_cards_to_disqualify": 2}, chief)
    setup.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    play_round(tournament, chief, seed=1)
    return tournament, entries, chief, referee_of(tournament)


def card(tournament, registration, referee, reason):
    return discipline.record_entry(
        tournament.pk, registration, "yellow", referee, rule="9.2", reason=reason
    )


def status(registration):
    return Registration.objects.get(pk=registration).status


def appeal_of(tournament, entry, referee, decision, chief):
    appeal = discipline.file_appeal(
        tournament.pk, entry.registration_id, "discipline", "не было", referee, entry_id=entry.pk
    )
    return discipline.decide_appeal(appeal.pk, decision, "по видеозаписи", chief)


def test_reversing_the_second_card_reinstates_the_player_for_the_next_round():
    tournament, entries, chief, referee = two_cards_make_a_disqualification(players=4)
    offender = entries[0].pk
    card(tournament, offender, referee, "опоздание")
    second = card(tournament, offender, referee, "затягивание игры")
    auto = Entry.objects.get(registration_id=offender, kind="disqualification")
    assert auto.automatic and status(offender) == "disqualified"
    appeal = appeal_of(tournament, second, referee, "reversed", chief)
    auto.refresh_from_db()
    assert auto.cancelled_by_id == appeal.pk  # the consequence goes with its cause
    assert status(offender) == "active"
    assert Registration.objects.get(pk=offender).withdrawn_after_round is None
    later = play_round(tournament, chief, seed=2)  # 4 players: one table of 4, no bye
    assert offender in seated(later) and len(seated(later)) == 4
    assert tournament.log.filter(action="discipline.disqualification_cancelled").count() == 1


def test_an_upheld_card_keeps_the_disqualification():
    tournament, entries, chief, referee = two_cards_make_a_disqualification()
    offender = entries[0].pk
    card(tournament, offender, referee, "опоздание")
    second = card(tournament, offender, referee, "затягивание игры")
    appeal_of(tournament, second, referee, "upheld", chief)
    assert status(offender) == "disqualified"
    later = play_round(tournament, chief, seed=2)
    assert offender not in seated(later) and offender not in later.byes


def test_a_new_card_after_the_reinstatement_disqualifies_again():
    tournament, entries, chief, referee = two_cards_make_a_disqualification()
    offender = entries[0].pk
    card(tournament, offender, referee, "опоздание")
    second = card(tournament, offender, referee, "затягивание игры")
    appeal_of(tournament, second, referee, "reversed", chief)
    assert status(offender) == "active"
    card(tournament, offender, referee, "подсказка")  # active cards: 1st and 3rd = 2
    assert status(offender) == "disqualified"
    live = Entry.objects.filter(
        registration_id=offender, kind="disqualification", cancelled_by__isnull=True
    )
    assert [e.automatic for e in live] == [True]


def test_while_the_cards_still_reach_the_limit_the_disqualification_stays():
    tournament, entries, chief, referee = two_cards_make_a_disqualification()
    offender = entries[0].pk
    card(tournament, offender, referee, "опоздание")
    second = card(tournament, offender, referee, "затягивание игры")
    card(tournament, offender, referee, "подсказка")  # a third, recorded while disqualified
    appeal_of(tournament, second, referee, "reversed", chief)  # 1st and 3rd remain: 2
    assert status(offender) == "disqualified"
    assert Entry.objects.filter(
        registration_id=offender, kind="disqualification", cancelled_by__isnull=True
    ).exists()


def test_a_chiefs_own_disqualification_stands_when_a_card_is_reversed():
    tournament, entries, chief, referee = two_cards_make_a_disqualification()
    offender = entries[0].pk
    first = card(tournament, offender, referee, "опоздание")
    discipline.record_entry(tournament.pk, offender, "disqualification", chief, rule="8.1",
                            reason="сговор")  # fmt: skip
    appeal_of(tournament, first, referee, "reversed", referee_of(tournament, "chief"))
    assert status(offender) == "disqualified"
