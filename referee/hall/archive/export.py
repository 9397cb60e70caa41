"""A tournament written as an archive (``referee.hall.archive``)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models
from django.utils import timezone

from referee.tournaments.models import Tournament

from .document import DERIVED, FORMAT, USER_FIELDS, VERSION, Encoder, seal, sections


def _row(obj: models.Model) -> dict[str, Any]:
    row: dict[str, Any] = {}
    derived = DERIVED.get(type(obj), ())
    for field in obj._meta.concrete_fields:
        if field.attname not in derived:
            row[field.attname] = field.value_from_object(obj)
    for field in obj._meta.many_to_many:
        row[field.name] = sorted(field.value_from_object(obj), key=lambda o: o.pk)
        row[field.name] = [o.pk for o in row[field.name]]
    return row


def export_tournament(tournament: Tournament) -> dict[str, Any]:
    data: dict[str, Any] = {}
    user_ids: set[int] = set()
    user_model = get_user_model()
    for name, model, rows in sections():
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
    data = json.loads(json.dumps(data, cls=Encoder))
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
