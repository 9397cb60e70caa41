"""The format settings that take one of a list of values read the list from the model
(``FORMAT_CHOICES``): the service refuses any other value at its field and changes nothing,
and the format's lines in the results' footer name the chosen values in the reader's
language."""

import pytest
from django.utils import translation

from referee.core.errors import ServiceError
from referee.exports.format_sheets import format_lines
from referee.tournaments import services as setup
from referee.tournaments.models import Tournament

from .play import tournament_of

pytestmark = pytest.mark.django_db

CHOICE_FIELDS = [
    "bye_value",
    "unfinished_pulka",
    "lap_at_time_limit",
    "substitute_split",
    "guest_games",
    "team_scoring",
]


def test_every_list_valued_format_setting_has_its_list():
    assert sorted(setup.FORMAT_CHOICES) == sorted(CHOICE_FIELDS)
    assert [v for v, _ in setup.FORMAT_CHOICES["bye_value"]] == ["average", "fixed", "nothing"]
    assert [v for v, _ in setup.FORMAT_CHOICES["guest_games"]] == ["count", "skip"]


@pytest.mark.parametrize("field", CHOICE_FIELDS)
def test_a_value_not_in_the_list_is_refused_at_its_field_and_changes_nothing(field):
    tournament, _, chief = tournament_of(5, status=Tournament.Status.DRAFT)
    before = getattr(tournament, field)
    with pytest.raises(ServiceError) as refused:
        setup.update_format(tournament.pk, {field: "whatever"}, chief)
    assert (refused.value.code, refused.value.field) == ("tournaments.choice", field)
    tournament.refresh_from_db()
    assert getattr(tournament, field) == before


def test_the_format_lines_name_the_chosen_values_in_the_reader_s_language():
    tournament, _, chief = tournament_of(5, status=Tournament.Status.DRAFT)
    chosen = {
        "bye_value": "fixed",
        "bye_points": "5/2",
        "unfinished_pulka": "positive_to_zero",
        "substitute_split": "substitute",
        "guest_games": "skip",
    }
    setup.update_format(tournament.pk, chosen, chief)
    tournament.refresh_from_db()
    with translation.override("en"):
        english = format_lines(tournament)
    assert english[:4] == [
        "a bye scores: a fixed number of points (5/2)",
        "unfinished pulka: positive results count 0",
        "a replaced seat's points: all to the substitute",
        "a guest's table-mates' ratings: not rated: a table with a guest changes nobody's rating",
    ]
    with translation.override("ru"):
        russian = format_lines(tournament)
    assert russian[0].endswith("(5/2)") and russian[0] != english[0]
