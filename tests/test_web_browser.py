"""The web window in a real browser (Debian's Chromium, headless, through Selenium): a
newcomer opens the judge's games, a game, steps through its phases from the keyboard, and
sees the board and the text `judge show` and his mail give; a player follows the link the
judge mailed him; the deadline is shown in the browser's own time zone; no page logs an
error in the console; and the pages are saved as screenshots at a desktop's and a phone's
width (in $JUDGE_SCREENSHOTS if set, to be looked at, else the test's own folder)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from tests import browserkit
from tests.gametable import HOLDS, Table, play
from tests.test_web import WATCHER, link_of, results_of, start_game

pytestmark = pytest.mark.early  # installs Chromium on a fresh machine


@pytest.fixture(scope="module")
def chromium() -> None:
    why = browserkit.install()
    if why:
        pytest.skip(f"no browser: {why}")


def units_on_board(driver) -> set[str]:
    from selenium.webdriver.common.by import By

    board = driver.find_element(By.ID, "board")
    return {e.get_attribute("id") for e in board.find_elements(By.CSS_SELECTOR, "[id^='u-']")}


def showing(driver, phase: str) -> None:
    """Wait until the page shown is the phase's (a key or the phase list loads a new page)."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    WebDriverWait(driver, 15, ignored_exceptions=(StaleElementReferenceException,)).until(
        lambda d: any(
            e.get_attribute("data-phase") == phase for e in d.find_elements(By.ID, "board")
        )
    )


def shown_units(table: Table) -> set[str]:
    return {
        f"u-{unit.split()[-1].lower().replace('/', '.')}"
        for units in table.show()["units"].values()
        for unit in units
    }


def test_a_newcomer_steps_through_a_game_in_a_browser(
    chromium: None, web: Table, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    start_game(web)
    spring = dict(
        HOLDS, Germany="A mun-ruh; A ber H; F kie-den", France="A par-bur; A mar H; F bre H"
    )
    play(web, spring, "S1901M")
    fall = dict(HOLDS, Germany="A ruh-hol; A ber H; F den H", France="A bur H; A mar H; F bre H")
    play(web, fall, "F1901M")
    root = f"http://{web.judge.settings.web_listen}"
    folder = Path(os.environ.get("JUDGE_SCREENSHOTS") or tmp_path / "screens")

    with browserkit.browser(zone="Asia/Tokyo") as driver:
        driver.get(root + "/")
        assert driver.title == "USTS: games"
        screens = [browserkit.screenshot(driver, folder, "games-desktop", browserkit.DESKTOP)]
        # From the keyboard: to the game's link, and Enter.
        link = driver.find_element(By.LINK_TEXT, "war")
        link.send_keys(Keys.ENTER)
        assert driver.current_url.endswith("/game/war")
        # The board as it stands: the units `judge show` gives, and the deadline in the
        # reader's zone (Tokyo), not the judge's (UTC).
        assert units_on_board(driver) == shown_units(web)
        deadline = driver.find_element(By.CSS_SELECTOR, ".status time")
        assert re.search(r"GMT\+9|JST", deadline.text), deadline.text
        screens.append(browserkit.screenshot(driver, folder, "game-desktop", browserkit.DESKTOP))
        screens.append(browserkit.screenshot(driver, folder, "game-phone", browserkit.PHONE))
        # Back through the phases with the arrow key: each phase's board and results.
        for phase in ("F1901M", "S1901M"):
            driver.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT)
            showing(driver, phase)
            text = driver.find_element(By.ID, "w-results").text
            mailed = results_of(web, WATCHER, phase)
            assert text.strip().splitlines()[0] in mailed
            assert " ".join(text.split()) in " ".join(mailed.split())
        assert "Germany: Fleet Kiel -> Denmark." in driver.find_element(By.ID, "w-results").text
        assert driver.find_elements(By.ID, "o-kie")  # the phase's orders drawn
        # And forward with the phase chooser.
        choose = driver.find_element(By.ID, "phase")
        choose.send_keys("F")  # F1901M
        showing(driver, "F1901M")
        screens.append(browserkit.screenshot(driver, folder, "phase-desktop", browserkit.DESKTOP))
        assert browserkit.console_errors(driver) == []

        # Germany's own view, by the link the judge mailed him.
        driver.get(link_of(web, "Germany"))
        assert "as Germany" in driver.find_element(By.TAG_NAME, "h1").text
        orders = driver.find_element(By.ID, "w-orders").text
        assert "Germany" in orders and "build" in orders.lower()
        screens.append(browserkit.screenshot(driver, folder, "own-desktop", browserkit.DESKTOP))
        screens.append(browserkit.screenshot(driver, folder, "own-phone", browserkit.PHONE))
        # A phone's width: nothing wider than the screen.
        driver.set_window_size(*browserkit.PHONE)
        wide = driver.execute_script(
            "return document.documentElement.scrollWidth > window.innerWidth + 1"
        )
        assert not wide
        assert browserkit.console_errors(driver) == []
    assert all(path.stat().st_size > 10_000 for path in screens)
