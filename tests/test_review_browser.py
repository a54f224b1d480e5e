"""The review page in a real browser (headless Chromium driven by Selenium):
reject, accept, relabel, add a span by selecting text, mark done, save — and
the saved file round-trips through the JSONL converter with every span aligned.

Skipped, with the reason, where Selenium, Chromium or its driver is missing
(Debian: `apt-get install chromium chromium-driver`, `pip install selenium`).
"""

from __future__ import annotations

import json
import os
import shutil
import time
from pathlib import Path
from typing import Iterator, Optional

import pytest

from spacy_phi.converters import read_jsonl, records_to_docs
from spacy_phi.review import ReviewNote, ReviewSpan, page_data, write_page

webdriver = pytest.importorskip("selenium.webdriver", reason="Selenium is not installed (pip install selenium)")


def _first_found(*names: str) -> Optional[str]:
    for name in names:
        if name and (shutil.which(name) or os.path.isfile(name)):
            return shutil.which(name) or name
    return None


CHROMIUM = _first_found(os.environ.get("SPACY_PHI_CHROMIUM", ""), "chromium", "chromium-browser", "google-chrome")
DRIVER = _first_found(os.environ.get("SPACY_PHI_CHROMEDRIVER", ""), "chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="Chromium or chromedriver not installed (Debian: apt-get install chromium chromium-driver)",
)

# An emoji before the spans: the page must count code points as Python does, not UTF-16 units.
TEXT = "Pt \U0001f600 Ann Lee seen at Mercy on Tuesday by Bob.\nPlan: home."
SPANS = [("Ann Lee", "PATIENT", 0.3), ("Mercy", "ORGANIZATION", 0.5), ("Tuesday", "DATE", 0.2)]


def _span(text: str, label: str, score: float) -> ReviewSpan:
    start = TEXT.index(text)
    return ReviewSpan(start, start + len(text), label, "ner", score)


@pytest.fixture
def browser(tmp_path: Path) -> Iterator[object]:
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1400,900"):
        options.add_argument(argument)
    options.binary_location = CHROMIUM
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    options.add_experimental_option("prefs", {"download.default_directory": str(downloads),
                                              "download.prompt_for_download": False})
    try:
        driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    except Exception as error:  # a browser that does not start here (no display libraries, sandbox)
        pytest.skip(f"Chromium did not start: {type(error).__name__}")
    driver.downloads = downloads
    try:
        yield driver
    finally:
        driver.quit()


def _press(driver, key: str) -> None:
    from selenium.webdriver.common.action_chains import ActionChains

    ActionChains(driver).send_keys(key).perform()


def _wait_for_file(folder: Path, name: str, seconds: float = 20.0) -> Path:
    deadline = time.monotonic() + seconds
    path = folder / name
    while time.monotonic() < deadline:
        if path.exists() and not list(folder.glob("*.crdownload")):
            return path
        time.sleep(0.2)
    raise AssertionError(f"{name} was not downloaded")


def test_review_page_corrects_and_saves_aligned_jsonl(browser, tmp_path: Path) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    driver = browser
    notes = [ReviewNote("n1", TEXT, [_span(*s) for s in SPANS], {"site": "ward 3"}),
             ReviewNote("n2", "Nothing to see.", [])]
    page = tmp_path / "review.html"
    write_page(page, page_data(notes))
    driver.get(page.as_uri())
    assert "Contains PHI" in driver.find_element(By.CLASS_NAME, "warning").text
    current = lambda: driver.execute_script(  # noqa: E731
        "const s = window.phiReview.notes[0].spans[window.phiReview.state.span]; return [s.label, s.state];")

    # The least certain span is selected first: "Tuesday" (0.2), a false alarm.
    assert current() == ["DATE", "pending"]
    _press(driver, "r")
    assert current() == ["DATE", "rejected"]
    _press(driver, "j")  # next least certain: "Ann Lee"
    _press(driver, "a")
    assert current() == ["PATIENT", "accepted"]
    _press(driver, "j")  # "Mercy": a hospital, not an organization
    _press(driver, "l")
    select = driver.switch_to.active_element
    assert select.tag_name == "select"
    _press(driver, "\ue013")  # ArrowUp: ORGANIZATION -> HOSPITAL, the label just before it
    assert driver.switch_to.active_element.tag_name == "select", "the label list keeps the keyboard"
    _press(driver, "\ue00c")  # Escape: back to the shortcuts
    assert current() == ["HOSPITAL", "accepted"]

    # Add the missed "Bob" by selecting it in the note text.
    driver.execute_script("""
        const chunk = Array.from(document.querySelectorAll('#note-text .chunk'))
            .find(el => el.textContent.includes(' by Bob'));
        const node = chunk.firstChild, at = node.textContent.indexOf('Bob');
        const range = document.createRange();
        range.setStart(node, at); range.setEnd(node, at + 3);
        window.getSelection().removeAllRanges(); window.getSelection().addRange(range);""")
    Select(driver.find_element(By.ID, "add-label")).select_by_value("DOCTOR")
    driver.execute_script("document.activeElement.blur();")
    _press(driver, "e")
    assert current() == ["DOCTOR", "added"]
    _press(driver, "d")  # n1 done; n2 is not and is not saved
    _press(driver, "s")

    saved = _wait_for_file(driver.downloads, "corrections.jsonl")
    content = saved.read_text(encoding="utf-8")
    assert content == driver.execute_script("return window.phiReview.jsonl();")
    lines = [json.loads(line) for line in content.splitlines()]
    assert [line["id"] for line in lines] == ["n1"]
    assert lines[0]["meta"]["site"] == "ward 3"
    assert lines[0]["meta"]["review"] == {"done": True, "accepted": 2, "rejected": 1, "relabelled": 1, "added": 1}

    records = read_jsonl(saved)
    assert records[0].text == TEXT
    docs, report = records_to_docs(records)
    assert report.total_unusable == 0, "every saved span aligns"
    assert [(e.text, e.label_) for e in docs[0].ents] == [("Ann Lee", "PATIENT"), ("Mercy", "HOSPITAL"),
                                                          ("Bob", "DOCTOR")]
    for span in records[0].spans:  # offsets are code points, as Python counts them
        assert TEXT[span.start:span.end] == span.source_text
