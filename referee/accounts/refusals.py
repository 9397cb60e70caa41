"""The accounts' refusals: referees' roles, users and the tables they are assigned to."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from referee.core.codes import Refusals

REFUSALS = Refusals(
    "accounts",
    {
        "role.already": _("%(name)s is %(role)s here already."),
        "role.chief_already": _("%(name)s is this tournament's chief referee already."),
        "role.kind": _("Choose referee or chief referee."),
        "role.none": _("%(name)s has no role in this tournament."),
        "role.own": _("You cannot remove your own role."),
        "table.not_referee": _("Only this tournament's referees can be assigned to its tables."),
        "table.unknown": _("There is no such table."),
        "user.password_needed": _(
            "There is no user %(name)s yet: give a password to create the account."
        ),
        "user.password_not_needed": _("%(name)s has an account already: leave the password empty."),
        # Django's validators say why, in the reader's language already.
        "user.password_refused": _("%(reasons)s"),
        "user.username_invalid": _("%(reasons)s"),
        "user.same_name": _("%(name)s has this name already."),
        "user.username_missing": _("Give a username."),
    },
)
