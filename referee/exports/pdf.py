"""PDF from a template with WeasyPrint: A4, DejaVu fonts embedded (Cyrillic)."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.template.loader import render_to_string


def render_pdf(template: str, context: dict[str, Any]) -> bytes:
    import weasyprint  # imported here: loading Pango is slow and only PDFs need it

    html = render_to_string(template, context)
    base = str(settings.BASE_DIR / "static")
    return weasyprint.HTML(string=html, base_url=base).write_pdf()
