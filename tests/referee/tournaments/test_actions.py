"""The action log's registry: every code the source writes is registered with a label, and
each entry is attached to the object it concerns, so an object's history can be listed."""

import ast
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from referee.accounts.models import Role
from referee.tables import services as tables
from referee.tournaments import services
from referee.tournaments.actions import ACTIONS
from referee.tournaments.log import log_action
from referee.tournaments.models import ActionLog

from ..factories import RegistrationFactory, TournamentFactory, referee_of, table_with_players

SOURCE = Path(__file__).resolve().parents[3] / "referee"
SIX_MADE = {
    "dealer": "C",
    "type": "game",
    "declarer": "A",
    "contract": {"level": 6, "strain": "S"},
    "defence": [
        {"player": "B", "call": "whist", "order": 1},
        {"player": "C", "call": "whist", "order": 2},
    ],
    "play": "closed",
    "tricks": {"A": 6, "B": 2, "C": 2},
}


def _strings(node: ast.AST) -> set[str]:
    return {
        n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
    }


def _name(call: ast.Call) -> str:
    func = call.func
    return func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")


def written_codes() -> dict[str, list[str]]:
    """Every action code passed to ``log_action`` in the site's source, with where.

    The code is the third argument: a literal, a local name assigned literals (``action =
    "a" if … else "b"``), or a parameter of the enclosing function, whose literals are read
    from the calls of that function in the same module. Anything else fails the scan."""
    found: dict[str, list[str]] = {}
    for path in sorted(SOURCE.rglob("*.py")):
        if "migrations" in path.parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        functions = {f.name: f for f in ast.walk(tree) if isinstance(f, ast.FunctionDef)}
        for function in functions.values():
            for call in ast.walk(function):
                if not (isinstance(call, ast.Call) and _name(call) == "log_action"):
                    continue
                if len(call.args) < 3:
                    continue  # the definition's own docstring examples, if any
                codes = _resolve(call.args[2], function, functions, tree)
                assert codes, f"{path}:{call.lineno}: cannot tell which code is written"
                for code in codes:
                    found.setdefault(code, []).append(f"{path.name}:{call.lineno}")
    return found


def _resolve(arg: ast.expr, function: ast.FunctionDef, functions: dict, tree: ast.AST) -> set[str]:
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return {arg.value}
    if not isinstance(arg, ast.Name):
        return set()
    assigned = set()
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == arg.id for t in node.targets
        ):
            assigned |= _strings(node.value)
    if assigned:
        return assigned
    params = [a.arg for a in function.args.args]
    if arg.id not in params:
        return set()
    position = params.index(arg.id)
    codes = set()
    for call in ast.walk(tree):
        is_call = isinstance(call, ast.Call) and _name(call) == function.name
        if is_call and len(call.args) > position:
            codes |= _strings(call.args[position])
    return codes


def test_every_code_the_services_write_is_registered():
    written = written_codes()
    assert len(written) > 20  # the scan finds the calls
    missing = {code: where for code, where in written.items() if code not in ACTIONS}
    assert missing == {}


def test_every_registered_code_is_written_somewhere():
    assert sorted(set(ACTIONS) - set(written_codes())) == []


def test_every_label_has_a_russian_translation():
    with translation.override("en"):
        english = {code: str(a.label) for code, a in ACTIONS.items()}
    with translation.override("ru"):
        same = [code for code, a in ACTIONS.items() if str(a.label) == english[code]]
    assert same == []


pytestmark = pytest.mark.django_db


def test_a_deals_history_lists_its_versions_and_nothing_else():
    table = table_with_players(3)
    referee = referee_of(table.round.tournament)
    deal = tables.record_deal(table.pk, SIX_MADE, referee)
    other = tables.record_deal(table.pk, SIX_MADE, referee)
    tables.correct_deal(deal.pk, SIX_MADE | {"tricks": {"A": 7, "B": 2, "C": 1}}, referee, "typo")
    tables.delete_deal(other.pk, referee, "twice")
    history = ActionLog.objects.about(deal).order_by("pk")
    assert [e.action for e in history] == ["deal.recorded", "deal.corrected"]
    assert [e.action for e in ActionLog.objects.about(other)] == ["deal.deleted", "deal.recorded"]


def test_a_tables_and_a_registrations_history():
    table = table_with_players(3)
    tournament = table.round.tournament
    referee = referee_of(tournament)
    tables.record_deal(table.pk, SIX_MADE, referee)
    tables.submit_table(table.pk, referee)
    assert [e.action for e in ActionLog.objects.about(table)] == ["table.submitted"]
    chief = referee_of(tournament, Role.Kind.CHIEF)
    entry = services.register_player(tournament.pk, services.PlayerDetails("Новиков"), chief)
    services.withdraw_player(entry.pk, chief, reason="ill")
    assert [e.action for e in ActionLog.objects.about(entry).order_by("pk")] == [
        "player.registered",
        "player.withdrawn",
    ]
    assert ActionLog.objects.about(tournament).filter(action="player.registered").count() == 0


def test_an_entry_about_the_wrong_kind_of_object_is_refused():
    tournament = TournamentFactory()
    entry = RegistrationFactory(tournament=tournament)
    # a programming error, not a refusal: no code, its English is what there is
    with pytest.raises(ValueError, match=r"concerns a tables\.deal"):
        log_action(tournament, None, "deal.recorded", "1.1 #1", about=entry)
    with pytest.raises(ValueError, match=r"concerns a tournaments\.registration, not nothing"):
        log_action(tournament, None, "player.withdrawn", "Новиков")
    assert log_action(tournament, None, "tournament.started").subject_id == tournament.pk


def test_the_log_page_shows_labels_and_one_objects_history(client):
    table = table_with_players(3, published=True)
    tournament = table.round.tournament
    referee = referee_of(tournament)
    deal = tables.record_deal(table.pk, SIX_MADE, referee)
    tables.record_deal(table.pk, SIX_MADE, referee)
    client.force_login(referee_of(tournament, Role.Kind.CHIEF))
    address = reverse("manage-log", args=[tournament.slug])
    page = client.get(address).content.decode()
    assert "deal recorded" in page and "<code>deal.recorded</code>" not in page
    assert f"?type=tables.deal&amp;id={deal.pk}" in page
    one = client.get(address, {"type": "tables.deal", "id": deal.pk})
    assert [e.subject_id for e in one.context["page"].object_list] == [deal.pk]
