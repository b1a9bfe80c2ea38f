# The two commands a newcomer needs: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
DEMO   := workbooks/demo-triplanetary.xlsx

.PHONY: demo test lint typecheck unit interop bench clean golden

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

## demo: a short banker's session on a copy of the example workbook
demo: $(VENV)/.installed
	@rm -rf build/demo && mkdir -p build/demo && cp $(DEMO) build/demo/ledger.xlsx
	@echo '$$ ledger check'
	@cd build/demo && ../../$(BIN)/ledger check
	@echo; echo '$$ ledger pay Ann Bob 12.50 --memo "ore contract"'
	@cd build/demo && ../../$(BIN)/ledger pay Ann Bob 12.50 --memo "ore contract"
	@echo; echo '$$ ledger balance'
	@cd build/demo && ../../$(BIN)/ledger balance
	@echo; echo '$$ ledger journal --since 0'
	@cd build/demo && ../../$(BIN)/ledger journal --since 0
	@echo; echo '$$ ledger undo'
	@cd build/demo && ../../$(BIN)/ledger undo
	@echo; echo "The demo's workbook is build/demo/ledger.xlsx: open it in Excel or LibreOffice."

## test: lint, type check and the whole suite (interop tests skip here unless their programs are installed)
test: $(VENV)/.installed lint typecheck unit

lint: $(VENV)/.installed
	$(BIN)/ruff check ledger tests workbooks $(wildcard bench)
	$(BIN)/ruff format --check ledger tests workbooks $(wildcard bench)

typecheck: $(VENV)/.installed
	$(BIN)/mypy

unit: $(VENV)/.installed
	$(BIN)/python -m pytest -q -m "not interop"

## interop: the tests against real outside programs (LibreOffice, ...); .ci/run installs them
interop: $(VENV)/.installed
	LEDGER_REQUIRE_INTEROP=1 $(BIN)/python -m pytest -q -m interop

## golden: rewrite the expected outputs of the golden tests (only ever by hand)
golden: $(VENV)/.installed
	LEDGER_UPDATE_GOLDEN=1 $(BIN)/python -m pytest -q tests/test_problem_codes.py

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache
