"""The models' invariants held by the database (CHECK constraints: a write that goes round
the services is refused too), and the one that spans two tables — a deal's version is its
latest version's — held by the deal services."""

from __future__ import annotations

import datetime

import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from referee.tables import services
from referee.tables.models import Deal, DealVersion, Seat
from referee.tables.sheet import build_sheet
from referee.tournaments.models import Round, Tournament

from .factories import TournamentFactory, referee_of, table_with_players
from .tables.test_services import SIX_MADE

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 28)


def refused(write) -> bool:
    """Whether the database refuses ``write`` (in a savepoint, so the test goes on)."""
    try:
        with transaction.atomic():
            write()
    except IntegrityError:
        return True
    return False


def test_a_tournament_that_ends_before_it_starts_is_refused_by_the_database():
    tournament = TournamentFactory(starts_on=DAY, ends_on=DAY)  # a one-day tournament
    earlier = DAY - datetime.timedelta(days=1)
    assert refused(lambda: Tournament.objects.filter(pk=tournament.pk).update(ends_on=earlier))
    assert not refused(
        lambda: Tournament.objects.filter(pk=tournament.pk).update(
            ends_on=DAY + datetime.timedelta(days=2)
        )
    )
    tournament.refresh_from_db()
    assert tournament.ends_on == datetime.date(2026, 11, 30)
    assert refused(lambda: TournamentFactory(slug="back", starts_on=DAY, ends_on=earlier))


def test_tables_of_2_or_5_are_refused_by_the_database():
    tournament = TournamentFactory()
    rows = Tournament.objects.filter(pk=tournament.pk)
    assert refused(lambda: rows.update(table_size=2))
    assert refused(lambda: rows.update(table_size=5))
    assert not refused(lambda: rows.update(table_size=3))
    assert not refused(lambda: rows.update(time_limit_minutes=0))  # read as no limit


def test_numbers_from_1_and_seats_1_to_4_are_refused_otherwise_by_the_database():
    table = table_with_players(4)
    referee = referee_of(table.round.tournament)
    deal = services.record_deal(table.pk, {**SIX_MADE, "dealer": "D"}, referee)
    assert refused(lambda: Round.objects.filter(pk=table.round_id).update(number=0))
    assert refused(lambda: type(table).objects.filter(pk=table.pk).update(number=0))
    seat = Seat.objects.filter(table=table).order_by("position").first()
    assert refused(lambda: Seat.objects.filter(pk=seat.pk).update(position=0))
    assert refused(lambda: Seat.objects.filter(pk=seat.pk).update(position=5))
    assert refused(lambda: Deal.objects.filter(pk=deal.pk).update(number=0))
    assert refused(lambda: Deal.objects.filter(pk=deal.pk).update(version=0))
    assert refused(lambda: DealVersion.objects.filter(deal=deal).update(version=0))


def test_the_admin_form_shows_the_constraint_as_a_form_error():
    tournament = TournamentFactory(starts_on=DAY, ends_on=DAY)
    tournament.ends_on = DAY - datetime.timedelta(days=1)
    with pytest.raises(ValidationError) as caught:
        tournament.full_clean()
    assert caught.value.messages == ["The tournament cannot end before it starts."]


def test_every_deal_service_keeps_the_version_equal_to_its_latest_versions():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    deal = services.record_deal(table.pk, SIX_MADE, referee)
    services.correct_deal(deal.pk, {**SIX_MADE, "tricks": {"A": 7, "B": 2, "C": 1}}, referee, "x")
    services.delete_deal(deal.pk, referee, "entered twice")
    services.restore_deal(deal.pk, referee, "it was not")
    deal.refresh_from_db()
    # recorded 1, corrected 2, deleted 3, restored 4
    assert deal.version == 4
    assert list(deal.versions.values_list("version", flat=True)) == [1, 2, 3, 4]


def test_a_deal_whose_history_disagrees_is_not_written_over():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    deal = services.record_deal(table.pk, SIX_MADE, referee)
    Deal.objects.filter(pk=deal.pk).update(version=3)  # behind the services' back
    # the database's refusal has no code: its English is what there is
    with pytest.raises(IntegrityError, match="version 3, its history at 1"):
        services.correct_deal(deal.pk, {**SIX_MADE, "dealer": "A"}, referee, "x")
    with pytest.raises(IntegrityError):
        services.delete_deal(deal.pk, referee, "gone")
    assert deal.versions.count() == 1
    deal.refresh_from_db()
    assert (deal.version, deal.deleted, deal.data) == (3, False, SIX_MADE)


def test_the_next_dealer_repeats_after_a_raspasy_only_where_the_convention_says_so():
    raspasy = {
        "dealer": "A",
        "type": "raspasy",
        "play": "closed",
        "tricks": {"A": 4, "B": 3, "C": 3},
    }
    for options, expected in (({}, "B"), ({"deal_rotation": "dealer_repeats_on_raspasy"}, "A")):
        table = table_with_players(3, options=options)
        referee = referee_of(table.round.tournament)
        services.record_deal(table.pk, raspasy, referee)
        sheet = build_sheet(table)
        assert sheet.deal_rotation == options.get("deal_rotation", "always_clockwise")
        assert sheet.next_dealer == expected
        seven = {**SIX_MADE, "dealer": expected, "contract": {"level": 7, "strain": "S"}}
        seven["tricks"] = {"A": 7, "B": 2, "C": 1}  # after a raspasy: 7 at least
        services.record_deal(table.pk, seven, referee)
        assert build_sheet(table).next_dealer == {"A": "B", "B": "C"}[expected]
