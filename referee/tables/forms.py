"""The deal form: what a referee records about one deal, built into the stored data.

A plain form. ``deal_data()`` builds the deal in the case format of SPEC §12.2, plus its
``dealer`` and the referee's own rulings (``referee_rulings``, see ``dealdata``). The form
checks only that the deal is complete enough to build ("choose a declarer for a game");
whether it can have happened is the engine's question, which the service asks.
``place_error`` shows the engine's refusal at the field it names.

Fields that do not concern the chosen deal type (or Kodeks ruling, or book of a manual
entry) are hidden by the page's script and ignored here, so the form works the same with
and without JavaScript.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from referee.core.engine_text import refusal_text
from referee.errors import ServiceError
from scoring import ScoringError, disciplinary, underbid

CALL_ROWS = 5
MANUAL_ROWS = 2

TYPES = [
    ("game", gettext_lazy("game")),
    ("misere", gettext_lazy("misère")),
    ("raspasy", gettext_lazy("raspasy")),
]
LEVELS = [(n, str(n)) for n in range(6, 11)]
STRAINS = [("S", "♠"), ("C", "♣"), ("D", "♦"), ("H", "♥"), ("NT", gettext_lazy("NT"))]
CALLS = [
    ("whist", gettext_lazy("whist")),
    ("pass", gettext_lazy("pass")),
    ("half_whist", gettext_lazy("half-whist")),
    ("return_whist", gettext_lazy("return whist")),
    ("check", gettext_lazy("check")),
]
PLAYS = [
    ("closed", gettext_lazy("closed")),
    ("open", gettext_lazy("open")),
    ("none", gettext_lazy("not played")),
]
COMMERCIAL = "kodex-3.8.5.1-commercial"
QUALIFICATION = "kodex-3.8.5.1-qualification"
RULINGS = [
    ("", gettext_lazy("none")),
    ("kodex-3.4.4", gettext_lazy("3.4.4 contract below the bid: set without all")),
    ("kodex-3.4.6", gettext_lazy("3.4.6 ordered with a wrong number of cards")),
    ("kodex-3.4.9", gettext_lazy("3.4.9 declarer looked at his discard")),
    ("kodex-3.4.11", gettext_lazy("3.4.11 prikup premium (record)")),
    (COMMERCIAL, gettext_lazy("3.8.5.1 disputed defence plan, commercial")),
    (QUALIFICATION, gettext_lazy("3.8.5.1 disputed defence plan, qualification")),
]
DELIBERATE = [
    ("", gettext_lazy("not recorded")),
    ("yes", gettext_lazy("deliberate")),
    ("no", gettext_lazy("not")),
]
LOT = [("actual", gettext_lazy("actual play")), ("alternative", gettext_lazy("the other plan"))]
BOOKS = [
    ("", "—"),
    ("pulka", gettext_lazy("pool")),
    ("gora", gettext_lazy("mountain")),
    ("whist", gettext_lazy("whists on")),
    ("adjustment", gettext_lazy("adjustment (whists outside the sheet)")),
]
#: Rule references offered for a manual entry, named as the engine's helpers name them.
RULE_REFERENCES = [
    underbid("gora", "A", 0, "-").rule,
    disciplinary("A", 0, "-").rule,
    "FSPR Sports Code, section 10",
    "Kodeks 3.2.12–3.2.15 (misdeal)",
]

#: Which deal types each part of the form concerns (the rest is hidden and ignored).
TYPE_PARTS = {
    "declarer": ("game", "misere"),
    "contract": ("game",),
    "calls": ("game",),
    "talon": ("game",),
    "ruling": ("game", "misere"),
    "prikup_refusal": ("game", "misere"),
    "raspasy_fine": ("raspasy",),
}
#: The parameters of each Kodeks ruling.
RULING_PARTS = {
    "kodex-3.4.4": ("bid_level",),
    "kodex-3.4.6": ("proven_undertricks", "deliberate"),
    COMMERCIAL: ("insisting", "dissenters", "guaranteed"),
    QUALIFICATION: ("dissenter", "alternative", "lot"),
}
ENGINE_FIELDS = {
    "type": "type",
    "dealer": "dealer",
    "declarer": "declarer",
    "contract": "level",
    "contract.level": "level",
    "contract.strain": "strain",
    "raspasy": "type",
    "raspasy.series_index": "type",
    "play": "play",
    "talon": "talon",
    "ruling": "ruling",
    "ruling.rule": "ruling",
    "ruling.mode": "ruling",
    "ruling.bid_level": "bid_level",
    "ruling.proven_undertricks": "proven_undertricks",
    "ruling.deliberate": "deliberate",
    "ruling.insisting": "insisting",
    "ruling.dissenters": "dissenters",
    "ruling.dissenter": "dissenter",
    "ruling.lot": "lot",
}
MANUAL_PARTS = {"kind": "book", "player": "player", "on": "on", "amount": "amount"}
MANUAL_PARTS |= {"reason": "reason", "rule": "rule"}

NUMBER = {"inputmode": "numeric", "pattern": "[0-9]*", "class": "trick"}
#: Groups of inputs with errors of their own (the whole sequence of calls, the tricks of all
#: hands): a hidden field each carries them, and the first input of the group takes focus.
GROUPS = {"calls": "call_1_call", "tricks": "tricks_", "guaranteed": "guaranteed_"}
GROUPS |= {"alternative": "alternative_"}


def _json_number(value: Decimal) -> int | float:
    return int(value) if value == value.to_integral_value() else float(value)


class DealForm(forms.Form):
    """One deal. ``seats``: (letter, name) clockwise; ``minimum_level`` the contract
    minimum after raspasy (shown); ``reason_required`` for corrections and for the chief
    referee's rulings on a signed-off table; ``drawn_lot`` the lot the site drew for the
    deal being corrected, if any."""

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
        self._call_rows: list[int] = []
        self._ruling_fields: list[str] = []
        self._build_fields()

    # -- fields ------------------------------------------------------------------------

    def _build_fields(self) -> None:
        four = len(self.letters) == 4
        seat = [(letter, name) for letter, name in self.seats]
        maybe = [("", "—"), *seat]
        radio = forms.RadioSelect
        f = self.fields
        f["dealer"] = forms.ChoiceField(
            label=gettext_lazy("Dealer"),
            choices=seat if four else maybe,
            required=False,
            widget=radio,
        )
        f["type"] = forms.ChoiceField(label=gettext_lazy("Deal"), choices=TYPES, widget=radio)
        f["declarer"] = forms.ChoiceField(
            label=gettext_lazy("Declarer"), choices=seat, required=False, widget=radio
        )
        f["level"] = forms.TypedChoiceField(
            label=gettext_lazy("Level"),
            choices=LEVELS,
            coerce=int,
            required=False,
            empty_value=None,
            widget=radio,
        )
        f["strain"] = forms.ChoiceField(
            label=gettext_lazy("Trumps"), choices=STRAINS, required=False, widget=radio
        )
        for row in range(1, CALL_ROWS + 1):
            f[f"call_{row}_player"] = forms.ChoiceField(
                label=gettext_lazy("Player"), choices=maybe, required=False
            )
            f[f"call_{row}_call"] = forms.ChoiceField(
                label=gettext_lazy("Call"), choices=[("", "—"), *CALLS], required=False
            )
            if four:
                f[f"call_{row}_replaces"] = forms.ChoiceField(
                    label=gettext_lazy("takes over the hand of"), choices=maybe, required=False
                )
        f["play"] = forms.ChoiceField(label=gettext_lazy("Play"), choices=PLAYS, widget=radio)
        for letter, _name in self.seats:
            f[f"tricks_{letter}"] = self._tricks_field(letter)
        f["talon"] = forms.CharField(
            label=gettext_lazy("Talon"),
            required=False,
            max_length=20,
            help_text=gettext_lazy("two cards, e.g. SA SK or H10 D7"),
            widget=forms.TextInput(
                attrs={"autocapitalize": "characters", "autocomplete": "off", "size": 8}
            ),
        )
        f["ruling"] = forms.ChoiceField(
            label=gettext_lazy("Kodeks ruling"), choices=RULINGS, required=False
        )
        f["bid_level"] = forms.TypedChoiceField(
            label=gettext_lazy("Level reached in the bidding"),
            choices=LEVELS,
            coerce=int,
            required=False,
            empty_value=None,
            widget=radio,
        )
        f["proven_undertricks"] = forms.IntegerField(
            label=gettext_lazy("Proven undertricks"),
            min_value=0,
            max_value=10,
            required=False,
            widget=forms.NumberInput(attrs=NUMBER),
        )
        f["deliberate"] = forms.ChoiceField(
            label=gettext_lazy("The error was"), choices=DELIBERATE, required=False, widget=radio
        )
        f["insisting"] = forms.ChoiceField(
            label=gettext_lazy("Insisting player"), choices=maybe, required=False
        )
        f["dissenters"] = forms.MultipleChoiceField(
            label=gettext_lazy("Dissenters"),
            choices=seat,
            required=False,
            widget=forms.CheckboxSelectMultiple,
        )
        for letter, _name in self.seats:
            f[f"guaranteed_{letter}"] = self._tricks_field(letter)
        f["dissenter"] = forms.ChoiceField(
            label=gettext_lazy("Dissenter"), choices=maybe, required=False
        )
        for letter, _name in self.seats:
            f[f"alternative_{letter}"] = self._tricks_field(letter)
        f["lot"] = forms.ChoiceField(
            label=gettext_lazy("The lot gave the declarer"),
            choices=LOT,
            required=False,
            widget=radio,
        )
        points = {"min_value": 0, "max_digits": 7, "decimal_places": 2, "required": False}
        decimal = forms.NumberInput(attrs={"inputmode": "decimal", "step": "any", "size": 5})
        f["prikup_refusal"] = forms.DecimalField(
            label=gettext_lazy("Prikup refusal: dealer's mountain points (Kodeks 3.4.10)"),
            widget=decimal,
            **points,
        )
        f["raspasy_fine"] = forms.DecimalField(
            label=gettext_lazy("Raspasy: dealer's fine in mountain points"),
            widget=decimal,
            **points,
        )
        f["talon_peeking"] = forms.ChoiceField(
            label=gettext_lazy("Peeked at the talon (may not whist)"), choices=maybe, required=False
        )
        for row in range(1, self.manual_rows + 1):
            p = f"manual_{row}_"
            f[p + "book"] = forms.ChoiceField(
                label=gettext_lazy("Book"), choices=BOOKS, required=False
            )
            f[p + "player"] = forms.ChoiceField(
                label=gettext_lazy("Player"), choices=maybe, required=False
            )
            f[p + "on"] = forms.ChoiceField(label=gettext_lazy("on"), choices=maybe, required=False)
            f[p + "amount"] = forms.DecimalField(
                label=gettext_lazy("Amount"),
                max_digits=9,
                decimal_places=2,
                required=False,
                widget=forms.NumberInput(attrs={"inputmode": "decimal", "step": "any", "size": 6}),
            )
            f[p + "reason"] = forms.CharField(
                label=gettext_lazy("Reason"), required=False, max_length=200
            )
            f[p + "rule"] = forms.CharField(
                label=gettext_lazy("Rule"),
                required=False,
                max_length=100,
                widget=forms.TextInput(attrs={"list": "rule-references"}),
            )
        for group in GROUPS:
            f[group] = forms.CharField(required=False, widget=forms.HiddenInput)
        f["reason"] = forms.CharField(
            label=gettext_lazy("Reason"),
            required=False,
            max_length=500,
            widget=forms.TextInput(attrs={"autocomplete": "off"}),
        )

    @staticmethod
    def _tricks_field(letter: str) -> forms.IntegerField:
        return forms.IntegerField(
            label=letter,
            min_value=0,
            max_value=10,
            required=False,
            widget=forms.NumberInput(attrs=NUMBER),
        )

    # -- for the template --------------------------------------------------------------

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
                found += [e for e in errors if e not in found]
        return found

    def group_errors(self) -> dict[str, list[str]]:
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
        """The field to start typing in: the first with an error, else the declarer."""
        name = next((n for n in self.fields if n in self.errors), "declarer")
        if name in GROUPS:
            first = GROUPS[name]
            name = first + self.letters[0] if first.endswith("_") else first
        self.fields[name].widget.attrs["autofocus"] = True
        return name

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

    def deal_data(self) -> dict[str, Any]:
        """The deal as stored (SPEC §12.2 plus ``dealer`` and ``referee_rulings``)."""
        cd = self.cleaned_data
        kind = cd["type"]
        data: dict[str, Any] = {"dealer": cd.get("dealer") or None, "type": kind}
        if kind in TYPE_PARTS["declarer"]:
            data["declarer"] = cd["declarer"]
        if kind == "game":
            data["contract"] = {"level": cd["level"], "strain": cd["strain"]}
            data["defence"] = self._calls(cd)
        elif kind == "misere":
            data["contract"] = {"level": "misere"}
        data["play"] = cd["play"]
        tricks = self._outcome(cd, "tricks") if cd["play"] != "none" else {}
        if tricks:
            data["tricks"] = tricks
        if kind in TYPE_PARTS["talon"] and cd.get("talon"):
            data["talon"] = cd["talon"]
        if kind in TYPE_PARTS["ruling"] and cd.get("ruling"):
            data["ruling"] = self._ruling(cd)
        rulings = self._referee_rulings(cd, kind)
        if rulings:
            data["referee_rulings"] = rulings
        return data

    def _outcome(self, cd: Mapping[str, Any], prefix: str) -> dict[str, int]:
        values = {letter: cd.get(f"{prefix}_{letter}") for letter in self.letters}
        return {letter: n for letter, n in values.items() if n is not None}

    def _calls(self, cd: Mapping[str, Any]) -> list[dict[str, Any]]:
        calls: list[dict[str, Any]] = []
        self._call_rows = []
        for row in range(1, CALL_ROWS + 1):
            player, call = cd.get(f"call_{row}_player"), cd.get(f"call_{row}_call")
            if not (player and call):
                continue
            item = {"player": player, "call": call, "order": len(calls) + 1}
            if cd.get(f"call_{row}_replaces"):
                item["replaces"] = cd[f"call_{row}_replaces"]
            calls.append(item)
            self._call_rows.append(row)
        return calls

    def _ruling(self, cd: Mapping[str, Any]) -> dict[str, Any]:
        rule = cd["ruling"]
        if rule == "kodex-3.4.4":
            return {"rule": rule, "bid_level": cd.get("bid_level")}
        if rule == "kodex-3.4.6":
            out: dict[str, Any] = {"rule": rule, "proven_undertricks": cd["proven_undertricks"]}
            if cd.get("deliberate"):
                out["deliberate"] = cd["deliberate"] == "yes"
            return out
        if rule == COMMERCIAL:
            return {
                "rule": "kodex-3.8.5.1",
                "mode": "commercial",
                "insisting": cd["insisting"],
                "dissenters": list(cd["dissenters"]),
                "guaranteed": self._outcome(cd, "guaranteed"),
            }
        if rule == QUALIFICATION:
            out = {
                "rule": "kodex-3.8.5.1",
                "mode": "qualification",
                "dissenter": cd["dissenter"],
                "alternative": self._outcome(cd, "alternative"),
                "lot": cd.get("lot") or None,
            }
            if self.drawn_lot and out["lot"] == self.drawn_lot and not self.draw_requested:
                out["lot_drawn_by"] = "site"  # a correction keeps the lot the site drew
            return out
        return {"rule": rule}

    def _referee_rulings(self, cd: Mapping[str, Any], kind: str) -> list[dict[str, Any]]:
        rulings: list[dict[str, Any]] = []
        self._ruling_fields = []
        if kind in TYPE_PARTS["prikup_refusal"] and cd.get("prikup_refusal") is not None:
            points = _json_number(cd["prikup_refusal"])
            rulings.append({"kind": "prikup_refusal", "points": points})
            self._ruling_fields.append("prikup_refusal")
        if kind in TYPE_PARTS["raspasy_fine"] and cd.get("raspasy_fine") is not None:
            points = _json_number(cd["raspasy_fine"])
            rulings.append({"kind": "raspasy_dealer_fine", "points": points})
            self._ruling_fields.append("raspasy_fine")
        if cd.get("talon_peeking"):
            rulings.append({"kind": "talon_peeking", "player": cd["talon_peeking"]})
            self._ruling_fields.append("talon_peeking")
        for row in range(1, self.manual_rows + 1):
            p = f"manual_{row}_"
            if not cd.get(p + "book"):
                continue
            item: dict[str, Any] = {
                "kind": "manual",
                "entry": cd[p + "book"],
                "player": cd[p + "player"],
                "amount": _json_number(cd[p + "amount"]),
                "reason": cd.get(p + "reason", ""),
            }
            if cd[p + "book"] == "whist":
                item["on"] = cd[p + "on"]
            if cd.get(p + "rule"):
                item["rule"] = cd[p + "rule"]
            rulings.append(item)
            self._ruling_fields.append(p)
        return rulings

    # -- the engine's refusals at their fields -----------------------------------------

    def place_error(
        self, error: ServiceError, position: int, numbers: Sequence[int] = ()
    ) -> str | None:
        """Show a service's refusal at the field it concerns (``"deal 5, tricks"`` → the
        tricks inputs); a refusal of another deal of the sheet, or of no field, goes above
        the form. ``position``: this deal's place on the sheet; ``numbers``: the deal
        numbers of the sheet's positions. Returns the field used (None: above)."""
        field, message = error.field or "", error.message
        if field and message.startswith(field + ": "):
            message = message[len(field) + 2 :]
        engine_error = getattr(error, "engine_error", None)
        if isinstance(engine_error, ScoringError):
            message = refusal_text(engine_error)
        found = re.fullmatch(r"deal (\d+)(?:, (.*))?", field)
        if found:
            at = int(found.group(1))
            if at != position:
                number = numbers[at - 1] if 0 < at <= len(numbers) else at
                where = f"{found.group(2)}: " if found.group(2) else ""
                self.add_error(
                    None,
                    _("Deal %(number)s would be refused: %(message)s")
                    % {"number": number, "message": where + message},
                )
                return None
            field = found.group(2) or ""
        name = self.field_for(field)
        self.add_error(name, message)
        return name

    def field_for(self, path: str) -> str | None:
        """The form field of an engine's field path (None: no field of this form)."""
        if path in self.fields:
            return path
        if path in ENGINE_FIELDS:
            return ENGINE_FIELDS[path]
        if path == "tricks":
            return "tricks"
        if path in ("ruling.guaranteed", "ruling.alternative"):
            return path.split(".")[1]
        if path == "defence":
            return "calls"
        call = re.fullmatch(r"defence\[(\d+)\](?:\.(\w+))?", path)
        if call:
            index = int(call.group(1))
            row = self._call_rows[index] if index < len(self._call_rows) else 1
            name = f"call_{row}_{call.group(2) or 'call'}"
            return name if name in self.fields else f"call_{row}_player"
        ruling = re.fullmatch(r"referee_rulings\[(\d+)\](?:\.(\w+))?", path)
        if ruling and int(ruling.group(1)) < len(self._ruling_fields):
            anchor = self._ruling_fields[int(ruling.group(1))]
            if anchor.startswith("manual_"):
                return anchor + MANUAL_PARTS.get(ruling.group(2) or "", "book")
            return anchor
        return None

    # -- a stored deal back into the form ----------------------------------------------

    @staticmethod
    def initial_from(data: Mapping[str, Any]) -> dict[str, Any]:
        """The form's initial values for a stored deal (for corrections)."""
        initial: dict[str, Any] = {
            "dealer": data.get("dealer") or "",
            "type": data.get("type"),
            "declarer": data.get("declarer") or "",
            "play": data.get("play"),
        }
        contract = data.get("contract") or {}
        if data.get("type") == "game":
            initial["level"] = contract.get("level")
            initial["strain"] = contract.get("strain")
        calls = sorted(data.get("defence") or [], key=lambda c: c.get("order", 0))
        for row, call in enumerate(calls[:CALL_ROWS], start=1):
            initial[f"call_{row}_player"] = call.get("player")
            initial[f"call_{row}_call"] = call.get("call")
            initial[f"call_{row}_replaces"] = call.get("replaces") or ""
        for letter, n in (data.get("tricks") or {}).items():
            initial[f"tricks_{letter}"] = n
        if data.get("talon"):
            initial["talon"] = " ".join(data["talon"])
        initial.update(_ruling_initial(data.get("ruling") or {}))
        manual = 0
        for item in data.get("referee_rulings") or []:
            kind = item.get("kind")
            if kind == "prikup_refusal":
                initial["prikup_refusal"] = item.get("points")
            elif kind == "raspasy_dealer_fine":
                initial["raspasy_fine"] = item.get("points")
            elif kind == "talon_peeking":
                initial["talon_peeking"] = item.get("player")
            elif kind == "manual":
                manual += 1
                p = f"manual_{manual}_"
                initial[p + "book"] = item.get("entry")
                initial[p + "player"] = item.get("player")
                initial[p + "on"] = item.get("on") or ""
                initial[p + "amount"] = item.get("amount")
                initial[p + "reason"] = item.get("reason", "")
                initial[p + "rule"] = item.get("rule", "")
        return initial

    @staticmethod
    def manual_count(data: Mapping[str, Any]) -> int:
        """How many manual-entry rows a stored deal needs."""
        items = data.get("referee_rulings") or []
        return max(MANUAL_ROWS, sum(1 for item in items if item.get("kind") == "manual"))


def _ruling_initial(ruling: Mapping[str, Any]) -> dict[str, Any]:
    rule = ruling.get("rule")
    if not rule:
        return {}
    if rule == "kodex-3.8.5.1":
        if ruling.get("mode") == "commercial":
            out: dict[str, Any] = {
                "ruling": COMMERCIAL,
                "insisting": ruling.get("insisting"),
                "dissenters": list(ruling.get("dissenters") or []),
            }
            out |= {f"guaranteed_{p}": n for p, n in (ruling.get("guaranteed") or {}).items()}
            return out
        out = {"ruling": QUALIFICATION, "dissenter": ruling.get("dissenter")}
        out["lot"] = ruling.get("lot")
        out |= {f"alternative_{p}": n for p, n in (ruling.get("alternative") or {}).items()}
        return out
    out = {"ruling": rule}
    if "bid_level" in ruling:
        out["bid_level"] = ruling["bid_level"]
    if "proven_undertricks" in ruling:
        out["proven_undertricks"] = ruling["proven_undertricks"]
    if "deliberate" in ruling:
        out["deliberate"] = "yes" if ruling["deliberate"] else "no"
    return out
