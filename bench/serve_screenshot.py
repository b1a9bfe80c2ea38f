"""Makes the README's pictures of the served pages: the example workbook after the tour's
`ledger tick 30`, served by the real `ledger serve` on 127.0.0.1 and opened at Ann's link in
headless Chromium laid out as a phone (375 px wide), the way tests/web/test_browser.py and
tests/web/test_browser_actions.py open it:

- docs/serve-player.png, Ann's page;
- docs/serve-pay-form.png, her page with `ledger serve --actions`: her money, her actions,
  her moves (a payment to Bob picked and typed, not sent yet);
- docs/serve-banker.png, the banker's page opening on Ann's payment waiting for them, with
  the money it moves and the balance it leaves.

    .venv/bin/python bench/serve_screenshot.py

Needs Debian's chromium and chromium-driver, and selenium (a test extra).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.browser import as_phone, chromium, png_size, serving  # noqa: E402

DOCS = ROOT / "docs"


def type_a_payment(driver: Any) -> None:
    """Ann types a payment to Bob into her pay form, and leaves the field."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.select import Select

    Select(driver.find_element(By.ID, "pay-to")).select_by_value("Bob")
    for field, value in (("amount", "4.50"), ("memo", "ore from Ceres")):
        driver.find_element(By.ID, f"pay-{field}").send_keys(value)
    driver.execute_script("document.activeElement.blur()")


def shoot(
    out: Path,
    *serve: str,
    then: Callable[[Any], None] = lambda driver: None,
    who: str = "Ann",
    before: Callable[[Path], None] = lambda workbook: None,
) -> None:
    """`who`'s page served with `serve`'s options, after `then` did its part, as `out`."""
    with tempfile.TemporaryDirectory(prefix="ledger-screenshot-") as tmp:
        folder = Path(tmp)
        workbook = folder / "ledger.xlsx"
        shutil.copyfile(ROOT / "workbooks" / "demo-triplanetary.xlsx", workbook)
        subprocess.run(
            [sys.executable, "-m", "ledger", "tick", "30", "-w", str(workbook)],
            cwd=folder,
            check=True,
            capture_output=True,
        )
        before(workbook)
        with serving(workbook, folder, *serve) as links:
            driver = chromium(folder / "profile")
            try:
                as_phone(driver)
                driver.get(links[who])
                time.sleep(1.5)  # the page's first event has come and gone
                then(driver)
                png = driver.get_screenshot_as_png()
            finally:
                driver.quit()
    out.write_bytes(png)
    width, height = png_size(png)
    print(f"wrote {out.relative_to(ROOT)}: {width}x{height} px, {len(png) // 1024} kB")


def main() -> None:
    shoot(DOCS / "serve-player.png")
    shoot(DOCS / "serve-pay-form.png", "--actions", then=type_a_payment)
    shoot(DOCS / "serve-banker.png", "--actions", who="banker", before=ann_pays_bob)


def ann_pays_bob(workbook: Path) -> None:
    """Ann's payment to Bob, sent from her link, waiting for the banker."""
    from ledger.app.actions import submit

    submit(workbook, "Ann", "pay", {"to": "Bob", "amount": "4.50", "memo": "ore"}, "shot-1")


if __name__ == "__main__":
    main()
