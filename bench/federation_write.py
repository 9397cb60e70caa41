"""Fast writes for ``federation_build``: rows straight into the tables, no model instances.

On PostgreSQL each big table (tables, seats, the kept statistics) is written by ``COPY …
FROM STDIN`` (psycopg's ``cursor.copy``) as text made here, not by ``bulk_create``'s
INSERTs, which build a model instance and adapt each value in Python; on SQLite
(``.ci/run``'s small archives) by ``executemany``. The ids of the rows that others point at
(tables, deals) are reserved beforehand as a block (``reserve``) so that the rows pointing at
them are made in the same pass, without reading anything back.

The deals are the bulk of the archive, and parsing their JSON into ``jsonb`` was most of the
server's time (17 µs a deal, twice: the deal and its first version). They repeat the pool's
few thousand sheets, so on PostgreSQL each distinct deal's JSON is copied once into a
temporary table (``fedgen_pool``), the deals as four numbers each (id, table, number, which
pooled deal) into another, and ``INSERT … SELECT`` makes the deals and their versions from
the two: the ``jsonb`` values are copied, not parsed again.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Sequence
from typing import Any

#: the tables written by ``write``: their foreign keys are checked once at the end of a build
BIG = (
    "tables_table",
    "tables_seat",
    "tables_deal",
    "tables_dealversion",
    "standings_playertablestats",
)
UNREAD = ("tables_deal", "tables_dealversion", "standings_playertablestats")


class Writer:
    def __init__(self) -> None:
        from django.db import connection

        self.connection = connection
        self.postgres = connection.vendor == "postgresql"
        # a row's values as ``write`` takes them: a null, a flag (COPY's text on PostgreSQL)
        self.null: Any = "\\N" if self.postgres else None
        self.true: Any = "t" if self.postgres else True
        self.false: Any = "f" if self.postgres else False
        self.pooled: dict[str, int] = {}  # a deal's JSON -> its key in fedgen_pool
        if self.postgres:
            with connection.cursor() as cursor:
                cursor.execute(
                    "CREATE TEMPORARY TABLE IF NOT EXISTS fedgen_pool (key int, data jsonb)"
                )
                cursor.execute(
                    "CREATE TEMPORARY TABLE IF NOT EXISTS fedgen_deals"
                    " (id bigint, table_id bigint, number smallint, key int)"
                )
                cursor.execute("TRUNCATE fedgen_pool, fedgen_deals")

    def reserve(self, table: str, count: int) -> int:
        """The first of ``count`` ids of ``table`` for rows written next (the archive has one
        writer). PostgreSQL: the id sequence moved past them; SQLite: after the largest id
        (an AUTOINCREMENT table follows the largest id inserted)."""
        with self.connection.cursor() as cursor:
            if self.postgres:
                cursor.execute(
                    "SELECT setval(pg_get_serial_sequence(%s, 'id'),"
                    " nextval(pg_get_serial_sequence(%s, 'id')) + %s - 1)",
                    [table, table, max(count, 1)],
                )
                return int(cursor.fetchone()[0]) - max(count, 1) + 1
            cursor.execute(f'SELECT COALESCE(MAX(id), 0) FROM "{table}"')
            return int(cursor.fetchone()[0]) + 1

    def when(self, moment: datetime.datetime) -> Any:
        """A timestamp as the database takes it in a raw row."""
        if self.postgres:
            return moment.isoformat(" ")
        return self.connection.ops.adapt_datetimefield_value(moment)

    def write(self, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> int:
        """Insert ``rows`` (values in the order of ``columns``: numbers, text without a
        backslash, tab or line break (JSON as ``federation_pool.dumps`` writes it), and
        ``null``, ``true``, ``false``, ``when`` of this writer); how many."""
        names = ", ".join(f'"{c}"' for c in columns)
        count = 0
        with self.connection.cursor() as cursor:
            if self.postgres:
                # the rows as COPY's text, a megabyte at a time: psycopg's write_row adapts
                # each value in Python, several times slower for millions of rows; the
                # values need no escaping (``write``'s docstring)
                with cursor.cursor.copy(f'COPY "{table}" ({names}) FROM STDIN') as copy:
                    chunk: list[str] = []
                    for row in rows:
                        chunk.append("\t".join(map(str, row)))
                        if len(chunk) == 4000:
                            copy.write("\n".join(chunk) + "\n")
                            count += len(chunk)
                            chunk = []
                    if chunk:
                        copy.write("\n".join(chunk) + "\n")
                        count += len(chunk)
                return count
            listed = list(rows)
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f'INSERT INTO "{table}" ({names}) VALUES ({marks})', listed)
            return len(listed)

    def deals(self, rows: Sequence[tuple[int, int, int, str]], at: Any) -> None:
        """The deals ``rows`` (id, table id, number, JSON) and their first versions (``at``)."""
        if not self.postgres:
            self.write(
                "tables_deal",
                ("id", "table_id", "number", "data", "version", "deleted"),
                ((i, table, n, data, 1, False) for i, table, n, data in rows),
            )
            self.write(
                "tables_dealversion",
                ("deal_id", "version", "data", "deleted", "at", "reason"),
                ((i, 1, data, False, at, "") for i, _t, _n, data in rows),
            )
            return
        new: list[tuple[int, str]] = []
        keyed = []
        for i, table, n, data in rows:
            key = self.pooled.get(data)
            if key is None:
                key = self.pooled[data] = len(self.pooled) + 1
                new.append((key, data))
            keyed.append((i, table, n, key))
        self.write("fedgen_pool", ("key", "data"), new)
        self.write("fedgen_deals", ("id", "table_id", "number", "key"), keyed)
        with self.connection.cursor() as cursor:
            cursor.execute(
                "INSERT INTO tables_deal (id, table_id, number, data, version, deleted)"
                " SELECT d.id, d.table_id, d.number, p.data, 1, false"
                " FROM fedgen_deals d JOIN fedgen_pool p ON p.key = d.key"
            )
            cursor.execute(
                "INSERT INTO tables_dealversion (deal_id, version, data, deleted, at, reason)"
                " SELECT d.id, 1, p.data, false, %s, ''"
                " FROM fedgen_deals d JOIN fedgen_pool p ON p.key = d.key",
                [at],
            )
            cursor.execute("TRUNCATE fedgen_deals")


def loosen() -> Callable[[], None]:
    """PostgreSQL: while the build writes, the foreign keys of the ``BIG`` tables dropped and
    the indexes of those nothing reads during a build (``UNREAD``: deals, versions, kept
    statistics) but their primary keys; then all made again, each index built in one sort
    and each key checked in one scan of its table instead of a trigger per row at every
    commit and an index entry per row (together most of the server's time), and the tables
    vacuumed and analysed as an archive written long ago would be. SQLite, or a build
    inside a transaction (a test's: PostgreSQL would refuse to add a key back to a table
    with checks pending): as it is. Gives the function that makes them again."""
    from django.db import connection

    if connection.vendor != "postgresql" or connection.in_atomic_block:
        return lambda: None
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT conrelid::regclass::text, conname, pg_get_constraintdef(oid), contype"
            " FROM pg_constraint WHERE conrelid::regclass::text = ANY(%s)"
            " AND (contype = 'f' OR contype = 'u' AND conrelid::regclass::text = ANY(%s))"
            " ORDER BY contype",  # the foreign keys first
            [list(BIG), list(UNREAD)],
        )
        keys = cursor.fetchall()
        cursor.execute(
            "SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid) FROM pg_index i"
            " WHERE i.indrelid::regclass::text = ANY(%s) AND NOT i.indisprimary"
            " AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)",
            [list(UNREAD)],
        )
        indexes = cursor.fetchall()
        for table, name, _definition, _kind in keys:
            cursor.execute(f'ALTER TABLE "{table}" DROP CONSTRAINT "{name}"')
        for name, _definition in indexes:
            cursor.execute(f'DROP INDEX "{name}"')

    def again() -> None:
        with connection.cursor() as cursor:
            for _name, definition in indexes:
                cursor.execute(definition)
            for table, name, definition, _kind in reversed(keys):  # unique ones first
                cursor.execute(f'ALTER TABLE "{table}" ADD CONSTRAINT "{name}" {definition}')
            for table in BIG:
                cursor.execute(f'VACUUM ANALYZE "{table}"')

    return again
