# The two commands of the README: `make serve` and `make test`.
# Both bootstrap .venv on a fresh machine; nothing else needs to be installed first.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: test serve lint bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# The tests start the judge some 350 times (`judge show`, `tick`, `process`, `serve`): its
# code is byte-compiled once first, or with PYTHONDONTWRITEBYTECODE set each of them would
# compile it all again (a quarter of a second each). Pytest keeps its rewritten test modules
# (their asserts explained) only where bytecode may be written: without them every worker
# rewrites every test module again at collection, 5 s of CPU each.
test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m compileall -q -j0 judge parser adjudicator robots variants tests
	env -u PYTHONDONTWRITEBYTECODE $(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The web window is on at 127.0.0.1:8080 unless JUDGE_WEB_LISTEN says otherwise (empty:
# off); the judge's start-up line says where.
serve: $(STAMP)
	$(BIN)/judge migrate
	JUDGE_WEB_LISTEN=$${JUDGE_WEB_LISTEN-127.0.0.1:8080} $(BIN)/judge serve

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/adjudicate.py
	$(BIN)/python benchmarks/parse.py
	$(BIN)/python benchmarks/variants.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
