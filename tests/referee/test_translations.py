"""The Russian catalogue is complete and compiled: the UI speaks the players' language."""

import struct
from pathlib import Path

from django.utils import translation

LOCALE = Path(__file__).resolve().parents[2] / "locale" / "ru" / "LC_MESSAGES"


def entries(text: str) -> list[str]:
    return [block for block in text.split("\n\n") if "msgid " in block]


def test_every_message_has_a_russian_translation_and_none_is_fuzzy():
    blocks = entries((LOCALE / "django.po").read_text(encoding="utf-8"))[1:]  # after the header
    untranslated = [b for b in blocks if b.rstrip().endswith('msgstr ""')]
    fuzzy = [b for b in blocks if "#, fuzzy" in b]
    assert untranslated == [] and fuzzy == []


def test_the_compiled_catalogue_has_every_message():
    data = (LOCALE / "django.mo").read_bytes()
    count = struct.unpack("<I", data[8:12])[0]
    blocks = entries((LOCALE / "django.po").read_text(encoding="utf-8"))
    assert count == len([b for b in blocks if not b.startswith("#~")])


def test_the_players_words_are_used():
    with translation.override("ru"):
        assert translation.gettext("Standings") != "Standings"
        assert translation.gettext("and") == "и"
