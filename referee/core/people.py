"""How the site names a person: the one rule for every page, export and API field that shows
an official (who signed a table off, who entered a deal version, who wrote an action to the
log, who gave a ruling). The login appears only where a login is meant: the login form and
the staff page."""

from __future__ import annotations

from typing import Any


def person(user: Any) -> str:
    """``user``'s full name (first name and surname, as his account has them), else his
    login; "" for nobody."""
    if user is None or not getattr(user, "is_authenticated", False):
        return ""
    full = " ".join(f"{user.first_name} {user.last_name}".split())
    return full or str(user.get_username())
