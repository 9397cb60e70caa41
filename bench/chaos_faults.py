"""The faults of ``bench/chaos.py``: the server it hurts and restarts, the run's own Redis it
stops and starts again, the database it hurts, and their schedule over the run. Apart from
the clients and the checks, which only meet their effects.

Imported by ``chaos.py`` once it has put ``bench/`` on the path (``hall``)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import socket
import sqlite3
import subprocess
import threading
import time
from collections.abc import Callable
from typing import IO

import hall

#: the site's wait for SQLite's write lock during the run (``SQLITE_BUSY_TIMEOUT``)
BUSY_TIMEOUT = 1.5


class Server:
    """The gunicorn of ``bench/hall.py``, to be hurt and restarted on the same port."""

    def __init__(self, args: argparse.Namespace, port: int, log: IO[bytes]) -> None:
        self.args, self.port, self.log = args, port, log
        self.process = hall.serve(args, port, log)

    def workers(self) -> list[int]:
        found = subprocess.run(
            ["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True
        ).stdout.split()
        return [int(pid) for pid in found]

    def kill_a_worker(self) -> str:
        workers = self.workers()
        if not workers:
            return "no worker found"
        os.kill(workers[0], signal.SIGKILL)
        return f"worker {workers[0]} killed (-9)"

    def restart(self) -> str:
        workers = self.workers()
        self.process.kill()
        for pid in workers:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        self.process.wait(timeout=30)
        time.sleep(1.0)
        self.process = hall.serve(self.args, self.port, self.log)
        return "server killed (-9) and started again"

    def stop(self) -> None:
        self.process.send_signal(signal.SIGTERM)
        self.process.wait(timeout=30)


class PrivateRedis:
    """A redis-server of the run's own on a private port, stopped and started again from its
    dump (never the machine's Redis)."""

    def __init__(self, folder: str) -> None:
        self.folder, self.port = folder, hall.free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> str:
        self.process = subprocess.Popen(
            [
                *("redis-server", "--port", str(self.port), "--bind", "127.0.0.1"),
                *("--save", "", "--appendonly", "no", "--dir", self.folder),
            ],
            stdout=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self._command("PING") == "+PONG":
                return f"Redis started on port {self.port} (from its dump, if any)"
            time.sleep(0.05)
        raise SystemExit("the run's redis-server did not start")

    def stop(self) -> str:
        """SHUTDOWN SAVE: the keys kept in its dump, as after a network cut."""
        if self.process is None:
            return "Redis not running"
        self._command("SHUTDOWN SAVE")
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=30)
        self.process = None
        return f"Redis on port {self.port} stopped (the cache out)"

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=30)
            self.process = None

    def _command(self, command: str) -> str:
        """One inline command, its answer's first line ("" without an answer)."""
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=5) as connection:
                connection.sendall(command.encode() + b"\r\n")
                return connection.recv(64).decode(errors="replace").split("\r\n")[0]
        except OSError:
            return ""


def hurt_the_database() -> str:
    """PostgreSQL: terminate every other backend of the database; SQLite: hold the write
    lock past the site's busy timeout (from a thread of this process, as another program)."""
    from django.db import connection

    if connection.vendor == "postgresql":
        ended = 0
        for _ in range(8):  # over 1.6 s, so that posts in flight meet it
            with connection.cursor() as cursor:
                cursor.execute(
                    "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                    "WHERE datname = current_database() AND pid <> pg_backend_pid()"
                )
                ended += cursor.fetchone()[0]
            time.sleep(0.2)
        return f"{ended} PostgreSQL backends terminated over 1.6 s"
    path = connection.settings_dict["NAME"]

    def hold() -> None:
        other = sqlite3.connect(path, timeout=30)
        other.execute("BEGIN IMMEDIATE")
        time.sleep(BUSY_TIMEOUT + 1.5)
        other.rollback()
        other.close()

    threading.Thread(target=hold, daemon=True).start()
    return f"SQLite write lock held {BUSY_TIMEOUT + 1.5:.1f} s (busy timeout {BUSY_TIMEOUT} s)"


async def faults(
    server: Server,
    cache: PrivateRedis | None,
    burst: asyncio.Event,
    duration: float,
    log: list[str],
) -> None:
    """The faults, spread over the run."""
    steps: list[tuple[float, Callable[[], str] | None]] = [
        (0.2, server.kill_a_worker),
        (0.4, server.restart),
        (0.6, hurt_the_database),
        (0.8, None),  # the burst, with the database hurt again
    ]
    if cache is not None:  # out from 0.1 to 0.3 of the run, a worker killed meanwhile
        steps += [(0.1, cache.stop), (0.3, cache.start)]
        steps.sort(key=lambda step: step[0])
    started = time.monotonic()
    for share, fault in steps:
        await asyncio.sleep(max(0.0, started + share * duration - time.monotonic()))
        at = time.monotonic() - started
        if fault is None:
            burst.set()
            message = "burst: every client at once; " + await asyncio.to_thread(hurt_the_database)
            await asyncio.sleep(0.05)
            burst.clear()
        else:
            message = await asyncio.to_thread(fault)
        log.append(f"{at:5.1f} s  {message}")
        print(log[-1], flush=True)
