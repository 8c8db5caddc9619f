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

.PHONY: setup test test-pythons reproduce readme-figures bench conformance clean explore lab browser screenshots

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

test: $(STAMP) browser
	$(BIN)/ruff check aspera_core aspera_workbench tests benchmarks
	$(BIN)/ruff format --check aspera_core aspera_workbench tests benchmarks
	$(BIN)/python -m pytest -n 2 -q

# The executor and runner tests on every supported Python, each in its own venv
# (.venv-3.X, made on first use). Interpreters: python3.X on PATH, else pyenv's
# latest 3.X; or name them: make test-pythons PYTHONS="3.12 /opt/python3.13/bin/python3"
PYTHONS ?= 3.11 3.12 3.13

test-pythons:
	@for wanted in $(PYTHONS); do \
	  case $$wanted in \
	    */*) py=$$wanted ;; \
	    *) py=; \
	       if python$$wanted -c '' 2>/dev/null; then py=$$(command -v python$$wanted); \
	       elif command -v pyenv >/dev/null && latest=$$(pyenv latest $$wanted 2>/dev/null); then \
	         py="$$(pyenv root)/versions/$$latest/bin/python$$wanted"; fi ;; \
	  esac; \
	  test -n "$$py" && "$$py" -c '' 2>/dev/null || { echo "no Python $$wanted found (see PYTHONS in the Makefile)"; exit 1; }; \
	  version=$$("$$py" -c 'import sys; print("%d.%d" % sys.version_info[:2])'); \
	  test -x .venv-$$version/bin/python || { "$$py" -m venv .venv-$$version && \
	    .venv-$$version/bin/python -m pip install -q --upgrade pip && \
	    .venv-$$version/bin/python -m pip install -q -e '.[test]'; } || exit 1; \
	  echo "== Python $$version: tests/executor tests/runner"; \
	  .venv-$$version/bin/python -m pytest tests/executor tests/runner -q -n 2 || exit 1; \
	done

# The explorer's browser test drives Debian's Chromium (never a downloaded
# browser): install it when it is missing, as root or through sudo.
browser:
	@command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then sudo=; \
	  elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; \
	  else echo "chromium is missing and sudo is not available: run 'apt-get install -y chromium' as root"; exit 1; fi; \
	  echo "installing Debian's chromium for the browser test"; \
	  $$sudo apt-get update -q && DEBIAN_FRONTEND=noninteractive $$sudo apt-get install -y -q chromium; }

# Retake the README's screenshots of the explorer and of the tour in JupyterLab (the browser tests take them; only this keeps them).
screenshots: $(STAMP) browser
	ASPERA_UPDATE_SCREENSHOTS=1 $(BIN)/python -m pytest -q -n 0 tests/ui/test_explorer_browser.py tests/ui/test_tour_browser.py

# The failure explorer on a page of its own (Voila, on 127.0.0.1 only), over the results of a
# parameter set or over results files named alone (the arguments are checked before the server starts):
#   make explore [PARAMS=params/mini.yaml] [RESULTS=runs/a.jsonl,runs/b.jsonl [TASKS=PATH]] [PORT=8866] [ANNOTATOR=name]
PARAMS    ?= params/default.yaml
RESULTS   ?=
PORT      ?= 8866
ANNOTATOR ?=
# TASKS reaches the explorer only when given (make explore TASKS=...): otherwise PARAMS names the task set.
EXPLORE_TASKS = $(if $(filter command line environment,$(origin TASKS)),$(TASKS))

explore: $(STAMP)
	@$(BIN)/python -m aspera_workbench.ui.explorer_source --params "$(PARAMS)" --results "$(RESULTS)" \
		--tasks "$(EXPLORE_TASKS)" --port "$(PORT)" --root "$(CURDIR)"
	@mkdir -p $(RUNS)/explore
	@$(BIN)/papermill --prepare-only -k python3 notebooks/06_failure_explorer.ipynb $(RUNS)/explore/06_failure_explorer.ipynb \
		-r params_file $(PARAMS) -r results "$(RESULTS)" $(if $(EXPLORE_TASKS),-r tasks "$(EXPLORE_TASKS)") \
		-r annotator "$(ANNOTATOR)" -r root "$(CURDIR)" --log-level WARNING
	@echo "The failure explorer: http://127.0.0.1:$(PORT)/ (Ctrl-C stops it)"
	$(BIN)/voila $(RUNS)/explore/06_failure_explorer.ipynb --no-browser --Voila.ip=127.0.0.1 --port=$(PORT) \
		--Voila.port_retries=0 --VoilaConfiguration.show_tracebacks=True

# JupyterLab on the notebooks, on 127.0.0.1 only (as root it needs --allow-root, added for you):
#   make lab [LAB_PORT=8888]
LAB_PORT ?= 8888

lab: $(STAMP)
	$(BIN)/jupyter lab --notebook-dir=notebooks --no-browser --ServerApp.ip=127.0.0.1 --ServerApp.port=$(LAB_PORT) \
		$(if $(filter 0,$(shell id -u)),--allow-root)

# The audit's file feeds 07_audit and Table 3's audited-subset column; it exits 1 when it flags a program
# (reported in its output and in 07), which does not stop the tables.
reproduce:
	@test -x $(BIN)/aspera || { echo "run 'make setup' first"; exit 1; }
	$(BIN)/aspera validate --tasks $(TASKS)
	$(BIN)/aspera audit --tasks $(TASKS) --out $(RUNS)/audit.json --no-progress --weakest 3 || test $$? -eq 1
	$(BIN)/aspera pipeline params/default.yaml -p tasks=$(TASKS) -p audit=$(RUNS)/audit.json -p audited_subset=$(RUNS)/audit.json

# The figures of docs/reproducing.md are copies of two the default pipeline writes: refresh them after a change
# to the figures (or to what the built-in agents do).
readme-figures: reproduce
	cp figures/outcomes.png figures/complexity_distributions.png docs/images/

# Every benchmark prints its numbers and the machine's load; the audit's takes a few minutes.
# Each script, then the machine's load average (a shared machine makes every number slower).
BENCHMARKS := library tasks executor llm agents generation audit imports broken_answer
bench:
	@for name in $(BENCHMARKS); do \
	  echo "== benchmarks/bench_$$name.py"; \
	  $(BIN)/python benchmarks/bench_$$name.py || exit 1; \
	  echo "load average (1, 5, 15 min): $$(cut -d' ' -f1-3 /proc/loadavg)"; echo; \
	done

# Documented deviations (tests/conformance/deviations.py, shared with the test
# suite) are reported as skipped, not failed.
conformance: $(STAMP)
	$(BIN)/python tests/conformance/run_conformance.py --adapter tests/conformance/adapter.py:run_program \
		--deviations tests/conformance/deviations.py

# Environments and build metadata only: runs/ and figures/ hold results (a model's
# run costs money, and a user's own files may sit there), so they are never removed.
clean:
	rm -rf $(VENV) .venv-3.* *.egg-info
	@echo "kept $(RUNS)/ and figures/ (results); remove them yourself if you mean to"
