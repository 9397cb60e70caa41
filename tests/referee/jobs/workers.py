"""Queue workers (``manage.py worker``) as real processes on the test's database, for the
tests that kill one or run two."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from django.db import connection

ROOT = Path(__file__).resolve().parents[3]


def database_url() -> str:
    """The test database as a URL the worker processes open (a file for SQLite)."""
    s = connection.settings_dict
    if connection.vendor == "sqlite":
        return f"sqlite:///{s['NAME']}"
    host, port = s.get("HOST") or "127.0.0.1", s.get("PORT") or 5432
    return f"postgres://{s.get('USER') or 'postgres'}@{host}:{port}/{s['NAME']}"


def start_worker(name: str, **env: str) -> subprocess.Popen[bytes]:
    environment = {
        **os.environ,
        "DATABASE_URL": database_url(),
        "PYTHONPATH": str(ROOT),
        "JOB_BEAT_SECONDS": "0.5",
        "JOB_WORKER_TIMEOUT": "3",
        "JOB_POLL": "0.1",
        "JOB_RETRY_SECONDS": "0",
        **env,
    }
    return subprocess.Popen(
        [sys.executable, "manage.py", "worker", "--no-startup-delay", "--worker-id", name],
        cwd=ROOT,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def wait_for(condition: Callable[[], bool], seconds: float, step: float = 0.02) -> bool:
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        if condition():
            return True
        time.sleep(step)
    return condition()


def stop(process: subprocess.Popen[bytes]) -> str:
    """Stop a worker as ``make run`` does (SIGTERM: it finishes its job); its log."""
    if process.poll() is None:
        process.terminate()
    try:
        _, err = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        _, err = process.communicate()
    return err.decode(errors="replace")
