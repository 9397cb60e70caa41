"""The standings settings and the lot: read, checked by the pure modules, changed by the
chief referee."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from referee.core import rounds as kinds
from referee.core.errors import NotVisible as NotVisible  # the services' 404 (core.errors)
from referee.core.errors import ServiceError
from referee.core.permissions import require_chief
from referee.standings.refusals import REFUSALS
from referee.tournaments.log import log_action
from referee.tournaments.models import Registration, Round, Tournament

from ..models import StandingsSettings
from ..pure import points, ranking
from ..refusals import RULES


class InvalidSettings(ServiceError):
    """Settings the rules refuse; ``errors`` maps each field at fault to its message (the
    first one is also ``field``, ``message`` and ``code``)."""

    errors: dict[str, str]

    @classmethod
    def of(cls, refusals: Mapping[str, ServiceError]) -> InvalidSettings:
        """Every field's refusal at once, the first one in front."""
        field, first = next(iter(refusals.items()))
        refused = cls(first.message, field, code=first.code, params=first.params)
        refused.errors = {name: refusal.message for name, refusal in refusals.items()}
        return refused


EDITABLE = (
    "method",
    "params",
    "normalisation",
    "four_table_factor",
    "elimination_threshold",
    "elimination_action",
    "tie_breaks",
    "count_adjustments",
    "published_through",
)


@dataclass(frozen=True)
class Rules:
    """The settings a report was computed with (its footer, TOURNAMENTS §11)."""

    method: str
    params: Mapping[str, Any]
    normalisation: str
    four_table_factor: Fraction
    elimination_threshold: int | None
    elimination_action: str
    tie_breaks: tuple[str, ...]
    published_through: int | None
    lots: Mapping[str, int]
    scoring: points.RoundScoring
    count_adjustments: bool = True


def settings_of(tournament: Tournament) -> StandingsSettings:
    """The tournament's saved settings, or the defaults (unsaved) until the chief saves some."""
    saved = StandingsSettings.objects.filter(tournament=tournament).first()
    return saved if saved is not None else StandingsSettings(tournament=tournament)


#: ``rules_of``'s check of one field: the built value, or None with the refusal kept
_Check = Callable[[str, Callable[[], Any]], Any]


def rules_of(settings: StandingsSettings) -> Rules:
    """The settings checked by the pure modules. ``InvalidSettings`` lists every field at
    fault, so that a form shows all its mistakes at once."""
    errors: dict[str, ServiceError] = {}

    def check(field: str, build: Callable[[], Any]) -> Any:
        try:
            return _checked(field, build)
        except ServiceError as error:
            errors.setdefault(error.field or field, error)
            return None

    scoring = _scoring_of(settings, check)
    chain = settings.tie_breaks
    check("tie_breaks", lambda: ranking.tie_break_chain(chain))
    through = settings.published_through
    refusal = _published_refusal(through)
    if refusal is not None:
        errors["published_through"] = refusal
    if errors or scoring is None:
        raise InvalidSettings.of(errors)
    return Rules(
        method=settings.method,
        params=dict(settings.params or {}),
        normalisation=settings.normalisation,
        four_table_factor=scoring.normalisation.four_table_factor,
        elimination_threshold=settings.elimination_threshold,
        elimination_action=settings.elimination_action,
        tie_breaks=tuple(chain),
        published_through=through,
        lots={str(k): v for k, v in (settings.lots or {}).items()},
        scoring=scoring,
        count_adjustments=bool(settings.count_adjustments),
    )


def _scoring_of(settings: StandingsSettings, check: _Check) -> points.RoundScoring | None:
    """The round scoring the settings declare (method, normalisation, elimination), or None
    when ``check`` refused a part of it."""
    method = check("method", lambda: points.conversion_method(settings.method, settings.params))
    # the stored texts go in as they are: the dataclasses check and convert them
    stored_name: Any = settings.normalisation
    stored_factor: Any = settings.four_table_factor
    stored_action: Any = settings.elimination_action
    normalisation = check(
        "normalisation",
        lambda: points.Normalisation(stored_name, stored_factor),
    )
    elimination = None
    threshold = settings.elimination_threshold
    if threshold is not None:
        elimination = check(
            "elimination_threshold",
            lambda: points.Elimination(
                Fraction(threshold),
                stored_action,
            ),
        )
    if method is None or normalisation is None:
        return None
    scoring: points.RoundScoring | None = check(
        "normalisation", lambda: points.RoundScoring(method, normalisation, elimination)
    )
    return scoring


def _published_refusal(through: Any) -> ServiceError | None:
    """The refusal of a published-through round that is not a whole number from 1."""
    if through is not None and (isinstance(through, bool) or not isinstance(through, int)):
        return REFUSALS.error("setting.published_round", "published_through")
    if through is not None and through < 1:
        return REFUSALS.error("setting.published_from_one", "published_through")
    return None


_FIELD_OF = {
    "method": "method",
    "normalisation": "normalisation",
    "four_table_factor": "four_table_factor",
    "threshold": "elimination_threshold",
    "action": "elimination_action",
}


def _checked(default_field: str, build: Callable[[], Any]) -> Any:
    """``build()``; a refusal of the pure modules becomes a ``ServiceError`` in the reader's
    language at the setting it concerns."""
    try:
        return build()
    except points.StandingsError as error:
        raise RULES.wrap(error, _setting(default_field, error.field)) from None


def _setting(default_field: str, field: str) -> str:
    """The setting a pure module's field belongs to: a method's parameter is
    ``params.<name>`` (``bands[1]`` → ``params.bands``), so a form shows it at its input."""
    if field in _FIELD_OF:
        return _FIELD_OF[field]
    if default_field == "method":
        return "params." + field.removeprefix("params.").split("[")[0]
    return default_field


def chief_only(user: Any, tournament: Tournament) -> None:
    require_chief(user, tournament, _("Only the chief referee may change the standings settings."))


def _locked_settings(tournament: Tournament) -> StandingsSettings:
    settings, _created = StandingsSettings.objects.select_for_update().get_or_create(
        tournament=tournament
    )
    return settings


def _check_publishing(tournament: Tournament, before: int | None, after: int | None) -> None:
    """A round newly published must be one its kind lets the public read (``core.rounds``:
    a duplicate stanza whose boards are still to be played elsewhere is refused)."""
    if after is None or after <= (before or 0):
        return
    for round_ in Round.objects.filter(
        tournament=tournament, number__gt=before or 0, number__lte=after
    ).order_by("number"):
        round_.tournament = tournament
        refusal = kinds.publish_refusal(round_)
        if refusal is not None:
            raise refusal


@transaction.atomic
def update_settings(
    tournament: Tournament, user: Any, changes: Mapping[str, Any]
) -> StandingsSettings:
    """Change any of ``EDITABLE``; the whole result is checked before anything is saved.

    ``params`` is a JSON object (numbers exact: ints or strings such as ``"1/10"``),
    ``four_table_factor`` a number as text (``"4/3"``), ``tie_breaks`` a list of names.
    """
    chief_only(user, tournament)
    unknown = sorted(set(changes) - set(EDITABLE))
    if unknown:
        raise REFUSALS.error("setting.unknown", name=", ".join(unknown))
    settings = _locked_settings(tournament)
    before = {name: getattr(settings, name) for name in EDITABLE}
    for name, value in changes.items():
        setattr(settings, name, value)
    if not isinstance(settings.params, dict):
        raise REFUSALS.error("setting.params_object", "params")
    if not isinstance(settings.tie_breaks, list | tuple):
        raise REFUSALS.error("setting.tie_breaks_list", "tie_breaks")
    settings.tie_breaks = list(settings.tie_breaks)
    rules = rules_of(settings)
    _check_publishing(tournament, before["published_through"], settings.published_through)
    settings.four_table_factor = str(rules.four_table_factor)  # "4/3", never a float
    changed = {
        name: [before[name], getattr(settings, name)]
        for name in EDITABLE
        if before[name] != getattr(settings, name)
    }
    settings.save()
    if changed:
        log_action(tournament, user, "standings.settings_changed", str(tournament), data=changed)
    return settings


@transaction.atomic
def draw_lot(
    tournament: Tournament,
    user: Any,
    *,
    seed: int | None = None,
    witness: str = "",
    reason: str = "",
) -> StandingsSettings:
    """Draw every registered player's lot number, 1..N, with a recorded seed (TOURNAMENTS §5).

    The lot is the last tie-break: lower numbers rank first. Drawing again needs a reason.
    """
    chief_only(user, tournament)
    settings = _locked_settings(tournament)
    if settings.lots and not reason.strip():
        raise REFUSALS.error("lot.reason_redraw", "reason")
    ids = list(
        Registration.objects.filter(tournament=tournament)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    if not ids:
        raise REFUSALS.error("lot.no_players")
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    numbers = list(range(1, len(ids) + 1))
    random.Random(seed).shuffle(numbers)
    lots = {str(registration): number for registration, number in zip(ids, numbers, strict=True)}
    _store_lot(settings, user, lots, seed, witness)
    log_action(
        tournament,
        user,
        "standings.lot_drawn",
        str(tournament),
        reason=reason,
        data={"seed": seed, "witness": witness, "lots": lots},
    )
    return settings


@transaction.atomic
def record_lot(
    tournament: Tournament,
    user: Any,
    lots: Mapping[int, int],
    *,
    witness: str = "",
    reason: str = "",
) -> StandingsSettings:
    """Record a lot drawn at the venue: registration id → lot number (distinct, from 1).

    Players left out have no lot; a tie among players who do not all have one stays a tie.
    """
    chief_only(user, tournament)
    settings = _locked_settings(tournament)
    if settings.lots and not reason.strip():
        raise REFUSALS.error("lot.reason_change", "reason")
    known = set(Registration.objects.filter(tournament=tournament).values_list("pk", flat=True))
    clean: dict[str, int] = {}
    for registration, number in lots.items():
        if registration not in known:
            raise REFUSALS.error("lot.player_unknown", id=registration)
        if isinstance(number, bool) or not isinstance(number, int) or number < 1:
            raise REFUSALS.error("lot.number_whole", "lots")
        clean[str(registration)] = number
    if len(set(clean.values())) != len(clean):
        raise REFUSALS.error("lot.number_twice", "lots")
    _store_lot(settings, user, clean, None, witness)
    log_action(
        tournament,
        user,
        "standings.lot_recorded",
        str(tournament),
        reason=reason,
        data={"witness": witness, "lots": clean},
    )
    return settings


def _store_lot(
    settings: StandingsSettings, user: Any, lots: dict[str, int], seed: int | None, witness: str
) -> None:
    settings.lots = lots
    settings.lot_seed = seed
    settings.lot_witness = witness.strip()
    settings.lot_drawn_by = user
    settings.lot_drawn_at = timezone.now()
    settings.save()
