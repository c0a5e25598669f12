# N7Web: `make run` starts the service, `make check` is the inner loop (lint,
# format, types, the unit and service tiers), `make test` runs the whole suite.
# Both bootstrap an idempotent .venv from the lock files (re-installed only
# when a lock file, pyproject.toml or the bootstrap changes) and the
# project-local tools. `make lock` regenerates the lock files after a
# dependency change in pyproject.toml; `make dist` builds the wheel that
# `scripts/install.sh` deploys (README: "Deployment with systemd").
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
LOCKS := requirements.lock requirements-test.lock requirements-build.lock
PYTEST_ARGS ?=
# pytest-xdist workers: one per core. worksteal keeps each worker on a
# contiguous run of files (module fixtures start once) and rebalances at the end.
JOBS ?= auto
XDIST := -n $(JOBS) --dist worksteal

.PHONY: run check lint test bootstrap lock lock-upgrade dist clean

bootstrap: $(STAMP)

$(STAMP): pyproject.toml $(LOCKS) scripts/bootstrap.sh scripts/bootstrap_browser.sh scripts/lock_inputs.py \
		scripts/codex/package.json scripts/codex/package-lock.json
	PYTHON=$(PYTHON) bash scripts/bootstrap.sh
	touch $(STAMP)

run: bootstrap
	$(VENV)/bin/n7web serve

# Lint, format and types (DESIGN section 11): pyproject.toml configures them.
lint: bootstrap
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

# The inner loop: lint and types, then the unit and service tiers in parallel.
check: lint
	$(PY) -m pytest $(XDIST) -q -m "unit or service" $(PYTEST_ARGS)

# Everything: check's lint and types, then the whole suite (every tier) in parallel.
test: lint
	$(PY) -m pytest $(XDIST) $(PYTEST_ARGS)

# Pins kept, new dependencies added; lock-upgrade moves every pin to the newest allowed.
lock: $(PY)
	PYTHON=$(PY) bash scripts/lock.sh

lock-upgrade: $(PY)
	UPGRADE=1 PYTHON=$(PY) bash scripts/lock.sh

$(PY):
	$(PYTHON) -m venv $(VENV)

dist:
	PYTHON=$(PYTHON) bash scripts/build_wheel.sh dist

clean:
	rm -rf $(VENV) .tools dist
