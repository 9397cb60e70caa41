"""HTTPS at a venue, as a tablet meets it: the laptop's nginx serves the site over HTTPS at a
host name that is not ``localhost`` (``venue.test``, mapped by the browser to 127.0.0.2, so
no traffic leaves the machine) with a certificate of the venue's own authority. Over plain
HTTP at that address the page is no secure context and has no offline copy; over HTTPS, once
the authority is trusted, the table page reloads offline from the service worker."""

from __future__ import annotations

import base64
import hashlib
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.referee.factories import referee_of, table_with_players

from .conftest import ARGS, CHROMIUM

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[2]
VENUE = "127.0.0.2"


def free_port(host: str) -> int:
    with socket.socket() as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def spki_hash(certificate: Path) -> str:
    """The base64 SHA-256 of the certificate's public key, as Chromium's
    ``--ignore-certificate-errors-spki-list`` takes it: the browser then trusts this
    certificate as a tablet trusts the venue's authority once installed."""
    key = subprocess.run(
        ["openssl", "x509", "-in", str(certificate), "-pubkey", "-noout"],
        capture_output=True, check=True,
    ).stdout  # fmt: skip
    der = subprocess.run(
        ["openssl", "pkey", "-pubin", "-outform", "der"], input=key, capture_output=True, check=True
    ).stdout
    return base64.b64encode(hashlib.sha256(der).digest()).decode()


@pytest.fixture
def venue(tmp_path, live_server, settings):
    """nginx on 127.0.0.2 (HTTP and HTTPS) in front of the live server."""
    if shutil.which("nginx") is None and not Path("/usr/sbin/nginx").exists():
        pytest.skip("no nginx: make proxy-deps")
    settings.ALLOWED_HOSTS = ["*"]
    settings.PROXY_ADDRESSES = ["127.0.0.1"]
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    authority = tmp_path / "ca"
    subprocess.run(
        [sys.executable, str(ROOT / "deploy" / "venue_ca.py"), "--host", "venue.test",
         "--dir", str(authority)],
        check=True, capture_output=True,
    )  # fmt: skip
    settings.VENUE_CA_CERT = str(authority / "ca.crt")
    # nginx serves the static files from disk, as at a venue: collected first
    from django.core.management import call_command

    settings.STATIC_ROOT = str(tmp_path / "static")
    call_command("collectstatic", interactive=False, verbosity=0)
    http, https = free_port(VENUE), free_port(VENUE)
    upstream = live_server.url.removeprefix("http://")
    proxy = subprocess.Popen(
        [sys.executable, str(ROOT / "deploy" / "proxy.py"), f"--listen={VENUE}:{http}",
         f"--upstream={upstream}", f"--tls-listen={VENUE}:{https}", f"--tls-dir={authority}",
         f"--dir={tmp_path / 'proxy'}", f"--static={tmp_path / 'static'}"],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    for _ in range(100):
        try:
            socket.create_connection((VENUE, https), timeout=1).close()
            break
        except OSError:
            time.sleep(0.1)
    yield http, https, authority
    proxy.terminate()
    proxy.wait(timeout=20)


def test_the_table_page_opens_offline_over_the_venues_https(venue, playwright, shots):
    http, https, authority = venue
    table = table_with_players(3)
    referee = referee_of(table.round.tournament, name="venue-tablet")
    referee.set_password("venue-pass")
    referee.save()
    path = f"/t/{table.round.tournament.slug}/r/{table.round.number}/t/{table.number}/"
    args = [
        *ARGS,
        f"--host-resolver-rules=MAP venue.test {VENUE}",
        f"--ignore-certificate-errors-spki-list={spki_hash(authority / 'server.crt')}",
    ]
    browser = playwright.chromium.launch(executable_path=CHROMIUM, args=args)
    try:
        context = browser.new_context(locale="ru-RU", viewport={"width": 1024, "height": 768})
        page = context.new_page()

        # plain HTTP at the venue's address: no secure context, no service worker
        page.goto(f"http://venue.test:{http}/venue/certificate/")
        assert page.evaluate("window.isSecureContext") is False
        assert page.evaluate("'serviceWorker' in navigator") is False
        assert "Сертификат площадки" in page.text_content("h1")
        page.screenshot(path=str(shots / "venue-certificate.png"), full_page=True)
        served = page.evaluate("fetch('/venue-ca.crt').then(answer => answer.text())")
        assert served == (authority / "ca.crt").read_text()

        # HTTPS: signed in, the page takes its offline copy, and reloads without a network
        base = f"https://venue.test:{https}"
        page.goto(f"{base}/accounts/login/?next={path}")
        assert page.evaluate("window.isSecureContext") is True
        page.fill('input[name="username"]', "venue-tablet")
        page.fill('input[name="password"]', "venue-pass")
        page.locator('main button[type="submit"], main input[type="submit"]').first.click()
        page.wait_for_url(f"{base}{path}")
        page.wait_for_selector('#offline[data-ready="yes"][data-offline-page="yes"]')
        context.set_offline(True)
        page.reload()
        page.wait_for_selector('#offline[data-ready="yes"]')
        assert page.locator("#deal-form").count() == 1
        assert "Нет связи" in page.text_content("#sync-status")
        page.screenshot(path=str(shots / "venue-https-offline.png"), full_page=True)
    finally:
        browser.close()
