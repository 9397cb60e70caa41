"""Groups, crossover and a play-off game at the cut, through the services (issue 34 point 3).

Twelve players p1…p12 at tables of 3, three stages:

1. *Группы*: one round, two groups seeded as a snake from the registration order (a first
   stage has no standings): A = p1, p4, p5, p8, p9, p12 and B = p2, p3, p6, p7, p10, p11;
   each group seats two tables of 3 (tables 1–2 group A, 3–4 group B).
2. *Кросс*: one round, the best 3 of each group crossed: A1, B2, A3 and B1, A2, B3.
3. *Финал*: one round, the best 2 of each crossed group.

Round 1, one pass-pass deal a table won by seat 1 (``play.py``): at each table the winner has
+80/3 whists, the two others −40/3. In a group of two tables: two winners, then four players
equal on points, whists, first places (0), head to head (the two losers of a table drew) and
opponents' points (each sat with one winner and one loser), no lot: places 3–6 are tied across
the cut of 3 in both groups. The play-off game: both groups' four at a table each, one deal,
won by seat 1: +30 against −10 each (a table of 4), so its winner is 3rd and the three others
share 4–6, all out. Round 3 (the crossed stage; nothing carried over): two deals a table, won
by seats 1 and 2: +40/3, +40/3, −80/3, so seats 1 and 2 go on to the final of 4.
"""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.core.errors import NotAllowed, ServiceError
from referee.seating import services as seating
from referee.seating.playoff_game import seat_playoff_game
from referee.standings import services as standings
from referee.tables import services as tables
from referee.tournaments import services as setup
from referee.tournaments.models import Round, Stage, Tournament

from ..factories import referee_of
from .play import ids, pass_pass, play_round, tournament_of

pytestmark = pytest.mark.django_db

STAGES = [
    {"name": "Группы", "rounds_planned": 1, "method": "random", "groups": 2, "seeding": "snake"},
    {
        "name": "Кросс",
        "rounds_planned": 1,
        "method": "random",
        "entry": "crossover",
        "entry_count": 3,
        "carry_over": "none",
    },
    {
        "name": "Финал",
        "rounds_planned": 1,
        "method": "playoff",
        "entry": "group_top",
        "entry_count": 2,
        "carry_over": "none",
    },
]


def grouped(**fields):
    tournament, entries, chief = tournament_of(
        12, status=Tournament.Status.DRAFT, table_size=3, **fields
    )
    setup.set_stages(tournament.pk, STAGES, chief)
    setup.start_tournament(tournament.pk, chief)
    tournament.refresh_from_db()
    return tournament, entries, chief


def seats_of(table) -> list[int]:
    return list(table.seats.order_by("position").values_list("registration_id", flat=True))


def refused(call, *args, **kwargs) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        call(*args, **kwargs)
    return caught.value


def test_two_groups_a_play_off_at_the_cut_a_crossover_and_a_final():
    tournament, entries, chief = grouped()
    p = {i: e.pk for i, e in enumerate(entries, start=1)}
    first = play_round(tournament, chief, seed=5)
    groups = Stage.objects.get(tournament=tournament, number=1).members
    assert groups == [[p[i] for i in (1, 4, 5, 8, 9, 12)], [p[i] for i in (2, 3, 6, 7, 10, 11)]]
    by_table = {t.number: set(seats_of(t)) for t in first.tables.all()}
    assert by_table[1] | by_table[2] == set(groups[0])
    assert by_table[3] | by_table[4] == set(groups[1])
    notes = [n["code"] for n in first.notes]
    assert notes.count("group") == 2
    winners = {t.number: seats_of(t)[0] for t in first.tables.all()}

    # -- the cut is tied (places 3–6 of each group): the next round is refused -------------
    error = refused(seating.seat_next_round, tournament.pk, chief, None, 7)
    assert error.code == "seating.stage.tied_at_group_cut"
    assert error.params == {"label": "3–6", "group": "A", "stage": "Кросс"}
    assert not tournament.rounds.filter(number=2).exists()

    # -- the play-off game: one table a group, of the four tied --------------------------
    assert refused(seat_playoff_game, tournament.pk, chief, "0").code == "seating.playoff.deals"
    with pytest.raises(NotAllowed):
        seat_playoff_game(tournament.pk, referee_of(tournament), 1)
    game = seat_playoff_game(tournament.pk, chief, 1, seed=3)
    assert game.number == 2 and game.method == Round.Method.TIEBREAK
    assert game.stage.name == "Группы" and game.status == Round.Status.STARTED
    tied = {n: set(groups[n - 1]) - {winners[2 * n - 1], winners[2 * n]} for n in (1, 2)}
    played = {t.number: seats_of(t) for t in game.tables.all()}
    assert {n: set(s) for n, s in played.items()} == tied
    # a second play-off while this one is in play is refused
    assert refused(seat_playoff_game, tournament.pk, chief, 1).code == "seating.playoff.round_open"
    playoff_winner = {}
    for table in game.tables.order_by("number"):
        seats = seats_of(table)
        tables.record_deal(table.pk, pass_pass(seats, seats[0]), chief)
        # its one deal is all it plays
        again = refused(tables.record_deal, table.pk, pass_pass(seats, seats[1]), chief)
        assert again.code == "tables.deal.cap_reached"
        tables.submit_table(table.pk, chief)
        playoff_winner[table.number] = seats[0]
    seating.finish_round(game.pk, chief)
    # the play-off counts for no standings: round 1's rows only, points as they were
    rows = standings.standings_after(tournament, viewer=chief).rows
    assert all(len(r.round_points) <= 2 for r in rows)
    assert refused(seat_playoff_game, tournament.pk, chief, 1).code == "seating.playoff.not_tied"

    # -- the crossover: round 3, stage 2 ------------------------------------------------
    cross = seating.seat_next_round(tournament.pk, chief, None, 11)
    assert cross.number == 3 and cross.stage.name == "Кросс"
    crossed = Stage.objects.get(tournament=tournament, number=2).members
    a_winners, b_winners = {winners[1], winners[2]}, {winners[3], winners[4]}
    for index, group in enumerate(crossed):
        own = playoff_winner[index + 1]  # A3 in the first crossed group, B3 in the second
        assert len(group) == 3 and own in group
        assert len(set(group) & a_winners) == 1 and len(set(group) & b_winners) == 1
    assert sorted(len(seats_of(t)) for t in cross.tables.all()) == [3, 3]
    assert [set(seats_of(t)) for t in cross.tables.order_by("number")] == [set(g) for g in crossed]
    seating.start_round(cross.pk, chief)
    through = set()
    for table in cross.tables.order_by("number"):
        seats = seats_of(table)
        for winner in seats[:2]:
            deal = pass_pass(seats, winner)
            del deal["dealer"]  # a table of 3 may leave it out
            tables.record_deal(table.pk, deal, chief)
        tables.submit_table(table.pk, chief)
        through |= set(seats[:2])
    seating.finish_round(cross.pk, chief)

    # -- the final: the best two of each crossed group --------------------------------------
    final = seating.seat_next_round(tournament.pk, chief, None, 13)
    assert final.number == 4 and final.stage.name == "Финал"
    assert {s for t in final.tables.all() for s in seats_of(t)} == through
    assert len(through) == 4
    seating.start_round(final.pk, chief)
    table = final.tables.get()
    seats = seats_of(table)
    tables.record_deal(table.pk, pass_pass(seats, seats[0]), chief)
    tables.submit_table(table.pk, chief)
    seating.finish_round(final.pk, chief)
    places = standings.final_places(tournament, viewer=chief)
    assert [pl.place for pl in places][:1] == [1] and places[0].registration == seats[0]
    assert {pl.registration for pl in places[:4]} == through
    assert len(places) == 12 and {pl.stage for pl in places[4:6]} == {"Кросс"}
    assert set(ids(entries)) == {pl.registration for pl in places}


def test_the_format_refuses_groups_that_cannot_be():
    tournament, _entries, chief = tournament_of(12, status=Tournament.Status.DRAFT)

    def code(*stages):
        return refused(setup.set_stages, tournament.pk, list(stages), chief)

    base = {"name": "Группы", "rounds_planned": 1, "method": "random", "groups": 2}
    cross = {"name": "Кросс", "rounds_planned": 1, "method": "random", "entry": "crossover"}
    plain = {"name": "Отбор", "rounds_planned": 1, "method": "random"}
    error = code(plain, {**cross, "entry_count": 3})
    assert error.code == "tournaments.stage.no_groups_before" and error.field == "entry"
    assert error.params["stage_number"] == 2
    assert code(base, {**cross, "entry_count": 2}).code == "tournaments.stage.crossover_too_few"
    error = code(base, {**cross, "entry_count": 3, "groups": 3})
    assert error.code == "tournaments.stage.crossover_groups" and error.params["n"] == 2
    assert code({**base, "groups": 27}).code == "tournaments.stage.groups_count"
    assert code({**base, "seeding": "alphabet"}).field == "seeding"
    assert code({**base, "method": "tiebreak"}).code == "tournaments.stage.method_unknown"
    top = {"name": "Финал", "rounds_planned": 1, "method": "random", "entry": "group_top"}
    assert code(base, {**top, "entry_count": 1}).code == "tournaments.stage.group_top_too_few"
    assert code({**base, "members": [[1]]}).code == "tournaments.setting.unknown"
    assert not Stage.objects.filter(tournament=tournament).exists()  # nothing saved
    # a crossover left at one group is crossed into as many groups as the stage before
    made = setup.set_stages(tournament.pk, [base, {**cross, "entry_count": 3}], chief)
    assert [s.groups for s in made] == [2, 2]


def test_too_few_players_for_the_groups_and_a_tie_of_two_are_refused():
    tournament, _entries, chief = tournament_of(5, status=Tournament.Status.DRAFT)
    setup.set_stages(
        tournament.pk,
        [{"name": "Группы", "rounds_planned": 1, "method": "random", "groups": 2}],
        chief,
    )
    setup.start_tournament(tournament.pk, chief)
    error = refused(seating.seat_next_round, tournament.pk, chief, None, 1)
    assert error.code == "seating.stage.groups_too_small"
    assert error.params == {"stage": "Группы", "n": 2, "players": 5}
    # a play-off with nothing played yet: no cut to break
    assert refused(seat_playoff_game, tournament.pk, chief, 2).code == "seating.playoff.round_open"


def test_a_tie_of_two_at_a_top_cut_is_left_to_the_lot():
    # 6 players, one table of 3 each: a winner and two tied; the final takes the top 2
    tournament, _entries, chief = tournament_of(6, status=Tournament.Status.DRAFT, table_size=3)
    setup.set_stages(
        tournament.pk,
        [
            {"name": "Отбор", "rounds_planned": 1, "method": "random"},
            {
                "name": "Финал",
                "rounds_planned": 1,
                "method": "random",
                "entry": "top",
                "entry_count": 3,
            },
        ],
        chief,
    )
    setup.start_tournament(tournament.pk, chief)
    play_round(tournament, chief, seed=2)
    # two winners 1–2, four tied 3–6 across the cut of 3: a play-off of four is possible
    error = refused(seating.seat_next_round, tournament.pk, chief, None, 1)
    assert error.code == "seating.stage.tied_at_cut" and error.params["label"] == "3–6"
    game = seat_playoff_game(tournament.pk, chief, 2, seed=1)
    assert [len(seats_of(t)) for t in game.tables.all()] == [4]
    assert game.notes[0]["params"] == {"stage": "Отбор", "group": "", "places": "3–6", "deals": 2}
    table = game.tables.get()
    seats = seats_of(table)
    # the game's two deals: seats 1 and 2 win one each: +20, +20, −20, −20
    for winner in seats[:2]:
        tables.record_deal(table.pk, pass_pass(seats, winner), chief)
    tables.submit_table(table.pk, chief)
    seating.finish_round(game.pk, chief)
    # seats 1 and 2 tied for 3–4 across the cut of 3 again, a tie of two: no table for it
    error = refused(seating.seat_next_round, tournament.pk, chief, None, 1)
    assert error.code == "seating.stage.tied_at_cut" and error.params["label"] == "3–4"
    error = refused(seat_playoff_game, tournament.pk, chief, 1)
    assert error.code == "seating.playoff.table_size" and error.params == {"label": "3–4", "n": 2}
    # the lot decides, drawn for the chain's tie (the four of 3–6): seat 2's player first
    lots = {seats[1]: 1, seats[0]: 2, seats[2]: 3, seats[3]: 4}
    standings.record_lot(tournament, chief, lots, witness="Ив", reason="")
    final = seating.seat_next_round(tournament.pk, chief, None, 1)
    finalists = {s for t in final.tables.all() for s in seats_of(t)}
    assert seats[1] in finalists and seats[0] not in finalists and len(finalists) == 3
    assert final.number == 3 and final.stage.name == "Финал"


def test_the_stages_page_shows_the_tie_and_seats_the_play_off_in_english_and_russian(client):
    tournament, _entries, chief = grouped(published=True)
    play_round(tournament, chief, seed=5)
    address = reverse("stage-places", args=[tournament.slug])
    client.force_login(chief)
    english = client.get(address, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The cut of stage «Кросс»: the best 3 of each group" in english
    assert english.count("tied across the cut, places 3–6") == 2
    assert "Groups of stage 1" in english and "Seat the play-off game" in english
    russian = client.get(address, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Выход в этап «Кросс»: лучшие 3 каждой группы" in russian
    assert russian.count("делят места 3–6 на границе выхода") == 2
    # a referee sees the cut but has no button; the public sees no cut of a round unpublished
    client.force_login(referee_of(tournament))
    seen = client.get(address).content.decode()
    assert "tied across the cut" in seen and "Seat the play-off game" not in seen
    client.logout()
    assert "tied across the cut" not in client.get(address).content.decode()
    # the chief's form: a refusal comes back to the page, in the reader's language
    client.force_login(chief)
    seat = reverse("stage-playoff", args=[tournament.slug])
    page = client.post(seat, {"deals": "много"}, HTTP_ACCEPT_LANGUAGE="ru", follow=True)
    assert page.redirect_chain[-1][0] == address
    assert "Раздач в переигровке: целое число от 1 до 99." in page.content.decode()
    assert not tournament.rounds.filter(number=2).exists()
    page = client.post(seat, {"deals": "2"}, follow=True)
    assert page.redirect_chain[-1][0] == reverse("round", args=[tournament.slug, 2])
    assert "Play-off game at the cut of stage Группы, group A: places 3–6, 2 deals" in (
        page.content.decode()
    )
    assert client.get(seat).status_code == 302  # a GET leads back to the stages page


def test_a_play_off_round_s_pages_answer_every_reader_and_its_table_takes_deals(client):
    tournament, _entries, chief = grouped(published=True)
    play_round(tournament, chief, seed=5)
    game = seat_playoff_game(tournament.pk, chief, 2, seed=3)
    table = game.tables.order_by("number").first()
    seats = seats_of(table)
    slug = tournament.slug
    addresses = [
        reverse("round", args=[slug, 2]),
        reverse("round-dashboard", args=[slug, 2]),
        reverse("round-results", args=[slug, 2]),
        reverse("table", args=[slug, 2, 1]),
        reverse("standings", args=[slug]),
        reverse("stage-places", args=[slug]),
        reverse("manage", args=[slug]),
    ]
    for user in (chief, referee_of(tournament), None):
        client.logout()
        if user is not None:
            client.force_login(user)
        for address in addresses:
            assert client.get(address).status_code < 500, (user, address)
    client.force_login(chief)
    page = client.get(reverse("table", args=[slug, 2, 1]), HTTP_ACCEPT_LANGUAGE="ru")
    assert page.status_code == 200
    tables.record_deal(table.pk, pass_pass(seats, seats[0]), chief)
    tables.record_deal(table.pk, pass_pass(seats, seats[1]), chief)
    error = refused(tables.record_deal, table.pk, pass_pass(seats, seats[2]), chief)
    assert error.code == "tables.deal.cap_reached" and error.params == {"cap": 2}


@pytest.mark.parametrize(
    ("seeding", "expected"),
    [
        # ratings p1…p7: 1500, 1700, None, 1600, 1400, None, 1650 → by rating p2, p7, p4, p1,
        # p5, then the unrated p3, p6; dealt in turn: A p2, p4, p5, p6; B p7, p1, p3
        ("rating", [[2, 4, 5, 6], [7, 1, 3]]),
        # a first stage's standings are the registration order: in turn, odd to A, even to B
        ("standings", [[1, 3, 5, 7], [2, 4, 6]]),
        # snake: A B | B A | A B | B → A p1, p4, p5; B p2, p3, p6, p7
        ("snake", [[1, 4, 5], [2, 3, 6, 7]]),
    ],
)
def test_the_seedings_split_a_first_stage(seeding, expected):
    tournament, entries, chief = tournament_of(7, status=Tournament.Status.DRAFT)
    ratings = [1500, 1700, None, 1600, 1400, None, 1650]
    for entry, rating in zip(entries, ratings, strict=True):
        entry.player.rating = rating
        entry.player.save(update_fields=["rating"])
    stage = {"name": "Группы", "rounds_planned": 1, "method": "random", "groups": 2}
    setup.set_stages(tournament.pk, [{**stage, "seeding": seeding}], chief)
    setup.start_tournament(tournament.pk, chief)
    first = seating.seat_next_round(tournament.pk, chief, None, 1)
    p = {i: e.pk for i, e in enumerate(entries, start=1)}
    assert Stage.objects.get(tournament=tournament).members == [
        [p[i] for i in group] for group in expected
    ]
    # a group of 3 seats one table, of 4 one table of 4
    sizes = sorted(len(seats_of(t)) for t in first.tables.all())
    assert sizes == [3, 4]
