"""`ledger serve --actions` in a real browser (issue 30): headless Chromium, as the live-view
test drives it. Ann pays Bob 5 from her page; the banker approves from theirs; both players'
pages show the new balances within two seconds; Bob's link cannot pay from Ann; a form posted
from another origin is refused; a double submit pays once. Skipped where Chromium, its driver
or selenium are missing (failed in CI), as every interop test."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from ledger.app.actions import listing
from tests.conftest import Ledger
from tests.web.browser import as_phone, chromium, serving
from tests.web.test_browser import LIVE_WITHIN, balance, text

pytestmark = pytest.mark.interop

#: Post the page's pay form `times` times at once, as a double tap does: the same fields,
#: the same one-time id; the answers' statuses.
POST_TWICE = """
const done = arguments[arguments.length - 1];
const form = document.getElementById('form-pay');
form.querySelector('[name=to]').value = arguments[0];
form.querySelector('[name=amount]').value = arguments[1];
const body = new URLSearchParams(new FormData(form));
const url = arguments[2] || form.action;
Promise.all([1, 2].map(() => fetch(url, {method: 'POST', body: body, redirect: 'manual'})))
  .then(rs => done(rs.map(r => r.type === 'opaqueredirect' ? 303 : r.status)));
"""


def wait(driver: Any, until: Any, within: float = 10) -> None:
    from selenium.webdriver.support.wait import WebDriverWait

    WebDriverWait(driver, within, poll_frequency=0.05).until(until)


def test_30_ann_pays_bob_from_her_phone_and_the_banker_approves(
    game: Ledger, tmp_path: Path
) -> None:
    from selenium.webdriver.common.by import By

    with serving(game.path, game.folder, "--actions") as links:
        ann, bob, banker = (chromium(tmp_path / f"profile-{n}") for n in ("ann", "bob", "bank"))
        try:
            as_phone(ann)
            ann.get(links["Ann"])
            bob.get(links["Bob"])
            banker.get(links["banker"])
            ann.find_element(By.ID, "pay-to").send_keys("Bob")
            ann.find_element(By.ID, "pay-amount").send_keys("5")
            ann.find_element(By.ID, "pay-memo").send_keys("ore from Ceres")
            ann.find_element(By.CSS_SELECTOR, "#form-pay button").click()
            wait(ann, lambda d: text(d, "#mine-1") is not None)
            assert "waiting for the banker" in (text(ann, "#mine-1") or "")
            assert balance(ann, "Ann") == "25.00 KC"  # nothing moved yet

            # the banker's page shows it by itself; approving it moves the money
            wait(banker, lambda d: text(d, "#action-1") is not None)
            banker.find_element(By.CSS_SELECTOR, 'button[data-approve="1"]').click()
            clicked = time.monotonic()
            wait(ann, lambda d: balance(d, "Ann") == "20.00 KC")
            wait(bob, lambda d: balance(d, "Bob") == "30.00 KC")
            took = time.monotonic() - clicked
            assert took < LIVE_WITHIN, f"the players' pages changed {took:.2f} s after approving"
            wait(ann, lambda d: "done: txn" in (text(d, "#mine-1") or ""))

            # Bob's page cannot pay from Ann: his form's token is not her link's
            statuses = bob.execute_async_script(POST_TWICE, "Bob", "1", links["Ann"] + "/act")
            assert statuses == [403, 403]

            # a form of another origin (a file here), even with Ann's own fields, is refused
            fields = ann.execute_script(
                "return [...document.querySelectorAll('#form-pay input[type=hidden]')]"
                ".map(i => [i.name, i.value])"
            )
            hidden = "".join(f'<input type="hidden" name="{k}" value="{v}">' for k, v in fields)
            evil = tmp_path / "evil.html"
            evil.write_text(
                f'<!doctype html><form id="f" method="post" action="{links["Ann"]}/act">{hidden}'
                '<input name="to" value="Sam"><input name="amount" value="7"></form>'
                "<script>document.getElementById('f').submit()</script>",
                encoding="utf-8",
            )
            bob.get(evil.as_uri())
            wait(bob, lambda d: "Forbidden" in (text(d, "body") or ""))

            # a double tap: the same form sent twice at once pays once
            ann.get(links["Ann"])
            statuses = ann.execute_async_script(POST_TWICE, "Bob", "2", "")
            assert statuses == [303, 303]
        finally:
            for driver in (ann, bob, banker):
                driver.quit()
    sent = listing(game.path)
    assert [(a.command, a.state) for a in sent] == [
        ("pay Ann Bob 5 --memo 'ore from Ceres'", "done"),
        ("pay Ann Bob 2", "waiting"),
    ]
    assert game("balance", "--json").json()["players"] == {
        "Ann": "20.00",
        "Bob": "30.00",
        "Sam": "500.00",
    }
