"""The hall's refusals: tournament archives and locked-out logins."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.core.codes import Refusals

REFUSALS = Refusals(
    "hall",
    {
        "archive.checksum": _("The archive's checksum does not match: it was changed or damaged."),
        "archive.invalid": _(
            "The archive's %(section)s #%(id)s is refused (%(field)s): %(problem)s"
            " Nothing is restored."
        ),
        "archive.signature": _(
            "The archive's signature is not this site's: it was changed after its export, or"
            " written by another site. An archive of another site is restored only when asked"
            " (import_tournament --foreign), and is then checked in full."
        ),
        "archive.missing_row": _("The archive refers to a missing %(model)s #%(id)s."),
        "archive.malformed": _("The archive is malformed: %(error)s"),
        "archive.not_json": _("The archive is not valid JSON (truncated?): %(error)s"),
        "archive.not_restored": _("The archive cannot be restored: %(error)s"),
        "archive.no_tournament": _("The archive holds no tournament."),
        "archive.not_archive": _("This is not a tournament archive."),
        "archive.sections": _("The archive's sections are not those of this site."),
        "archive.slug_taken": _(
            "A tournament %(slug)s exists already: import it under another short name."
        ),
        "archive.version": _(
            "Archive version %(found)s is not supported (this site reads %(known)s)."
        ),
        "login.not_locked": _("%(name)s is not locked out."),
    },
)
