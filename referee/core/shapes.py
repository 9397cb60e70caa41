"""What the core reads of the apps' objects, as types: the core sits below the apps
(README, Architecture) and imports none of them, not even for its annotations; it is given a
tournament, a round, a table, a series or a rating list and reads these fields and
relations. The apps' models have them (mypy checks every call)."""

from __future__ import annotations

from typing import Any, Protocol


class TournamentShape(Protocol):
    @property
    def pk(self) -> Any: ...
    @property
    def published(self) -> bool: ...
    @property
    def chief_referee_id(self) -> Any: ...
    @property
    def referees_assigned_only(self) -> bool: ...
    @property
    def deal_cap(self) -> int | None: ...


class RoundShape(Protocol):
    @property
    def pk(self) -> Any: ...
    @property
    def number(self) -> int: ...
    @property
    def method(self) -> str: ...
    @property
    def tournament(self) -> TournamentShape: ...


class TableShape(Protocol):
    @property
    def pk(self) -> Any: ...
    @property
    def round(self) -> RoundShape: ...
    @property
    def referees(self) -> Any: ...  # the table's assigned referees (a related manager)


class ManagedShape(Protocol):
    """A series or a rating list: published or not, and who manages it."""

    @property
    def published(self) -> bool: ...
    @property
    def managers(self) -> Any: ...
