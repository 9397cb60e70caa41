"""The keys of the site's private links (a table's card, a player's link, the link that stops
his letters): an HMAC of the SECRET_KEY over the link's place, so it cannot be guessed; each
kind of link has its own salt, so one kind's key never opens another's. Changing what a
place includes (the player link's version) revokes the links made before."""

from __future__ import annotations

from django.utils.crypto import constant_time_compare, salted_hmac

LENGTH = 20  # hex digits: 80 bits, short enough for a QR code on a badge


class LinkKey:
    def __init__(self, salt: str) -> None:
        self.salt = salt

    def of(self, *place: object) -> str:
        """The key of the link to ``place`` (its parts joined by ``/``)."""
        text = "/".join(str(p) for p in place)
        return salted_hmac(self.salt, text, algorithm="sha256").hexdigest()[:LENGTH]

    def held(self, key: str, *place: object) -> bool:
        """Whether ``key`` opens ``place`` (compared in constant time)."""
        return constant_time_compare(key, self.of(*place))


TABLE_CARD = LinkKey("referee.tables.card")
PLAYER_LINK = LinkKey("referee.tournaments.player-link")
UNSUBSCRIBE = LinkKey("referee.notices.unsubscribe")
