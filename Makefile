# Two commands set everything up and check it:
#   make setup      create .venv and install the workbench with everything it needs
#   make test       run the whole test suite (installs first only if needed)
# After setup, `make reproduce` validates the embedded task set and runs the default pipeline
# (params/default.yaml): built-in agents, then every table and figure into figures/.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
TASKS  ?= data/aspera_workbench_v1
RUNS   ?= runs

.PHONY: setup test reproduce bench conformance clean

# Stamp of the last install: `make test` installs again only when
# pyproject.toml changed since (the package itself is installed in editable
# mode), so it runs offline once set up. `make setup` always installs.
STAMP  := $(VENV)/.installed

define install
	$(BIN)/python -m pip install --upgrade pip
	$(BIN)/python -m pip install -e '.[test]'
	touch $(STAMP)
endef

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(install)

setup: $(BIN)/python
	$(install)

test: $(STAMP)
	$(BIN)/ruff check aspera_core tests benchmarks
	$(BIN)/ruff format --check aspera_core tests benchmarks
	$(BIN)/python -m pytest -n 2 -q

reproduce:
	@test -x $(BIN)/aspera || { echo "run 'make setup' first"; exit 1; }
	$(BIN)/aspera validate --tasks $(TASKS)
	$(BIN)/aspera pipeline params/default.yaml -p tasks=$(TASKS)

bench:
	$(BIN)/python benchmarks/bench_library.py
	$(BIN)/python benchmarks/bench_executor.py
	$(BIN)/python benchmarks/bench_llm.py

# Documented deviations (tests/conformance/deviations.py, shared with the test
# suite) are reported as skipped, not failed.
conformance: $(STAMP)
	$(BIN)/python tests/conformance/run_conformance.py --adapter aspera_core.conformance:run_program \
		--deviations tests/conformance/deviations.py

clean:
	rm -rf $(VENV) $(RUNS) *.egg-info
