"""A real browser for the web window's tests: Debian's Chromium, headless, driven through
its chromedriver by Selenium (installed from Debian's packages where missing,
tests/aptkit.py). The browser runs in a time zone of the test's choosing (TZ), so a test
sees the deadlines shown in the reader's own zone, and keeps its console's messages."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from tests import aptkit

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
DESKTOP = (1280, 900)
PHONE = (390, 844)


def install() -> str:
    """Chromium and its driver if missing: "" once they are there, else why not."""
    return aptkit.install("chromium", CHROMIUM) or aptkit.install("chromium-driver", CHROMEDRIVER)


@contextmanager
def browser(zone: str = "UTC", size: tuple[int, int] = DESKTOP) -> Iterator:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        f"--window-size={size[0]},{size[1]}", "--lang=en-GB",
    ):  # fmt: skip
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(CHROMEDRIVER, env={**os.environ, "TZ": zone})
    driver = webdriver.Chrome(service=service, options=options)
    try:
        yield driver
    finally:
        driver.quit()


def console_errors(driver) -> list[str]:
    """The console's errors and warnings since the last look (a page's script failing, a
    resource refused by the content security policy, a 404)."""
    return [e["message"] for e in driver.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]


def screenshot(driver, folder: Path, name: str, size: tuple[int, int]) -> Path:
    """The whole page at a window width of `size`; saved as `folder/name.png`."""
    driver.set_window_size(*size)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(size[0], min(max(height, size[1]), 6000))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    driver.save_screenshot(str(path))
    driver.set_window_size(*size)
    return path
