"""The one declaration of a tournament's settings: for each, who sets it (the wizard and the
API's create, the settings page and the API's PATCH, "copy settings from an earlier
tournament") and when it is frozen (README "Which settings change when"). The settings
page's form, the wizard, the API's serializers, the admin and the freeze rules
(``services.setup.frozen_fields``) all read the lists below; a new setting is one line here.

The format (stages, teams: ``FORMAT_FIELDS``) and the standings settings have their own
pages and services."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class Frozen(Enum):
    NEVER = "never"
    ONCE_STARTED = "started"  # the rules of play: every kept table result depends on them
    IN_PLAY = "in_play"  # what a round's tables go by, changed between rounds
    WHILE_SEATED = "seated"  # the seated round's tables were made by it


@dataclass(frozen=True)
class Setting:
    name: str
    created: bool = True  # set at creation (the wizard, the API's POST)
    changed: bool = True  # changed on the settings page and by the API's PATCH
    copied: bool = True  # taken over from an earlier tournament
    frozen: tuple[Frozen, ...] = ()
    round_length: bool = False  # one of the three that end a pulka (TOURNAMENTS §7)


SETTINGS = (
    Setting("name", copied=False),
    Setting("slug", changed=False, copied=False),
    Setting("starts_on", copied=False),
    Setting("ends_on", copied=False),
    Setting("venue"),
    Setting("chief_referee", created=False, copied=False),
    # the convention and its options: their own service (``set_convention``)
    Setting("convention", changed=False, frozen=(Frozen.ONCE_STARTED,)),
    Setting("options", changed=False, frozen=(Frozen.ONCE_STARTED,)),
    Setting("pool_size", frozen=(Frozen.ONCE_STARTED,), round_length=True),
    Setting("deal_cap", frozen=(Frozen.IN_PLAY,), round_length=True),
    Setting("time_limit_minutes", frozen=(Frozen.IN_PLAY,), round_length=True),
    Setting("table_size", frozen=(Frozen.IN_PLAY, Frozen.WHILE_SEATED)),
    Setting("second_confirmation", frozen=(Frozen.IN_PLAY,)),
    Setting("referees_assigned_only"),
    Setting("players_confirm", frozen=(Frozen.IN_PLAY,)),
    Setting("published", created=False, copied=False),
)


def _names(**flags: bool) -> tuple[str, ...]:
    return tuple(s.name for s in SETTINGS if all(getattr(s, k) == v for k, v in flags.items()))


def frozen(when: Frozen) -> tuple[str, ...]:
    return tuple(s.name for s in SETTINGS if when in s.frozen)


#: what the wizard and the API's create set; the rest keep their defaults
CREATE_FIELDS = _names(created=True)
#: what the settings page (and the API's PATCH, the admin) may change
SETTINGS_FIELDS = _names(changed=True)
#: what "copy settings from an earlier tournament" takes over
COPIED_FIELDS = _names(copied=True)
#: the three that end a pulka: the pool, the deal cap, the time limit
ROUND_LENGTH = _names(round_length=True)
#: refused once the tournament has started (``setting.frozen``)
FROZEN_ONCE_STARTED = frozen(Frozen.ONCE_STARTED)
#: refused while a round is in play (``setting.round_in_play``); they change between rounds
FROZEN_IN_PLAY = frozen(Frozen.IN_PLAY)
#: refused while a round is seated and not yet finished (``setting.round_seated``)
FROZEN_WHILE_SEATED = frozen(Frozen.WHILE_SEATED)
