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
PURE   := referee/seating/pure referee/standings/pure

# the venue's server (make run): gunicorn, workers x threads for this 2-core machine
SERVER_WORKERS ?= 4
SERVER_THREADS ?= 4
BACKUP_DIR ?= backups

.PHONY: run dev backup test lint bench golden clean

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
	ALLOWED_HOSTS="$${ALLOWED_HOSTS:-*}" $(BIN)/gunicorn referee.wsgi:application \
	    --bind $(HOST):$(PORT) --workers $(SERVER_WORKERS) --threads $(SERVER_THREADS) \
	    --worker-class gthread --timeout 60 --graceful-timeout 10 \
	    --no-control-socket --access-logfile - --error-logfile - --capture-output

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
	$(BIN)/lint-imports

test: lint
	$(BIN)/pytest -n $(WORKERS) --cov --cov-report=
	$(BIN)/coverage report --include='scoring/*' --fail-under=95

golden: $(STAMP)
	$(BIN)/python -m scoring check ../shared/rules/golden-deals.json

bench: $(STAMP)
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/seating.py
	$(BIN)/python bench/site.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage
