"""The engine's refusals reach the referee in his language."""

import pytest
from django.utils import translation

from referee.tables.engine_messages import COMPILED, engine_message


def test_known_messages_keep_their_numbers_and_players():
    # in English the referee reads the engine's own words
    for message in (
        "tricks sum to 9, not 10",
        "contract below the minimum after raspasy: 6 < 7",
        "player Q is not at the table",
        "'S1' is not a card like SA, HK or D10",
    ):
        assert engine_message(message) == message


def test_an_unknown_message_is_shown_as_the_engine_wrote_it():
    assert engine_message("something new") == "something new"


def test_every_pattern_is_reachable_by_its_own_example():
    # each pattern must compile and match nothing of another pattern's fixed text
    assert len({p.pattern for p, _ in COMPILED}) == len(COMPILED)


@pytest.mark.django_db
def test_messages_are_russian_in_the_russian_ui():
    with translation.override("ru"):
        text = engine_message("tricks sum to 9, not 10")
    assert "9" in text and text != "tricks sum to 9, not 10"
