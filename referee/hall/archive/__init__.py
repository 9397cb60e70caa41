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

The package: ``document`` (the format, the sections, the checksum and signature), ``export``
and ``restore`` (the import; ``import`` is Python's keyword).
"""

from .document import (
    LATER_SECTIONS,
    NOT_ARCHIVED,
    ArchiveError,
    archived_models,
    checksum,
    seal,
    signature,
    signed_here,
)
from .export import dumps, export_tournament
from .restore import import_tournament, loads

__all__ = [
    "LATER_SECTIONS",
    "NOT_ARCHIVED",
    "ArchiveError",
    "archived_models",
    "checksum",
    "dumps",
    "export_tournament",
    "import_tournament",
    "loads",
    "seal",
    "signature",
    "signed_here",
]
