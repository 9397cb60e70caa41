"""Players' badges, as PDF (issue 22 point 5): each player in play on a card of 90 × 55 mm,
ten to an A4 page, with his name, city and the QR code of his private link (his table and
seat as soon as a round is seated, his check-in, his results). Cut along the dashed lines.

The link is a key (``tournaments.checkin.link_key``): the badges are the chief's, like the
check-in page that lists the links; after he revokes one, its badge no longer opens and he
prints the player a new one (``?player=<registration>`` prints one badge). The QR codes hold
the site's public address (``SITE_URL``, ``core.site``), never the address the sheet is
printed from; without it the badges carry no code and the check-in page says why."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from referee.core.site import printed_base
from referee.tournaments.checkin import link_key
from referee.tournaments.models import Registration, Tournament
from referee.tournaments.search import folded

from . import hall
from .pdf import render_pdf

LONG_NAME = 22  # letters: a longer name is set smaller, to fit beside the code in three lines


def badges(
    tournament: Tournament, base: str | None = None, only: int | None = None
) -> list[dict[str, Any]]:
    """Each active player's badge, by name (ё as е): name, city, and under ``base`` (by
    default the public address) his link's address and its QR code; ``only``: one player."""
    base = printed_base() if base is None else base
    entries = tournament.entries.filter(status=Registration.Status.ACTIVE).select_related("player")
    if only is not None:
        entries = entries.filter(pk=only)
    made = []
    for entry in entries:
        entry.tournament = tournament  # the key names the tournament
        path = reverse("player-link", args=[tournament.slug, entry.pk, link_key(entry)])
        url = base.rstrip("/") + path if base else ""
        made.append(
            {
                "name": entry.player.name,
                "long": len(entry.player.name) > LONG_NAME,
                "city": entry.player.city,
                "url": url,
                "qr": hall.qr_data_uri(url) if url else "",
            }
        )
    return sorted(made, key=lambda b: (folded(b["name"]), b["name"]))


def badges_pdf(tournament: Tournament, base: str | None = None, only: int | None = None) -> bytes:
    made = badges(tournament, base, only)
    # two to a row of the sheet: a table keeps its rows whole across the pages
    rows = [made[i : i + 2] for i in range(0, len(made), 2)]
    return render_pdf("exports/badges.html", {"tournament": tournament, "rows": rows})
