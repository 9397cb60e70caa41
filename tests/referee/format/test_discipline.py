"""The discipline register, appeals, the tournament register and substitutes in a pulka:
who may record, decide and see, and their effect on the standings (TOURNAMENTS §6.4, §8.6,
§9.2). Numbers from play.py: a table of 4 gives its winner +30, the others -10 each."""

from fractions import Fraction

import pytest
from django.contrib.auth.models import AnonymousUser

from referee.core.errors import NotAllowed, ServiceError
from referee.discipline import services as discipline
from referee.discipline.models import Appeal, Entry
from referee.discipline.register import register
from referee.standings.services import player_card, standings_after
from referee.tables.models import Deal
from referee.tables.substitutes import substitute_in_pulka
from referee.tournaments import services as setup
from referee.tournaments.models import Registration, Tournament

from ..factories import UserFactory, referee_of
from .play import pass_pass, play_round, seated, tournament_of

pytestmark = pytest.mark.django_db


def one_round_of_four():
    """4 players, round 1 played: the player in seat 1 +30, the others -10."""
    tournament, _entries, chief = tournament_of(4)
    round_ = play_round(tournament, chief)
    table = round_.tables.get()
    order = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    return tournament, chief, table, order


def points(tournament, viewer):
    return {r.registration: r.points for r in standings_after(tournament, viewer=viewer).rows}


def test_a_deduction_counts_in_the_standings_and_shows_on_the_card():
    tournament, chief, table, order = one_round_of_four()
    referee = referee_of(tournament)
    discipline.record_entry(
        tournament.pk, order[0], "deduction", referee,
        rule="Кодекс 3.9.11", reason="вскрыл чужую взятку", points="5", table_id=table.pk,
    )  # fmt: skip
    assert points(tournament, chief)[order[0]] == 25  # 30 - 5
    row = standings_after(tournament, viewer=chief).rows[0]
    assert row.discipline == ("deduction",) and row.deducted == 5
    card = player_card(tournament, Registration.objects.get(pk=order[0]), viewer=chief)
    assert [e.rule for e in card.discipline] == ["Кодекс 3.9.11"]


def test_a_referee_records_warnings_but_only_the_chief_disqualifies():
    tournament, _chief, _table, order = one_round_of_four()
    referee = referee_of(tournament)
    warning = discipline.record_entry(
        tournament.pk, order[1], "warning", referee, rule="3.9.8", reason="просил показать взятку"
    )
    assert warning.referee == referee and warning.round_number == 1
    with pytest.raises(NotAllowed):
        discipline.record_entry(
            tournament.pk, order[1], "disqualification", referee, rule="8.1", reason="сговор"
        )
    with pytest.raises(NotAllowed):
        discipline.record_entry(
            tournament.pk, order[1], "warning", UserFactory(), rule="3.9.8", reason="x"
        )
    with pytest.raises(ServiceError) as refused:
        discipline.record_entry(tournament.pk, order[1], "warning", referee, rule="", reason="x")
    assert refused.value.field == "rule"
    with pytest.raises(ServiceError) as refused:
        discipline.record_entry(
            tournament.pk, order[1], "deduction", referee, rule="1", reason="x", points="-2"
        )
    assert refused.value.field == "points"


def test_two_active_yellow_cards_disqualify_and_the_player_is_not_seated_again():
    tournament, entries, chief = tournament_of(5, status=Tournament.Status.DRAFT)
    setup.update_format(tournament.pk, {"yellow_cards_to_disqualify": 2}, chief)
    setup.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    play_round(tournament, chief, seed=1)
    offender = entries[0].pk
    referee = referee_of(tournament)
    for reason in ("опоздание", "затягивание игры"):
        discipline.record_entry(
            tournament.pk, offender, "yellow", referee, rule="9.2", reason=reason
        )
    auto = Entry.objects.get(registration_id=offender, kind="disqualification")
    assert auto.automatic and auto.rule == "TOURNAMENTS §9.2"
    assert Registration.objects.get(pk=offender).status == "disqualified"
    later = play_round(tournament, chief, seed=2)
    assert offender not in seated(later) and offender not in later.byes
    rows = standings_after(tournament, viewer=chief).rows
    assert rows[-1].registration == offender and "disqualified" in rows[-1].flags


def test_an_expired_yellow_card_does_not_count():
    tournament, entries, chief = tournament_of(4, status=Tournament.Status.DRAFT)
    setup.update_format(tournament.pk, {"yellow_cards_to_disqualify": 2}, chief)
    setup.start_tournament(tournament.pk, chief)
    first = discipline.record_entry(
        tournament.pk, entries[0].pk, "yellow", chief, rule="9.2", reason="a"
    )
    Entry.objects.filter(pk=first.pk).update(expires_at=first.at)  # expired at once
    discipline.record_entry(tournament.pk, entries[0].pk, "yellow", chief, rule="9.2", reason="b")
    assert Registration.objects.get(pk=entries[0].pk).status == "active"


def test_an_appeal_against_a_deduction_changed_then_the_standings_follow():
    tournament, chief, _table, order = one_round_of_four()
    referee = referee_of(tournament)
    entry = discipline.record_entry(
        tournament.pk, order[0], "deduction", referee, rule="3.9.11", reason="x", points="5"
    )
    appeal = discipline.file_appeal(
        tournament.pk, order[0], "discipline", "взятку открыл партнёр", referee, entry_id=entry.pk
    )
    with pytest.raises(NotAllowed):  # a referee does not decide appeals
        discipline.decide_appeal(appeal.pk, "changed", "смягчено", referee, points="2")
    discipline.decide_appeal(appeal.pk, "changed", "смягчено", chief, points="2")
    assert points(tournament, chief)[order[0]] == 28  # 30 - 2: the 5 cancelled, 2 recorded
    entry.refresh_from_db()
    assert entry.cancelled_by_id == appeal.pk
    with pytest.raises(ServiceError):
        discipline.decide_appeal(appeal.pk, "reversed", "ещё раз", chief)


def test_the_chief_who_made_the_ruling_does_not_decide_its_appeal():
    tournament, chief, _table, order = one_round_of_four()
    entry = discipline.record_entry(
        tournament.pk, order[1], "disqualification", chief, rule="8.1", reason="сговор"
    )
    appeal = discipline.file_appeal(
        tournament.pk, order[1], "discipline", "не было", chief, entry_id=entry.pk
    )
    with pytest.raises(NotAllowed):
        discipline.decide_appeal(appeal.pk, "reversed", "нет доказательств", chief)
    second = referee_of(tournament, "chief")
    discipline.decide_appeal(appeal.pk, "reversed", "нет доказательств", second)
    assert Registration.objects.get(pk=order[1]).status == "active"  # reinstated


def test_an_appeal_against_a_table_result_makes_a_new_version_of_the_deal():
    tournament, chief, table, order = one_round_of_four()
    referee = referee_of(tournament)
    deal = Deal.objects.get(table=table)
    appeal = discipline.file_appeal(
        tournament.pk, order[1], "table", "заказывал я, а не A", referee, deal_id=deal.pk
    )
    # the chief entered the deal (play.py): another chief referee decides.
    # The decision: seat 2 was the declarer → seat 2 +30, the others -10
    with pytest.raises(NotAllowed):
        discipline.decide_appeal(appeal.pk, "upheld", "верно", chief)
    second = referee_of(tournament, "chief")
    discipline.decide_appeal(
        appeal.pk, "changed", "по протоколу торговли", second, deal_data=pass_pass(order, order[1])
    )
    appeal.refresh_from_db()
    assert appeal.deal_version.version == 2 and "appeal" in appeal.deal_version.reason
    assert points(tournament, chief) == {order[0]: -10, order[1]: 30, order[2]: -10, order[3]: -10}
    assert list(table.appeals.values_list("decision", flat=True)) == [Appeal.Decision.CHANGED]


def test_the_register_lists_entries_and_appeals_with_a_zero_sum_line_for_officials_only():
    tournament, chief, _table, order = one_round_of_four()
    referee = referee_of(tournament)
    entry = discipline.record_entry(
        tournament.pk, order[2], "warning", referee, rule="3.9.8", reason="x"
    )
    discipline.file_appeal(tournament.pk, order[2], "discipline", "y", referee, entry_id=entry.pk)
    seen = register(tournament, referee)
    assert [r.kind for r in seen.rows] == ["warning", "appeal"]
    # round 1: +30 - 10 - 10 - 10 = 0, no adjustments
    assert [(z.round, z.tables, z.whists, z.adjustments) for z in seen.zero_sum] == [(1, 1, 0, 0)]
    assert seen.zero_sum[0].balanced
    assert [r.kind for r in register(tournament, chief, kind="appeal").rows] == ["appeal"]
    assert register(tournament, chief, player=order[0]).rows == ()
    with pytest.raises(NotAllowed):
        register(tournament, AnonymousUser())
    with pytest.raises(NotAllowed):
        register(tournament, UserFactory())


def test_a_substitute_inside_the_pulka_takes_the_seats_points_by_deals():
    from referee.seating import services as seating
    from referee.tables import services as tables

    tournament, _entries, chief = tournament_of(5)
    seating.seat_next_round(tournament.pk, chief, seed=1)
    round_ = tournament.rounds.get()
    seating.start_round(round_.pk, chief)
    table = round_.tables.get()
    order = list(table.seats.order_by("position").values_list("registration_id", flat=True))
    reserve = round_.byes[0]
    tables.record_deal(table.pk, pass_pass(order, order[1]), chief)  # deal 1: seat 2 +30
    with pytest.raises(NotAllowed):
        substitute_in_pulka(table.pk, order[0], reserve, 2, referee_of(tournament), "болезнь")
    with pytest.raises(ServiceError):
        substitute_in_pulka(table.pk, order[0], order[1], 2, chief, "болезнь")  # seated already
    substitute_in_pulka(table.pk, order[0], reserve, 2, chief, "болезнь")
    tables.record_deal(table.pk, pass_pass(order, order[1]), chief)  # deal 2: seat 2 again
    tables.submit_table(table.pk, chief)
    seating.finish_round(round_.pk, chief)
    got = points(tournament, chief)
    # two deals: seat 2 pool 4 → m = -8, 0, 0, 0, average -2 → +60, -20, -20, -20.
    # Seat 1 (-20) was played by the starter in deal 1 and by the substitute in deal 2:
    # by deals, 1 of 2 each: -10 and -10. The reserve was the round's bye: its average value
    # (60 - 20 - 20 - 20) / 4 = 0, plus his share -10.
    assert got[order[0]] == -10 and got[reserve] == -10
    assert got[order[1]] == 60
    assert sum(got.values()) == Fraction(0)
