# Two entry points for a fresh clone: `make run` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
HOST   ?= 127.0.0.1
PORT   ?= 8000
# the suite runs in parallel, one worker per core
WORKERS ?= auto
# the site's pure algorithms (no Django), typed as strictly as the engine
PURE   := referee/seating/pure referee/standings/pure referee/ratings/pure referee/admission/pure referee/tables/pure

# the venue's server (make run): gunicorn, workers x threads for this 2-core machine
SERVER_WORKERS ?= 4
SERVER_THREADS ?= 4
BACKUP_DIR ?= backups
# the background jobs' workers started beside gunicorn (manage.py worker; README, Running a venue)
JOB_WORKERS ?= 1

.PHONY: run run-proxy proxy-deps dev backup test lint test-js browser-deps test-browser test-api-fuzz bench golden clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	$(BIN)/python manage.py collectstatic --noinput -v 0
	@echo "Serving the demo on http://$(HOST):$(PORT)/t/demo/  (Ctrl-C stops it)"
	@trap 'kill $$jobs 2>/dev/null; wait $$jobs 2>/dev/null' EXIT INT TERM; \
	for n in $$(seq 1 $(JOB_WORKERS)); do \
	    SITE_URL="$${SITE_URL:-http://$(HOST):$(PORT)}" $(BIN)/python manage.py worker & \
	    jobs="$$jobs $$!"; \
	done; \
	ALLOWED_HOSTS="$${ALLOWED_HOSTS:-*}" SITE_URL="$${SITE_URL:-http://$(HOST):$(PORT)}" \
	    $(BIN)/gunicorn referee.wsgi:application \
	    --bind $(HOST):$(PORT) --workers $(SERVER_WORKERS) --threads $(SERVER_THREADS) \
	    --worker-class gthread --timeout 60 --graceful-timeout 10 \
	    --no-control-socket --access-logfile - --error-logfile - --capture-output

# the same site behind the venue's caching proxy (Debian's nginx; wrk for bench/hall.py
# --plain-spectators): the proxy on PORT, gunicorn on APP_PORT (README, "Scaling out"); with
# TLS_DIR (deploy/venue_ca.py's folder) HTTPS on TLS_LISTEN as well
APP_PORT ?= 8001
TLS_LISTEN ?= $(HOST):8443
TLS_DIR ?=
proxy-deps:
	@(test -x /usr/sbin/nginx && test -x /usr/bin/wrk) || \
	    (apt-get update -q && apt-get install -y -q nginx-light wrk)

run-proxy: $(STAMP) proxy-deps
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	$(BIN)/python manage.py collectstatic --noinput -v 0
	@echo "Serving the demo through the proxy on http://$(HOST):$(PORT)/t/demo/  (Ctrl-C stops both)"
	@trap 'kill $$app $$jobs 2>/dev/null; wait $$jobs 2>/dev/null' EXIT INT TERM; \
	for n in $$(seq 1 $(JOB_WORKERS)); do \
	    SITE_URL="$${SITE_URL:-http://$(HOST):$(PORT)}" $(BIN)/python manage.py worker & \
	    jobs="$$jobs $$!"; \
	done; \
	ALLOWED_HOSTS="$${ALLOWED_HOSTS:-*}" SITE_URL="$${SITE_URL:-http://$(HOST):$(PORT)}" \
	PROXY_ADDRESSES=127.0.0.1 $(BIN)/gunicorn referee.wsgi:application \
	    --bind 127.0.0.1:$(APP_PORT) --workers $(SERVER_WORKERS) --threads $(SERVER_THREADS) \
	    --worker-class gthread --timeout 60 --graceful-timeout 10 \
	    --no-control-socket --error-logfile - & app=$$!; \
	$(BIN)/python deploy/proxy.py --listen $(HOST):$(PORT) --upstream 127.0.0.1:$(APP_PORT) \
	    $(if $(TLS_DIR),--tls-listen $(TLS_LISTEN) --tls-dir $(TLS_DIR))

# the auto-reloading debug server, for development only
dev: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	DEBUG=1 $(BIN)/python manage.py runserver $(HOST):$(PORT)

# a consistent copy of the live SQLite database, also while the server runs
backup: $(STAMP)
	$(BIN)/python manage.py backup_database --directory $(BACKUP_DIR)

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict scoring $(PURE)
	# the site and the benches (bench/*.py put the project on the path themselves)
	$(BIN)/mypy referee bench
	$(BIN)/lint-imports

test: lint test-js
	$(BIN)/pytest -n $(WORKERS) --cov --cov-report=
	$(BIN)/coverage report --include='scoring/*' --fail-under=95

# the table page's JavaScript modules, on Node's own test runner (a fake IndexedDB from npm)
node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund --silent
	touch $@

test-js: node_modules/.installed
	node --test tests/js/

# Debian's Chromium for the browser tests (never a downloaded browser)
browser-deps:
	@test -x /usr/bin/chromium || (apt-get update -q && apt-get install -y -q chromium)

# the site in a real browser against a live server on 127.0.0.1: the offline table page,
# an organiser's day, the big screen, axe-core (from npm) on the main pages; screenshots in
# artifacts/
test-browser: $(STAMP) browser-deps proxy-deps node_modules/.installed
	mkdir -p artifacts
	$(BIN)/pytest -m browser tests/browser --liveserver=127.0.0.1 -p no:cacheprovider

# schemathesis against /api/schema/ of a fresh demo: bounded in examples and time
test-api-fuzz: $(STAMP)
	FUZZ_EXAMPLES=$${FUZZ_EXAMPLES:-8} FUZZ_SECONDS=$${FUZZ_SECONDS:-180} bash tests/fuzz/schemathesis.sh

golden: $(STAMP)
	$(BIN)/python -m scoring check ../shared/rules/golden-deals.json

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/seating.py
	$(BIN)/python bench/site.py
	$(BIN)/python bench/ratings.py
	$(BIN)/python bench/jobs.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage node_modules artifacts
