"""The seating's notes in the admin, in the reader's language with the players' names.

A round's and a table's notes (and a round's byes) are stored as codes and registration ids
(``seating/pure/notes.py``); the admins of ``tournaments`` and ``tables`` leave those fields
out, and here they are registered again with the notes as sentences (read-only), as the
round page shows them (``notes.render_notes``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib import admin
from django.utils.html import format_html_join
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from referee.tables.admin import TableAdmin
from referee.tables.models import Table
from referee.tournaments.admin import RoundAdmin
from referee.tournaments.models import Registration, Round

from .notes import players_in, render_notes


def _names(tournament_id: int, players: Iterable[Any]) -> dict[Any, str]:
    ids = {p for p in players if isinstance(p, int) and not isinstance(p, bool)}
    return dict(
        Registration.objects.filter(tournament_id=tournament_id, pk__in=ids).values_list(
            "pk", "player__name"
        )
    )


def _sentences(notes: Any, tournament_id: int) -> SafeString | str:
    """The notes as a list of sentences; "—" when there are none."""
    notes = notes if isinstance(notes, list) else []
    if not notes:
        return "—"
    names = _names(tournament_id, players_in(notes))
    lines = ((line,) for line in render_notes(notes, names))
    return format_html_join("", "<p>{}</p>", lines)


class RoundNotesAdmin(RoundAdmin):
    readonly_fields = [*RoundAdmin.readonly_fields, "seating_notes", "players_with_a_bye"]

    @admin.display(description=_("seating notes"))
    def seating_notes(self, round_: Round) -> SafeString | str:
        return _sentences(round_.notes, round_.tournament_id)

    @admin.display(description=_("players with a bye"))
    def players_with_a_bye(self, round_: Round) -> str:
        byes = round_.byes if isinstance(round_.byes, list) else []
        names = _names(round_.tournament_id, byes)
        return ", ".join(names.get(p, f"#{p}") for p in byes) or "—"


class TableNotesAdmin(TableAdmin):
    readonly_fields = [*TableAdmin.readonly_fields, "seating_notes"]

    @admin.display(description=_("seating notes"))
    def seating_notes(self, table: Table) -> SafeString | str:
        return _sentences(table.notes, table.round.tournament_id)


for model, model_admin in ((Round, RoundNotesAdmin), (Table, TableNotesAdmin)):
    admin.site.unregister(model)
    admin.site.register(model, model_admin)
