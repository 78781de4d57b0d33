# Two commands matter: `make run` plays, `make test` checks. Both set up .venv on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PYTEST_ARGS ?= -q
# pytest-xdist: one worker per core; worksteal hands a worker that finishes early the tests
# still queued on a busy one (a few files take minutes). JOBS=0 runs them in this process.
JOBS ?= auto

.PHONY: run test bench dist clean shots

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

run: $(STAMP)
	$(PY) main.py $(ARGS)

# The code is checked (ruff: lint and import order; mypy: types) before the tests run.
test: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m mypy
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n $(JOBS) --dist worksteal $(PYTEST_ARGS)

# Speed, smoothness, size and memory against targets; prints a table, writes bench-results.json.
bench: $(STAMP)
	SDL_AUDIODRIVER=dummy $(PY) -m tests.bench $(BENCH_ARGS)

dist:
	$(PYTHON) build/build.py

clean:
	rm -rf $(VENV) dist build/work
