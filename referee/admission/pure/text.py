"""The organiser's lists as he types them, read without Django: the fees («Юниоры: 1000»,
one category a line) and the invitation list («Иванов Иван, Москва, 12345», one a line)."""

from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

from .rules import Invitee, folded, shown

MAX_AMOUNT = Decimal("10000000")


class LineError(ValueError):
    """A line that cannot be read: a code of ``admission.refusals.REFUSALS`` and its values."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.params: dict[str, Any] = dict(params)


def amount(text: str) -> Decimal | None:
    """A sum of money from 0 under ``MAX_AMOUNT`` with at most 2 decimals (1500, 1 500,50);
    None when it is not one."""
    cleaned = "".join(text.split()).replace(",", ".")
    try:
        value = Decimal(cleaned)
    except InvalidOperation:
        return None
    if not value.is_finite() or value < 0 or value >= MAX_AMOUNT:
        return None
    if value != value.quantize(Decimal("0.01")):
        return None
    return value.quantize(Decimal("0.01"))


def read_fees(text: str) -> list[tuple[str, Decimal]]:
    """«Взрослые: 2000» a line (":", "—" or "=" between): the categories in their order."""
    found: list[tuple[str, Decimal]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        for mark in (":", "—", "="):
            name, sep, fee = line.rpartition(mark)
            if sep:
                break
        value = amount(fee) if sep else None
        name = " ".join(name.split())
        if not name or value is None or len(name) > 100:
            raise LineError("fees_line", line=number)
        if any(folded(name) == folded(other) for other, _fee in found):
            raise LineError("fees_twice", name=name)
        found.append((name, value))
    return found


def fees_text(fees: list[tuple[str, Decimal]]) -> str:
    return "\n".join(f"{name}: {shown(fee)}" for name, fee in fees)


def read_invitations(text: str) -> list[Invitee]:
    """«name[, city[, federation id]]» a line."""
    found = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        parts = [" ".join(p.split()) for p in line.split(",")]
        if len(parts) > 3 or not parts[0] or any(len(p) > 200 for p in parts):
            raise LineError("invitation_line", line=number)
        parts += [""] * (3 - len(parts))
        found.append(Invitee(parts[0], parts[1], parts[2]))
    return found


def invitations_text(invitees: list[Invitee]) -> str:
    lines = []
    for person in invitees:
        parts = [person.name, person.city, person.federation_id]
        while parts and not parts[-1]:
            parts.pop()
        lines.append(", ".join(parts))
    return "\n".join(lines)
