"""Every refusal has a stable code from a registry, and the Russian catalogue has each.

The registries are found in the source (every module that declares ``Refusals(``), so a new
package's registry is enumerated without being listed here; a service that builds a
``ServiceError`` by hand (an inline message, no code) fails ``test_no_refusal_is_built_by_hand``.
"""

from __future__ import annotations

import ast
import importlib
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.functional import Promise

import scoring
from referee.core import codes
from referee.core.codes import CODE, Refusals, refusal_text
from referee.core.errors import InvalidDeal, ServiceError

ROOT = Path(__file__).resolve().parents[3]
SITE = ROOT / "referee"
CATALOGUE = ROOT / "locale" / "ru" / "LC_MESSAGES" / "django.po"

#: the ``ServiceError`` family: built only by a registry (``Refusals.error``/``wrap``) or by
#: the classes' own ``of`` from a registry's refusal or the engine's.
FAMILY = {"ServiceError", "InvalidDeal", "StaleVersion", "NotVisible", "InvalidSettings"}
FAMILY |= {"ArchiveError"}
BUILDERS = {SITE / "core" / "errors.py", SITE / "core" / "codes.py"}


def _sources() -> list[Path]:
    return sorted(p for p in SITE.rglob("*.py") if "migrations" not in p.parts)


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts)


def _declaring() -> list[str]:
    return [
        _module(p)
        for p in _sources()
        if p not in BUILDERS and re.search(r"^\w+ = Refusals\(", p.read_text(), re.M)
    ]


def _all() -> dict[str, Refusals]:
    for name in _declaring():
        importlib.import_module(name)
    return codes.registries()


def _msgids(template: Promise) -> tuple[str, ...]:
    """The catalogue's keys of a lazy template (a plural one has two)."""
    args, kw = template._args, template._kw  # type: ignore[attr-defined]
    if "singular" in kw:
        return (kw["singular"], kw["plural"])
    return (args[0],)


def _unescaped(text: str) -> str:
    escapes = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
    return re.sub(r"\\(.)", lambda m: escapes.get(m.group(1), m.group(0)), text)


def _catalogue() -> dict[str, list[str]]:
    """msgid -> its msgstr forms, read from the .po (fuzzy entries left out)."""
    found: dict[str, list[str]] = {}
    for block in CATALOGUE.read_text(encoding="utf-8").split("\n\n"):
        if "#, fuzzy" in block or "msgid" not in block:
            continue
        parts: dict[str, str] = {}
        key = ""
        for line in block.splitlines():
            match = re.match(r'^(msgid|msgid_plural|msgstr(?:\[\d\])?) "(.*)"$', line)
            if match:
                key = match.group(1)
                parts[key] = match.group(2)
            elif line.startswith('"') and key:
                parts[key] += line[1:-1]
        text = {k: _unescaped(v) for k, v in parts.items()}
        if "msgid" in text:
            found[text["msgid"]] = [v for k, v in text.items() if k.startswith("msgstr")]
    return found


REGISTRIES = _all()
EVERY = [(space, name) for space, registry in sorted(REGISTRIES.items()) for name in registry]


def _params(template: Promise) -> dict[str, object]:
    names = {n for msgid in _msgids(template) for n in re.findall(r"%\((\w+)\)", msgid)}
    return dict.fromkeys(names, 2)


def test_every_package_that_refuses_declares_its_registry():
    assert set(_declaring()) >= {
        "referee.accounts.refusals",
        "referee.core.bounds",
        "referee.core.engine_text",
        "referee.discipline.refusals",
        "referee.exports.refusals",
        "referee.hall.refusals",
        "referee.ratings.refusals",
        "referee.seating.refusals",
        "referee.standings.refusals",
        "referee.tables.refusals",
        "referee.tournaments.refusals",
    }
    assert set(REGISTRIES) >= {"", "core", "standings", "standings.rules", "tables", "hall"}


def test_codes_are_well_formed_and_unique():
    full = [REGISTRIES[space].code(name) for space, name in EVERY]
    assert len(full) == len(set(full)), sorted(c for c in full if full.count(c) > 1)
    for code in full:
        assert CODE.match(code), code
    assert "tables.deal.deleted_already" in full
    assert "deal.tricks_sum" in full  # the engine's codes are its own


@pytest.mark.parametrize(("space", "name"), EVERY)
def test_every_template_renders_with_its_params_in_both_languages(space, name):
    registry = REGISTRIES[space]
    params = _params(registry[name])
    for language in ("en", "ru"):
        with translation.override(language):
            text = registry.text(name, **params)
        assert text and "%(" not in text, (language, text)


def test_the_russian_catalogue_has_every_code():
    catalogue = _catalogue()
    missing = [
        (REGISTRIES[space].code(name), msgid)
        for space, name in EVERY
        for msgid in _msgids(REGISTRIES[space][name])[:1]  # a plural's forms are its msgstrs
        if not all(catalogue.get(msgid, [""]))
    ]
    assert missing == []


def test_a_service_refusal_carries_its_code_field_and_params_and_renders_in_russian():
    from referee.tables.refusals import REFUSALS

    with translation.override("ru"):
        error = REFUSALS.error("deal.cap_reached", "number", cap=24)
    assert (error.code, error.field, error.params) == (
        "tables.deal.cap_reached",
        "number",
        {"cap": 24},
    )
    assert error.message == "За этим столом уже сыграны все раздачи (24)."
    with translation.override("en"):
        assert refusal_text(error) == "This table has played its 24 deals."


def test_one_function_renders_the_engine_standings_and_a_service_refusal():
    from referee.standings.pure.exact import ParameterError

    engine = scoring.errors.DealError("deal.level", "level", value=11)
    standings = ParameterError("bands[1]: upper bounds must grow", "bands", "bands.increasing")
    with translation.override("ru"):
        assert refusal_text(engine) == "уровень 11 — не от 6 до 10"
        assert refusal_text(InvalidDeal.of(engine)) == "уровень 11 — не от 6 до 10"
        assert refusal_text(standings) == (
            "Верхние границы должны быть больше 0 и расти от полосы к полосе."
        )
    with translation.override("en"):
        assert refusal_text(engine) == engine.message  # the engine's own English
    assert InvalidDeal.of(engine).code == "deal.level"


def test_a_pure_refusal_passed_on_keeps_its_code_in_the_namespace():
    from referee.standings.pure.exact import ParameterError
    from referee.standings.refusals import RULES

    error = RULES.wrap(ParameterError("bands[1]", "bands", "bands.negative"), "params")
    assert (error.code, error.field) == ("standings.rules.bands.negative", "params")
    assert refusal_text(error) == "A weight cannot be negative."


def test_an_engine_refusal_passed_on_by_a_service_is_rendered_by_the_engine_s_template():
    from referee.core.engine_text import REFUSALS as ENGINE

    engine = scoring.errors.ScoringError("option.unknown", "options.x", name="x")
    with translation.override("ru"):
        error = ENGINE.wrap(engine, "x")
        assert (error.code, error.field) == ("option.unknown", "x")
        assert refusal_text(error) == error.message == "неизвестная настройка x"


def test_an_unknown_code_of_a_service_is_said_by_its_own_message():
    error = ServiceError("plain words", code="nowhere.thing")
    assert refusal_text(error) == "plain words"


def _built_by_hand(source: str) -> list[int]:
    """The lines where ``source`` calls a class of the family itself."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
            if name in FAMILY:
                found.append(node.lineno)
    return found


def test_no_refusal_is_built_by_hand():
    """Every refusal comes from a registry: no ``raise ServiceError(_("…"))`` anywhere."""
    found = [
        f"{path.relative_to(ROOT)}:{line}"
        for path in _sources()
        if path not in BUILDERS
        for line in _built_by_hand(path.read_text())
    ]
    assert found == []


def test_the_scan_finds_an_inline_refusal_and_lets_a_registry_s_pass():
    inline = 'def f():\n    raise ServiceError(_("No."), "reason")\n'
    subclass = 'def f():\n    x = 1\n    raise errors.ArchiveError(_("No."))\n'
    coded = 'def f():\n    raise REFUSALS.error("deal.deleted", "reason", cls=NotVisible)\n'
    assert _built_by_hand(inline) == [2]
    assert _built_by_hand(subclass) == [3]
    assert _built_by_hand(coded) == []


def _used_codes(path: Path) -> list[tuple[int, str]]:
    """The literal codes a module passes to ``REFUSALS.error`` or ``REFUSALS.text``."""
    tree = ast.parse(path.read_text())
    return [
        (node.lineno, node.args[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr in ("error", "text")
        and isinstance(node.func.value, ast.Name)
        and node.func.value.id == "REFUSALS"
        and node.args
        and isinstance(node.args[0], ast.Constant)
    ]


def test_every_code_a_service_raises_is_in_its_package_registry():
    unknown = []
    for path in _sources():
        package = path.relative_to(SITE).parts[0]
        for line, name in _used_codes(path):
            if name not in REGISTRIES[package]:
                unknown.append(f"{path.relative_to(ROOT)}:{line}: {package}.{name}")
    assert unknown == []


def test_the_site_declares_the_engines_registry_without_codes_importing_it():
    """``codes`` never imports ``engine_text`` (which imports ``codes``): a process that only
    sets Django up finds the engine's registry declared (``referee.core.apps``) and an engine
    refusal said in Russian."""
    program = (
        "import sys, django; django.setup()\n"
        "from django.utils import translation\n"
        "from referee.core.codes import refusal_text\n"
        "from scoring.errors import PulkaError\n"
        "with translation.override('ru'):\n"
        "    print(refusal_text(PulkaError('pulka.over')))\n"
    )
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "referee.settings"}
    done = subprocess.run(
        [sys.executable, "-c", program],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.strip() == "все пули закрыты: пулька окончена"
    source = (ROOT / "referee" / "core" / "codes.py").read_text()
    imported = [
        f"{getattr(node, 'module', '') or ''}.{alias.name}"
        for node in ast.walk(ast.parse(source))  # inside functions too
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    ]
    assert not [name for name in imported if "engine_text" in name]
