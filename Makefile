# N7Web: `make run` starts the service, `make test` runs the whole suite.
# Both bootstrap an idempotent .venv (re-installed only when pyproject.toml
# changes) and the project-local tools.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
PYTEST_ARGS ?=

.PHONY: run test bootstrap clean

bootstrap: $(STAMP)

$(STAMP): pyproject.toml scripts/bootstrap.sh scripts/bootstrap_browser.sh
	PYTHON=$(PYTHON) bash scripts/bootstrap.sh
	touch $(STAMP)

run: bootstrap
	$(VENV)/bin/n7web serve

test: bootstrap
	$(PY) -m pytest $(PYTEST_ARGS)

clean:
	rm -rf $(VENV) .tools
