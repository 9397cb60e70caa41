"""A fixed schedule uploaded as CSV or XLSX (TOURNAMENTS §6.3 ``fixed_schedule``).

The file has a header row and one row per player and round: ``round`` (тур), ``table`` (стол;
0, "bye" or "пропуск" for a player sitting the round out) and ``player`` (игрок: the name as
registered, or ``#`` and the registration number); rows of one table list its seats in order.
Every round is checked (tables of 3 or 4, nobody twice, only registered players) before
anything is kept; when the round is seated it must list every player still in play once.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from referee.seating.refusals import REFUSALS
from referee.tournaments.importing import read_cells
from referee.tournaments.log import log_action
from referee.tournaments.models import Registration, Tournament
from referee.tournaments.search import folded
from referee.tournaments.services.setup import locked_for_chief

from .pure.fixed import Problem, check_round

HEADERS = {
    "round": {"round", "тур", "раунд"},
    "table": {"table", "стол"},
    "player": {"player", "name", "игрок", "участник", "фио"},
}
BYE = {"0", "bye", "пропуск", "-"}


def problem_text(problem: Problem, names: Mapping[Any, str]) -> str:
    """A schedule's fault in the reader's language, with the players' names."""
    listed = ", ".join(names.get(p, str(p)) for p in problem.players)
    values = {"round": problem.round, "table": problem.table, "n": problem.size, "names": listed}
    if problem.code == "table_size":
        return REFUSALS.text("schedule.table_size", **values)
    if problem.code == "twice":
        return REFUSALS.text("schedule.twice", **values)
    if problem.code == "unknown":
        return REFUSALS.text("schedule.not_playing", **values)
    return REFUSALS.text("schedule.missing", **values)


def parse_schedule(tournament: Tournament, content: bytes, filename: str) -> dict[str, Any]:
    """The schedule as stored (``Tournament.schedule``), or ``ServiceError`` with every fault."""
    cells, preview = read_cells(content, filename)
    if preview.error:
        raise REFUSALS.error("schedule.unreadable", "schedule", error=preview.error)
    rows = [[str(c).strip() if c is not None else "" for c in row] for row in cells]
    rows = [row for row in rows if any(row)]
    if not rows:
        raise REFUSALS.error("schedule.empty", "schedule")
    header = [folded(c) for c in rows[0]]
    columns = {}
    for key, names in HEADERS.items():
        found = [i for i, title in enumerate(header) if title in names]
        if not found:
            raise REFUSALS.error("schedule.columns", "schedule")
        columns[key] = found[0]
    entries = list(Registration.objects.filter(tournament=tournament).select_related("player"))
    by_name: dict[str, list[int]] = defaultdict(list)
    for entry in entries:
        by_name[folded(entry.player.name)].append(entry.pk)
    ids = {entry.pk for entry in entries}
    errors: list[str] = []
    rounds: dict[int, dict[str, Any]] = {}
    for line, row in enumerate(rows[1:], start=2):
        cell = {key: row[i] if i < len(row) else "" for key, i in columns.items()}
        player = _player(cell["player"], by_name, ids)
        if not cell["round"].isdecimal() or int(cell["round"]) < 1:
            errors.append(_("Line %(line)s: the round is a number from 1.") % {"line": line})
            continue
        if player is None:
            errors.append(
                _("Line %(line)s: no registered player %(name)s (or two of that name: use #id).")
                % {"line": line, "name": cell["player"]}
            )
            continue
        number = int(cell["round"])
        plan = rounds.setdefault(number, {"tables": {}, "byes": []})
        table = cell["table"].casefold()
        if table in BYE:
            plan["byes"].append(player)
        elif table.isdecimal():
            plan["tables"].setdefault(int(table), []).append(player)
        else:
            errors.append(
                _("Line %(line)s: the table is a number, or 0 for a bye.") % {"line": line}
            )
    player_names = {e.pk: e.player.name for e in entries}
    stored: dict[str, Any] = {}
    for number in sorted(rounds):
        tables = [rounds[number]["tables"][t] for t in sorted(rounds[number]["tables"])]
        byes = rounds[number]["byes"]
        errors += [
            problem_text(p, player_names) for p in check_round(number, tables, byes, None, ids)
        ]
        stored[str(number)] = {"tables": tables, "byes": byes}
    if errors:
        raise REFUSALS.error("schedule.faults", "schedule", faults=" ".join(errors))
    return stored


def _player(text: str, by_name: dict[str, list[int]], ids: set[int]) -> int | None:
    if text.startswith("#") and text[1:].isdecimal():
        return int(text[1:]) if int(text[1:]) in ids else None
    found = by_name.get(folded(text), [])
    return found[0] if len(found) == 1 else None


@transaction.atomic
def upload_schedule(tournament_id: int, content: bytes, filename: str, user: Any) -> Tournament:
    """Keep the fixed schedule (the chief referee, before play starts)."""
    tournament = locked_for_chief(tournament_id, user)
    if tournament.frozen:
        raise REFUSALS.error("schedule.play_started", "schedule")
    tournament.schedule = parse_schedule(tournament, content, filename)
    tournament.save(update_fields=["schedule"])
    log_action(
        tournament,
        user,
        "tournament.schedule",
        tournament.name,
        data={"rounds": sorted(int(n) for n in tournament.schedule)},
    )
    return tournament
