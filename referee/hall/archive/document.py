"""The archive's document: its format and version, its sections (which rows of a
tournament, in the order an import creates them), what is left out and why, and its
checksum and signature (``referee.hall.archive`` says what they prove)."""

from __future__ import annotations

import datetime
import hashlib
import json
from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.db import models
from django.utils.crypto import constant_time_compare, salted_hmac

from referee.accounts.models import Role
from referee.admission.models import Entry as AdmissionEntry
from referee.admission.models import Payment
from referee.core.errors import ServiceError
from referee.discipline.models import Appeal, Entry
from referee.duplicate.models import Board, Session
from referee.ratings.models import Category, Division, TournamentCategory
from referee.standings.models import StandingsSettings
from referee.tables.models import (
    Agreement,
    Deal,
    DealHands,
    DealVersion,
    Layout,
    Seat,
    SeatDraw,
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
        "layouts",
        "check_ins",
        "applications",
        "seat_draws",
        "admission_entries",
        "payments",
    }
)
# shared by every tournament: an import takes the site's row of the same name, if any
MATCHED_BY: dict[type[models.Model], str] = {Category: "name"}
# references that go round in a circle (an entry cancelled by the appeal against it): set
# once both sections exist
DEFERRED: dict[type[models.Model], tuple[str, ...]] = {Entry: ("cancelled_by_id",)}
#: fields a model works out from its others on save: neither written nor read back (an
#: archive made before such a field existed restores the same)
DERIVED: dict[type[models.Model], tuple[str, ...]] = {Player: ("folded_name",)}


class ArchiveError(ServiceError):
    """A malformed, truncated, tampered or conflicting archive."""


def sections() -> list[tuple[str, type[models.Model], Callable[[Tournament], Any]]]:
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
        ("admission_entries", AdmissionEntry, in_t(AdmissionEntry, "registration__tournament")),
        ("payments", Payment, in_t(Payment, "registration__tournament")),
        ("duplicate_sessions", Session, in_t(Session, "tournament")),
        ("layouts", Layout, _layouts),
        ("duplicate_boards", Board, in_t(Board, "session__tournament")),
        ("tables", Table, in_t(Table, "round__tournament")),
        ("seats", Seat, in_t(Seat, "table__round__tournament")),
        ("seat_draws", SeatDraw, in_t(SeatDraw, "table__round__tournament")),
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


def _layouts(t: Tournament) -> Any:
    """The cards of the tournament's boards and of the hands entered for its deals."""
    held = models.Q(board__session__tournament=t) | models.Q(
        hands__deal__table__round__tournament=t
    )
    return Layout.objects.filter(held).distinct()


# models bound to a tournament (a reference leads to one) that the archive leaves out, why
NOT_ARCHIVED = {
    "ratings.RatingList": "the registry's: it spans many tournaments, and which count is "
    "the list's own setting",
    "ratings.PlayerRating": "derived: the list's recomputation replays it from the "
    "tournaments it counts",
    "ratings.RatingChange": "derived: the list's recomputation writes the history anew",
    "ratings.RatedTournament": "derived: where the list's replay took each tournament, "
    "written anew with the history",
    "ratings.PendingUpdate": "a list's update waiting for its background job: the "
    "registry's, like the list",
    "series.SeriesTournament": "the cup's or season's: it spans many tournaments, and which "
    "count is the series' own setting",
    "admission.Admission": "names a rating list of the registry, which no archive carries: "
    "the restored tournament's chief sets its admission rules and fees again (its entries' "
    "categories and payments are archived)",
    "standings.PlayerTableStats": "derived: what each table adds to its players' statistics "
    "is kept again from the restored sheets (``standings.services.table_stats``)",
    "standings.FinalStanding": "derived: a finished tournament's public standings, kept "
    "again from the restored sheets after its next logged change (``ratings.services"
    ".finals``); until then its players' profiles work them out",
    "notices.Notice": "the site's record of the letters its mail sent; a restored "
    "tournament starts without one (its letters went out from the site it came from)",
}


def archived_models() -> set[type[models.Model]]:
    return {model for _name, model, _rows in sections()}


class Encoder(DjangoJSONEncoder):
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
