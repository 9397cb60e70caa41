"""The parts of the settings that make the site a venue's server (README, "Running a venue"):
the generated secret key, SQLite for concurrent writers, the shared cache, logging, HTTPS
and login throttling. Plain functions of the environment, called from ``settings.py``.
"""

from __future__ import annotations

import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from dj_database_url import DBConfig


def secret_key_file(path: Path) -> str:
    """The key kept in ``path`` (git-ignored), generated on first use. Several server
    workers may start at once: the file appears whole or not at all (a hard link of a
    finished temporary file), and whoever loses the race reads the winner's key."""
    try:
        key = path.read_text().strip()
        if key:
            return key
    except FileNotFoundError:
        pass
    temporary = path.with_name(f"{path.name}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(secrets.token_urlsafe(60) + "\n")
    try:
        os.link(temporary, path)
    except FileExistsError:
        pass
    finally:
        temporary.unlink()
    return path.read_text().strip()


def sqlite_options(database: DBConfig, base_dir: Path) -> None:
    """SQLite holds concurrent writers: WAL lets readers go on while one writes, every
    transaction takes the write lock at BEGIN (``IMMEDIATE``) so two writers never both
    read and then fail to upgrade, and a writer waits up to ``SQLITE_BUSY_TIMEOUT`` seconds
    (20) for the lock instead of failing with "database is locked" (then a 503, see
    ``hall.dbfaults``; ``bench/chaos.py`` shortens the wait to provoke it). The test database
    is a file (not shared-cache memory) so that tests with real parallel connections see the
    same locking."""
    if not database["ENGINE"].endswith("sqlite3"):
        return
    busy = float(os.environ.get("SQLITE_BUSY_TIMEOUT") or 20)
    options = database.setdefault("OPTIONS", {})
    options.setdefault("transaction_mode", "IMMEDIATE")
    options.setdefault("timeout", busy)
    options.setdefault(
        "init_command",
        "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL; "
        f"PRAGMA busy_timeout={round(busy * 1000)}",
    )
    database.setdefault("TEST", {}).setdefault("NAME", str(base_dir / ".test-db.sqlite3"))


def caches_from_environment(base_dir: Path) -> dict[str, Any]:
    """One cache shared by every server worker: Redis at ``REDIS_URL``, else files beside
    the project (the embedded default needs no server). The page cache's counters and render
    lock, the throttles and the rendered pages live there, so app servers on more than one
    port or host (``APP_SERVERS`` above 1) must share a Redis: without one they would serve
    each other's stale pages, and the site refuses to start. While Redis does not answer the
    site goes on without a cache (``hall.softcache``)."""
    url = os.environ.get("REDIS_URL")
    servers = os.environ.get("APP_SERVERS", "1")
    if not url and (not servers.isdecimal() or int(servers) > 1):
        from django.core.exceptions import ImproperlyConfigured

        raise ImproperlyConfigured(
            f"APP_SERVERS={servers}: several app servers need one shared cache; set REDIS_URL "
            "(e.g. redis://127.0.0.1:6379/0) for every one of them."
        )
    if url:
        return {
            "default": {
                # answers as an empty cache while Redis does not (hall.softcache)
                "BACKEND": "referee.hall.softcache.FailSoftRedisCache",
                "LOCATION": url,
                "KEY_PREFIX": os.environ.get("CACHE_PREFIX", "preferans"),
                # a Redis that hangs (a host gone, a network cut) costs one request 2 s at most,
                # then the outage begins and no request waits for it
                "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2},
            }
        }
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
            "LOCATION": os.environ.get("CACHE_DIR", str(base_dir / ".cache")),
            "OPTIONS": {"MAX_ENTRIES": 5000},
        }
    }


def logging_settings() -> dict[str, Any]:
    """Everything to standard error; a server error logs its traceback (``django.request``
    logs it with the exception), also with DEBUG off."""
    level = os.environ.get("LOG_LEVEL", "INFO")
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {
            "plain": {"format": "%(asctime)s %(levelname)s %(name)s [%(process)d] %(message)s"}
        },
        "handlers": {"stderr": {"class": "logging.StreamHandler", "formatter": "plain"}},
        "root": {"handlers": ["stderr"], "level": "WARNING"},
        "loggers": {
            "django": {"handlers": ["stderr"], "level": level, "propagate": False},
            "django.server": {"handlers": ["stderr"], "level": level, "propagate": False},
            "referee": {"handlers": ["stderr"], "level": level, "propagate": False},
            "axes": {"handlers": ["stderr"], "level": "WARNING", "propagate": False},
        },
    }


def _flag(name: str, default: str = "0") -> bool:
    return os.environ.get(name, default) == "1"


def https_settings() -> dict[str, Any]:
    """HTTPS options from the environment: ``HTTPS=1`` (the site is served over HTTPS,
    directly or by a proxy that sets X-Forwarded-Proto) turns on the redirect, secure
    cookies and HSTS (``HSTS_SECONDS``, default a year); ``manage.py check --deploy`` is
    then clean. A hall served over plain HTTP on its own Wi-Fi leaves ``HTTPS`` unset."""
    https = _flag("HTTPS")
    hsts = int(os.environ.get("HSTS_SECONDS", "31536000")) if https else 0
    values: dict[str, Any] = {
        "SECURE_SSL_REDIRECT": https,
        "SESSION_COOKIE_SECURE": https,
        "CSRF_COOKIE_SECURE": https,
        "SECURE_HSTS_SECONDS": hsts,
        "SECURE_HSTS_INCLUDE_SUBDOMAINS": https and _flag("HSTS_SUBDOMAINS", "1"),
        "SECURE_HSTS_PRELOAD": https and _flag("HSTS_PRELOAD", "1"),
        "SECURE_CONTENT_TYPE_NOSNIFF": True,
        "X_FRAME_OPTIONS": "DENY",
        "WHITENOISE_USE_FINDERS": True,
        # how long standings may stand in (marked) while a new rendering is made (pagecache)
        "PAGE_STALE_SECONDS": float(os.environ.get("PAGE_STALE_SECONDS", "3")),
        # how long a shared cache in front may keep a public page (pagecache, nginx)
        "PAGE_SHARED_SECONDS": int(os.environ.get("PAGE_SHARED_SECONDS", "2")),
        # the venue's certificate authority for the tablets, and the HTTPS address
        # (hall.certificate, deploy/venue_ca.py)
        "VENUE_CA_CERT": os.environ.get("VENUE_CA_CERT", ""),
        "VENUE_HTTPS_URL": os.environ.get("VENUE_HTTPS_URL", ""),
        # the proxies whose X-Forwarded-For is believed (hall.forwarded), e.g. 127.0.0.1
        "PROXY_ADDRESSES": [a for a in os.environ.get("PROXY_ADDRESSES", "").split(",") if a],
    }
    values["HTTPS"] = https
    if https or values["PROXY_ADDRESSES"]:
        # behind the venue's proxy, whose X-Forwarded-Proto only is believed (hall.forwarded)
        values["SECURE_PROXY_SSL_HEADER"] = ("HTTP_X_FORWARDED_PROTO", "https")
    origins = os.environ.get("CSRF_TRUSTED_ORIGINS", "")
    values["CSRF_TRUSTED_ORIGINS"] = [o for o in origins.split(",") if o]
    return values


# Login throttling (django-axes): five wrong passwords for one user from one address lock
# that pair out for 15 minutes; a chief referee unlocks on the staff page (hall.views).
AXES_SETTINGS: dict[str, Any] = {
    "AXES_FAILURE_LIMIT": int(os.environ.get("LOGIN_FAILURE_LIMIT", "5")),
    "AXES_COOLOFF_TIME": timedelta(minutes=int(os.environ.get("LOGIN_LOCKOUT_MINUTES", "15"))),
    "AXES_LOCKOUT_PARAMETERS": [["username", "ip_address"]],
    "AXES_RESET_ON_SUCCESS": True,
    "AXES_LOCKOUT_CALLABLE": "referee.hall.lockout.lockout_response",
    "AXES_VERBOSE": False,
}
