"""The HTML report in a real headless Chromium: highlights visible, hostile text inert."""

import shutil
import sys

import orjson
import pytest

from pipeline.run.sequence import run_pipeline
from tests.test_report import HOSTILE
from tests.test_report_security import INDEX_PAYLOAD, PAYLOADS, audit_html, tampered_records

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
    options.set_capability("unhandledPromptBehavior", "ignore")  # an alert stays to be seen
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


# Every attribute that could run script: event handlers and script URLs.
SCRIPTABLE_ATTRIBUTES = """
const found = [];
for (const el of document.querySelectorAll('*')) {
  for (const a of el.attributes) {
    const value = a.value.replace(/[\\u0000-\\u0020]/g, '').toLowerCase();
    if (a.name.toLowerCase().startsWith('on') || /^(javascript|vbscript|data):/.test(value)) {
      found.push(el.tagName + ' ' + a.name + '=' + a.value);
    }
  }
}
return found;
"""


def assert_nothing_ran(browser) -> None:
    """No alert open, no payload's side effect, no scriptable attribute in the DOM."""
    from selenium.common.exceptions import NoAlertPresentException

    with pytest.raises(NoAlertPresentException):
        browser.switch_to.alert  # noqa: B018 (the property raises when no alert is open)
    assert browser.execute_script("return window.__pwned === undefined")
    assert browser.execute_script(SCRIPTABLE_ATTRIBUTES) == []


def assert_filter_works(browser) -> None:
    """The page's own script still runs: unticking a category hides its highlights."""
    from selenium.webdriver.common.by import By

    browser.find_element(By.CSS_SELECTOR, 'input[data-cat="dataset"]').click()
    assert "hide-dataset" in browser.find_element(By.TAG_NAME, "body").get_attribute("class")


def test_tampered_records_in_chromium(browser, tmp_path):
    """audit --html of a records file whose every string is a payload: all of it shown as text."""
    from selenium.webdriver.common.by import By

    records = tampered_records(tmp_path)
    audit_html(records)
    browser.get(records.with_name("report.html").as_uri())
    assert_nothing_ran(browser)
    assert browser.execute_script("return document.scripts.length") == 1
    body = browser.find_element(By.TAG_NAME, "body").text
    assert INDEX_PAYLOAD in body and PAYLOADS[1] in body
    shown = {m.get_attribute("data-cat") for m in browser.find_elements(By.CSS_SELECTOR, "mark")}
    assert {"method", "dataset", "metric", "result"} <= shown
    for link in browser.find_elements(By.CSS_SELECTOR, "a"):
        link.click()  # every link stays on the page
    assert_nothing_ran(browser)
    assert_filter_works(browser)


def test_content_security_policy_in_chromium(browser, tmp_path):
    """Markup that got past escaping still could not run: the page's policy blocks it."""
    from selenium.webdriver.common.by import By

    html = audit_html(tampered_records(tmp_path))
    injected = (
        "<script>window.__pwned='script'</script><img src=x onerror=\"window.__pwned='img'\">"
    )
    page = tmp_path / "injected.html"
    page.write_text(html.replace("</main>", injected + "</main>"), encoding="utf-8")
    browser.get(page.as_uri())
    assert browser.execute_script("return document.scripts.length") == 2  # parsed, not run
    assert browser.execute_script("return window.__pwned === undefined")
    assert browser.find_elements(By.CSS_SELECTOR, "img[onerror]")
    assert_filter_works(browser)
