"""The job queue (``referee.jobs`` on django-tasks' database backend): latency, rate, and
every job done once with several workers on one database.

    python bench/jobs.py                      # a throw-away SQLite file
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/x python bench/jobs.py
                                               # a throw-away database beside x, dropped after

It migrates a fresh database, starts ``--workers`` (2) ``manage.py worker`` processes and
measures

1. latency: one trivial job (``jobs.noop``) at a time, from ``submit`` to *done*, ``--single``
   (20) times: p50 and p95, in milliseconds (an idle worker looks for work every ``JOB_POLL``
   seconds, 0.5 by default; ``--poll`` sets it here);
2. rate: ``--jobs`` (300) trivial jobs submitted at once, until all are done: jobs/s;
3. once: every job has exactly one run and it is *done*, none was run twice or by two
   workers, each job's task was claimed once.

It prints one line of each and exits 1 if a job was lost or done twice. ``.ci/run`` runs it
with two workers on PostgreSQL (and on SQLite).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def throwaway(url: str | None) -> tuple[str, Callable[[], None]]:
    """A fresh database URL and how to drop it."""
    if not url or url.startswith("sqlite"):
        folder = tempfile.mkdtemp(prefix="queue-bench-")
        path = Path(folder) / "queue.sqlite3"

        def drop() -> None:
            for p in Path(folder).iterdir():
                p.unlink()
            os.rmdir(folder)

        return f"sqlite:///{path}", drop
    import psycopg

    parts = urlsplit(url)
    name = f"{parts.path.lstrip('/') or 'preferans'}_queue_{os.getpid()}"
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as c:
        c.execute(f'CREATE DATABASE "{name}"')

    def drop_pg() -> None:
        with psycopg.connect(admin, autocommit=True) as c:
            c.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return urlunsplit(parts._replace(path=f"/{name}")), drop_pg


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--jobs", type=int, default=300)
    parser.add_argument("--single", type=int, default=20)
    parser.add_argument("--poll", type=float, default=0.5)
    options = parser.parse_args()

    url, drop = throwaway(os.environ.get("DATABASE_URL"))
    workers: list[subprocess.Popen[bytes]] = []
    try:
        return measure(options, url, workers)
    finally:
        stop(workers)
        try:
            from django.db import connections

            connections.close_all()
        except Exception:
            pass
        drop()


def measure(options: argparse.Namespace, url: str, workers: list[subprocess.Popen[bytes]]) -> int:
    """Migrate, start the workers and run the phases: the exit code. ``workers`` is the
    caller's, so that those started before a failure are stopped too."""
    env = {
        **os.environ,
        "DATABASE_URL": url,
        "PYTHONPATH": str(ROOT),
        "JOB_POLL": str(options.poll),
        "DUPLICATE_ANALYSIS": "off",
    }
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=ROOT,
        env=env,
        check=True,
    )
    os.environ.update(DATABASE_URL=url, JOB_POLL=str(options.poll))
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "referee.settings")
    django.setup()
    from django.db import connection

    for n in range(options.workers):
        workers.append(
            subprocess.Popen(
                [sys.executable, "manage.py", "worker", "--worker-id", f"bench-{n + 1}"],
                cwd=ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
            )
        )
    if not started(options.workers):
        print("the workers did not start", file=sys.stderr)
        return 1
    vendor = connection.vendor
    if not one_at_a_time(options, vendor) or not many_at_once(options, vendor):
        return 1
    return 0 if each_once(options.jobs + options.single) else 1


def stop(workers: list[subprocess.Popen[bytes]]) -> None:
    for worker in workers:
        worker.terminate()
    for worker in workers:
        try:
            worker.wait(30)
        except subprocess.TimeoutExpired:
            worker.kill()


# -- the phases of a run, once Django is set up (``measure``) -------------------------------


def started(workers: int) -> bool:
    """Whether every worker beats within a minute (then past their start-up delay)."""
    from referee.jobs.models import Beat

    until = time.monotonic() + 60
    while Beat.objects.count() < workers:
        if time.monotonic() > until:
            return False
        time.sleep(0.05)
    time.sleep(1.2)  # past the workers' random start-up delay
    return True


def wait_done(keys: list[str], seconds: float = 300) -> bool:
    from referee.jobs.models import Job

    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if Job.objects.filter(key__in=keys, status="done").count() == len(keys):
            return True
        time.sleep(0.002)
    return False


def one_at_a_time(options: argparse.Namespace, vendor: str) -> bool:
    """``--single`` jobs one after another: the time from submit to done."""
    from referee.jobs import queue

    latencies = []
    for n in range(options.single):
        began = time.perf_counter()
        queue.submit("jobs.noop", f"single:{n}")
        if not wait_done([f"single:{n}"], 60):
            print(f"single job {n} not done", file=sys.stderr)
            return False
        latencies.append((time.perf_counter() - began) * 1000)
    latencies.sort()
    p95 = latencies[max(0, round(0.95 * len(latencies)) - 1)]
    print(
        f"{vendor}, {options.workers} worker(s), poll {options.poll}s: one job submit→done "
        f"p50 {statistics.median(latencies):.0f} ms, p95 {p95:.0f} ms"
    )
    return True


def many_at_once(options: argparse.Namespace, vendor: str) -> bool:
    """``--jobs`` jobs submitted in one transaction: how fast the workers drain them."""
    from django.db import transaction

    from referee.jobs import queue

    keys = [f"many:{n}" for n in range(options.jobs)]
    began = time.perf_counter()
    with transaction.atomic():
        for key in keys:
            queue.submit("jobs.noop", key)
    submitted = time.perf_counter() - began
    if not wait_done(keys):
        print("not every job was done", file=sys.stderr)
        return False
    took = time.perf_counter() - began
    print(
        f"{vendor}, {options.workers} worker(s): {options.jobs} jobs submitted in "
        f"{submitted:.2f} s ({options.jobs / submitted:.0f}/s), all done in {took:.2f} s: "
        f"{options.jobs / took:.0f} jobs/s"
    )
    return True


def each_once(total: int) -> bool:
    """Whether each of the ``total`` jobs ran exactly once, and its task succeeded."""
    from django.db.models import Count
    from django_tasks_db.models import DBTaskResult

    from referee.jobs.models import Job, Run

    runs = Run.objects.values("job").annotate(n=Count("pk"))
    twice = [r["job"] for r in runs if r["n"] != 1]
    done_runs = Run.objects.filter(outcome="done").count()
    by_worker = dict(
        Run.objects.values_list("worker").annotate(n=Count("pk")).values_list("worker", "n")
    )
    # the queue marks its task successful just after the job is done
    end = time.monotonic() + 10
    while (claimed := DBTaskResult.objects.filter(status="SUCCESSFUL").count()) < total:
        if time.monotonic() > end:
            break
        time.sleep(0.05)
    ok = (
        Job.objects.filter(status="done").count() == total
        and done_runs == total
        and not twice
        and claimed == total
    )
    print(
        f"once: {total} jobs, {done_runs} runs done, {len(twice)} run more than once, "
        f"{claimed} tasks succeeded; by worker {by_worker}: {'OK' if ok else 'FAILED'}"
    )
    return ok


if __name__ == "__main__":
    sys.exit(main())
