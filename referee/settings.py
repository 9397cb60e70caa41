"""Settings of the referee site, read from the environment."""

import os
import tempfile
from pathlib import Path

import dj_database_url

from referee.hall_settings import secret_key_file

BASE_DIR = Path(__file__).resolve().parent.parent

# Without SECRET_KEY, a key generated on first run and kept outside git (hall_settings).
SECRET_KEY = os.environ.get("SECRET_KEY") or secret_key_file(BASE_DIR / ".secret_key")
# Off unless asked for (``make dev`` asks): a debug page shows every URL to the hall's Wi-Fi.
DEBUG = os.environ.get("DEBUG", "0") == "1"
# A local demo (DEBUG) answers on any address it is served on; production names its hosts.
_default_hosts = "*" if DEBUG else "127.0.0.1,localhost"
ALLOWED_HOSTS = [h for h in os.environ.get("ALLOWED_HOSTS", _default_hosts).split(",") if h]

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's own files for /api/docs/ (a hall has no internet)
    "referee.core",  # no models: its ready() declares the engine's refusals (core/apps.py)
    "referee.accounts",
    "referee.tournaments",
    "referee.tables",
    "referee.discipline",
    "referee.seating",
    "referee.standings",
    "referee.ratings",
    "referee.admission",
    "referee.exports",
    "referee.series",
    "referee.duplicate",
    "referee.demo",
    "referee.api",
    "referee.hall",
    "referee.jobs",
    "referee.notices",
    "django_tasks",
    "django_tasks_db",
    "axes",
]

MIDDLEWARE = [
    # outermost: a lost database connection is retried (safe requests) or answered 503
    "referee.hall.dbfaults.LostConnectionMiddleware",
    # behind the venue's proxy: the visitor's address, for lockouts and throttles
    "referee.hall.forwarded.ForwardedForMiddleware",
    # gzip of the answers that hold no CSRF token (BREACH; core/compress.py)
    "referee.core.compress.PublicGZipMiddleware",
    "django.middleware.security.SecurityMiddleware",
    # a strict Content-Security-Policy on every response, the cached pages' too (core/csp.py)
    "referee.core.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    # a bare 405 (a reload of a button's address) becomes a page of ours
    "referee.core.posts.NotAllowedPage",
    # a form posted twice with one idempotency key is carried out once (the deal form)
    "referee.api.middleware.IdempotentFormMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "referee.hall.pagecache.PageCacheMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "referee.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]

WSGI_APPLICATION = "referee.wsgi.application"

# SQLite beside the project unless DATABASE_URL names another database, e.g.
# postgres://postgres@127.0.0.1:5432/preferans. A persistent connection is checked before a
# request reuses it (a PostgreSQL backend terminated or restarted meanwhile is replaced);
# one lost during a request is retried or answered 503 (referee.hall.dbfaults).
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}", conn_max_age=60, conn_health_checks=True
    )
}

LANGUAGE_CODE = "ru"
LANGUAGES = [("ru", "Русский"), ("en", "English")]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = "Europe/Moscow"
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "staticfiles"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# The site's public address, as the players' phones reach it (e.g. http://192.168.1.10:8000):
# the QR codes and printed links of the table cards and protocols hold it (core.site)
SITE_URL = os.environ.get("SITE_URL", "").strip()
# a duplicate session's double-dummy tables: "queue" (a job a board, done by the workers of
# python manage.py worker), "now" (on commit, in the request) or "off" (not computed unless
# python manage.py analyse_boards is run)
DUPLICATE_ANALYSIS = os.environ.get("DUPLICATE_ANALYSIS", "queue")
# the rating lists counting a tournament, after a round or it finishes or is corrected:
# "queue" (a job a list, done by a worker) or "now" (on commit, in the request)
RATINGS_RECOMPUTE = os.environ.get("RATINGS_RECOMPUTE", "queue")

# Background jobs (referee.jobs) on Django's tasks API (django-tasks, Django 6.0's
# django.tasks backported) with its database backend: the jobs live in the site's database,
# so the embedded SQLite needs no other server and PostgreSQL serves workers on many machines
TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend", "QUEUES": ["default"]}}
JOB_ATTEMPTS = int(os.environ.get("JOB_ATTEMPTS", "3"))  # a job failing that often is *failed*
JOB_RETRY_SECONDS = float(os.environ.get("JOB_RETRY_SECONDS", "5"))  # × the attempt
JOB_BEAT_SECONDS = float(os.environ.get("JOB_BEAT_SECONDS", "2"))  # a worker's heartbeat
# a running job whose worker has not beaten for this long is queued again
JOB_WORKER_TIMEOUT = float(os.environ.get("JOB_WORKER_TIMEOUT", "15"))
# Letters to the players (referee.notices): SMTP when EMAIL_HOST is set, else printed on
# the worker's standard output (the console backend)
EMAIL_HOST = os.environ.get("EMAIL_HOST", "")
EMAIL_BACKEND = os.environ.get(
    "EMAIL_BACKEND",
    "django.core.mail.backends.smtp.EmailBackend"
    if EMAIL_HOST
    else "django.core.mail.backends.console.EmailBackend",
)
EMAIL_PORT = int(os.environ.get("EMAIL_PORT", "25"))
EMAIL_HOST_USER = os.environ.get("EMAIL_HOST_USER", "")
EMAIL_HOST_PASSWORD = os.environ.get("EMAIL_HOST_PASSWORD", "")
EMAIL_USE_TLS = os.environ.get("EMAIL_USE_TLS", "0") == "1"
EMAIL_USE_SSL = os.environ.get("EMAIL_USE_SSL", "0") == "1"
EMAIL_TIMEOUT = float(os.environ.get("EMAIL_TIMEOUT", "20"))
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "referee@localhost")
JOB_POLL = float(os.environ.get("JOB_POLL", "0.5"))  # an idle worker looks for work this often
# long exports (exports.jobs): "queue" renders a large tournament's workbook and printouts
# on a worker, "off" always in the request; from how many players; how long a file is kept
EXPORT_JOBS = os.environ.get("EXPORT_JOBS", "queue")
EXPORT_JOB_PLAYERS = int(os.environ.get("EXPORT_JOB_PLAYERS", "200"))
EXPORT_KEEP_SECONDS = float(os.environ.get("EXPORT_KEEP_SECONDS", str(24 * 3600)))

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # Writers queue for the database (BEGIN IMMEDIATE, hall_settings.sqlite_options below);
    # the tests use a file so that threads really share it
    # (in memory where the machine has /dev/shm: a file there costs no more than ":memory:")
    _test_dir = Path("/dev/shm") if os.access("/dev/shm", os.W_OK) else Path(tempfile.gettempdir())
    DATABASES["default"].setdefault("TEST", {}).setdefault(
        "NAME", str(_test_dir / f"referee-test-{os.getpid()}.sqlite3")
    )

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "referee.api.authentication.DeviceTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["referee.api.parsers.JSONParser"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "referee.api.pagination.Pages",
    "PAGE_SIZE": 50,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "referee.api.errors.exception_handler",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # logging in for a token: a few a minute per address (guessing passwords is slow)
    # per address; the hall benchmark logs 50 referees in from one (API_TOKEN_RATE)
    # a player's private link (``…/me/<id>/<key>/``), page and API alike: per address and
    # link; a table card's page: per address and table; the application form: per address.
    # One rule for all of them (``core.throttle``); ``5/10m`` is five in ten minutes.
    "DEFAULT_THROTTLE_RATES": {
        "token": os.environ.get("API_TOKEN_RATE", "30/minute"),
        "player_link": os.environ.get("API_PLAYER_LINK_RATE", "60/minute"),
        "table_card": os.environ.get("TABLE_CARD_RATE", "60/minute"),
        "apply": os.environ.get("APPLY_RATE", "5/10m"),
    },
    # the address is REMOTE_ADDR, made the visitor's by ``hall.forwarded`` behind the venue's
    # proxy: a forged X-Forwarded-For must not buy a fresh throttle budget
    "NUM_PROXIES": 0,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Preferans referee API",
    "DESCRIPTION": "Tournaments, players, rounds, tables and deals (SPEC §12.2 deal objects).",
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "COMPONENT_SPLIT_REQUEST": True,
    # /api/docs/ loads Swagger UI from our own static files, never from a CDN: a venue's
    # Wi-Fi often has no internet
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # nor does it send the schema to swagger.io's online validator (its badge)
    "SWAGGER_UI_SETTINGS": {"deepLinking": True, "validatorUrl": None},
    # an entry fee's payment method (api/resources/fees.py), apart from the other "method"s
    "ENUM_NAME_OVERRIDES": {"PaymentMethodEnum": "referee.admission.models.Payment.Method"},
}

# The pages whose inline script and style blocks the Content-Security-Policy allows by their
# hash (core/csp.py): Swagger UI's page, written by drf-spectacular from the settings above.
CSP_HASHED_INLINE = ("api-docs",)

# -- running a venue (README, "Running a venue") ------------------------------------------
from referee.hall_settings import (  # noqa: E402
    AXES_SETTINGS,
    caches_from_environment,
    https_settings,
    logging_settings,
    sqlite_options,
)

sqlite_options(DATABASES["default"], BASE_DIR)
CACHES = caches_from_environment(BASE_DIR)
LOGGING = logging_settings()
globals().update(https_settings())
globals().update(AXES_SETTINGS)
AXES_FAILURE_LIMIT: int = AXES_SETTINGS["AXES_FAILURE_LIMIT"]  # by name: the type checker reads it
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
