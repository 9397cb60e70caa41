"""The one home of cache invalidation: what a cached thing's key is made of, so that a change
makes a new key and the old value is simply never asked for again. Two kinds, for two
readers:

* **counters** (below), for the public page cache (``hall.pagecache``), which must answer
  without the database: bumped when a change is committed (``hall.signals``);
* **the log's version** (``ActionLog.objects.versions``), for values computed from the
  database inside a request (a tournament's standings, a profile's places): the tournament's
  latest action-log entry, read in the reader's own transaction, so a change is seen at once,
  before its commit too (every change is logged: the services' rule).

Version counters of what the public pages show, bumped when a change is committed.

Each counter is a random token in the shared cache (so every server worker sees the same
one); a page's cache key is made of the tokens it depends on, so a change makes a new key
and the old page is simply never asked for again. A token that is missing (a fresh or an
evicted cache) is created anew: it can never repeat an old one.

- ``meta``: anything but entry (players, settings, rounds, staff), for every tournament;
- ``players``: a registry player's own fields (a name, a city), for the pages outside a
  tournament that show players of many (``core.kept``);
- ``data:<slug>``: any change of the tournament (the action log's every entry, every deal);
- ``struct:<slug>``: a change that is not deal entry (seating, rounds, settings);
- ``table:<slug>:<round>:<table>``: that table's deals, status and seats.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence

from django.core.cache import cache
from django.db import transaction

PREFIX = "pv:"


def _fresh() -> str:
    return secrets.token_hex(8)


def tokens(names: Sequence[str]) -> tuple[str, ...]:
    """The current token of each counter (creating missing ones), in order."""
    keys = [PREFIX + name for name in names]
    found = cache.get_many(keys)
    for key in keys:
        if key not in found:
            cache.add(key, _fresh(), None)
            found[key] = cache.get(key) or _fresh()
    return tuple(found[key] for key in keys)


def bump(names: Iterable[str]) -> None:
    """New tokens for ``names`` once the current transaction commits (at once outside
    one), so no worker caches a page of a state that was rolled back."""
    unique = sorted(set(names))
    if unique:
        transaction.on_commit(lambda: renew(unique))


def renew(names: Iterable[str]) -> None:
    """New tokens for ``names`` at once. While the cache is out (``softcache``) nothing is
    kept, and the change still answers its success; once the cache answers again "meta",
    every page's counter, is renewed (``signals``)."""
    cache.set_many({PREFIX + name: _fresh() for name in names}, None)


#: what an outage of the cache may have left stale: renewed when it answers again
RENEWED_ON_RETURN = ("meta", "players")


def tournament_counters(slug: str) -> list[str]:
    return ["meta", f"data:{slug}"]


def table_counters(slug: str, round_number: int, table_number: int) -> list[str]:
    return ["meta", f"struct:{slug}", f"table:{slug}:{round_number}:{table_number}"]
