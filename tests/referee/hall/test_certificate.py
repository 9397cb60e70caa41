"""The venue's certificate authority for the tablets: served with a page that shows how to
install it, its QR code and its fingerprint; nothing without the setting."""

from __future__ import annotations

import hashlib
import ssl
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture(scope="module")
def authority(tmp_path_factory):
    folder = tmp_path_factory.mktemp("venue-ca")
    subprocess.run(
        [sys.executable, str(ROOT / "deploy" / "venue_ca.py"), "--host", "venue.test",
         "--ip", "127.0.0.2", "--dir", str(folder)],
        check=True, capture_output=True,
    )  # fmt: skip
    return folder


def test_without_the_setting_there_is_no_certificate(settings):
    settings.VENUE_CA_CERT = ""
    assert Client().get("/venue-ca.crt").status_code == 404
    assert Client().get("/venue/certificate/").status_code == 404


def test_the_authority_is_served_with_its_page(settings, authority):
    settings.VENUE_CA_CERT = str(authority / "ca.crt")
    settings.VENUE_HTTPS_URL = "https://venue.test:8443/"
    pem = (authority / "ca.crt").read_text()
    served = Client().get("/venue-ca.crt")
    assert served.status_code == 200
    assert served["Content-Type"] == "application/x-x509-ca-cert"
    assert b"".join(served.streaming_content).decode() == pem
    page = Client().get("/venue/certificate/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    digest = hashlib.sha256(ssl.PEM_cert_to_DER_cert(pem)).hexdigest().upper()
    assert ":".join(digest[i : i + 2] for i in range(0, 64, 2)) in page
    assert "Сертификат площадки" in page and "data:image/svg+xml" in page
    assert 'href="http://testserver/venue-ca.crt"' in page
    assert "https://venue.test:8443/" in page


def test_the_server_certificate_is_signed_by_the_authority_for_the_venues_names(authority):
    check = subprocess.run(
        ["openssl", "verify", "-CAfile", str(authority / "ca.crt"), str(authority / "server.crt")],
        capture_output=True, text=True,
    )  # fmt: skip
    assert check.returncode == 0, check.stderr
    text = subprocess.run(
        ["openssl", "x509", "-in", str(authority / "server.crt"), "-noout", "-ext",
         "subjectAltName,extendedKeyUsage"],
        capture_output=True, text=True, check=True,
    ).stdout  # fmt: skip
    assert "DNS:venue.test" in text and "IP Address:127.0.0.2" in text
    assert "TLS Web Server Authentication" in text
