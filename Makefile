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

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

serve: $(STAMP)
	$(BIN)/judge migrate
	$(BIN)/judge serve

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python benchmarks/adjudicate.py
	$(BIN)/python benchmarks/parse.py
	$(BIN)/python benchmarks/variants.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
