"""Who can still reach the next stage, through the site (issue 22 point 6): the cut is the
next stage's N, the rounds left the current stage's planned less its played, and the verdicts
reach the standings and the stages page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from referee.accounts.models import Role
from referee.core.errors import ServiceError
from referee.seating import services as seating
from referee.standings import services
from referee.standings.models import StandingsSettings
from referee.tournaments.checkin import link_key
from referee.tournaments.models import Registration, Round, Stage

from ..factories import RegistrationFactory, TournamentFactory, referee_of, table_of

pytestmark = pytest.mark.django_db

#: Sochi, 6♠ by seat A made with 9 tricks; B passes, C whists alone and takes 1 of the 4 a
#: lone whister answers for: C writes W·1 = 2 on A and 3 × R(6) = 6 to his mountain, A 2 to
#: his pool. m = (−2, 0, 6), mean 4/3: A (4/3 + 2)·10 − 2 = +94/3, B (4/3)·10 = +40/3,
#: C (4/3 − 6)·10 + 2 = −134/3. Placement points: A 3 (two results above 0: no bonus),
#: B 2 (second, positive), C 0.
DEAL = {
    "type": "game",
    "declarer": "A",
    "contract": {"level": 6, "strain": "S"},
    "defence": [
        {"player": "B", "call": "pass", "order": 1},
        {"player": "C", "call": "whist", "order": 2},
    ],
    "play": "closed",
    "tricks": {"A": 9, "B": 0, "C": 1},
}


def cup(planned: int):
    """Six players, one finished round of the qualifying stage (``planned`` rounds) at two
    tables playing DEAL, and a final for the best 3."""
    tournament = TournamentFactory(convention="sochi", published=True)
    StandingsSettings.objects.create(
        tournament=tournament, method="placement_points", published_through=1
    )
    first = Stage.objects.create(
        tournament=tournament, number=1, name="Отбор", rounds_planned=planned
    )
    Stage.objects.create(
        tournament=tournament, number=2, name="Финал", rounds_planned=1, entry="top", entry_count=3
    )
    round_ = Round.objects.create(
        tournament=tournament, number=1, status=Round.Status.FINISHED, stage=first
    )
    entries = [RegistrationFactory(tournament=tournament) for _ in range(6)]
    table_of(round_, 1, entries[:3], [DEAL])
    table_of(round_, 2, entries[3:], [DEAL])
    return tournament, entries


def test_with_no_round_left_the_places_are_final_and_a_tie_across_the_cut_stays_open():
    """Points A 3, D 3 (places 1–2), B 2, E 2 (3–4), C 0, F 0 (5–6), every tie-break level:
    A and D are through whatever the tie, C and F out, B and E share 3–4 across the cut."""
    tournament, (a, b, c, d, e, f) = cup(planned=1)
    found = services.qualification(tournament, viewer=None)
    assert (found.cut, found.rounds_left, found.exact, found.next_stage.name) == (
        3,
        0,
        True,
        "Финал",
    )
    verdicts = {r: (o.verdict, o.best, o.worst) for r, o in found.players.items()}
    assert verdicts == {
        a.pk: ("qualified", 1, 2),
        d.pk: ("qualified", 1, 2),
        b.pk: ("open", 3, 4),
        e.pk: ("open", 3, 4),
        c.pk: ("eliminated", 5, 6),
        f.pk: ("eliminated", 5, 6),
    }


def test_with_a_round_left_the_bounds_open_everyone_at_these_margins():
    """One round left, a round's points 0 to 4 (a sole winner's 4): C with 0 can still reach
    4, above A's 3 + 0, so the best place of each is 1; and A with 3 + 0 can be reached by all
    (0 + 4 ≥ 3), so his worst is 6: everyone is open, and the bounds are said to be bounds."""
    tournament, _entries = cup(planned=2)
    found = services.qualification(tournament, viewer=None)
    assert (found.rounds_left, found.exact) == (1, False)
    assert {(o.verdict, o.best, o.worst) for o in found.players.values()} == {("open", 1, 6)}


def test_the_standings_and_the_stages_page_say_who_is_through(client):
    tournament, (a, b, _c, d, _e, _f) = cup(planned=1)
    for name in ("standings", "stage-places"):
        page = client.get(reverse(name, args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="ru")
        text = page.content.decode()
        assert "Кто ещё может выйти в «Финал» (лучшие 3)?" in text, name
        through = text.split("Проходят при любом исходе")[1].split("</ul>")[0]
        assert (
            a.player.name in through and d.player.name in through and b.player.name not in through
        )
        assert "сейчас 3; может закончить с 3 по 4" in text


def test_a_tournament_without_a_cut_shows_nothing(client):
    tournament = TournamentFactory(published=True)
    assert services.qualification(tournament, viewer=None) is None
    page = client.get(reverse("standings", args=[tournament.slug])).content.decode()
    assert "qualification-title" not in page


def test_the_api_answers_the_same_verdicts():
    from tests.referee.api.conftest import client_for

    tournament, (a, b, c, d, _e, _f) = cup(planned=1)
    answer = client_for().get(f"/api/v1/tournaments/{tournament.slug}/qualification/").json()
    assert (answer["next_stage"], answer["cut"], answer["rounds_left"], answer["exact"]) == (
        "Финал",
        3,
        0,
        True,
    )
    verdicts = {p["registration"]: (p["verdict"], p["best"], p["worst"]) for p in answer["players"]}
    assert verdicts[b.pk] == ("open", 3, 4) and verdicts[c.pk] == ("eliminated", 5, 6)
    assert verdicts[a.pk][0] == verdicts[d.pk][0] == "qualified" and len(verdicts) == 6


# --- issue 29 point 4: verdicts that hold -------------------------------------------------


def test_while_the_last_round_is_in_play_nothing_is_certain_yet(client):
    """Round 1 of 1 is in play with its deals entered but its tables not locked: the tables
    can still change (more deals, a correction), so no place is final yet."""
    tournament, _entries = cup(planned=1)
    Round.objects.filter(tournament=tournament).update(status=Round.Status.STARTED)
    tournament.rounds.get().tables.update(status="open")
    found = services.qualification(tournament, viewer=None)
    assert (found.rounds_left, found.exact, found.in_play) == (1, False, 1)
    assert {o.verdict for o in found.players.values()} == {"open"}
    page = client.get(reverse("standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="ru")
    text = page.content.decode()
    assert "места окончательные" not in text and "Проходят при любом исходе" not in text
    assert "Тур 1 ещё идёт: его результаты учитываются здесь, когда он закончен." in text


def test_a_locked_table_of_a_round_in_play_is_not_final_either():
    # the chief may still reopen it until the round is finished
    tournament, _entries = cup(planned=1)
    Round.objects.filter(tournament=tournament).update(status=Round.Status.STARTED)
    found = services.qualification(tournament, viewer=None)
    assert (found.rounds_left, found.exact) == (1, False)
    assert "qualified" not in {o.verdict for o in found.players.values()}


def test_the_withdrawn_are_no_rivals(client):
    """D (3 points, places 1–2) withdraws: A is alone first, B and E (2) share places 2–3
    among those still in play, inside the cut of 3; D himself is out."""
    tournament, (a, b, c, d, e, f) = cup(planned=1)
    Registration.objects.filter(pk=d.pk).update(
        status=Registration.Status.WITHDRAWN, withdrawn_after_round=1
    )
    found = services.qualification(tournament, viewer=None)
    verdicts = {r: (o.verdict, o.best, o.worst) for r, o in found.players.items()}
    assert verdicts[a.pk] == ("qualified", 1, 1)
    assert verdicts[b.pk] == verdicts[e.pk] == ("qualified", 2, 3)
    assert verdicts[c.pk] == verdicts[f.pk] == ("eliminated", 4, 5)
    assert verdicts[d.pk] == ("eliminated", None, None)
    page = client.get(reverse("standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="ru")
    assert f'{d.player.name} <span class="muted">(выбыл из турнира)' in page.content.decode()
    d.refresh_from_db()
    link = reverse("player-link", args=[tournament.slug, d.pk, link_key(d)])
    page = client.get(link, HTTP_ACCEPT_LANGUAGE="ru")
    assert "Вы выбыли из турнира." in page.content.decode()


def test_the_outlook_and_the_final_seating_agree_on_a_tie_at_the_cut():
    """A final of 4; A withdraws. In play: D 3, B and E 2, C and F 0 tied at places 4–5
    across the cut: the page says open (not out), and the final's seating refuses on that
    same tie until the lot decides it."""
    tournament, (a, b, c, _d, _e, f) = cup(planned=1)
    tournament.stages.filter(number=2).update(entry_count=4)
    Registration.objects.filter(pk=a.pk).update(
        status=Registration.Status.WITHDRAWN, withdrawn_after_round=1
    )
    found = services.qualification(tournament, viewer=None)
    assert found.of(c.pk).verdict == found.of(f.pk).verdict == "open"
    assert (found.of(c.pk).best, found.of(c.pk).worst) == (4, 5)
    assert found.of(b.pk).verdict == "qualified"
    with pytest.raises(ServiceError) as refused:
        seating.seat_next_round(tournament.pk, referee_of(tournament, Role.Kind.CHIEF))
    assert "4–5" in refused.value.message
