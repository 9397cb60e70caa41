"""Where an app above the tournaments (``referee.admission``) takes part in an entry without
being imported here (the layers import only downward). It registers its hooks in its
``AppConfig.ready``:

- ``entry_gate``: asked before anybody enters (an application, a registration, a substitute,
  a row of an imported list) with the tournament (locked) and the ``Candidate``; it raises a
  coded refusal naming the rule he breaks, or returns;
- ``on_entered``: told of a new registration and what the entrant declared (his category,
  his division), inside the registering transaction;
- ``entry_choices``: the values an entrant chooses from (``{"category": [...], ...}``), for
  the public form and the organiser's;
- ``check_in_marks``: a short word per registration for the check-in page (paid, unpaid);
- ``entry_terms``: the lines the public form shows above itself (who may enter, the fees).

Without hooks, everybody may enter and nothing is declared."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from referee.core.hooks import add_once

from .models import Player, Registration, Tournament


@dataclass(frozen=True)
class Candidate:
    """Somebody about to enter: a registry player (when known) or his details, and what he
    declared; ``declared`` says the form asked him for them (a missing one is refused)."""

    name: str
    city: str = ""
    federation_id: str = ""
    player: Player | None = None
    choices: Mapping[str, str] = field(default_factory=dict)
    declared: bool = False


@dataclass(frozen=True)
class Mark:
    """A word on the check-in page: its text, and ``ok`` (else it is shown as a warning)."""

    text: str
    ok: bool


Gate = Callable[[Tournament, Candidate], None]
Entered = Callable[[Registration, Mapping[str, str]], None]
Choices = Callable[[Tournament], Mapping[str, Sequence[str]]]
Marks = Callable[[Tournament, Sequence[Registration]], Mapping[int, Mark]]
Terms = Callable[[Tournament], Sequence[str]]

_GATES: list[Gate] = []
_ENTERED: list[Entered] = []
_CHOICES: list[Choices] = []
_MARKS: list[Marks] = []
_TERMS: list[Terms] = []


def entry_gate(hook: Gate) -> Gate:
    return add_once(_GATES, hook)


def on_entered(hook: Entered) -> Entered:
    return add_once(_ENTERED, hook)


def entry_choices(hook: Choices) -> Choices:
    return add_once(_CHOICES, hook)


def check_in_marks(hook: Marks) -> Marks:
    return add_once(_MARKS, hook)


def entry_terms(hook: Terms) -> Terms:
    return add_once(_TERMS, hook)


def terms(tournament: Tournament) -> list[str]:
    return [line for hook in _TERMS for line in hook(tournament)]


def admit(tournament: Tournament, candidate: Candidate) -> None:
    """Raise the refusal of the first hook that refuses ``candidate``."""
    for gate in _GATES:
        gate(tournament, candidate)


def entered(registration: Registration, choices: Mapping[str, str]) -> None:
    for hook in _ENTERED:
        hook(registration, choices)


def choices(tournament: Tournament) -> dict[str, list[str]]:
    """What an entrant of ``tournament`` chooses from, by field (none: nothing to choose)."""
    found: dict[str, list[str]] = {}
    for hook in _CHOICES:
        for key, values in hook(tournament).items():
            if values:
                found[key] = list(values)
    return found


def marks(tournament: Tournament, entries: Sequence[Registration]) -> dict[int, list[Mark]]:
    found: dict[int, list[Mark]] = {}
    for hook in _MARKS:
        for pk, mark in hook(tournament, entries).items():
            found.setdefault(pk, []).append(mark)
    return found
