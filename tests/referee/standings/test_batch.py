"""The standings of several tournaments read at once (``standings.services.batch``) are the
standings each one's own page shows, row for row, whoever looks; and the reading costs the
same queries for one tournament as for five.

The tournaments are the hand-worked ones of the other modules: seven players over two rounds
with a referee's adjustment (``test_services``; the public sees round 1 only), four players
with a deduction and five with a substitute inside the pulka (``format.test_discipline``), a
qualifying stage with a final (``test_qualification``), and one not published."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.test.utils import CaptureQueriesContext

from referee.discipline import services as discipline
from referee.ratings.services.places import final_places
from referee.standings.models import StandingsSettings
from referee.standings.services import batch, ranked_standings, standings_after
from referee.tournaments.models import Tournament

from ..factories import TournamentFactory, referee_of
from ..format.test_discipline import one_round_of_four
from ..format.test_discipline import (
    test_a_substitute_inside_the_pulka_takes_the_seats_points_by_deals as substituted,
)
from .test_qualification import cup
from .test_services import seven_players

pytestmark = pytest.mark.django_db


def five_tournaments() -> list[Tournament]:
    seven, _p = seven_players(published_through=1)
    four, _chief, table, order = one_round_of_four()
    discipline.record_entry(
        four.pk, order[0], "deduction", referee_of(four),
        rule="Кодекс 3.9.11", reason="вскрыл чужую взятку", points="5", table_id=table.pk,
    )  # fmt: skip
    staged, _entries = cup(planned=2)
    substituted()  # plays its own tournament to the end, with its checks
    with_sub = Tournament.objects.order_by("-pk").first()
    hidden = TournamentFactory(published=False)
    made = [seven, four, staged, with_sub, hidden]
    Tournament.objects.filter(pk__in=[t.pk for t in made[:4]]).update(published=True)
    for tournament in (four, with_sub):  # their first round shown to the public
        StandingsSettings.objects.update_or_create(
            tournament=tournament, defaults={"published_through": 1}
        )
    return list(Tournament.objects.filter(pk__in=[t.pk for t in made]).order_by("pk"))


def same(tournament: Tournament, viewer, data) -> None:
    alone = standings_after(tournament, viewer=viewer)
    together = ranked_standings(data, tournament, None)
    assert together.rows == alone.rows
    assert (together.rounds, together.after) == (alone.rounds, alone.after)
    assert together.bye_points == alone.bye_points
    assert together.provisional_rounds == alone.provisional_rounds
    assert final_places(tournament, viewer, data=data) == final_places(tournament, viewer)


def test_every_tournament_reads_as_its_own_standings_for_the_public_and_an_official():
    tournaments = five_tournaments()
    hidden = tournaments[-1]
    chief = referee_of(tournaments[0], "chief")  # an official of the first one only
    for viewer in (AnonymousUser(), chief):
        found = batch.loaded(tournaments, viewer)
        assert hidden.pk not in found  # not published, and he is not its official
        assert set(found) == {t.pk for t in tournaments[:4]}
        for tournament in tournaments[:4]:
            same(tournament, viewer, found[tournament.pk])
        assert all(found[t.pk].tables for t in tournaments[:4])  # something to compare
    public = batch.loaded(tournaments, AnonymousUser())[tournaments[0].pk]
    official = batch.loaded(tournaments, chief)[tournaments[0].pk]
    assert [r.number for r in public.rounds] == [1]  # published through round 1
    assert [r.number for r in official.rounds] == [1, 2]
    # the staged cup and the substitute's tournament have what the batch must carry
    assert batch.preload(tournaments, AnonymousUser())[tournaments[2].pk].stages
    assert batch.preload(tournaments, AnonymousUser())[tournaments[3].pk].substitutions
    assert batch.preload(tournaments, AnonymousUser())[tournaments[1].pk].discipline


def test_five_tournaments_cost_the_queries_of_one():
    tournaments = five_tournaments()
    with CaptureQueriesContext(connection) as one:
        batch.loaded(tournaments[:1], AnonymousUser())
    with CaptureQueriesContext(connection) as five:
        batch.loaded(tournaments, AnonymousUser())
    assert len(one) == len(five) <= 9
