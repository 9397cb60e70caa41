"""``bench/hall.py --proxy``: the venue's nginx (``deploy/proxy.py``) in front of gunicorn,
and spectators with plain GETs driven by Debian's ``wrk``.

One Python process cannot offer thousands of requests a second over fresh connections, so
the plain-GET spectators are ``wrk`` connections: each asks for one of the public pages, waits
the poll interval (its Lua ``delay``), and asks again, on a kept-alive connection as a browser
does. Their figures come from ``wrk``'s own latency distribution.
"""

from __future__ import annotations

import json
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LUA = """
local paths = {%(paths)s}
local interval = %(interval_ms)d
local counter = 0
request = function()
  counter = counter + 1
  return wrk.format("GET", paths[(counter %% #paths) + 1], {["Accept-Language"] = "ru"})
end
delay = function()
  return math.random(interval * 0.9, interval * 1.1)
end
local statuses = {}
response = function(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
done = function(summary, latency, requests)
  io.write(string.format("WRK %%d %%d %%d %%d %%d %%d %%.1f %%.1f %%.1f %%.1f\\n",
    summary.requests, summary.errors.connect, summary.errors.read, summary.errors.write,
    summary.errors.status, summary.errors.timeout, latency:percentile(50) / 1000,
    latency:percentile(95) / 1000, latency:percentile(99) / 1000, summary.duration / 1e6))
end
"""


def start_proxy(listen_port: int, app_ports: list[int], folder: str) -> subprocess.Popen[bytes]:
    """nginx on ``listen_port`` in front of the app servers, until it accepts connections."""
    command = [
        sys.executable,
        str(ROOT / "deploy" / "proxy.py"),
        f"--listen=127.0.0.1:{listen_port}",
    ]
    command += [f"--upstream=127.0.0.1:{port}" for port in app_ports]
    command += [f"--dir={folder}/proxy", f"--static={ROOT / 'staticfiles'}"]
    proxy = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", listen_port), timeout=1).close()
            return proxy
        except OSError:
            time.sleep(0.2)
    proxy.kill()
    raise SystemExit("the proxy did not start (make proxy-deps installs nginx)")


def start_wrk(
    port: int, paths: list[str], connections: int, interval: float, duration: float
) -> subprocess.Popen[str]:
    """``connections`` plain-GET spectators for ``duration`` seconds (started now)."""
    if shutil.which("wrk") is None:
        raise SystemExit("wrk is not installed: apt-get install wrk")
    script = Path(tempfile.mkstemp(suffix=".lua", prefix="hall-wrk-")[1])
    script.write_text(
        LUA % {"paths": ", ".join(json.dumps(p) for p in paths), "interval_ms": interval * 1000}
    )
    threads = max(1, min(4, connections // 250 or 1))
    command = [
        "wrk",
        f"--threads={threads}",
        f"--connections={connections}",
        f"--duration={int(duration)}s",
        "--timeout=10s",
        f"--script={script}",
        f"http://127.0.0.1:{port}",
    ]
    return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)


def wrk_report(process: subprocess.Popen[str]) -> tuple[int, int]:
    """Print wrk's figures; the number of requests and of errors."""
    output, _ = process.communicate(timeout=120)
    found = re.search(r"^WRK (.*)$", output, re.MULTILINE)
    if found is None:
        print(output)
        return 0, 1
    fields = found.group(1).split()
    requests, connect, read, write, status, timeout = map(int, fields[:6])
    p50, p95, p99, seconds = map(float, fields[6:])
    errors = connect + read + write + status + timeout
    print(
        f"{'plain GET (wrk)':<16} {requests:>7} {p50:>8.0f} {p95:>8.0f} {p99:>8.0f} {errors:>7}"
        f"   ({requests / seconds:.0f} req/s; connect {connect}, read {read}, write {write},"
        f" status {status}, timeout {timeout})"
    )
    return requests, errors


def show_errors(folder: str) -> None:
    """The proxy's last complaints, if any (its log goes with the run's folder)."""
    log = Path(folder) / "proxy" / "error.log"
    lines = log.read_text().splitlines() if log.exists() else []
    complaints = [line for line in lines if "[warn]" in line or "[error]" in line]
    if complaints:
        print(f"proxy: {len(complaints)} warnings or errors, the last:")
        for line in complaints[-5:]:
            print("  " + line[:240])
