"""The venue's certificate authority for the tablets (README, "HTTPS at a venue").

A hall's laptop serves HTTPS with a certificate of its own authority (``deploy/venue_ca.py``);
a tablet trusts that authority once, and the offline table page then opens offline at the
laptop's address too. ``VENUE_CA_CERT`` (settings, from the environment) names the
authority's ``ca.crt``: ``/venue-ca.crt`` serves it (over plain HTTP as well: the tablet
fetches it before it trusts anything) and ``/venue/certificate/`` shows how to install it,
with a QR code and the fingerprint to compare. Without the setting both are 404.
"""

from __future__ import annotations

import hashlib
import ssl
from pathlib import Path

from django.conf import settings
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from referee.exports.hall import qr_data_uri

FILE_NAME = "venue-ca.crt"


def _authority() -> Path:
    name = str(getattr(settings, "VENUE_CA_CERT", "") or "")
    path = Path(name)
    if not name or not path.is_file():
        raise Http404
    return path


def fingerprint(pem: str) -> str:
    """The certificate's SHA-256 fingerprint as phones and browsers show it (AB:CD:…)."""
    digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(pem)).hexdigest().upper()
    return ":".join(digest[i : i + 2] for i in range(0, len(digest), 2))


def certificate_file(request: HttpRequest) -> FileResponse:
    response = FileResponse(
        _authority().open("rb"), content_type="application/x-x509-ca-cert", filename=FILE_NAME
    )
    response["Cache-Control"] = "public, max-age=300"
    return response


def certificate_page(request: HttpRequest) -> HttpResponse:
    path = _authority()
    address = request.build_absolute_uri(f"/{FILE_NAME}")
    context = {
        "address": address,
        "qr": qr_data_uri(address),
        "fingerprint": fingerprint(path.read_text()),
        "https_address": str(getattr(settings, "VENUE_HTTPS_URL", "") or ""),
    }
    return render(request, "hall/certificate.html", context)
