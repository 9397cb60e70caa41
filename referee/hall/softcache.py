"""The shared cache when Redis does not answer: the site goes on without it (issue 30).

With ``REDIS_URL`` the site's cache is :class:`FailSoftRedisCache`: Django's ``RedisCache``
whose every operation, when Redis cannot be reached (refused, reset, timed out, still
loading), answers as an empty cache that keeps nothing — ``get`` its default, ``get_many``
nothing, ``has_key``, ``touch`` and ``delete`` False, ``add`` True (a lock is granted, a
first count is counted), ``incr`` the delta, writes nothing. Every user of the cache thus
degrades in this one place, none of them catches anything:

- the public pages (``pagecache``) are rendered for each request, uncached: slower, never
  stale (``pagecache`` asks :func:`available` and steps aside);
- the version counters (``versions``) are not kept: a change that committed answers its
  success, its counters' bump is lost (see the recovery below);
- the standings' and the players' profiles' caches are computed again for each request;
- the API's throttles (token login, a player's link) and the application form's flood
  guard count nothing: they let every request through until Redis answers again.

Sessions, login lockouts (django-axes) and idempotency keys are in the database and need no
cache. Any other Redis error (``OOM``, a read-only replica) is not an outage: the operation
answers the same way and the error is logged once per kind.

**The outage**, per server process: the first failure opens it, logged once as a warning;
from then on no request waits for Redis: every operation answers at once as above, while a
thread of the process pings Redis every ``RETRY_SECONDS``. When it answers, that thread
first renews the counter every public page depends on ("meta", ``ON_RETURN``): the bumps of
the changes made meanwhile were lost, and Redis may come back with the old counters and the
pages rendered before (a network cut, a restart from its dump), which must never be served
for the new state. Only then is the outage closed, logged once, and the requests use Redis
again.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import RedisError
from redis.exceptions import TimeoutError as RedisTimeoutError

logger = logging.getLogger("referee.hall.cache")

#: how often a process in an outage pings Redis
RETRY_SECONDS = 1.0
#: the errors that mean Redis cannot be reached (``BusyLoadingError`` is a ConnectionError)
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)


def _answers(ping: Callable[[], Any]) -> None:
    """Raise while Redis cannot be reached; an error it answers with (a wrong password, say)
    is an answer."""
    try:
        ping()
    except UNREACHABLE:
        raise
    except RedisError:
        pass


def _shown(servers: list[str]) -> str:
    """The servers' addresses without their passwords."""
    shown = []
    for url in servers:
        parts = urlsplit(url)
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
        shown.append(f"{parts.scheme}://{host}{port}{parts.path}")
    return ", ".join(shown)


class Outage:
    """Whether one Redis (one ``LOCATION``) answers, as this process sees it."""

    def __init__(self, servers: list[str]) -> None:
        self.servers = servers
        self.since: float | None = None  # time.monotonic() of the first failure
        self.lock = threading.Lock()
        self.probe: threading.Thread | None = None
        self.odd_errors: set[str] = set()

    @property
    def down(self) -> bool:
        return self.since is not None

    def failed(self, error: Exception, ping: Callable[[], Any]) -> None:
        with self.lock:
            if self.since is None:
                self.since = time.monotonic()
                logger.warning(
                    "The cache (Redis at %s) does not answer (%s: %s): pages are served "
                    "uncached and the throttles count nothing until it answers again.",
                    _shown(self.servers),
                    type(error).__name__,
                    error,
                )
            self._probe(ping)

    def _probe(self, ping: Callable[[], Any]) -> None:
        """The thread that pings Redis until it answers (one per process and outage)."""
        if self.probe is not None and self.probe.is_alive():
            return
        self.probe = threading.Thread(
            target=self._ping_until_answered, args=(ping,), name="cache-probe", daemon=True
        )
        self.probe.start()

    def _ping_until_answered(self, ping: Callable[[], Any]) -> None:
        """Ping, and once Redis answers renew what the outage made stale (``ON_RETURN``,
        through the cache, which only this thread may use meanwhile); then the others."""
        while self.down and _OUTAGES.get(tuple(self.servers)) is self:
            time.sleep(RETRY_SECONDS)
            try:
                _answers(ping)
                for renew in list(ON_RETURN):
                    renew()
            except UNREACHABLE:
                continue
            except Exception:  # pragma: no cover - a hook's own fault: Redis answered
                logger.exception("after the cache's return")
            self.answered()
            return

    def probing(self) -> bool:
        """Whether this is the thread that pings (its operations go to Redis and fail loud)."""
        return threading.current_thread() is self.probe

    def answered(self) -> None:
        with self.lock:
            if self.since is None:
                return
            lasted, self.since = time.monotonic() - self.since, None
        logger.warning(
            "The cache (Redis at %s) answers again after %.1f s: pages are cached again.",
            _shown(self.servers),
            lasted,
        )

    def odd(self, error: RedisError) -> None:
        kind = f"{type(error).__name__}: {error}"
        if kind not in self.odd_errors:
            self.odd_errors.add(kind)
            logger.error("The cache (Redis at %s) refused: %s", _shown(self.servers), kind)


_OUTAGES: dict[tuple[str, ...], Outage] = {}
_OUTAGES_LOCK = threading.Lock()
#: called once Redis answers again after an outage (``signals`` renews "meta" there)
ON_RETURN: list[Callable[[], None]] = []


def outage_of(servers: list[str]) -> Outage:
    key = tuple(servers)
    with _OUTAGES_LOCK:
        if key not in _OUTAGES:
            _OUTAGES[key] = Outage(servers)
        return _OUTAGES[key]


def forget_outages() -> None:
    """Every process starts as if Redis answered (for the tests; a probe thread whose outage
    is forgotten ends)."""
    with _OUTAGES_LOCK:
        _OUTAGES.clear()


class FailSoftRedisCacheClient(RedisCacheClient):
    """Django's Redis client, each operation answering as an empty cache while Redis is out."""

    def __init__(self, servers: list[str], **options: Any) -> None:
        super().__init__(servers, **options)
        self.servers = list(servers)

    def _soft(self, otherwise: Any, operation: Callable[..., Any], *args: Any) -> Any:
        outage = outage_of(self.servers)
        if outage.down and not outage.probing():
            return otherwise
        try:
            return operation(self, *args)
        except UNREACHABLE as error:
            if outage.probing():
                raise
            outage.failed(error, self._ping)
        except RedisError as error:
            outage.odd(error)
        return otherwise

    def _ping(self) -> Any:
        return self.get_client(None, write=True).ping()

    def add(self, key: Any, value: Any, timeout: Any) -> bool:
        return bool(self._soft(True, RedisCacheClient.add, key, value, timeout))

    def get(self, key: Any, default: Any) -> Any:
        return self._soft(default, RedisCacheClient.get, key, default)

    def set(self, key: Any, value: Any, timeout: Any) -> None:
        self._soft(None, RedisCacheClient.set, key, value, timeout)

    def touch(self, key: Any, timeout: Any) -> bool:
        return bool(self._soft(False, RedisCacheClient.touch, key, timeout))

    def delete(self, key: Any) -> bool:
        return bool(self._soft(False, RedisCacheClient.delete, key))

    def get_many(self, keys: Any) -> dict[Any, Any]:
        found: dict[Any, Any] = self._soft({}, RedisCacheClient.get_many, keys)
        return found

    def has_key(self, key: Any) -> bool:
        return bool(self._soft(False, RedisCacheClient.has_key, key))

    def incr(self, key: Any, delta: int) -> int:
        return int(self._soft(delta, RedisCacheClient.incr, key, delta))

    def set_many(self, data: Any, timeout: Any) -> None:
        self._soft(None, RedisCacheClient.set_many, data, timeout)

    def delete_many(self, keys: Any) -> None:
        self._soft(None, RedisCacheClient.delete_many, keys)

    def clear(self) -> bool:
        return bool(self._soft(False, RedisCacheClient.clear))


class FailSoftRedisCache(RedisCache):
    """``RedisCache`` that answers as an empty cache while Redis cannot be reached."""

    def __init__(self, server: str | list[str], params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = FailSoftRedisCacheClient
        # as RedisCache splits them, which its client's outage is keyed by
        self.servers = re.split("[;,]", server) if isinstance(server, str) else list(server)

    @property
    def available(self) -> bool:
        """False while this process counts Redis as out."""
        return not outage_of(self.servers).down


def available(cache: Any) -> bool:
    """Whether ``cache`` keeps anything now (a cache of another kind always does)."""
    return bool(getattr(cache, "available", True))
