"""The rows of the standings page, written as HTML here: the standings package's speed code,
imported by its views only. Its plain twin is ``templates/standings/_rows.html``, the same
markup from the Django template (300 rows with their expandable phone details are some 25,000
template nodes); a Jinja2 template of the same markup was three to seven times slower than
these strings (README, Speed: ``bench/twins.py``). ``test_page_rows`` renders generated rows both
ways and compares them.

The markup (``templates/standings/standings.html`` keeps the table's head): place, the name
linking to the player's card with its ``details`` for phones (city, whists, first places,
rounds, every round's points), then the wide screens' columns and the notes. A round the
player sat out is marked "bye" before its score, in the round's cell and in the details, and
the notes say "bye: round 3" as the exports' notes do. A guest (TOURNAMENTS §6.4) has
"guest" in place of a place, and a note saying his results do not count. Every text from
the data is escaped; the words are looked up once a page.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import pgettext


def standings_body(rows: Sequence[dict[str, Any]], rounds: int) -> SafeString:
    """The ``<tr>`` of every row (``views.display_rows``), for ``rounds`` round columns."""
    said = {
        "details": _("details"),
        "city": _("City"),
        "whists": _("Whists"),
        "firsts": _("first places at tables"),
        "rounds": _("Rounds"),
        "provisional": _("provisional"),
        "yellow_title": _("round result below the elimination threshold"),
        "yellow": _("yellow card"),
        "withdrawn": _("withdrawn"),
        "bye": pgettext("a round sat out", "bye"),
        "bye_title": _("sat out this round (bye)"),
        "guest": pgettext("a player whose results do not count", "guest"),
        "guest_title": _("a guest: his results do not count, he takes no place"),
    }
    words = {key: escape(text) for key, text in said.items()}
    labels = [escape(_("R%(n)s") % {"n": n}) for n in range(1, rounds + 1)]
    return mark_safe("".join(_row(row, words, labels) for row in rows))  # escaped in _row


def _row(row: dict[str, Any], words: Mapping[str, str], labels: Sequence[str]) -> str:
    flags = row["flags"]
    classes = ("tied" if row["tied"] else "") + (" removed" if "removed" in flags else "")
    classes += " guest" if "guest" in flags else ""
    place = (
        f'<span class="guest-mark" title="{words["guest_title"]}">{words["guest"]}</span>'
        if "guest" in flags
        else escape(row["rank_label"])
    )
    city = escape(row["city"])
    whists = row["whists_text"]
    star = '<span class="narrow-only">*</span>' if row["provisional"] else ""
    byes = set(row.get("byes") or ())
    mark = f'<span class="bye-mark" title="{words["bye_title"]}">{words["bye"]}</span> '
    details = "".join(
        f"<dt>{label}</dt><dd>{mark if n in byes else ''}{'—' if missing else text}</dd>"
        for n, (label, (text, missing, _negative)) in enumerate(
            zip(labels, row["round_cells"], strict=False), 1
        )
    )
    cells = "".join(
        f'<td class="num wide{" bye" if n in byes else ""}">{mark if n in byes else ""}'
        '<span class="muted">—</span></td>'
        if missing
        else f'<td class="num wide{" neg" if negative else ""}{" bye" if n in byes else ""}">'
        f"{mark if n in byes else ''}{text}</td>"
        for n, (text, missing, negative) in enumerate(row["round_cells"], 1)
    )
    return (
        f'<tr class="{classes}">'
        f'<td class="num">{place}</td>'
        f'<td class="who"><a href="{escape(row["card_url"])}">{escape(row["player"])}</a>{star}\n'
        f'<details class="narrow-only row-details"><summary>{words["details"]}</summary><dl>'
        + (f"<dt>{words['city']}</dt><dd>{city}</dd>" if row["city"] else "")
        + f"<dt>{words['whists']}</dt><dd>{whists}</dd>"
        f"<dt>{words['firsts']}</dt><dd>{row['firsts']}</dd>"
        f"<dt>{words['rounds']}</dt><dd>{row['rounds_played']}</dd>"
        f"{details}</dl></details></td>"
        f'<td class="wide">{city}</td>'
        f'<td class="num strong{" neg" if row["points"] < 0 else ""}">{row["points_text"]}</td>'
        f'<td class="num wide{" neg" if row["whists"] < 0 else ""}">{whists}</td>'
        f'<td class="num wide">{row["firsts"]}</td>'
        f'<td class="num wide">{row["rounds_played"]}</td>'
        f'{cells}<td class="wide">{_notes(row, words)}</td></tr>\n'
    )


def _notes(row: dict[str, Any], words: Mapping[str, str]) -> str:
    flags = row["flags"]
    notes = []
    if row["provisional"]:
        notes.append(f'<span title="{words["provisional"]}">*</span>')
    if "yellow_card" in flags:
        notes.append(
            f'<span class="badge yellow-card" title="{words["yellow_title"]}">'
            f"{words['yellow']}</span>"
        )
    if "removed" in flags:
        out = _("out after round %(n)s") % {"n": row["removed_in"]}
        notes.append(f'<span class="badge removed">{escape(out)}</span>')
    if "withdrawn" in flags:
        notes.append(f'<span class="badge">{words["withdrawn"]}</span>')
    if "guest" in flags:
        notes.append(f'<span class="badge guest">{words["guest_title"]}</span>')
    byes = row.get("byes") or ()
    if byes:  # as the CSV, PDF and workbook's notes say it
        said = _("bye: round %(rounds)s") % {"rounds": ", ".join(str(n) for n in byes)}
        notes.append(f'<span class="badge bye">{escape(said)}</span>')
    return " ".join(notes)
