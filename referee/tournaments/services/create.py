"""A new tournament from the organiser's wizard (``/t/new/``): its settings, optionally
copied with its players from an earlier tournament. The creator becomes chief referee."""

from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any

from django.core.validators import slug_re
from django.db import transaction
from django.utils.translation import gettext as _

from referee.core.bounds import check_name
from referee.core.errors import NotAllowed
from referee.core.permissions import may_copy_from, may_create_tournaments
from referee.tournaments.refusals import REFUSALS

from ..declared import COPIED_FIELDS, CREATE_FIELDS, ROUND_LENGTH
from ..log import log_action
from ..models import Registration, Tournament
from ..slugs import MAX_LENGTH, RESERVED, slug_from
from .setup import check_convention


def copied_settings(source: Tournament) -> dict[str, Any]:
    """The settings of ``source`` the wizard starts from when copying."""
    return {name: getattr(source, name) for name in COPIED_FIELDS if hasattr(source, name)}


def _check(values: Mapping[str, Any]) -> None:
    if not str(values.get("name") or "").strip():
        raise REFUSALS.error("name_missing", "name")
    slug = values["slug"]
    if slug in RESERVED or len(slug) > MAX_LENGTH or not slug_re.fullmatch(slug):
        raise REFUSALS.error("slug.invalid", "slug")
    if Tournament.objects.filter(slug=slug).exists():
        raise REFUSALS.error("slug.taken", "slug")
    starts, ends = values.get("starts_on"), values.get("ends_on")
    if not isinstance(starts, datetime.date) or not isinstance(ends, datetime.date):
        raise REFUSALS.error("dates_missing", "starts_on")
    if ends < starts:
        raise REFUSALS.error("ends_before_start", "ends_on")
    for key in ROUND_LENGTH:
        value = values.get(key)
        if value is not None and value < 1:
            raise REFUSALS.error("number_from_one", key)
    if values.get("table_size", 4) not in Tournament.TableSize.values:
        raise REFUSALS.error("table_size", "table_size")
    check_convention(values.get("convention", "fspr"), values.get("options") or {})


@transaction.atomic
def create_tournament(
    user: Any, values: Mapping[str, Any], copy_players_from: int | None = None
) -> Tournament:
    """A tournament in preparation with ``values`` (names of ``CREATE_FIELDS``; ``slug``
    empty: from the name), its creator as chief referee; with ``copy_players_from`` the
    active players of that tournament are registered too, and its forbidden pairs kept."""
    if not may_create_tournaments(user):
        raise NotAllowed(_("Only organisers may create tournaments."))
    unknown = sorted(set(values) - set(CREATE_FIELDS))
    if unknown:
        raise REFUSALS.error("setting.unknown", names=", ".join(unknown))
    clean = dict(values)
    clean["name"] = " ".join(str(clean.get("name") or "").split())
    for key in ("name", "venue"):
        check_name(str(clean.get(key) or ""), key, 200)
    clean["slug"] = str(clean.get("slug") or "").strip() or slug_from(clean["name"])
    clean["options"] = dict(clean.get("options") or {})
    _check(clean)
    source = None
    if copy_players_from is not None:
        source = Tournament.objects.filter(pk=copy_players_from).first()
        if source is None or not may_copy_from(user, source):
            raise REFUSALS.error("copy_not_own", "copy_from")
    tournament = Tournament.objects.create(chief_referee=user, **clean)
    copied = 0
    if source is not None:
        copied = _copy_players(source, tournament)
    log_action(
        tournament,
        user,
        "tournament.created",
        tournament.name,
        data={
            "slug": tournament.slug,
            "convention": tournament.convention,
            "copied_from": source.slug if source else None,
            "players": copied,
        },
    )
    return tournament


def _copy_players(source: Tournament, tournament: Tournament) -> int:
    entries = list(
        source.entries.filter(status=Registration.Status.ACTIVE).order_by("pk").only("pk", "player")
    )
    new = Registration.objects.bulk_create(
        [Registration(tournament=tournament, player_id=e.player_id) for e in entries]
    )
    if not all(r.pk for r in new):  # databases that give no ids back from bulk_create
        new = list(tournament.entries.order_by("pk"))
    mapping = {old.pk: fresh.pk for old, fresh in zip(entries, new, strict=True)}
    pairs = [
        sorted([mapping[a], mapping[b]])
        for a, b in source.forbidden_pairs
        if a in mapping and b in mapping
    ]
    if pairs:
        tournament.forbidden_pairs = pairs
        tournament.save(update_fields=["forbidden_pairs"])
    return len(new)
