# Quick start: `make run` (set up, extract the seed into outputs/) and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-$(shell cksum pyproject.toml | cut -d' ' -f1)
SHARED ?= ../shared

.PHONY: setup run test lint eval bench quality server-start server-stop schema lexicons clean

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
	$(PY) -m pytest -q

lint: setup
	$(PY) -m ruff check pipeline tests benchmarks scripts

eval: setup  ## score outputs/ against the seed gold
	$(PY) -m pipeline eval --gold $(SHARED)/gold/seed_gold.jsonl --pred outputs/records.jsonl

quality: setup  ## seed gold + TDMSci test figures in one table
	$(PY) benchmarks/quality.py --shared $(SHARED)

bench: setup  ## throughput beside spaCy's bare tokenizer on the 2,104-abstract corpus
	$(PY) benchmarks/throughput.py --shared $(SHARED)

schema: setup
	$(PY) -m pipeline schema --out schemas

lexicons: setup  ## rebuild the train-derived lexicons from ../shared train splits
	$(PY) scripts/build_lexicons.py --shared $(SHARED)

server-start: setup  ## a local Prefect server: flow runs then start in ~2 s instead of 10-30 s
	PREFECT_SERVER_ANALYTICS_ENABLED=false PREFECT_UI_ENABLED=false \
	  nohup $(VENV)/bin/prefect server start --host 127.0.0.1 --port 4200 > .prefect-server.log 2>&1 & \
	  echo $$! > .prefect-server.pid
	@for i in $$(seq 1 90); do curl -sf http://127.0.0.1:4200/api/health >/dev/null && echo "Prefect server up on http://127.0.0.1:4200" && exit 0; sleep 1; done; echo "server did not start, see .prefect-server.log"; exit 1

server-stop:
	-kill $$(cat .prefect-server.pid) 2>/dev/null; rm -f .prefect-server.pid

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
