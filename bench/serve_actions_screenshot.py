"""Makes docs/serve-pay-form.png, the README's picture of a player's pay form: the example
workbook after the tour's `ledger tick 30`, served by the real `ledger serve --actions` on
127.0.0.1 and opened at Ann's link in headless Chromium laid out as a phone (375 px wide), the
way tests/web/test_browser_actions.py opens it; Ann has typed a payment to Bob, not sent yet.

    .venv/bin/python bench/serve_actions_screenshot.py

Needs Debian's chromium and chromium-driver, and selenium (a test extra).
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.web.browser import as_phone, chromium, png_size, serving  # noqa: E402

OUT = ROOT / "docs" / "serve-pay-form.png"


def main() -> None:
    from selenium.webdriver.common.by import By

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
        with serving(workbook, folder, "--actions") as links:
            driver = chromium(folder / "profile")
            try:
                as_phone(driver)
                driver.get(links["Ann"])
                time.sleep(1.5)  # the page's first event has come and gone
                for field, value in (("to", "Bob"), ("amount", "4.50"), ("memo", "ore from Ceres")):
                    driver.find_element(By.ID, f"pay-{field}").send_keys(value)
                driver.execute_script("document.activeElement.blur()")
                png = driver.get_screenshot_as_png()
            finally:
                driver.quit()
    OUT.write_bytes(png)
    width, height = png_size(png)
    print(f"wrote {OUT.relative_to(ROOT)}: {width}x{height} px, {len(png) // 1024} kB")


if __name__ == "__main__":
    main()
