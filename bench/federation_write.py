"""Fast writes for ``federation_build``: rows straight into the tables, no model instances.

On PostgreSQL each big table (tables, seats, deals, their versions, the kept statistics) is
written by ``COPY … FROM STDIN`` (psycopg's ``cursor.copy``), several times faster than
``bulk_create``'s INSERTs, which build a model instance and adapt each value in Python; on
SQLite (``.ci/run``'s small archives) by ``executemany``. The ids of the rows that others
point at (tables, deals) are reserved beforehand as a block (``reserve``) so that the rows
pointing at them are made in the same pass, without reading anything back.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Sequence
from typing import Any


class Writer:
    def __init__(self) -> None:
        from django.db import connection

        self.connection = connection
        self.postgres = connection.vendor == "postgresql"

    def reserve(self, table: str, count: int) -> int:
        """The first of ``count`` ids of ``table`` nobody else will be given. PostgreSQL: the
        id sequence moved past them at once; SQLite: after the largest id (the archive has
        one writer; an AUTOINCREMENT table follows the largest id inserted)."""
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
            return moment
        return self.connection.ops.adapt_datetimefield_value(moment)

    def write(self, table: str, columns: Sequence[str], rows: Iterable[Sequence[Any]]) -> int:
        """Insert ``rows`` (values in the order of ``columns``; JSON as its text); how many."""
        names = ", ".join(f'"{c}"' for c in columns)
        count = 0
        with self.connection.cursor() as cursor:
            if self.postgres:
                with cursor.cursor.copy(f'COPY "{table}" ({names}) FROM STDIN') as copy:
                    for row in rows:
                        copy.write_row(row)
                        count += 1
                return count
            listed = list(rows)
            marks = ", ".join(["%s"] * len(columns))
            cursor.executemany(f'INSERT INTO "{table}" ({names}) VALUES ({marks})', listed)
            return len(listed)
