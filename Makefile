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
PURE   := referee/seating/pure referee/standings/pure referee/ratings/pure

.PHONY: run test lint bench golden clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo
	@echo "Serving the demo on http://$(HOST):$(PORT)/t/demo/  (Ctrl-C stops it)"
	$(BIN)/python manage.py runserver --noreload $(HOST):$(PORT)

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
