"""Carry out a POST once per (user, ``Idempotency-Key``): a repeat replays the first answer.

The key's row is inserted first, in the transaction that then carries the request out, and
the answer is stored in the same transaction. A simultaneous repeat's insert waits for that
transaction (the unique constraint on PostgreSQL, the database's write lock on SQLite) and,
once it has committed, replays the stored answer; once it has rolled back, it runs itself.
Only answers below 400 are stored: a refused request changes nothing, so its key stays free
for the corrected request. Keys are kept at least ``KEEP``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.http import HttpResponse, HttpResponseBase
from django.utils import timezone
from django.utils.translation import gettext as _

from referee.core.bounds import CONTROL_CHARACTERS

from .models import IdempotentRequest

HEADER = "Idempotency-Key"
REPLAYED = "Idempotent-Replayed"
MAX_LENGTH = 200
KEEP = timedelta(hours=24)
PURGE_AFTER = timedelta(hours=48)
#: the answer's headers that a replay repeats
KEPT_HEADERS = ("Location", "ETag", "Content-Language")


class KeyMismatch(Exception):
    """The key was used before for another request (another method, path or body)."""


class BadKey(Exception):
    """An empty key or one longer than ``MAX_LENGTH``."""


def fingerprint(method: str, path: str, body: bytes) -> str:
    digest = hashlib.sha256(body).hexdigest()
    return hashlib.sha256(f"{method}\n{path}\n{digest}".encode()).hexdigest()


def bad_key_message() -> str:
    return _("An idempotency key is 1 to 200 characters, none of them a control character.")


def check_key(key: str) -> str:
    """``key`` if it is 1 to ``MAX_LENGTH`` characters without a control character (a NUL
    byte cannot even be stored by PostgreSQL), else ``BadKey``."""
    if not key or len(key) > MAX_LENGTH or CONTROL_CHARACTERS.search(key):
        raise BadKey(key)
    return key


@dataclass(frozen=True)
class Outcome:
    response: HttpResponseBase
    replayed: bool


def _replay(record: IdempotentRequest) -> HttpResponse:
    response = HttpResponse(
        bytes(record.body), status=record.status or 200, content_type=record.content_type or None
    )
    for name, value in record.headers.items():
        response[name] = value
    response[REPLAYED] = "true"
    return response


def _store(record: IdempotentRequest, response: HttpResponseBase) -> None:
    render = getattr(response, "render", None)
    if callable(render):
        render()
    record.status = response.status_code
    record.content_type = response.get("Content-Type", "")
    record.body = getattr(response, "content", b"")
    record.headers = {h: response[h] for h in KEPT_HEADERS if response.has_header(h)}
    record.save(update_fields=["status", "content_type", "body", "headers"])


def run_once(
    user: Any, key: str, method: str, path: str, body: bytes, call: Callable[[], HttpResponseBase]
) -> Outcome:
    """``call()`` once for ``(user, key)``; ``KeyMismatch`` when the key was used for another
    request. ``call`` runs inside the transaction that holds the key."""
    check_key(key)
    print_ = fingerprint(method, path, body)
    # A resend of a request already carried out (the outbox's, after an answer was lost) is
    # answered from its record without a transaction: a committed record holds its answer,
    # so the replay never queues for the write lock behind a burst of new deals.
    done = IdempotentRequest.objects.filter(user=user, key=key).first()
    if done is not None:
        if done.fingerprint != print_:
            raise KeyMismatch(key)
        return Outcome(_replay(done), True)
    for _attempt in range(3):
        with transaction.atomic():
            try:
                with transaction.atomic():
                    record = IdempotentRequest.objects.create(
                        user=user, key=key, fingerprint=print_, method=method, path=path[:500]
                    )
            except IntegrityError:
                record = None
            if record is not None:
                IdempotentRequest.objects.filter(
                    user=user, created_at__lt=timezone.now() - PURGE_AFTER
                ).delete()
                response = call()
                if response.status_code >= 400:
                    transaction.set_rollback(True)  # nothing was done: the key stays free
                else:
                    _store(record, response)
                return Outcome(response, False)
        found = IdempotentRequest.objects.filter(user=user, key=key).first()
        if found is None:
            continue  # the first request was refused meanwhile: run this one
        if found.fingerprint != print_:
            raise KeyMismatch(key)
        return Outcome(_replay(found), True)
    raise KeyMismatch(key)  # pragma: no cover - three refusals racing this one
