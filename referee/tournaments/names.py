"""How a person's name is compared: in any case, with ё and е alike (readers type "Семен" for
"Семён"), and with its spaces folded. Plain Python: the model keeps a name in this form
(``Player.folded_name``) so that the database can search and sort the registry by it, where
SQLite's LIKE and ``lower()`` fold ASCII letters only."""

from __future__ import annotations


def folded(text: str) -> str:
    """Case-insensitive, ё = е, one space between words.

    >>> folded("  Иванов   СЕМЁН ")
    'иванов семен'
    """
    return " ".join(text.casefold().replace("ё", "е").split())
