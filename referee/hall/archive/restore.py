"""An archive read, checked and created again in this database, every row under a new id
and every reference followed (``referee.hall.archive``)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import models, transaction

from referee.core import safejson
from referee.core.errors import ServiceError
from referee.duplicate.models import Session
from referee.hall.archive_rules import check_row, check_tables
from referee.hall.refusals import REFUSALS
from referee.standings.models import StandingsSettings
from referee.standings.services import table_stats
from referee.tables.models import SeatDraw, Table
from referee.tournaments.models import (
    ActionLog,
    Registration,
    Round,
    Stage,
    Tournament,
)

from .document import (
    DEFERRED,
    DERIVED,
    FORMAT,
    LATER_SECTIONS,
    MATCHED_BY,
    USER_FIELDS,
    VERSION,
    ArchiveError,
    checksum,
    sections,
    signed_here,
)


def loads(text: str | bytes, *, foreign: bool = False) -> dict[str, Any]:
    """The archive read and checked (format, version, checksum, signature, sections), or a
    refusal. ``foreign``: accept an archive not signed with this site's key (another site's,
    or one written before archives were signed); its rows are checked in full as any."""
    try:
        document = safejson.loads(text)
    except (ValueError, UnicodeDecodeError) as error:
        raise REFUSALS.error("archive.not_json", cls=ArchiveError, error=str(error)) from None
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise REFUSALS.error("archive.not_archive", cls=ArchiveError)
    if document.get("version") != VERSION:
        raise REFUSALS.error(
            "archive.version", cls=ArchiveError, found=document.get("version"), known=VERSION
        )
    if not isinstance(document.get("data"), dict) or document.get("checksum") != checksum(document):
        raise REFUSALS.error("archive.checksum", cls=ArchiveError)
    if not foreign and not signed_here(document):
        raise REFUSALS.error("archive.signature", cls=ArchiveError)
    data = document["data"]
    wanted = {name for name, _model, _rows in sections()} | {"users"}
    given = set(data) | (LATER_SECTIONS & wanted)
    if given != wanted or not all(isinstance(data.get(n, []), list) for n in wanted):
        raise REFUSALS.error("archive.sections", cls=ArchiveError)
    if len(data["tournament"]) != 1:
        raise REFUSALS.error("archive.no_tournament", cls=ArchiveError)
    return document


class _Importer:
    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.ids: dict[type[models.Model], dict[int, int]] = {}
        self.deferred: list[tuple[type[models.Model], int, Any, Any]] = []

    def users(self) -> None:
        user_model = get_user_model()
        found = self.ids.setdefault(user_model, {})
        for row in self.data["users"]:
            user = user_model.objects.filter(username=row["username"]).first()
            if user is None:
                user = user_model(**{f: row[f] for f in USER_FIELDS})
                user.save()
            found[row["id"]] = user.pk

    def _new_id(self, model: type[models.Model], old: Any) -> Any:
        if old is None:
            return None
        try:
            return self.ids[model][old]
        except KeyError:
            raise REFUSALS.error(
                "archive.missing_row", cls=ArchiveError, model=model._meta.verbose_name, id=old
            ) from None

    def section(self, name: str, model: type[models.Model]) -> None:
        mapping = self.ids.setdefault(model, {})
        rows = self.data.get(name, []) if name in LATER_SECTIONS else self.data[name]
        for row in sorted(rows, key=lambda r: r["id"]):
            if model in MATCHED_BY:
                key = MATCHED_BY[model]
                found = model._default_manager.filter(**{key: row[key]}).first()
                if found is not None:
                    mapping[row["id"]] = found.pk
                    continue
            values: dict[str, Any] = {}
            later: dict[str, Any] = {}
            for field in model._meta.concrete_fields:
                if field.primary_key or field.attname in DERIVED.get(model, ()):
                    continue
                value = row[field.attname]
                if field.attname in DEFERRED.get(model, ()):
                    if value is not None:
                        self.deferred.append((model, row["id"], field, value))
                    value = None
                elif field.is_relation:
                    assert isinstance(field.related_model, type)  # a class once the apps load
                    value = self._new_id(field.related_model, value)
                else:
                    value = field.to_python(value)
                if getattr(field, "auto_now_add", False) or getattr(field, "auto_now", False):
                    later[field.attname] = value
                values[field.attname] = value
            values = self._json_references(model, values)
            obj = model(**values)
            try:
                check_row(obj)
            except ServiceError as error:
                raise self.refusal(name, row["id"], error) from None
            obj.save(force_insert=True)
            if later:
                model._default_manager.filter(pk=obj.pk).update(**later)
            for field in model._meta.many_to_many:
                assert isinstance(field.related_model, type)
                related = [self._new_id(field.related_model, pk) for pk in row[field.name]]
                getattr(obj, field.name).set(related)
            mapping[row["id"]] = obj.pk

    def refusal(self, section: str, old: Any, error: ServiceError) -> ArchiveError:
        """The archive's refusal of a row the site's rules refuse (``archive_rules``)."""
        refused = REFUSALS.error(
            "archive.invalid",
            error.field or None,
            cls=ArchiveError,
            section=section,
            id=old,
            field=error.field or "—",
            problem=error.message,
        )
        assert isinstance(refused, ArchiveError)  # the class asked for
        return refused

    def check_tables(self) -> None:
        """Every table's sheet scored, its derived numbers worked out again (``archive_rules``)."""
        names = {model: name for name, model, _rows in sections()}

        def refuse(model: type[models.Model], new: int, error: ServiceError) -> None:
            old = next((o for o, n in self.ids.get(model, {}).items() if n == new), new)
            raise self.refusal(names[model], old, error)

        check_tables(self.ids.get(Table, {}).values(), refuse)

    def _entry(self, old: Any) -> Any:
        return self.ids.get(Registration, {}).get(old, old) if isinstance(old, int) else old

    def _notes(self, notes: Any) -> Any:
        """Seating notes name players by registration id (``seating.notes.players_in``)."""
        if not isinstance(notes, list):
            return notes
        out = []
        for note in notes:
            params = note.get("params") if isinstance(note, dict) else None
            if not isinstance(params, dict):
                out.append(note)
                continue
            params = dict(params)
            for key in ("player", "first", "second"):
                if key in params:
                    params[key] = self._entry(params[key])
            if isinstance(params.get("players"), list):
                params["players"] = [self._entry(p) for p in params["players"]]
            for key, named in (("pairs", 2), ("byes", 1)):
                if isinstance(params.get(key), list):
                    params[key] = [
                        [self._entry(x) for x in item[:named]] + list(item[named:])
                        for item in params[key]
                    ]
            out.append({**note, "params": params})
        return out

    def _plan(self, plan: Any) -> Any:
        """A duplicate session's movement names players by registration id (its groups'
        players, each table's seats, each board's holders and the sit-outs)."""
        entry = self._entry
        groups = [{**g, "players": [entry(r) for r in g["players"]]} for g in plan["groups"]]
        stanzas = [
            [
                {
                    **table,
                    "seats": [entry(r) for r in table["seats"]],
                    "boards": [
                        [board, [entry(r) for r in held]] for board, held in table["boards"]
                    ],
                }
                for table in stanza
            ]
            for stanza in plan["stanzas"]
        ]
        restored = {**plan, "groups": groups, "stanzas": stanzas}
        if "sitouts" in plan:  # a field with sit-outs: who sits out each stanza
            restored["sitouts"] = [[entry(r) for r in out] for out in plan["sitouts"]]
        return restored

    def _json_references(self, model: type[models.Model], values: dict[str, Any]) -> dict[str, Any]:
        """Ids inside JSON follow their rows: registrations in the seating notes, the byes,
        a stage's players, the lot, a seat draw's cards, and the object an action log entry
        concerns. The tournament's forbidden pairs and fixed schedule are saved again once the
        registrations exist (``fix_json``)."""
        if model is Tournament:
            self.pairs, self.schedule = values["forbidden_pairs"], values["schedule"]
            values["forbidden_pairs"], values["schedule"] = [], {}
        if model is StandingsSettings:
            values["lots"] = {str(self._entry(int(k))): v for k, v in values["lots"].items()}
        if model is Round:
            values["byes"] = [self._entry(r) for r in values["byes"]]
        if model in (Round, Table):
            values["notes"] = self._notes(values["notes"])
        if model is Session:
            values["plan"] = self._plan(values["plan"])
        if model is SeatDraw:  # the drawn cards name their players by registration id
            values["cards"] = [
                {**c, "registration": self._entry(c.get("registration"))} for c in values["cards"]
            ]
        if model is Stage:
            values["named"] = [self._entry(r) for r in values["named"]]
            values["qualified"] = [self._entry(r) for r in values["qualified"]]
            groups = values.get("members") or []
            values["members"] = [[self._entry(r) for r in group] for group in groups]
        if model is ActionLog and values["subject_id"] is not None:
            # the object's new id; None where it is not in the archive (deleted since)
            about = {m._meta.label_lower: m for m in self.ids}.get(values["subject_type"])
            values["subject_id"] = self.ids[about].get(values["subject_id"]) if about else None
        return values

    def fix_json(self) -> None:
        for model, old, field, value in self.deferred:
            new = self._new_id(field.related_model, value)
            model._default_manager.filter(pk=self.ids[model][old]).update(**{field.attname: new})
        entries = self.ids[Registration]
        tournament_id = next(iter(self.ids[Tournament].values()))
        pairs = [[entries[a] for a in pair] for pair in getattr(self, "pairs", [])]
        schedule = {  # round → {"tables": [[registration, …], …], "byes": [registration, …]}
            n: {
                **planned,
                "tables": [[entries[r] for r in table] for table in planned.get("tables", [])],
                "byes": [entries[r] for r in planned.get("byes", [])],
            }
            for n, planned in getattr(self, "schedule", {}).items()
        }
        Tournament.objects.filter(pk=tournament_id).update(forbidden_pairs=pairs, schedule=schedule)


def _layouts_of_older(data: dict[str, Any]) -> None:
    """An archive written before the one store of double-dummy results (issue 31) keeps a
    board's cards and table on its row (``text``, ``analysis``) and typed hands' on theirs
    (``board``; their ``analysis`` was worked out again anyway): each becomes a layout row
    the board or the hands point to, as this site now writes them."""
    if "layouts" in data:
        return
    layouts: list[dict[str, Any]] = []

    def layout(text: Any, analysis: Any) -> int:
        layouts.append({"id": len(layouts) + 1, "text": text, "analysis": analysis, "tried": {}})
        return len(layouts)

    for row in data.get("duplicate_boards", []):
        row["layout_id"] = layout(row.pop("text"), row.pop("analysis", None))
    for row in data.get("deal_hands", []):
        row.pop("analysis", None)
        row["layout_id"] = layout(row.pop("board"), None)
    data["layouts"] = layouts


def import_tournament(document: dict[str, Any], slug: str | None = None) -> Tournament:
    """Create the archived tournament (as ``slug`` if given) in this database."""
    data = document["data"]
    target = slug or data["tournament"][0]["slug"]
    if Tournament.objects.filter(slug=target).exists():
        raise REFUSALS.error("archive.slug_taken", cls=ArchiveError, slug=target)
    data["tournament"][0]["slug"] = target
    importer = _Importer(data)
    try:
        _layouts_of_older(data)
        with transaction.atomic():
            importer.users()
            for name, model, _rows in sections():
                importer.section(name, model)
            importer.fix_json()
            importer.check_tables()
            restored = Tournament.objects.get(slug=target)
            table_stats.keep_tournament(restored.pk)  # derived, not archived: kept anew
    except (KeyError, TypeError, ValueError) as error:
        raise REFUSALS.error("archive.malformed", cls=ArchiveError, error=str(error)) from None
    except Exception as error:  # a constraint of the database, e.g. a duplicate row
        if isinstance(error, ArchiveError):
            raise
        raise REFUSALS.error("archive.not_restored", cls=ArchiveError, error=str(error)) from None
    return restored
