"""The HTML report in a real headless Chromium: highlights visible, hostile text inert."""

import shutil
import sys

import orjson
import pytest

from pipeline.run.sequence import run_pipeline
from tests.test_report import HOSTILE

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
DRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--window-size=1280,1600",
)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """A headless Chromium driven by Selenium, or a skip that says why not."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as exc:
        reason = f"selenium is not installed ({exc}); `make test` installs it"
        print(f"SKIP: {reason}", file=sys.stderr)
        pytest.skip(reason)
    if not (shutil.which(CHROMIUM) and shutil.which(DRIVER)):
        reason = (
            "Chromium/ChromeDriver not found (Debian packages chromium, chromium-driver; "
            ".ci/run installs them)"
        )
        print(f"SKIP: {reason}", file=sys.stderr)
        pytest.skip(reason)
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}")
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    yield driver
    driver.quit()


def test_report_in_chromium(browser, tmp_path):
    from selenium.webdriver.common.by import By

    src = tmp_path / "in.jsonl"
    src.write_bytes(orjson.dumps({"id": "evil", "abstract": HOSTILE}) + b"\n")
    run_pipeline([src], tmp_path / "out")
    report = tmp_path / "out" / "report.html"
    browser.get(report.as_uri())
    marks = browser.find_elements(By.CSS_SELECTOR, "mark.hl")
    shown = [m for m in marks if m.is_displayed() and m.size["width"] > 0]
    cats = {m.get_attribute("data-cat") for m in shown}
    assert {"method", "dataset", "metric", "result"} <= cats
    assert browser.execute_script("return window.__pwned === undefined")
    body = browser.find_element(By.TAG_NAME, "body").text
    assert "<script>window.__pwned=1</script>" in body
    assert '<img src=x onerror="window.__pwned=2">' in body
    browser.find_element(By.CSS_SELECTOR, 'input[data-cat="method"]').click()
    assert "hide-method" in browser.find_element(By.TAG_NAME, "body").get_attribute("class")
    shot = tmp_path / "report.png"
    assert browser.save_screenshot(str(shot)) and shot.stat().st_size > 10_000
    print(f"screenshot: {shot}")
