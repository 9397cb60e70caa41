"""The organiser's forms for the tournament's format: its settings, stages, teams and fixed
schedule (TOURNAMENTS §2.3). The services check everything; the forms only read the fields."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from referee.tournaments.models import Registration, Round, Stage, Tournament
from referee.tournaments.services import FORMAT_CHOICES, FORMAT_FIELDS


class FormatForm(forms.Form):
    bye_value = forms.ChoiceField(label=_("a bye scores"), choices=FORMAT_CHOICES["bye_value"])
    bye_points = forms.CharField(label=_("fixed points for a bye"), max_length=20)
    unfinished_pulka = forms.ChoiceField(
        label=_("unfinished pulka"), choices=FORMAT_CHOICES["unfinished_pulka"]
    )
    lap_at_time_limit = forms.ChoiceField(
        label=_("the lap a time limit ends"), choices=FORMAT_CHOICES["lap_at_time_limit"]
    )
    substitute_split = forms.ChoiceField(
        label=_("round points of a replaced seat"), choices=FORMAT_CHOICES["substitute_split"]
    )
    guest_games = forms.ChoiceField(
        label=_("a guest's table-mates' ratings"), choices=FORMAT_CHOICES["guest_games"]
    )
    yellow_cards_to_disqualify = forms.IntegerField(
        label=_("active yellow cards that disqualify"), required=False, min_value=1
    )
    yellow_card_days = forms.IntegerField(label=_("days a yellow card stays active"), min_value=1)
    team_scoring = forms.ChoiceField(
        label=_("team standings"), choices=FORMAT_CHOICES["team_scoring"]
    )
    team_best = forms.IntegerField(
        label=_("best members counted per round"), required=False, min_value=1
    )
    keep_teammates_apart = forms.BooleanField(label=_("seat team mates apart"), required=False)
    check_in = forms.BooleanField(
        label=_("players check in before each round"),
        required=False,
        help_text=_("The next round seats only the players marked present for it."),
    )

    @staticmethod
    def initial_for(tournament: Tournament) -> dict[str, Any]:
        return {name: getattr(tournament, name) for name in FORMAT_FIELDS}


def _or_blank(choices: Sequence[tuple[str, Any]]) -> list[tuple[str, Any]]:
    """A blank choice first: a select that has one leaves a row untouched blank, so a row
    the organiser did not fill is no stage (a browser posts a select's first option)."""
    return [("", "—"), *choices]


#: a stage's rounds are seated by "seat the next round"; a duplicate stanza only by its session
STAGE_METHODS = [(v, label) for v, label in Round.Method.choices if v != Round.Method.DUPLICATE]


class StageForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=100)
    rounds_planned = forms.IntegerField(label=_("rounds"), min_value=1, max_value=99)
    method = forms.ChoiceField(label=_("seating method"), choices=_or_blank(STAGE_METHODS))
    carry_over = forms.ChoiceField(
        label=_("points carried over"), choices=_or_blank(Stage.CarryOver.choices)
    )
    carry_fraction = forms.CharField(label=_("fraction carried"), max_length=20, required=False)
    entry = forms.ChoiceField(label=_("who plays it"), choices=_or_blank(Stage.Entry.choices))
    entry_count = forms.IntegerField(label=_("N"), required=False, min_value=1, max_value=999)
    groups = forms.IntegerField(label=_("groups"), required=False, min_value=1, max_value=26)
    seeding = forms.ChoiceField(
        label=_("seeding into groups"), choices=_or_blank(Stage.Seeding.choices), required=False
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, field in self.fields.items():  # a row of the table under the column's title
            field.widget.attrs["aria-label"] = str(field.label)
            field.widget.attrs["class"] = f"stage-{name}"

    def has_changed(self) -> bool:
        """Filled when any field is given: a row left blank, or a saved stage's row cleared,
        is dropped (not compared with what the row showed)."""
        if not self.is_bound:
            return False
        return any(str(self.data.get(self.add_prefix(n), "")).strip() for n in self.fields)


class BaseStageFormSet(forms.BaseFormSet):
    def get_form_kwargs(self, index: int | None) -> dict[str, Any]:
        # every row may stay blank, a saved stage's too: ``StageForm.has_changed`` says
        return {**super().get_form_kwargs(index), "empty_permitted": True}


StageFormSet = forms.formset_factory(StageForm, BaseStageFormSet, extra=3, max_num=6)


def stage_rows(stages: list[Stage]) -> list[dict[str, Any]]:
    """The saved stages as the rows show them (a fraction only where a fraction is carried)."""
    rows = []
    for stage in stages:
        row = {k: getattr(stage, k) for k in StageForm.base_fields}
        if stage.carry_over != Stage.CarryOver.FRACTION:
            row["carry_fraction"] = ""
        rows.append(row)
    return rows


class EntryChoiceField(forms.ModelMultipleChoiceField):
    """Entries shown by their players' names."""

    def label_from_instance(self, obj: Registration) -> str:
        return obj.player.name


class TeamForm(forms.Form):
    name = forms.CharField(label=_("name"), max_length=200)
    members = EntryChoiceField(label=_("players"), queryset=Registration.objects.none())

    def __init__(self, *args: Any, tournament: Tournament, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["members"]
        assert isinstance(field, forms.ModelMultipleChoiceField)
        field.queryset = tournament.entries.filter(team__isnull=True).select_related("player")


class ScheduleForm(forms.Form):
    schedule = forms.FileField(label=_("fixed schedule"))
