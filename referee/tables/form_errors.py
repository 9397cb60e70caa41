"""The engine's refusals at the deal form's fields."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from django import forms
from django.utils.translation import gettext as _

from referee.core.codes import refusal_text
from referee.core.errors import ServiceError
from scoring import ScoringError
from scoring.errors import DealError

from .form_choices import (
    ENGINE_FIELDS,
    MANUAL_PARTS,
)

# to mypy the mixin is the form it is mixed into (its fields, errors and add_error)
if TYPE_CHECKING:
    from .form_codec import Origins

    _Form = forms.Form
else:
    _Form = object


class EngineErrorPlacement(_Form):
    """Mixed into ``DealForm``: a service's refusal shown at the field it concerns."""

    # DealForm's
    letters: list[str]
    if TYPE_CHECKING:

        def origins(self) -> Origins: ...

        def errors_of(self, *prefixes: str) -> list[str]: ...
        def _seats_in_play(self) -> list[str]: ...

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
        if name != "tricks":
            self.add_tricks_sum()
        return name

    def add_tricks_sum(self) -> None:
        """Beside another error, the tricks of the hands in play that do not sum to 10, in the
        engine's words: the engine checks the tricks last and stops at its first refusal, the
        form's own checks stop it from being asked, and the referee would meet one error
        after another. Only where the hands in play are plain (the engine decides the rest):
        a deal played, at a table of three, or of four but for its raspasy."""
        data = getattr(self, "cleaned_data", {})
        kind, letters = data.get("type"), self.letters
        if "tricks" in self.errors or self.errors_of("tricks_") or data.get("play") == "none":
            return
        if kind not in ("game", "misere", "raspasy") or (len(letters) == 4 and kind == "raspasy"):
            return
        counts = [data.get(f"tricks_{hand}") for hand in self._seats_in_play()]
        total = sum(count for count in counts if count is not None)
        if any(count is None for count in counts) or total == 10:
            return
        refusal = DealError("deal.tricks_sum", "tricks", sum=total)
        self.add_error("tricks", refusal_text(refusal))

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
        ruling = re.fullmatch(r"referee_rulings\[(\d+)\](?:\.(\w+))?", path)
        if not (call or ruling):
            return None
        # the rows of the deal refused, read again from the form's cleaned data
        origins = self.origins()
        if call:
            index = int(call.group(1))
            row = origins.call_rows[index] if index < len(origins.call_rows) else 1
            name = f"call_{row}_{call.group(2) or 'call'}"
            return name if name in self.fields else f"call_{row}_player"
        if ruling and int(ruling.group(1)) < len(origins.ruling_fields):
            anchor = origins.ruling_fields[int(ruling.group(1))]
            if anchor.startswith("manual_"):
                return anchor + MANUAL_PARTS.get(ruling.group(2) or "", "book")
            return anchor
        return None
