"""The reader's language as the engine names it: its explanations come in Russian or English."""

from django.utils.translation import get_language


def engine_language() -> str:
    """``en`` for an English reader, else ``ru`` (the site's default language)."""
    return "en" if (get_language() or "ru").startswith("en") else "ru"
