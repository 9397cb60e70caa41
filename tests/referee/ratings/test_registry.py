"""The player registry in imports: federation ids match, name and city are only proposed."""

import pytest
from django.urls import reverse

from referee.tournaments import services
from referee.tournaments.importing import read_players
from referee.tournaments.models import Player
from referee.tournaments.registry import proposals

from ..factories import PlayerFactory, TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db


def _chief(tournament):
    chief = UserFactory()
    tournament.chief_referee = chief
    tournament.save()
    return chief


def test_name_and_city_are_proposed_and_used_only_when_confirmed():
    veteran = PlayerFactory(name="Семён Иванов", city="Тула")
    PlayerFactory(name="Пётр Сидоров", city="Тула")
    PlayerFactory(name="Пётр Сидоров", city="Тула")  # two namesakes: no proposal
    preview = read_players(
        "ФИО;Город\nсемен  иванов;Тула\nПётр Сидоров;Тула\nВера Лось;Орёл\n".encode(), "l.csv"
    )
    found = proposals(preview.valid_rows)
    assert found == {2: veteran}
    tournament = TournamentFactory()
    chief = _chief(tournament)
    rows = [row.data() for row in preview.valid_rows]
    result = services.import_players(tournament.pk, rows, chief, same_as={2: veteran.pk})
    assert result.registered[0].player == veteran
    assert Player.objects.count() == 5  # Сидоров and Лось are new

    # not confirmed: a new player, even with the same name and city
    other = TournamentFactory()
    result = services.import_players(other.pk, rows[:1], _chief(other))
    assert result.registered[0].player != veteran


def test_a_confirmation_that_no_longer_holds_is_ignored():
    stranger = PlayerFactory(name="Анна Кот", city="Омск")
    tournament = TournamentFactory()
    rows = [{"line": 2, "name": "Вера Лось", "city": "Орёл"}]
    result = services.import_players(
        tournament.pk, rows, _chief(tournament), same_as={2: stranger.pk}
    )
    assert result.registered[0].player != stranger


def test_the_import_preview_offers_the_registry_player(client):
    veteran = PlayerFactory(name="Семён Иванов", city="Тула")
    tournament = TournamentFactory()
    client.force_login(_chief(tournament))
    upload = ("ФИО;Город\nСемён Иванов;Тула\n").encode()
    from django.core.files.uploadedfile import SimpleUploadedFile

    response = client.post(
        reverse("manage-import", args=[tournament.slug]),
        {"file": SimpleUploadedFile("l.csv", upload)},
    )
    text = response.content.decode()
    assert f'value="2:{veteran.pk}"' in text
    payload = response.context["confirm"]["payload"].value()
    client.post(
        reverse("manage-import-confirm", args=[tournament.slug]),
        {"payload": payload, "same_as": [f"2:{veteran.pk}", "junk"]},
    )
    assert tournament.entries.get().player == veteran


def test_ratings_follow_a_finished_round(django_capture_on_commit_callbacks):
    from referee.ratings.models import PlayerRating, RatingList
    from referee.tournaments.log import log_action

    from .helpers import played

    cup = played([PlayerFactory() for _ in range(3)], [[[(0, 10), (1, 0), (2, -10)]]])
    rating_list = RatingList.objects.create(name="L", slug="l")
    rating_list.tournaments.add(cup)
    with django_capture_on_commit_callbacks(execute=True):
        log_action(cup, None, "tournament.finished", cup.name)
    assert PlayerRating.objects.filter(rating_list=rating_list).count() == 3


def test_ratings_pure_imports_no_django():
    import subprocess
    import sys

    code = (
        "import sys; import referee.ratings.pure.replay, referee.ratings.pure.qualification, "
        "referee.ratings.pure.chart; print('django' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
