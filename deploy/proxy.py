"""Run the venue's caching proxy (Debian's nginx) in front of one or more app servers, as an
ordinary user: ``deploy/nginx.conf`` filled in, in a directory of its own.

    python deploy/proxy.py [--listen 127.0.0.1:8000] [--upstream 127.0.0.1:8001 ...]
                           [--static staticfiles] [--dir .proxy] [--check]
                           [--tls-listen 0.0.0.0:8443 --tls-dir .venue-ca]

``--check`` only tests the configuration (``nginx -t``). ``make run-proxy`` starts gunicorn
behind it; ``bench/hall.py --proxy`` measures through it.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "deploy" / "nginx.conf"
LOCATIONS = ROOT / "deploy" / "nginx-locations.conf"
TLS_SERVER = """server {
        listen %(listen)s ssl http2;
        server_name _;
        client_max_body_size 2m;
        ssl_certificate %(tls)s/server.crt;
        ssl_certificate_key %(tls)s/server.key;
        ssl_protocols TLSv1.2 TLSv1.3;
        ssl_session_cache shared:tls:10m;

        include %(dir)s/locations.conf;
    }"""
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"


def write_config(
    folder: Path,
    listen: str,
    upstreams: list[str],
    static: Path,
    session_cookie: str,
    tls: tuple[str, Path] | None = None,
) -> Path:
    """The filled-in configuration in ``folder`` (with the directories nginx writes to);
    ``tls``: the HTTPS address and the folder of ``deploy/venue_ca.py``'s certificates."""
    for name in ("cache", "body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (folder / name).mkdir(parents=True, exist_ok=True)
    here = str(folder.resolve())
    server = ""
    if tls is not None:
        server = TLS_SERVER % {"listen": tls[0], "tls": tls[1].resolve(), "dir": here}
    locations = LOCATIONS.read_text().replace("@STATIC@", str(static.resolve()))
    (folder / "locations.conf").write_text(locations)
    text = TEMPLATE.read_text()
    values = {
        "@TLS_SERVER@": server,
        "@DIR@": here,
        "@LISTEN@": listen,
        "@STATIC@": str(static.resolve()),
        "@SESSION_COOKIE@": session_cookie,
        # started as root (a container, CI), nginx would run its workers as nobody, who may
        # not write in this directory
        "@USER@": "user root;" if os.geteuid() == 0 else "",
        "@UPSTREAMS@": "\n        ".join(f"server {u} max_fails=0;" for u in upstreams),
    }
    for name, value in values.items():
        text = text.replace(name, value)
    config = folder / "nginx.conf"
    config.write_text(text)
    return config


def command(config: Path, folder: Path, *extra: str) -> list[str]:
    # -e: the error log before the configuration is read (not /var/log/nginx as a user)
    return [
        NGINX,
        "-p",
        str(folder.resolve()),
        "-e",
        str(folder / "error.log"),
        "-c",
        str(config),
        *extra,
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--listen", default="127.0.0.1:8000")
    parser.add_argument("--upstream", action="append", default=[])
    parser.add_argument("--static", type=Path, default=ROOT / "staticfiles")
    parser.add_argument("--dir", type=Path, default=ROOT / ".proxy")
    parser.add_argument("--session-cookie", default="sessionid")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--tls-listen", help="HTTPS as well, e.g. 0.0.0.0:8443")
    parser.add_argument("--tls-dir", type=Path, help="deploy/venue_ca.py's folder")
    args = parser.parse_args()
    if bool(args.tls_listen) != bool(args.tls_dir):
        raise SystemExit("--tls-listen and --tls-dir go together")
    if not Path(NGINX).exists():
        raise SystemExit("nginx is not installed: make proxy-deps (Debian's nginx-light)")
    upstreams = args.upstream or ["127.0.0.1:8001"]
    tls = (args.tls_listen, args.tls_dir) if args.tls_listen else None
    config = write_config(args.dir, args.listen, upstreams, args.static, args.session_cookie, tls)
    if args.check:
        sys.exit(subprocess.run(command(config, args.dir, "-t")).returncode)
    https = f" and https://{args.tls_listen}/" if args.tls_listen else ""
    print(f"proxy on http://{args.listen}/{https} for {', '.join(upstreams)}", flush=True)
    os.execv(NGINX, command(config, args.dir, "-g", "daemon off;"))


if __name__ == "__main__":
    main()
