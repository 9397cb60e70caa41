"""Who may do what, and what the public sees: the one home of every right on the site.

Pages, exports, the API and the services all ask here; nothing else decides a right. The
module sits below the apps (README, Architecture), so it reads the objects it is given
through their fields and relations (``user.roles``, ``table.referees``,
``tournament.standings_settings``) and imports no app.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, TypeGuard

from django.db.models import Q

from . import rounds as kinds
from .errors import NotAllowed

if TYPE_CHECKING:  # what the core reads of the apps' objects (``shapes``): it imports no app
    from django.contrib.auth.models import AnonymousUser, User

    from .shapes import ManagedShape as RatingList
    from .shapes import ManagedShape as Series
    from .shapes import RoundShape as Round
    from .shapes import TableShape as Table
    from .shapes import TournamentShape as Tournament

    #: who asks: ``request.user`` (the site's user model is Django's ``User``); the site itself
    #: (``SITE``) stands in for a superuser where ratings read the results
    Viewer = User | AnonymousUser

# The kinds of role a user holds in one tournament (``accounts.Role.kind``).
CHIEF = "chief"
REFEREE = "referee"


def _signed_in(user: Viewer) -> TypeGuard[User]:
    """Whether ``user`` is signed in (to the type checker: a ``User``, who has roles)."""
    return bool(getattr(user, "is_authenticated", False))


def role_of(user: Viewer, tournament: Tournament) -> str | None:
    """``chief``, ``referee`` or None; superusers and the named chief referee are chiefs.
    The user's roles are read once per request and kept on the user object."""
    if not _signed_in(user):
        return None
    if user.is_superuser or tournament.chief_referee_id == user.pk:
        return CHIEF
    cache: dict[int, str] | None = getattr(user, "_tournament_roles", None)
    if cache is None:
        cache = dict(user.roles.values_list("tournament_id", "kind"))
        # kept on the object for the request: not a field of the model, so unknown to mypy
        user._tournament_roles = cache  # type: ignore[attr-defined]
    return cache.get(tournament.pk)


def is_chief(user: Viewer, tournament: Tournament) -> bool:
    return role_of(user, tournament) == CHIEF


def is_official(user: Viewer, tournament: Tournament) -> bool:
    return role_of(user, tournament) is not None


def chief_of_filter(user: Viewer, prefix: str = "") -> Q:
    """The tournaments (reached through ``prefix``, e.g. ``tournament__``) that ``user``
    runs as chief referee, as a query filter for lists such as the admin's."""
    return Q(**{f"{prefix}chief_referee": user}) | Q(
        **{f"{prefix}roles__user": user, f"{prefix}roles__kind": CHIEF}
    )


#: The Django group whose members may create tournaments (and become their chief referee).
ORGANISERS = "organisers"


def is_organiser(user: Viewer) -> bool:
    """May ``user`` create tournaments? Superusers and members of the ``organisers`` group."""
    if not getattr(user, "is_authenticated", False):
        return False
    return bool(user.is_superuser) or bool(user.groups.filter(name=ORGANISERS).exists())


def may_create_tournaments(user: Viewer) -> bool:
    """The wizard at ``/t/new/``: organisers only; the creator becomes the chief referee."""
    return is_organiser(user)


def may_grant_organiser(user: Viewer) -> bool:
    """Organisers are made by the superuser or by another organiser."""
    return is_organiser(user)


def may_copy_from(user: Viewer, tournament: Tournament) -> bool:
    """Settings and players may be copied from a tournament its chief referee runs."""
    return is_chief(user, tournament)


def may_view(user: Viewer, tournament: Tournament) -> bool:
    """Officials always; the public once the tournament is published."""
    return tournament.published or is_official(user, tournament)


def public_through(tournament: Tournament) -> int:
    """The last round the public sees (0: none): the tournament is published and the round
    is within the standings settings' ``published_through`` (no settings saved yet: none)."""
    if not tournament.published:
        return 0
    model: Any = type(tournament)  # the app's model, which the core does not import
    through = (
        model.objects.filter(pk=tournament.pk)
        .values_list("standings_settings__published_through", flat=True)
        .first()
    )
    return through or 0


def round_is_public(tournament: Tournament, number: int) -> bool:
    """Whether the public may see round ``number``'s results and table sheets, as far as the
    organiser's publishing goes (a sealed round stays hidden: ``may_view_round``)."""
    return number <= public_through(tournament)


def may_view_round(user: Viewer, round_: Round) -> bool:
    """The round's results (``round_.tournament`` loaded): the chief always; while the round
    is sealed (a board of it still to be played elsewhere, ``core.rounds``) nobody else; then
    the other officials, and the public once the round is published."""
    tournament = round_.tournament
    if is_chief(user, tournament):
        return True
    if kinds.round_sealed(round_):
        return False
    if is_official(user, tournament):
        return True
    return may_view(user, tournament) and round_is_public(tournament, round_.number)


def rounds_seen(user: Viewer, tournament: Tournament, rounds: Iterable[Round]) -> set[int]:
    """The numbers of ``rounds`` (of ``tournament``) whose results ``user`` sees: the list
    form of ``may_view_round``, the publishing read once."""
    chief = is_chief(user, tournament)
    official = chief or is_official(user, tournament)
    through = 0 if official or not may_view(user, tournament) else public_through(tournament)
    return {
        r.number
        for r in rounds
        if chief or (not kinds.round_sealed(r) and (official or r.number <= through))
    }


def may_view_table(user: Viewer, table: Table) -> bool:
    """A table's sheet, deals and protocol (``table.round.tournament`` loaded): the chief
    always; while the table is sealed (``core.rounds``) only who may enter its deals, its own
    referee; then the officials, and the public once its round is published."""
    tournament = table.round.tournament
    if is_chief(user, tournament):
        return True
    if kinds.table_sealed(table):
        return may_enter_deals(user, table)
    if is_official(user, tournament):
        return True
    return may_view(user, tournament) and round_is_public(tournament, table.round.number)


def may_enter_deals(user: Viewer, table: Table) -> bool:
    """Chiefs everywhere; referees everywhere, or only at their tables when the tournament
    says so. The same right covers corrections and signing the table off."""
    tournament = table.round.tournament
    role = role_of(user, tournament)
    if role == CHIEF:
        return True
    if role != REFEREE or not _signed_in(user):  # a referee is signed in
        return False
    if not tournament.referees_assigned_only:
        return True
    return bool(table.referees.filter(pk=user.pk).exists())


def may_confirm(user: Viewer, table: Table) -> bool:
    """The second confirmation, which locks the table: the same rule as entering its deals
    (where referees work only at their tables, only an assigned one or a chief). That the
    confirming referee is not the one who signed it off is the service's check."""
    return may_enter_deals(user, table)


def may_rule_on_locked(user: Viewer, table: Table) -> bool:
    """Only the chief referee changes a locked table (or reopens it)."""
    return is_chief(user, table.round.tournament)


def may_resolve_dispute(user: Viewer, tournament: Tournament) -> bool:
    """A player's dispute of his table's totals (recorded at sign-off) is decided by the
    chief referee: dismissed, or upheld and the table reopened (which only he may do)."""
    return is_chief(user, tournament)


def may_manage(user: Viewer, tournament: Tournament) -> bool:
    """The organiser's surface: settings, players, staff, seating, standings settings."""
    return is_chief(user, tournament)


def require_chief(user: Viewer, tournament: Tournament, message: str) -> None:
    """Refuse (``NotAllowed``, a 403) anybody but the tournament's chief referee."""
    if not is_chief(user, tournament):
        raise NotAllowed(message)


# -- discipline, appeals and the tournament register (TOURNAMENTS §8.6, §9.2) ---------------

DISQUALIFICATION = "disqualification"


def may_record_discipline(user: Viewer, tournament: Tournament, kind: str) -> bool:
    """Warnings, yellow cards and point deductions: any official of the tournament (the
    referee at the table imposes them, §8.1); a disqualification: the chief referee only."""
    if kind == DISQUALIFICATION:
        return is_chief(user, tournament)
    return is_official(user, tournament)


def may_file_appeal(user: Viewer, tournament: Tournament) -> bool:
    """An official records a player's appeal (players have no accounts)."""
    return is_official(user, tournament)


def may_decide_appeal(user: Viewer, tournament: Tournament, first_instance: int | None) -> bool:
    """The second instance (§8.6): a chief referee who did not make the ruling appealed
    against (``first_instance``: the user id of who made it, None when unknown)."""
    return is_chief(user, tournament) and user.pk != first_instance


def may_view_register(user: Viewer, tournament: Tournament) -> bool:
    """The tournament register (every ruling, adjustment, discipline entry and appeal, with
    the referees' names and reasons): the officials only. The public sees discipline only as
    the marks on the standings and the player card."""
    return is_official(user, tournament)


def may_substitute_in_pulka(user: Viewer, table: Table) -> bool:
    """Replacing a player during a round (Kodeks 3.1.2) changes who scores the seat: the
    chief referee only."""
    return is_chief(user, table.round.tournament)


def is_site_staff(user: Viewer) -> bool:
    """The site's own staff (``is_staff``) and superusers, above every tournament."""
    return bool(getattr(user, "is_authenticated", False) and (user.is_superuser or user.is_staff))


def may_unlock_logins(user: Viewer, tournament: Tournament) -> bool:
    """The login lockouts page (too many wrong passwords): the chief referee, on his
    tournament's staff pages, and the site's staff."""
    return is_site_staff(user) or is_chief(user, tournament)


def may_unlock_account(user: Viewer, tournament: Tournament, account: User | None) -> bool:
    """Lifting the lockout of ``account`` (a user, None for a name without an account): the
    site's staff any; a chief referee only his own tournament's officials, never a
    superuser, a member of the site's staff or an organiser (their logins are not his)."""
    if is_site_staff(user):
        return True
    if account is None or not is_chief(user, tournament):
        return False
    if account.is_superuser or account.is_staff or is_organiser(account):
        return False
    if tournament.chief_referee_id == account.pk:
        return True
    return bool(account.roles.filter(tournament_id=tournament.pk).exists())


# Ratings, the player registry and qualification (referee.ratings).


class _Site:
    """The site itself reading official results for ratings and qualification: it sees every
    round, as a chief referee does, and is nobody's account."""

    is_authenticated = True
    is_superuser = True
    is_staff = False
    pk = None


SITE = _Site()


def may_manage_registry(user: Viewer) -> bool:
    """Merging duplicate players and confirming registry matches across tournaments: the
    site's staff (the federation's registrar) and superusers."""
    return bool(getattr(user, "is_authenticated", False) and (user.is_superuser or user.is_staff))


def may_manage_rating_list(user: Viewer, rating_list: RatingList) -> bool:
    """Recomputing a rating list and choosing its tournaments: superusers and its managers."""
    if not _signed_in(user):
        return False
    return bool(user.is_superuser or rating_list.managers.filter(pk=user.pk).exists())


def may_view_rating_list(user: Viewer, rating_list: RatingList) -> bool:
    """The public sees a published list; its managers see it always."""
    return bool(rating_list.published) or may_manage_rating_list(user, rating_list)


def may_create_series(user: Viewer) -> bool:
    """A cup or a season (``/series/new/``): organisers; the creator manages it."""
    return is_organiser(user)


def may_manage_series(user: Viewer, series: Series) -> bool:
    """Changing a series' rules and tournaments: superusers, and organisers among its
    managers."""
    if not _signed_in(user):
        return False
    if user.is_superuser:
        return True
    return is_organiser(user) and series.managers.filter(pk=user.pk).exists()


def may_view_series(user: Viewer, series: Series) -> bool:
    """The public sees a published series (counting only published tournaments); its
    managers see it always."""
    return bool(series.published) or may_manage_series(user, series)


def round_counts_for_ratings(published: bool, published_through: int | None, number: int) -> bool:
    """A finished round counts for the ratings once the public sees it (a published
    tournament, the round within ``published_through``), so a rating page never tells the
    results of rounds that are still hidden."""
    return published and published_through is not None and number <= published_through


def may_set_category(user: Viewer, tournament: Tournament) -> bool:
    """A tournament's category and divisions: its chief referee (the organiser)."""
    return is_chief(user, tournament)
