"""The phone pages' first screen (issue 36, item 1) in a real browser: headless Chromium at
375×800 CSS px, the real `ledger serve --actions`. A player's money and first move, and the
banker's first waiting action with the money it moves, lie within the first screen. Skipped
where Chromium, its driver or selenium are missing (failed in CI), as every interop test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from ledger.app.actions import submit
from tests.conftest import Ledger
from tests.web.browser import chromium, serving

pytestmark = pytest.mark.interop

WIDTH, HEIGHT = 375, 800

#: Where an element's box ends, in CSS px from the page's top (None: not on the page).
BOTTOM = """
const e = document.querySelector(arguments[0]);
if (!e) { return null; }
const r = e.getBoundingClientRect();
return r.height > 0 ? r.bottom + window.scrollY : null;
"""


def phone(driver: Any) -> None:
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 2, "mobile": True},
    )


def bottom(driver: Any, css: str) -> float | None:
    found = driver.execute_script(BOTTOM, css)
    return None if found is None else float(found)


def test_issue36_the_first_screen_holds_the_money_the_first_move_and_the_first_waiting(
    game: Ledger, tmp_path: Path
) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")  # a move of her game: supply
    submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "5", "memo": "ore"}, "form-1")
    with serving(game.path, game.folder, "--actions") as links:
        driver = chromium(tmp_path / "profile")
        try:
            phone(driver)
            driver.get(links["Ann"])
            assert driver.execute_script("return window.innerHeight") == HEIGHT
            money = bottom(driver, "#my-money")
            move = bottom(driver, "form.act button")  # the first move, whole
            assert money is not None and money <= HEIGHT, money
            assert move is not None and move <= HEIGHT, move
            assert driver.execute_script("return document.querySelector('#my-money').textContent")
            driver.get(links["banker"])
            card = bottom(driver, "#action-1")
            assert card is not None and card <= HEIGHT, card
            said = driver.execute_script(
                "return document.querySelector('#action-1 .amount').textContent"
            )
            assert said == "5.00 KC"
        finally:
            driver.quit()
