"""A tournament as one versioned, checksummed JSON archive, and back (``export_tournament``,
``import_tournament``).

The archive holds everything of one tournament: its settings, players, teams and registrations,
stages, rounds with their byes and seating notes, tables with their assigned referees, deals
with every version and author and the hands entered for the evidence, substitutions, the
players' word on their tables' totals with the chief referee's decisions on disputes, the
discipline register and appeals, the duplicate sessions with their boards and movement, the
standings settings with the lot, the category and divisions, the staff's roles and the action
log, and the users they name (username, names, e-mail, password hash). Rulings and adjustments
live in the deals' data. Every row keeps its original id; an import gives it a new one and
follows the references, also those inside JSON (registrations in the forbidden pairs, the
schedule, the byes, the notes, a stage's players and the lot; the object of a log entry).
``NOT_ARCHIVED`` names what is left out, and why; a test walks the models and fails on one
bound to a tournament that is in neither list.

``{"format": FORMAT, "version": 1, "exported_at": ..., "checksum": "sha256:...",
"signature": "hmac-sha256:...", "data": ...}``: the checksum is over the canonical JSON of
``format``, ``version`` and ``data``, so a truncated or damaged archive is refused before
anything is written. The checksum alone proves nothing against an edit (anyone can recompute
it): the signature is an HMAC of the same bytes keyed with the site's ``SECRET_KEY`` (or one of
its ``SECRET_KEY_FALLBACKS``), so an archive edited after its export, or written by another
site, is refused, unless the import is told to accept another site's archive (``foreign``:
``import_tournament --foreign``). Either way every row is then checked by the site's own rules
(``archive_rules``: the boards, deals, settings and names a page would have refused are
refused here, with the section, the row and the reason), and the import runs in one
transaction (a failure leaves the database as it was).
"""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models, transaction
from django.utils import timezone
from django.utils.crypto import constant_time_compare, salted_hmac

from referee.accounts.models import Role
from referee.core import safejson
from referee.core.errors import ServiceError
from referee.discipline.models import Appeal, Entry
from referee.duplicate.models import Board, Session
from referee.hall.archive_rules import check_row, check_tables
from referee.hall.refusals import REFUSALS
from referee.ratings.models import Category, Division, TournamentCategory
from referee.standings.models import StandingsSettings
from referee.tables.models import (
    Agreement,
    Deal,
    DealHands,
    DealVersion,
    Seat,
    Substitution,
    Table,
)
from referee.tournaments.models import (
    ActionLog,
    Application,
    CheckIn,
    Player,
    Registration,
    Round,
    Stage,
    Team,
    Tournament,
)

FORMAT = "preferans-tournament"
VERSION = 1
USER_FIELDS = ("username", "first_name", "last_name", "email", "password", "is_active")


# sections added after the first archives were written: an archive without one has none
LATER_SECTIONS = frozenset(
    {
        "agreements",
        "categories",
        "tournament_category",
        "teams",
        "stages",
        "divisions",
        "substitutions",
        "discipline",
        "appeals",
        "duplicate_sessions",
        "duplicate_boards",
        "deal_hands",
        "check_ins",
        "applications",
    }
)
# shared by every tournament: an import takes the site's row of the same name, if any
MATCHED_BY: dict[type[models.Model], str] = {Category: "name"}
# references that go round in a circle (an entry cancelled by the appeal against it): set
# once both sections exist
DEFERRED: dict[type[models.Model], tuple[str, ...]] = {Entry: ("cancelled_by_id",)}


class ArchiveError(ServiceError):
    """A malformed, truncated, tampered or conflicting archive."""


def _sections() -> list[tuple[str, type[models.Model], Callable[[Tournament], Any]]]:
    """Each section, in the order an import creates them (a row's references first)."""

    def in_t(model: type[models.Model], path: str) -> Callable[[Tournament], Any]:
        return lambda t: model._default_manager.filter(**{path: t})

    return [
        ("players", Player, lambda t: Player.objects.filter(entries__tournament=t).distinct()),
        (
            "categories",
            Category,
            lambda t: Category.objects.filter(
                models.Q(tournamentcategory__tournament=t) | models.Q(division__tournament=t)
            ).distinct(),
        ),
        ("tournament", Tournament, lambda t: Tournament.objects.filter(pk=t.pk)),
        ("tournament_category", TournamentCategory, in_t(TournamentCategory, "tournament")),
        ("teams", Team, in_t(Team, "tournament")),
        ("registrations", Registration, in_t(Registration, "tournament")),
        ("standings_settings", StandingsSettings, in_t(StandingsSettings, "tournament")),
        ("divisions", Division, in_t(Division, "tournament")),
        ("stages", Stage, in_t(Stage, "tournament")),
        ("rounds", Round, in_t(Round, "tournament")),
        ("check_ins", CheckIn, in_t(CheckIn, "registration__tournament")),
        ("applications", Application, in_t(Application, "tournament")),
        ("duplicate_sessions", Session, in_t(Session, "tournament")),
        ("duplicate_boards", Board, in_t(Board, "session__tournament")),
        ("tables", Table, in_t(Table, "round__tournament")),
        ("seats", Seat, in_t(Seat, "table__round__tournament")),
        ("deals", Deal, in_t(Deal, "table__round__tournament")),
        ("deal_versions", DealVersion, in_t(DealVersion, "deal__table__round__tournament")),
        ("deal_hands", DealHands, in_t(DealHands, "deal__table__round__tournament")),
        ("substitutions", Substitution, in_t(Substitution, "table__round__tournament")),
        ("agreements", Agreement, in_t(Agreement, "table__round__tournament")),
        ("discipline", Entry, in_t(Entry, "tournament")),
        ("appeals", Appeal, in_t(Appeal, "tournament")),
        ("roles", Role, in_t(Role, "tournament")),
        ("log", ActionLog, in_t(ActionLog, "tournament")),
    ]


# models bound to a tournament (a reference leads to one) that the archive leaves out, why
NOT_ARCHIVED = {
    "ratings.RatingList": "the registry's: it spans many tournaments, and which count is "
    "the list's own setting",
    "ratings.PlayerRating": "derived: the list's recomputation replays it from the "
    "tournaments it counts",
    "ratings.RatingChange": "derived: the list's recomputation writes the history anew",
    "series.SeriesTournament": "the cup's or season's: it spans many tournaments, and which "
    "count is the series' own setting",
    "notices.Notice": "the site's record of the letters its mail sent; a restored "
    "tournament starts without one (its letters went out from the site it came from)",
}


def archived_models() -> set[type[models.Model]]:
    return {model for _name, model, _rows in _sections()}


class _Encoder(DjangoJSONEncoder):
    """Django's, but times keep their microseconds (Django's cuts them to milliseconds)."""

    def default(self, o: Any) -> Any:
        if isinstance(o, datetime.datetime):
            return o.isoformat()
        return super().default(o)


def _canonical(document: dict[str, Any]) -> bytes:
    body = {k: document[k] for k in ("format", "version", "data")}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return text.encode()


def checksum(document: dict[str, Any]) -> str:
    return "sha256:" + hashlib.sha256(_canonical(document)).hexdigest()


SIGNATURE_SALT = "referee.hall.archive"


def signature(document: dict[str, Any], key: str | None = None) -> str:
    """The archive's HMAC-SHA256, keyed with ``key`` (the site's ``SECRET_KEY`` by default)."""
    mac = salted_hmac(SIGNATURE_SALT, _canonical(document), secret=key, algorithm="sha256")
    return "hmac-sha256:" + mac.hexdigest()


def signed_here(document: dict[str, Any]) -> bool:
    """Was the archive signed with this site's key (or one it used before)?"""
    given = document.get("signature")
    if not isinstance(given, str):
        return False
    keys = [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
    return any(constant_time_compare(given, signature(document, key)) for key in keys)


def seal(document: dict[str, Any]) -> dict[str, Any]:
    """The archive's checksum and signature written anew (this site's tools, and tests)."""
    document["checksum"] = checksum(document)
    document["signature"] = signature(document)
    return document


# -- export --------------------------------------------------------------------------------


def _row(obj: models.Model) -> dict[str, Any]:
    row: dict[str, Any] = {}
    for field in obj._meta.concrete_fields:
        row[field.attname] = field.value_from_object(obj)
    for field in obj._meta.many_to_many:
        row[field.name] = sorted(field.value_from_object(obj), key=lambda o: o.pk)
        row[field.name] = [o.pk for o in row[field.name]]
    return row


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    data: dict[str, Any] = {}
    user_ids: set[int] = set()
    user_model = get_user_model()
    for name, model, rows in _sections():
        data[name] = [_row(obj) for obj in rows(tournament).order_by("pk")]
        for field in model._meta.concrete_fields:
            if field.is_relation and field.related_model is user_model:
                user_ids.update(r[field.attname] for r in data[name] if r[field.attname])
        for field in model._meta.many_to_many:
            if field.related_model is user_model:
                user_ids.update(pk for r in data[name] for pk in r[field.name])
    users = user_model.objects.filter(pk__in=user_ids).order_by("pk")
    data["users"] = [{"id": u.pk, **{f: getattr(u, f) for f in USER_FIELDS}} for u in users]
    # through JSON once, so the checksum is over exactly what is written
    data = json.loads(json.dumps(data, cls=_Encoder))
    document = {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": timezone.now().isoformat(),
        "slug": tournament.slug,
        "data": data,
    }
    return seal(document)


def dumps(document: dict[str, Any]) -> str:
    # key order kept as stored (a summary lists a deal's tricks in their order)
    return json.dumps(document, ensure_ascii=False, indent=1) + "\n"


# -- import --------------------------------------------------------------------------------


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
    wanted = {name for name, _model, _rows in _sections()} | {"users"}
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
                if field.primary_key:
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
        names = {model: name for name, model, _rows in _sections()}

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
        players, each table's seats and each board's holders)."""
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
        return {**plan, "groups": groups, "stanzas": stanzas}

    def _json_references(self, model: type[models.Model], values: dict[str, Any]) -> dict[str, Any]:
        """Ids inside JSON follow their rows: registrations in the seating notes, the byes,
        a stage's players, the lot, and the object an action log entry concerns. The
        tournament's forbidden pairs and fixed schedule are saved again once the
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
        if model is Stage:
            values["named"] = [self._entry(r) for r in values["named"]]
            values["qualified"] = [self._entry(r) for r in values["qualified"]]
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


def import_tournament(document: dict[str, Any], slug: str | None = None) -> Tournament:
    """Create the archived tournament (as ``slug`` if given) in this database."""
    data = document["data"]
    target = slug or data["tournament"][0]["slug"]
    if Tournament.objects.filter(slug=target).exists():
        raise REFUSALS.error("archive.slug_taken", cls=ArchiveError, slug=target)
    data["tournament"][0]["slug"] = target
    importer = _Importer(data)
    try:
        with transaction.atomic():
            importer.users()
            for name, model, _rows in _sections():
                importer.section(name, model)
            importer.fix_json()
            importer.check_tables()
    except (KeyError, TypeError, ValueError) as error:
        raise REFUSALS.error("archive.malformed", cls=ArchiveError, error=str(error)) from None
    except Exception as error:  # a constraint of the database, e.g. a duplicate row
        if isinstance(error, ArchiveError):
            raise
        raise REFUSALS.error("archive.not_restored", cls=ArchiveError, error=str(error)) from None
    return Tournament.objects.get(slug=target)
