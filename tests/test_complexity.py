"""Issue 29: lint that can fail. Ruff's complexity rules (C901 complexity over 10, PLR0912 more
than 12 branches, PLR0915 more than 50 statements) hold for every function but those listed in
tests/complexity_baseline.txt, and that list only falls: a new complex function fails here, and
so does a listed one that is no longer complex (take it off the list)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = Path(__file__).with_name("complexity_baseline.txt")
RULES = "C901,PLR0912,PLR0915"


def complex_functions() -> set[str]:
    """`file function rule` for each function over a limit."""
    ruff = Path(sys.executable).with_name("ruff")
    p = subprocess.run(
        [str(ruff), "check", "ledger", "--select", RULES, "--output-format", "json", "--no-cache"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    found = set()
    for item in json.loads(p.stdout or "[]"):
        path = Path(item["filename"]).resolve().relative_to(ROOT)
        line = (ROOT / path).read_text(encoding="utf-8").splitlines()[item["location"]["row"] - 1]
        name = re.search(r"def (\w+)", line)
        found.add(f"{path.as_posix()} {name.group(1) if name else '?'} {item['code']}")
    return found


def baseline() -> set[str]:
    lines = BASELINE.read_text(encoding="utf-8").splitlines()
    return {line.strip() for line in lines if line.strip() and not line.startswith("#")}


def test_29_no_function_grows_past_the_complexity_limits() -> None:
    new = complex_functions() - baseline()
    assert not new, "split these functions (or, if there is no way, explain why): " + "; ".join(
        sorted(new)
    )


def test_29_the_complexity_baseline_only_falls() -> None:
    gone = baseline() - complex_functions()
    assert not gone, "no longer over the limits, take them off the baseline: " + "; ".join(
        sorted(gone)
    )
