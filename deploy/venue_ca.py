"""A venue's own certificate authority and the server certificate it signs, so that the site
is served over HTTPS at the venue's address (the offline table page needs a secure context:
service workers run only there) without a public domain.

    python deploy/venue_ca.py --host venue.test [--ip 192.168.1.10 ...] [--dir .venue-ca]

It keeps the authority (``ca.key``, ``ca.crt``, ten years) once made, and writes a new
``server.key`` / ``server.crt`` for the names and addresses given (two years: phones refuse
longer). The tablets trust ``ca.crt`` once (the site's page ``/venue/certificate/`` shows it
with a QR code); ``deploy/proxy.py --tls-dir`` serves HTTPS with the server certificate.
Only Debian's ``openssl`` is needed. ``ca.key`` signs for any name: keep it off the tablets.
"""

from __future__ import annotations

import argparse
import ipaddress
import subprocess
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True)


def make_authority(folder: Path, name: str) -> None:
    key, cert = folder / "ca.key", folder / "ca.crt"
    if key.exists() and cert.exists():
        return
    openssl("genrsa", "-out", str(key), "3072")
    key.chmod(0o600)
    openssl(
        "req", "-x509", "-new", "-key", str(key), "-sha256", "-days", "3650", "-out", str(cert),
        "-subj", f"/O={name}/CN={name} certificate authority",
        "-addext", "basicConstraints=critical,CA:TRUE,pathlen:0",
        "-addext", "keyUsage=critical,keyCertSign,cRLSign",
    )  # fmt: skip


def make_server(folder: Path, hosts: list[str], addresses: list[str]) -> None:
    names = [f"DNS:{h}" for h in hosts] + [f"IP:{ipaddress.ip_address(a)}" for a in addresses]
    key, request, cert = folder / "server.key", folder / "server.csr", folder / "server.crt"
    openssl("genrsa", "-out", str(key), "2048")
    key.chmod(0o600)
    openssl("req", "-new", "-key", str(key), "-out", str(request), "-subj", f"/CN={hosts[0]}")
    with tempfile.NamedTemporaryFile("w", suffix=".ext") as extensions:
        extensions.write(
            "basicConstraints=CA:FALSE\n"
            "keyUsage=critical,digitalSignature,keyEncipherment\n"
            "extendedKeyUsage=serverAuth\n"
            f"subjectAltName={','.join(names)}\n"
        )
        extensions.flush()
        openssl(
            "x509", "-req", "-in", str(request), "-CA", str(folder / "ca.crt"),
            "-CAkey", str(folder / "ca.key"), "-CAcreateserial", "-days", "730", "-sha256",
            "-extfile", extensions.name, "-out", str(cert),
        )  # fmt: skip
    request.unlink()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", action="append", required=True, help="e.g. venue.test")
    parser.add_argument("--ip", action="append", default=[], help="the laptop's address")
    parser.add_argument("--dir", type=Path, default=ROOT / ".venue-ca")
    parser.add_argument("--name", default="Preferans venue")
    args = parser.parse_args()
    args.dir.mkdir(parents=True, exist_ok=True)
    make_authority(args.dir, args.name)
    make_server(args.dir, args.host, args.ip)
    print(f"{args.dir}/ca.crt: the authority the tablets trust once")
    print(f"{args.dir}/server.crt: for {', '.join(args.host + args.ip)}")


if __name__ == "__main__":
    main()
