"""The tournament's format in the reports (TOURNAMENTS §11): stages and final places, team
standings, the discipline register, the tournament register with its zero-sum lines, and the
format's lines for the footer (byes, the unfinished-pulka policy, substitutes, yellow cards,
teams, stages). Values come from the standings and discipline services; nothing is computed
here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.utils.translation import gettext as _

from referee.core.people import person
from referee.discipline.models import Entry
from referee.discipline.register import Register, kind_label, status_label
from referee.standings.pure.teams import TeamRow
from referee.standings.services import (
    FinalPlace,
    Standings,
    final_places,
    stage_tables,
    team_table,
)
from referee.tournaments.models import ByeValue, Round, Stage, TeamScoring, Tournament, Unfinished

from . import tabular


def _label(choices: Any, value: str) -> str:
    return str(dict(choices.choices).get(value, value))


def format_lines(tournament: Tournament) -> list[str]:
    """The format for the results footer (§2.3, §11): one query (the stages)."""
    bye = tournament.get_bye_value_display()
    if tournament.bye_value == ByeValue.FIXED:
        bye += f" ({tournament.bye_points})"
    lines = [
        _("a bye scores") + f": {bye}",
        _("unfinished pulka") + f": {tournament.get_unfinished_pulka_display()}",
        _("a replaced seat's points") + f": {tournament.get_substitute_split_display()}",
        _("a guest's table-mates' ratings") + f": {tournament.get_guest_games_display()}",
    ]
    if tournament.unfinished_pulka == Unfinished.FINISH_LAP and tournament.time_limit_minutes:
        lines.insert(
            2,
            _("the lap a time limit ends") + f": {tournament.get_lap_at_time_limit_display()}",
        )
    if tournament.yellow_cards_to_disqualify:
        lines.append(
            _("%(n)s active yellow cards disqualify (a card stays active %(days)s days)")
            % {"n": tournament.yellow_cards_to_disqualify, "days": tournament.yellow_card_days}
        )
    if tournament.team_scoring == TeamScoring.BEST and tournament.team_best:
        lines.append(_("team standings: the best %(k)s members") % {"k": tournament.team_best})
    lines += [stage_line(stage) for stage in tournament.stages.order_by("number")]
    return lines


def stage_line(stage: Stage) -> str:
    carry = _label(Stage.CarryOver, stage.carry_over)
    if stage.carry_over == Stage.CarryOver.FRACTION:
        carry += f" × {stage.carry_fraction}"
    entry = _label(Stage.Entry, stage.entry)
    if stage.entry == Stage.Entry.TOP:
        entry = _("the top %(n)s") % {"n": stage.entry_count}
    return _(
        "stage %(number)s, %(name)s: %(rounds)s rounds, %(method)s; players: %(entry)s; "
        "points carried: %(carry)s"
    ) % {
        "number": stage.number,
        "name": stage.name,
        "rounds": stage.rounds_planned,
        "method": _label(Round.Method, stage.method),
        "entry": entry,
        "carry": carry,
    }


def places_sheet(places: Sequence[FinalPlace]) -> tabular.Sheet:
    """The tournament's places by stages: the final's standings first (§6.3)."""
    header = [_("Place"), _("Player"), _("Stage"), _("Points in the stage")]
    rows: list[list[tabular.Value]] = [[p.place_label, p.player, p.stage, p.points] for p in places]
    return tabular.Sheet(_("Places"), header, rows, [7, 28, 20, 12], caption=_("Final places"))


def team_sheet(teams: Sequence[TeamRow]) -> tabular.Sheet:
    rounds = max((len(t.round_points) for t in teams), default=0)
    header = [
        _("Place"),
        _("Team"),
        _("Players"),
        _("Points"),
        _("Whists"),
        *(_("R%(n)s") % {"n": n} for n in range(1, rounds + 1)),
    ]
    rows = [
        [t.rank_label, t.team, ", ".join(t.members), t.points, t.whists, *t.round_points]
        for t in teams
    ]
    widths = [7, 24, 40, 9, 9, *(7 for _ in range(rounds))]
    return tabular.Sheet(_("Teams"), header, rows, widths, caption=_("Team standings"))


def discipline_sheet(table: Standings) -> tabular.Sheet:
    """Every player's discipline register entries (§9.2)."""
    names = {row.registration: row.player for row in table.rows}
    header = [
        _("Player"),
        _("Round"),
        _("Kind"),
        _("Rule"),
        _("Points"),
        _("Reason"),
        _("Referee"),
        _("Notes"),
    ]
    rows = []
    for registration, entries in table.discipline.items():
        for e in entries:
            rows.append(
                [
                    names.get(registration, str(registration)),
                    e.round_number,
                    kind_label(e.kind),
                    e.rule,
                    e.points if e.kind == Entry.Kind.DEDUCTION else None,
                    e.reason,
                    person(e.referee),
                    status_label("cancelled" if e.cancelled_by_id else ""),
                ]
            )
    rows.sort(key=lambda r: (r[1], str(r[0])))
    widths = [28, 6, 18, 16, 8, 40, 14, 16]
    return tabular.Sheet(_("Discipline"), header, rows, widths, caption=_("Discipline register"))


def register_sheet(found: Register) -> tabular.Sheet:
    """The tournament register: every ruling, adjustment, discipline entry and appeal."""
    header = [
        _("Round"),
        _("Table"),
        _("Deal"),
        _("Kind"),
        _("Rule"),
        _("Players"),
        _("Amount"),
        _("Details"),
        _("Referee"),
        _("Status"),
    ]
    rows = [
        [
            r.round,
            r.table,
            r.deal,
            kind_label(r.kind),
            r.rule,
            ", ".join(found.names.get(p, str(p)) for p in r.players),
            r.amount,
            r.detail,
            r.by,
            status_label(r.status),
        ]
        for r in found.rows
    ]
    widths = [6, 6, 6, 18, 16, 30, 9, 40, 14, 16]
    return tabular.Sheet(_("Register"), header, rows, widths, caption=_("Tournament register"))


def zero_sum_sheet(found: Register) -> tabular.Sheet:
    """Per round: the sum of every table's settled whists (exactly 0), adjustments apart."""
    header = [_("Round"), _("Tables"), _("Sum of settled whists"), _("Adjustments"), _("Check")]
    rows: list[list[tabular.Value]] = [
        [z.round, z.tables, z.whists, z.adjustments, _("zero") if z.balanced else _("NOT ZERO")]
        for z in found.zero_sum
    ]
    return tabular.Sheet(
        _("Zero sum"), header, rows, [6, 7, 14, 12, 10], caption=_("Zero-sum check per round")
    )


def format_notes(byes: Sequence[int], discipline: Sequence[str]) -> list[str]:
    """A standings row's byes and discipline entries in force, for its notes."""
    out = []
    if byes:
        out.append(_("bye: round %(rounds)s") % {"rounds": ", ".join(str(n) for n in byes)})
    out += [kind_label(kind) for kind in discipline if kind != "disqualification"]
    return out


def sheets_of_format(tournament: Tournament, table: Standings, viewer: Any) -> list[tabular.Sheet]:
    """The workbook's sheets of the tournament's format, those that have anything to show:
    final places (with stages), team standings (with teams), the discipline register."""
    sheets = []
    stages = stage_tables(tournament, viewer=viewer)
    if stages:
        sheets.append(places_sheet(final_places(tournament, viewer=viewer, tables=stages)))
    teams = team_table(tournament, table.rows)
    if teams:
        sheets.append(team_sheet(teams))
    if any(table.discipline.values()):
        sheets.append(discipline_sheet(table))
    return sheets
