"""The shared model fields (``core.fields``) declare what each model wrote out before: a
tournament's row goes with the tournament; an official's record stays when his account goes
(or, for a version's author, keeps the account from going), with no reverse accessor."""

from __future__ import annotations

from django.apps import apps
from django.db import models

from referee.core.fields import official
from referee.discipline.models import Appeal
from referee.tables.models import DealVersion, Table
from referee.tournaments.fields import tournament_link


def _declared(field: models.Field) -> dict[str, object]:
    return field.deconstruct()[3]


def test_a_tournament_link_cascades_under_its_related_name() -> None:
    assert _declared(tournament_link("notices")) == {
        "on_delete": models.CASCADE,
        "related_name": "notices",
        "to": "tournaments.tournament",
    }


def test_an_official_is_set_to_none_when_his_account_goes() -> None:
    declared = _declared(official())
    assert declared["on_delete"] is models.SET_NULL
    assert declared["related_name"] == "+"
    assert declared["null"] is True
    assert declared["blank"] is True
    assert "blank" not in _declared(official(blank=False))


def test_the_models_keep_their_rules() -> None:
    """The models declared with them: the tournament's rows cascade, a sign-off is kept
    without its official, a deal version's author cannot be deleted."""
    assert Appeal._meta.get_field("tournament").remote_field.on_delete is models.CASCADE
    assert Table._meta.get_field("submitted_by").remote_field.on_delete is models.SET_NULL
    assert DealVersion._meta.get_field("author").remote_field.on_delete is models.PROTECT
    assert Appeal._meta.get_field("tournament").related_model is apps.get_model(
        "tournaments", "Tournament"
    )
