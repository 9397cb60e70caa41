"""``manage.py check --deploy`` is clean with the documented production settings
(README, "Running a venue"), and the generated secret key is kept in its file."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from referee.hall_settings import secret_key_file

ROOT = Path(__file__).resolve().parents[3]


def test_check_deploy_is_clean_with_the_production_settings(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "DEBUG")}
    env |= {
        "HTTPS": "1",
        "ALLOWED_HOSTS": "pref.example.org",
        "SECRET_KEY": secret_key_file(tmp_path / "key"),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",
    }
    done = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_several_app_servers_refuse_to_start_without_a_shared_redis(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "REDIS_URL"}
    env |= {"APP_SERVERS": "2", "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    done = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode != 0
    assert "APP_SERVERS=2: several app servers need one shared cache; set REDIS_URL" in (
        done.stderr
    )
    env["REDIS_URL"] = "redis://127.0.0.1:6379/0"
    again = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=ROOT, env=env, capture_output=True, timeout=120
    )
    assert again.returncode == 0, again.stderr


def test_a_generated_key_is_long_random_private_and_kept(tmp_path):
    path = tmp_path / ".secret_key"
    key = secret_key_file(path)
    assert len(key) >= 50 and len(set(key)) > 20
    assert path.stat().st_mode & 0o077 == 0
    assert secret_key_file(path) == key
    assert secret_key_file(tmp_path / "other") != key


def test_debug_is_off_unless_asked_for():
    env = {k: v for k, v in os.environ.items() if k != "DEBUG"}
    code = "from django.conf import settings; print(settings.DEBUG)"
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.strip().splitlines()[-1] == "False", done.stderr
