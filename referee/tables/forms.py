"""The deal form: what a referee records about one deal, built into the stored data.

A bounded form (``core.bounds``). ``deal_data()`` builds the deal in the case format of SPEC
§12.2, plus its ``dealer`` and the referee's own rulings (``referee_rulings``, see ``dealdata``).
It checks only that the deal is complete enough to build ("choose a declarer for a game");
whether it can have happened is the engine's question, which the service asks. ``place_error``
shows the engine's refusal at the field it names.

Fields that do not concern the chosen deal type (or Kodeks ruling, or book of a manual
entry) are hidden by the page's script and ignored here, so the form works the same with
and without JavaScript."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar
from urllib.parse import urlencode

from django import forms
from django.forms.utils import ErrorList
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.core.bounds import BoundedForm

from .form_choices import (
    CALL_ROWS,
    COMMERCIAL,
    GROUPS,
    MANUAL_ROWS,
    QUALIFICATION,
)
from .form_codec import DealCodec
from .form_errors import EngineErrorPlacement
from .form_fields import OneFocusRadioSelect, deal_fields


class DealForm(DealCodec, EngineErrorPlacement, BoundedForm):
    """One deal. ``seats``: (letter, name) clockwise; ``minimum_level`` the contract
    minimum after raspasy (shown); ``reason_required`` for corrections and for the chief
    referee's rulings on a signed-off table; ``drawn_lot`` the lot the site drew for the
    deal being corrected, if any."""

    #: what a new deal's form starts with, besides its dealer (the page's script empties the
    #: form to this after each save)
    FRESH: ClassVar[dict[str, str]] = {"type": "game", "play": "closed"}

    def __init__(
        self,
        *args: Any,
        seats: Sequence[tuple[str, str]],
        minimum_level: int | None = None,
        reason_required: bool = False,
        manual_rows: int = MANUAL_ROWS,
        drawn_lot: str | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.seats = list(seats)
        self.letters = [letter for letter, _name in self.seats]
        self.minimum_level = minimum_level
        self.reason_required = reason_required
        self.manual_rows = max(1, manual_rows)
        self.drawn_lot = drawn_lot
        self.fields.update(deal_fields(self.seats, self.manual_rows))
        self._anchor_groups()

    # -- for the template --------------------------------------------------------------

    @property
    def fresh_query(self) -> str:
        return urlencode(self.FRESH)

    def call_rows(self) -> list[list[forms.BoundField]]:
        names = ("player", "call", "replaces")
        return [
            [self[f"call_{row}_{n}"] for n in names if f"call_{row}_{n}" in self.fields]
            for row in range(1, CALL_ROWS + 1)
        ]

    def _seat_inputs(self, prefix: str) -> list[dict[str, Any]]:
        return [
            {"label": letter, "name_of_seat": name, "field": self[f"{prefix}_{letter}"]}
            for letter, name in self.seats
        ]

    @property
    def tricks_fields(self) -> list[dict[str, Any]]:
        return self._seat_inputs("tricks")

    @property
    def guaranteed_fields(self) -> list[dict[str, Any]]:
        return self._seat_inputs("guaranteed")

    @property
    def alternative_fields(self) -> list[dict[str, Any]]:
        return self._seat_inputs("alternative")

    def _touched(self, names: Sequence[str]) -> bool:
        """Whether any of these fields has a value or an error (its section opens)."""
        return any(
            self[n].value() not in (None, "", []) or n in self.errors
            for n in names
            if n in self.fields
        )

    @property
    def ruling_open(self) -> bool:
        params = ["ruling", "bid_level", "proven_undertricks", "insisting", "dissenter", "lot"]
        params += ["guaranteed", "alternative"]
        params += [f"{p}_{x}" for p in ("guaranteed", "alternative") for x in self.letters]
        return self._touched(params)

    @property
    def referee_open(self) -> bool:
        names = ["prikup_refusal", "raspasy_fine", "talon_peeking"]
        names += [n for n in self.fields if n.startswith("manual_")]
        return self._touched(names)

    def manual(self) -> list[list[forms.BoundField]]:
        names = ("book", "player", "on", "amount", "reason", "rule")
        return [[self[f"manual_{r}_{n}"] for n in names] for r in range(1, self.manual_rows + 1)]

    def errors_of(self, *prefixes: str) -> list[str]:
        """The errors of every field whose name starts with one of ``prefixes``."""
        found: list[str] = []
        for name, errors in self.errors.items():
            if name != "__all__" and name.startswith(prefixes):
                # an ErrorList yields its messages as str (the stub: the ValidationErrors)
                found += [str(e) for e in errors if e not in found]
        return found

    def group_errors(self) -> dict[str, ErrorList | list[str]]:
        return {
            "calls": self.errors.get("calls", []),
            "tricks": self.errors_of("tricks"),
            "guaranteed": self.errors_of("guaranteed"),
            "alternative": self.errors_of("alternative"),
            **{
                f"manual_{r}": self.errors_of(f"manual_{r}_")
                for r in range(1, 1 + self.manual_rows)
            },
        }

    def focus(self) -> str:
        """The field to start typing in: the first with an error, else the declarer; of a
        row of choices the chosen one, else the first the sitting-out dealer of a table of
        four does not hold (the page disables his seat)."""
        name = next((n for n in self.fields if n in self.errors), "declarer")
        if name in GROUPS:
            name = self._group_target(name)
        widget = self.fields[name].widget
        widget.attrs["autofocus"] = True
        if isinstance(widget, OneFocusRadioSelect):
            # the field's choices, which ChoiceField hands its widget
            values = [str(value) for value, _label in widget.choices]
            if name == "declarer" and len(self.letters) == 4:  # the dealer never declares
                values = [v for v in values if v != self["dealer"].value()] or values
            chosen = self[name].value()
            widget.focus_value = str(chosen) if str(chosen) in values else values[0]
        return name

    def _group_target(self, group: str) -> str:
        """The field a group's error leads to: the first call; of the tricks, the first hand
        in play left empty (the one a refusal is about), else the first hand's."""
        first = GROUPS[group]
        if not first.endswith("_"):
            return first
        seats = self._seats_in_play()
        empty = [s for s in seats if self.is_bound and self[first + s].value() in (None, "")]
        return first + (empty[0] if group == "tricks" and empty else seats[0])

    def _anchor_groups(self) -> None:
        """The summary's link to a group's error goes to its first input (``anchor``), not
        to the hidden field that holds the error."""
        for group in GROUPS:
            # an attribute of our own, which the error summary's template reads
            self.fields[group].anchor = self[self._group_target(group)].auto_id  # type: ignore[attr-defined]

    def _seats_in_play(self) -> list[str]:
        """The seats whose fields the page leaves enabled: at a table of four, every seat
        but the dealer's, except on raspasy."""
        dealer, kind = self["dealer"].value(), self["type"].value()
        if len(self.letters) == 4 and kind != "raspasy" and dealer in self.letters:
            return [letter for letter in self.letters if letter != dealer]
        return list(self.letters)

    @property
    def draw_requested(self) -> bool:
        return self.is_bound and "draw_lot" in self.data

    # -- checks -------------------------------------------------------------------------

    def clean_talon(self) -> list[str] | None:
        text = self.cleaned_data.get("talon", "").strip().upper()
        return re.split(r"[\s,;]+", text) if text else None

    def clean(self) -> dict[str, Any]:
        cd = super().clean()
        kind = cd.get("type")
        if len(self.letters) == 4 and not cd.get("dealer") and "dealer" not in self.errors:
            self.add_error("dealer", _("Choose the dealer: at a table of four he sits out."))
        if kind in ("game", "misere") and not cd.get("declarer"):
            self.add_error(
                "declarer",
                _("Choose a declarer for a game.")
                if kind == "game"
                else _("Choose the declarer of the misère."),
            )
        if kind == "game":
            if cd.get("level") is None and "level" not in self.errors:
                self.add_error("level", _("Choose the contract level."))
            if not cd.get("strain"):
                self.add_error("strain", _("Choose the trumps, or no trumps."))
            self._check_calls(cd)
        if kind in ("game", "misere"):
            self._check_ruling(cd)
        elif self.draw_requested:
            self.add_error("ruling", _("Only a disputed plan in a qualification event has a lot."))
        for row in range(1, self.manual_rows + 1):
            self._check_manual(cd, f"manual_{row}_")
        if self.reason_required and not cd.get("reason", "").strip():
            self.add_error("reason", _("Say why: the reason is recorded with the change."))
        if self.errors:  # the form is refused anyway: every error at once
            self.add_tricks_sum()
        return cd

    def _check_calls(self, cd: Mapping[str, Any]) -> None:
        for row in range(1, CALL_ROWS + 1):
            player, call = cd.get(f"call_{row}_player"), cd.get(f"call_{row}_call")
            if player and not call:
                self.add_error(f"call_{row}_call", _("Choose the call of this player."))
            elif call and not player:
                self.add_error(f"call_{row}_player", _("Whose call is this?"))
            elif cd.get(f"call_{row}_replaces") and not call:
                self.add_error(f"call_{row}_replaces", _("Only the dealer's call replaces a hand."))

    def _check_ruling(self, cd: Mapping[str, Any]) -> None:
        ruling = cd.get("ruling")
        if self.draw_requested and ruling != QUALIFICATION:
            self.add_error("ruling", _("Only a disputed plan in a qualification event has a lot."))
        if ruling == "kodex-3.4.4" and cd.get("bid_level") is None:
            self.add_error("bid_level", _("Give the level reached in the bidding."))
        elif ruling == "kodex-3.4.6" and cd.get("proven_undertricks") is None:
            if "proven_undertricks" not in self.errors:
                self.add_error("proven_undertricks", _("Give the proven undertricks (0 if none)."))
        elif ruling == COMMERCIAL:
            if not cd.get("insisting"):
                self.add_error("insisting", _("Who insisted on his plan?"))
            if not cd.get("dissenters"):
                self.add_error("dissenters", _("Who did not accept the plan?"))
            self._check_outcome(cd, "guaranteed", _("Give the tricks of the guaranteed result."))
        elif ruling == QUALIFICATION:
            if not cd.get("dissenter"):
                self.add_error("dissenter", _("Who did not accept the plan?"))
            self._check_outcome(cd, "alternative", _("Give the tricks of the other plan."))
            if not cd.get("lot") and not self.draw_requested:
                self.add_error("lot", _("Choose the lot, or let the site draw it."))

    def _check_outcome(self, cd: Mapping[str, Any], prefix: str, message: str) -> None:
        names = [f"{prefix}_{letter}" for letter in self.letters]
        if all(cd.get(n) is None for n in names) and not self.errors_of(f"{prefix}_"):
            self.add_error(prefix, message)

    def _check_manual(self, cd: Mapping[str, Any], p: str) -> None:
        given = [cd.get(p + n) for n in ("book", "player", "on", "reason", "rule")]
        if not any(given) and cd.get(p + "amount") is None:
            return
        if not cd.get(p + "book"):
            self.add_error(p + "book", _("Choose the book of the entry."))
        if not cd.get(p + "player"):
            self.add_error(p + "player", _("Whose entry is it?"))
        if cd.get(p + "book") == "whist" and not cd.get(p + "on"):
            self.add_error(p + "on", _("On whom are the whists written?"))
        if cd.get(p + "amount") is None and p + "amount" not in self.errors:
            self.add_error(p + "amount", _("Give the amount."))

    # -- the stored deal ---------------------------------------------------------------

    # -- the engine's refusals at their fields -----------------------------------------

    # -- a stored deal back into the form ----------------------------------------------


class HandsForm(BoundedForm):
    """The chief referee's entry of a deal's cards in the board notation (``scoring.board``);
    the service checks the notation, refusing at the offending card."""

    board = forms.CharField(
        label=gettext_lazy("The hands and the talon"),
        widget=forms.Textarea(attrs={"rows": 5, "cols": 40, "spellcheck": "false"}),
        help_text=gettext_lazy(
            "One line each: 1: the first hand (to the dealer's left), 2:, 3:, T: the talon; "
            "a suit then its ranks, like 1: ♠AKQ ♣J10 ♦987 ♥A8 (or S C D H)."
        ),
    )
    declarer_hand = forms.TypedChoiceField(
        label=gettext_lazy("The declarer's hand"),
        choices=[(1, "1"), (2, "2"), (3, "3")],
        coerce=int,
    )
    discard = forms.CharField(
        label=gettext_lazy("The actual discard"),
        required=False,
        max_length=16,
        help_text=gettext_lazy("Two cards, if known; else the best discard is analysed."),
    )
    reason = forms.CharField(label=gettext_lazy("Note"), required=False)


class DiscardForm(BoundedForm):
    """The chief referee's entry for a deal that plays a board: its cards are the board's,
    so only the declarer's actual discard is given (``services.enter_hands``)."""

    discard = HandsForm.base_fields["discard"]
    reason = HandsForm.base_fields["reason"]
