import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from referee.ratings.models import RatingList
from referee.ratings.services.compute import recompute_list
from referee.standings.services import table_stats

from ..factories import PlayerFactory, UserFactory
from .helpers import played, registry

pytestmark = pytest.mark.django_db


def _history(me, rivals, tournaments):
    """``tournaments`` cups where ``me`` meets two of ``rivals`` in each of 3 rounds."""
    cups = []
    for t in range(tournaments):
        a, b = rivals[(2 * t) % len(rivals)], rivals[(2 * t + 1) % len(rivals)]
        cups.append(
            played([me, a, b], [[[(0, 10 * r - 10), (1, 5), (2, 5 - 10 * r)]] for r in range(3)])
        )
    for cup in cups:  # what the locking of their tables keeps (standings.signals)
        table_stats.keep_tournament(cup.pk)
    rating_list = RatingList.objects.create(name="Клуб", slug="club", method="openskill")
    rating_list.tournaments.add(*cups)
    recompute_list(rating_list)
    return rating_list


def _queries(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return len(queries), response


def test_player_page_query_count_does_not_grow_with_the_history(client):
    me = PlayerFactory(name="Иванов Семён")
    rivals = registry(6)
    _history(me, rivals, 1)
    url = reverse("registry-player", args=[me.pk]) + f"?list=club&vs={rivals[0].pk}"
    _queries(client, url)  # each tournament's place: its standings once, then the cache
    short, _ = _queries(client, url)
    RatingList.objects.all().delete()
    _history(me, rivals, 6)
    _queries(client, url)
    long, response = _queries(client, url)
    # the history's six (the list's changes read twice: the chart's numbers, then its last
    # lines with their tournaments), and the profile's: his registrations with the public
    # rounds, the tournaments' latest logged changes (the key of the cached sums of his
    # tables and of the cached places: his seats and tables are read only when they are
    # not in the cache); his opponents' names would be one more, but these tables have
    # results and no deals: nobody met (the player of the URL is found once, by
    # the page's surface, ``ratings.surfaces``)
    assert short == long == 8
    text = response.content.decode()
    assert "<svg" in text and "polyline" in text
    assert rivals[0].name in text and "Against" in text


def test_rating_list_page_and_recompute(client):
    me = PlayerFactory()
    rating_list = _history(me, registry(2), 2)
    response = client.get(reverse("rating-list", args=["club"]))
    assert response.status_code == 200 and me.name in response.content.decode()
    assert client.get(reverse("rating-lists")).status_code == 200
    rating_list.published = False
    rating_list.save()
    assert client.get(reverse("rating-list", args=["club"])).status_code == 404
    manager = UserFactory()
    rating_list.managers.add(manager)
    client.force_login(manager)
    assert client.get(reverse("rating-list", args=["club"])).status_code == 200
    response = client.post(reverse("rating-recompute", args=["club"]))
    assert response.status_code == 302


def test_duplicates_page_merges_for_staff(client):
    a = PlayerFactory(name="Петров Пётр", city="Тула")
    b = PlayerFactory(name="петров петр", city="Тула")
    client.force_login(UserFactory())
    assert client.get(reverse("registry-duplicates")).status_code == 403
    client.force_login(UserFactory(is_staff=True))
    assert "Петров" in client.get(reverse("registry-duplicates")).content.decode()
    response = client.post(
        reverse("registry-duplicates"), {"keep": a.pk, "duplicate": b.pk, "reason": "one"}
    )
    assert response.status_code == 302
    assert not type(a).objects.filter(pk=b.pk).exists()


def test_manage_qualification_page(client):
    from referee.ratings.models import Category

    cup = played(registry(3), [[[(0, 10), (1, 0), (2, -10)]]])
    chief = UserFactory()
    cup.chief_referee = chief
    cup.save()
    category = Category.objects.create(name="II", points_table={"1": 10})
    client.force_login(chief)
    url = reverse("manage-qualification", args=[cup.slug])
    client.post(url, {"category": category.pk})
    entries = list(cup.entries.values_list("pk", flat=True))
    client.post(url, {"name": "Мастер", "players": entries[:2]})
    text = client.get(url).content.decode()
    assert "Мастер" in text and "10" in text
    client.force_login(UserFactory())
    assert client.get(url).status_code == 403


def test_the_player_card_links_to_the_registry_page(client):
    me = PlayerFactory()
    cup = played([me, *registry(2)], [[[(0, 10), (1, 0), (2, -10)]]])
    entry = cup.entries.get(player=me)
    response = client.get(reverse("player-card", args=[cup.slug, entry.pk]))
    assert reverse("registry-player", args=[me.pk]) in response.content.decode()


def test_a_long_career_shows_its_last_tournaments_and_everything_when_asked(client, monkeypatch):
    from referee.ratings import views
    from referee.ratings.services import page as page_charts

    monkeypatch.setattr(page_charts, "RECENT_TOURNAMENTS", 2)
    monkeypatch.setattr(views, "RECENT_CHANGES", 4)
    me = PlayerFactory(name="Иванов Семён")
    rivals = registry(6)
    _history(me, rivals, 3)  # 3 cups of 3 rounds: 9 rating changes
    url = reverse("registry-player", args=[me.pk]) + "?list=club"
    response = client.get(url)
    context = response.context
    assert len(context["lines"]) == 2 and context["hidden_tournaments"] == 1
    assert len(context["page"].history) == 4 and context["hidden_changes"] == 9 - 4
    assert "all=1" in response.content.decode()
    response = client.get(url + "&all=1")
    context = response.context
    assert len(context["lines"]) == 3 and context["hidden_tournaments"] == 0
    assert len(context["page"].history) == 9 and context["hidden_changes"] == 0


def test_a_rating_list_a_page_at_a_time(client, monkeypatch):
    from referee.ratings import views

    monkeypatch.setattr(views, "LIST_PAGE", 2)
    monkeypatch.setattr(views, "LIST_TOURNAMENTS", 1)
    _history(PlayerFactory(), registry(6), 2)  # 2 cups: me and four rivals rated
    first = client.get(reverse("rating-list", args=["club"])).context
    assert len(first["rows"]) == 2 and first["first"] == 1 and first["more_tournaments"] == 1
    last = client.get(reverse("rating-list", args=["club"]) + "?page=3").context
    assert len(last["rows"]) == 1 and last["first"] == 5


def test_the_head_to_head_line_counts_its_tables_in_the_readers_language(client):
    me, rival, third = PlayerFactory(name="Иванов Семён"), *registry(2)
    cup = played([me, rival, third], [[[(0, 10), (1, 0), (2, -10)]]])  # one table together
    table_stats.keep_tournament(cup.pk)
    rating_list = RatingList.objects.create(name="Клуб", slug="club", method="openskill")
    rating_list.tournaments.add(cup)
    recompute_list(rating_list)
    url = reverse("registry-player", args=[me.pk]) + f"?list=club&vs={rival.pk}"
    english = client.get(url).content.decode()
    assert f"Against {rival.name}: 1 table, ahead 1, behind 0, level 0" in english
    russian = client.get(url, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert f"Против {rival.name}: 1 стол, выше 1, ниже 0, вровень 0" in russian
