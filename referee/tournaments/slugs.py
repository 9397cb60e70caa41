"""A tournament's short name (slug) from its name: Russian letters transliterated (the
passport table, ГОСТ Р 52535.1), everything else to hyphens; the wizard's page does the
same as you type (``TRANSLIT`` is sent to it)."""

from __future__ import annotations

import re

from django.utils.text import slugify

TRANSLIT = {
    "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "e", "ж": "zh",
    "з": "z", "и": "i", "й": "i", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o",
    "п": "p", "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts",
    "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "ie", "ы": "y", "ь": "", "э": "e", "ю": "iu",
    "я": "ia",
}  # fmt: skip

#: Paths under /t/ that are pages, not tournaments.
RESERVED = frozenset({"new"})
MAX_LENGTH = 50


def transliterate(text: str) -> str:
    return "".join(TRANSLIT.get(ch, ch) for ch in text.lower())


def slug_from(name: str, kind: str = "tournament") -> str:
    """``Кубок ФСПР 2026`` → ``kubok-fspr-2026``; never empty, never a reserved word (then
    ``kind`` goes first: ``tournament-new``). A cup's address is made the same way."""
    slug = slugify(transliterate(name))[:MAX_LENGTH].strip("-")
    slug = re.sub(r"-{2,}", "-", slug)
    if not slug or slug in RESERVED:
        slug = f"{kind}-{slug}".strip("-")
    return slug
