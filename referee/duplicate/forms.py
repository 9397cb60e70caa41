from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext_lazy as _

from .models import Session


class SessionForm(forms.Form):
    size = forms.TypedChoiceField(
        label=_("Players at a table"),
        choices=[(3, _("tables of 3")), (4, _("tables of 4"))],
        coerce=int,
        initial=3,
    )
    boards_per_set = forms.IntegerField(
        label=_("Boards per set"), min_value=1, max_value=12, initial=2
    )
    seed = forms.IntegerField(
        label=_("Seed of the boards"),
        min_value=0,
        max_value=2**63 - 1,
        required=False,
        help_text=_(
            "The same seed deals the same boards anywhere. Leave it empty for a new one, or "
            "give the boards below instead."
        ),
    )
    boards = forms.CharField(
        label=_("Boards in the notation"),
        required=False,
        max_length=40_000,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false"}),
        help_text=_(
            "One board after another: a line “Board 1” (or “Сдача 1”), then “1:”, “2:”, “3:” "
            "with the first, second and third hand's ten cards and “T:” with the talon's "
            "two, e.g. 1: ♠AKQJ ♣AKQJ ♦AK (S C D H for the suits works too)."
        ),
    )
    boards_file = forms.FileField(
        label=_("Or a file of boards"),
        required=False,
        help_text=_(
            "A text file (UTF-8) in the same notation; it takes the place of the box above."
        ),
    )
    stanzas = forms.IntegerField(
        label=_("Stanzas"),
        min_value=1,
        max_value=60,
        required=False,
        help_text=_(
            "How long the session lasts: from 1 up to the number of tables (each stanza every "
            "board is played once more). Empty: one stanza a table."
        ),
    )
    method = forms.ChoiceField(
        label=_("Comparison"), choices=Session.Method.choices, initial=Session.Method.MATCHPOINTS
    )
    trim = forms.BooleanField(
        label=_("Trimmed datum (drop the best and the worst of five or more)"), required=False
    )
    counts = forms.TypedChoiceField(
        label=_("The session counts for"),
        choices=Session.Counts.choices,
        required=False,  # left out: the service's default (the API's too)
        empty_value=None,
        help_text=_(
            "Its stanzas never enter the ordinary standings or the ratings. A duplicate "
            "event takes its final places (and so cups, categories and qualification "
            "points) from the session's standings."
        ),
    )

    def clean(self) -> dict[str, object]:
        return _read_upload(self, super().clean() or {})


def _read_upload(form: forms.Form, data: dict[str, object]) -> dict[str, object]:
    """The uploaded file of boards, if any, in the place of the box's text."""
    upload = data.pop("boards_file", None)
    if isinstance(upload, UploadedFile):
        if (upload.size or 0) > MAX_FILE:
            form.add_error("boards_file", _("The file is too large for a set of boards."))
            return data
        try:
            data["boards"] = upload.read().decode("utf-8-sig")
        except UnicodeDecodeError:
            form.add_error("boards_file", _("The file is not UTF-8 text."))
    return data


class ImportForm(forms.Form):
    """The boards of a session replaced by a board file (or the notation), before play."""

    boards = forms.CharField(
        label=_("The board file"),
        required=False,
        max_length=200_000,
        widget=forms.Textarea(attrs={"rows": 14, "spellcheck": "false"}),
        help_text=_(
            'Tagged records as the README\'s “The board file” describes: [Board "1"], '
            '[Dealer "S"], the three seats\' hands ([West "♠AKQ ♣J10 …"]) and '
            '[Talon "♥97"]; the board notation is read too.'
        ),
    )
    boards_file = forms.FileField(
        label=_("Or upload the file"),
        required=False,
        help_text=_("A text file (UTF-8); it takes the place of the box above."),
    )

    def clean(self) -> dict[str, object]:
        return _read_upload(self, super().clean() or {})


#: a board takes some 120 bytes: 200 KB holds over a thousand
MAX_FILE = 200_000
