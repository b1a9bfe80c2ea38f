"""Makes docs/serve-player.png, the README's picture of a player's page: the example workbook
after the tour's `ledger tick 30`, served by the real `ledger serve` on 127.0.0.1 and opened at
Ann's link in headless Chromium laid out as a phone (375 px wide), the way
tests/web/test_browser.py opens it.

    .venv/bin/python bench/serve_screenshot.py

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

OUT = ROOT / "docs" / "serve-player.png"


def main() -> None:
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
        with serving(workbook, folder) as links:
            driver = chromium(folder / "profile")
            try:
                as_phone(driver)
                driver.get(links["Ann"])
                time.sleep(1.5)  # the page's first event has come and gone
                png = driver.get_screenshot_as_png()
            finally:
                driver.quit()
    OUT.write_bytes(png)
    width, height = png_size(png)
    print(f"wrote {OUT.relative_to(ROOT)}: {width}x{height} px, {len(png) // 1024} kB")


if __name__ == "__main__":
    main()
