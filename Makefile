# The two commands a newcomer needs: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
DEMO   := workbooks/demo-triplanetary.xlsx

.PHONY: demo test lint typecheck unit slow interop bench clean golden coverage-doc commands-doc

# Python keeps the bytecode of what it compiled (its default): a machine that turns that off
# (PYTHONDONTWRITEBYTECODE) would compile ledger again in every `ledger` a test starts, and
# pytest would rewrite every test module's asserts again in each worker (measured: make test
# 66 s without, 50 s with, the second run on a fresh clone)
unexport PYTHONDONTWRITEBYTECODE

# The tests' folders in memory where the machine has a tmpfs (/dev/shm) with room to spare
# (2 GiB; a container's is often 64 MiB): every save fsyncs, which costs the disk's time, and
# no test is about the disk's speed (the full-disk tests mount their own small file system).
# Measured: make test 59 s on the disk, 47 s in memory.
SHM_FREE_KB := $(shell df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 {print $$4}')
TEST_TMP := $(if $(shell test "$(SHM_FREE_KB)" -ge 2097152 2>/dev/null && echo yes),TMPDIR=/dev/shm,)

# pytest on both cores, a test file to a worker (measured: 13% less wall time than
# --dist worksteal here, which also spent 9% more CPU)
PYTEST := $(BIN)/python -m pytest -q -n 2 --dist loadfile

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[test]' --config-settings editable_mode=compat
	touch $@

## demo: a month of a banker's work on a copy of the example workbook
demo: $(VENV)/.installed
	@rm -rf build/demo && mkdir -p build/demo && cp $(DEMO) build/demo/ledger.xlsx
	@echo '$$ ledger check'
	@cd build/demo && ../../$(BIN)/ledger check
	@echo; echo '$$ ledger tick 30'
	@cd build/demo && ../../$(BIN)/ledger tick 30
	@echo; echo '$$ ledger balance'
	@cd build/demo && ../../$(BIN)/ledger balance
	@echo; echo '$$ ledger journal --since 1'
	@cd build/demo && ../../$(BIN)/ledger journal --since 1
	@echo; echo "The demo's workbook is build/demo/ledger.xlsx (open it in Excel or LibreOffice);"
	@echo "the month's printable summary is build/demo/ledger-days-0001-0030.html."

## test: lint, type check and the suite but its slow cases (`make slow`) and the interop tests (`make interop`)
# (the type check runs beside the suite: one core's work for a few seconds)
test: $(VENV)/.installed lint
	@$(MAKE) --no-print-directory -j 2 typecheck unit

lint: $(VENV)/.installed
	$(BIN)/ruff check ledger tests workbooks $(wildcard bench)
	$(BIN)/ruff format --check ledger tests workbooks $(wildcard bench)
	$(BIN)/lint-imports --no-cache

typecheck: $(VENV)/.installed
	$(BIN)/mypy

unit: $(VENV)/.installed
	$(TEST_TMP) $(PYTEST) -m "not interop and not slow"

## slow: the cases marked slow (long scenarios, property tests, the rest of the sweeps); .ci/run runs them
slow: $(VENV)/.installed
	$(TEST_TMP) $(PYTEST) -m "slow and not interop"

## interop: the tests against real outside programs (LibreOffice, ...); .ci/run installs them
interop: $(VENV)/.installed
	LEDGER_REQUIRE_INTEROP=1 $(BIN)/python -m pytest -q -m interop

## golden: rewrite the expected outputs of the golden tests (only ever by hand)
golden: $(VENV)/.installed
	LEDGER_UPDATE_GOLDEN=1 $(BIN)/python -m pytest -q tests/test_problem_codes.py

## coverage-doc: regenerate docs/rules-coverage.md (rules with amounts and the tests that check them)
coverage-doc: $(VENV)/.installed
	$(BIN)/python -m tests.rules_coverage --write

## commands-doc: regenerate docs/commands.md (every command and the states it refuses)
commands-doc: $(VENV)/.installed
	$(BIN)/python -m tests.commands_doc --write

clean:
	rm -rf $(VENV) build .pytest_cache .mypy_cache .ruff_cache

## bench: the stress benchmark (a report, never a failure); ledger-cli from Debian's `ledger` if installed
bench: $(VENV)/.installed
	$(BIN)/python bench/run.py

## bench-serve: ledger serve under load on 127.0.0.1: 50 clients for 30 s, 20 changes (a report)
.PHONY: bench-serve
bench-serve: $(VENV)/.installed
	$(BIN)/python bench/serve_load.py
