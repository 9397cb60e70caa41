"""Player lists from CSV and XLSX: every row read and checked before anything is saved.

``read_players`` turns an uploaded file into rows with their parsed values and their errors;
``check_duplicates`` marks rows that repeat a registered player or an earlier row. Nothing here
touches the database: the organiser's preview and the import service both run these functions,
so what the preview promises is what the confirmation imports.

Cell text is kept as text: a name such as ``=HYPERLINK(…)`` is a name, never a formula.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from typing import Any

import openpyxl
from django.utils.translation import gettext as _

from referee.core.bounds import CONTROL_CHARACTERS, control_character_message

MAX_ROWS = 2000
MAX_BYTES = 2 * 1024 * 1024
HEADER_SEARCH = 10  # a title or a blank line may stand above the header row

#: Model field lengths (tournaments.models.Player).
LIMITS = {"name": 200, "city": 100, "club": 100, "federation_id": 40}
RATING_LIMIT = Decimal(1_000_000)  # Player.rating: 8 digits, 2 after the point

#: Header names (lower case, ё as е, punctuation as spaces) by the column they mean.
HEADERS: dict[str, frozenset[str]] = {
    "name": frozenset(
        {
            "фио",
            "ф и о",
            "имя",
            "игрок",
            "участник",
            "фамилия имя",
            "фамилия и имя",
            "фамилия имя отчество",
            "name",
            "full name",
            "player",
            "player name",
            "participant",
        }
    ),
    "surname": frozenset({"фамилия", "surname", "last name", "family name"}),
    "given": frozenset({"first name", "given name"}),
    "patronymic": frozenset({"отчество", "patronymic", "middle name"}),
    "city": frozenset({"город", "населенный пункт", "city", "town"}),
    "club": frozenset({"клуб", "club"}),
    "rating": frozenset({"рейтинг", "рейтинг фспр", "rating", "fspr rating", "elo"}),
    "federation_id": frozenset(
        {"id фспр", "фспр id", "ид фспр", "номер фспр", "фспр", "id", "federation id"}
        | {"fspr id", "federation number"}
    ),
}


@dataclass(frozen=True, slots=True)
class Person:
    """What tells two entries of a list apart."""

    name: str
    city: str = ""
    federation_id: str = ""


def _folded(text: str) -> str:
    return " ".join(text.casefold().replace("ё", "е").split())


def same_person(a: Person, b: Person) -> bool:
    """Federation ids decide when both have one; otherwise the same name in the same city
    (an empty city matches any)."""
    if a.federation_id and b.federation_id:
        return _folded(a.federation_id) == _folded(b.federation_id)
    if _folded(a.name) != _folded(b.name):
        return False
    return not a.city or not b.city or _folded(a.city) == _folded(b.city)


@dataclass
class ImportRow:
    """One line of the file: its number in the file, the values read, and what is wrong."""

    line: int
    name: str = ""
    city: str = ""
    club: str = ""
    rating: str = ""  # the rating as plain decimal text, "" when none
    federation_id: str = ""
    errors: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    #: the same errors by the field they concern ("name", "rating" …), shown in its cell
    errors_at: dict[str, list[str]] = field(default_factory=dict)

    def refuse(self, at: str, message: str) -> None:
        self.errors.append(message)
        self.errors_at.setdefault(at, []).append(message)

    @property
    def valid(self) -> bool:
        return not self.errors

    @property
    def row_errors(self) -> list[str]:
        """The errors of the row as a whole (a duplicate …), not of one of its values."""
        at = {message for messages in self.errors_at.values() for message in messages}
        return [message for message in self.errors if message not in at]

    @property
    def person(self) -> Person:
        return Person(self.name, self.city, self.federation_id)

    def data(self) -> dict[str, Any]:
        """The row as plain JSON, for the signed confirmation and the import service."""
        return {
            "line": self.line,
            "name": self.name,
            "city": self.city,
            "club": self.club,
            "rating": self.rating,
            "federation_id": self.federation_id,
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ImportRow:
        """A row from ``data()`` again, its values checked anew."""
        row = cls(line=int(data.get("line") or 0))
        for key in ("name", "city", "club", "federation_id"):
            setattr(row, key, _text(data.get(key)))
        row.rating = _text(data.get("rating"))
        _check_values(row)
        return row


@dataclass
class ImportPreview:
    rows: list[ImportRow] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    error: str = ""  # the file as a whole cannot be read

    @property
    def valid_rows(self) -> list[ImportRow]:
        return [row for row in self.rows if row.valid]


def read_players(content: bytes, filename: str = "") -> ImportPreview:
    """Read a CSV (UTF-8 with or without BOM, UTF-16, or cp1251; ``;``, ``,`` or tab) or
    an XLSX player list. The header row names the columns in Russian or English."""
    cells, preview = read_cells(content, filename)
    if not preview.error:
        _read_table(cells, preview)
    return preview


def read_cells(content: bytes, filename: str = "") -> tuple[list[list[Any]], ImportPreview]:
    """The cells of an uploaded CSV or XLSX (its first sheet); ``preview.error`` when not."""
    if len(content) > MAX_BYTES:
        mb = MAX_BYTES // (1024 * 1024)
        return [], ImportPreview(error=_("The file is larger than %(mb)s MB.") % {"mb": mb})
    lower = filename.lower()
    if content.startswith(b"\xd0\xcf\x11\xe0") or lower.endswith(".xls"):
        error = _("Old Excel files (.xls) cannot be read: save as XLSX or CSV.")
        return [], ImportPreview(error=error)
    preview = ImportPreview()
    if content.startswith(b"PK\x03\x04") or lower.endswith((".xlsx", ".xlsm")):
        return _xlsx_rows(content, preview), preview
    return _csv_rows(content, preview), preview


class _Index:
    """Entries found again by federation id, or by name as ``same_person`` decides."""

    def __init__(self) -> None:
        self.by_id: dict[str, Any] = {}
        self.by_name: dict[str, list[tuple[Person, Any]]] = {}

    def add(self, person: Person, item: Any) -> None:
        self.by_name.setdefault(_folded(person.name), []).append((person, item))
        if person.federation_id:
            self.by_id.setdefault(_folded(person.federation_id), item)

    def find(self, person: Person) -> Any:
        if person.federation_id and _folded(person.federation_id) in self.by_id:
            return self.by_id[_folded(person.federation_id)]
        namesakes = self.by_name.get(_folded(person.name), [])
        return next((item for other, item in namesakes if same_person(other, person)), None)


def check_duplicates(
    rows: Sequence[ImportRow],
    registered: Iterable[Person] = (),
    federation_names: Mapping[str, str] | None = None,
) -> None:
    """Mark rows that repeat a registered player or an earlier row, or that use a federation
    id belonging to a player of another name (``federation_names``: id → name)."""
    known = _Index()
    for person in registered:
        known.add(person, person)
    earlier = _Index()
    owners = {_folded(k): v for k, v in (federation_names or {}).items()}
    for row in rows:
        if not row.name:
            continue
        me = row.person
        owner = owners.get(_folded(row.federation_id)) if row.federation_id else None
        if (twin := known.find(me)) is not None:
            row.errors.append(_("%(name)s is already registered.") % {"name": twin.name})
        elif (first := earlier.find(me)) is not None:
            row.errors.append(_("The same player as line %(line)s.") % {"line": first.line})
        elif owner is not None and _folded(owner) != _folded(row.name):
            row.errors.append(
                _("Federation id %(id)s belongs to %(name)s.")
                % {"id": row.federation_id, "name": owner}
            )
        earlier.add(me, row)


# -- reading cells -------------------------------------------------------------------------


def _csv_rows(content: bytes, preview: ImportPreview) -> list[list[Any]]:
    text = _decode(content, preview)
    if text is None:
        return []
    lines = [line for line in text.splitlines() if line.strip()][:HEADER_SEARCH]
    delimiter = max(";\t,", key=lambda d: sum(line.count(d) for line in lines))
    try:
        return list(_limited(csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)))
    except csv.Error as error:
        preview.error = _("The CSV file cannot be read: %(error)s") % {"error": error}
        return []


def _decode(content: bytes, preview: ImportPreview) -> str | None:
    if content.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return content.decode("utf-16")
        except UnicodeDecodeError:
            pass
    else:
        try:
            return content.decode("utf-8-sig")
        except UnicodeDecodeError:
            pass
        try:
            text = content.decode("cp1251")
        except UnicodeDecodeError:
            pass
        else:
            preview.notes.append(_("Read as Windows-1251 (cp1251) text."))
            return text
    preview.error = _("The text encoding is not recognised: save the file as UTF-8 CSV.")
    return None


def _xlsx_rows(content: bytes, preview: ImportPreview) -> list[list[Any]]:
    try:
        # data_only=False: a cell holding "=…" is read as its text, never as a computed value
        book = openpyxl.load_workbook(io.BytesIO(content), read_only=True, data_only=False)
    except Exception:  # any malformed archive: the upload is untrusted input
        preview.error = _("The file is not a readable XLSX workbook.")
        return []
    try:
        sheet = book.worksheets[0]
        if len(book.worksheets) > 1:
            preview.notes.append(
                _("Only the first sheet (%(sheet)s) is read.") % {"sheet": sheet.title}
            )
        return list(_limited(sheet.iter_rows(values_only=True)))
    except Exception:
        preview.error = _("The file is not a readable XLSX workbook.")
        return []
    finally:
        book.close()


def _limited(rows: Iterable[Sequence[Any]]) -> Iterator[list[Any]]:
    """At most the header search plus ``MAX_ROWS`` rows, plus one to tell there were more."""
    for i, row in enumerate(rows):
        if i > MAX_ROWS + HEADER_SEARCH:
            return
        yield list(row)


def _text(value: Any) -> str:
    """A cell as one line of text; whole numbers (ids typed as numbers) without ``.0``."""
    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return " ".join(str(value).replace("\ufeff", "").split())


# -- the table -----------------------------------------------------------------------------


def _header_key(value: Any) -> str:
    text = _text(value).casefold().replace("ё", "е").replace("_", " ")
    return " ".join(re.sub(r"[^\w]+", " ", text).split())


def _columns(header: Sequence[Any]) -> tuple[dict[str, int], list[str]]:
    """Which column holds what, and the header texts of the columns ignored."""
    keys = [_header_key(cell) for cell in header]
    has_surname = any(k in HEADERS["surname"] for k in keys)
    columns: dict[str, int] = {}
    ignored: list[str] = []
    for index, key in enumerate(keys):
        if not _text(header[index]):
            continue
        meaning = next((m for m, names in HEADERS.items() if key in names), None)
        if key == "имя" and has_surname:
            meaning = "given"  # Фамилия | Имя | Отчество
        if meaning is None or meaning in columns:
            ignored.append(_text(header[index]))
        else:
            columns[meaning] = index
    return columns, ignored


def _read_table(cells: list[list[Any]], preview: ImportPreview) -> None:
    start = None
    for i, row in enumerate(cells[:HEADER_SEARCH]):
        columns, ignored = _columns(row)
        if "name" in columns or "surname" in columns:
            start = i
            break
    if start is None:
        preview.error = _(
            "No column with the players' names: the header row needs ФИО, Имя or name."
        )
        return
    if ignored:
        preview.notes.append(_("Columns ignored: %(columns)s.") % {"columns": ", ".join(ignored)})
    body = cells[start + 1 :]
    if len(body) > MAX_ROWS:
        preview.error = _("The list has more than %(max)s rows.") % {"max": MAX_ROWS}
        return
    for offset, values in enumerate(body):
        if not any(_text(v) for v in values):
            continue
        preview.rows.append(_row(start + offset + 2, values, columns))
    if not preview.rows:
        preview.error = _("The list has no players.")


def _row(line: int, values: Sequence[Any], columns: Mapping[str, int]) -> ImportRow:
    def cell(meaning: str) -> Any:
        index = columns.get(meaning)
        return values[index] if index is not None and index < len(values) else None

    row = ImportRow(line=line)
    if "name" in columns:
        row.name = _text(cell("name"))
    else:
        row.name = " ".join(_text(cell(m)) for m in ("surname", "given", "patronymic")).strip()
        row.name = " ".join(row.name.split())
    row.city = _text(cell("city"))
    row.club = _text(cell("club"))
    row.federation_id = _text(cell("federation_id"))
    raw = cell("rating")
    row.rating = _text(raw) if not isinstance(raw, int | float | Decimal) else str(raw)
    _check_values(row)
    return row


def _check_values(row: ImportRow) -> None:
    """Errors of the values themselves: the name is there, the rating is a number, no
    value is longer than its field or holds a control character (``core.bounds``)."""
    if not row.name:
        row.refuse("name", _("The name is missing."))
    if row.rating:
        rating = parse_rating(row.rating)
        if rating is None:
            row.refuse("rating", _("The rating %(value)s is not a number.") % {"value": row.rating})
        elif rating < 0:
            row.refuse("rating", _("The rating %(value)s is below zero.") % {"value": row.rating})
        elif abs(rating) >= RATING_LIMIT:
            row.refuse("rating", _("The rating %(value)s is too large.") % {"value": row.rating})
        else:
            row.rating = format(rating.normalize(), "f")
    for key, limit in LIMITS.items():
        if len(getattr(row, key)) > limit:
            row.refuse(
                key,
                _("%(field)s is longer than %(limit)s characters.")
                % {"field": field_label(key), "limit": limit},
            )
        elif found := CONTROL_CHARACTERS.search(getattr(row, key)):
            row.errors.append(control_character_message(found.group()))


def field_label(key: str) -> str:
    """A column's label as the preview's header shows it, in the reader's language."""
    labels = {
        "name": _("Name"),
        "city": _("City"),
        "club": _("Club"),
        "rating": _("Rating"),
        "federation_id": _("Federation id"),
    }
    return labels[key]


def parse_rating(text: str) -> Decimal | None:
    """``1 234,5`` or ``1234.5`` as a Decimal rounded to 2 places; None when not a number."""
    cleaned = "".join(text.split()).replace(",", ".")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        return None
    if not value.is_finite():
        return None
    if abs(value) >= RATING_LIMIT:
        return value
    return value.quantize(Decimal("0.01"))
