"""Put the last `make bench` table (build/bench/speed.md) into the README's Speed section,
between its two markers, so that the README shows what the last run measured and nothing else.

    .venv/bin/python bench/readme.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
START, END = "<!-- make bench: from here -->", "<!-- make bench: to here -->"


def main() -> int:
    table = ROOT / "build" / "bench" / "speed.md"
    readme = ROOT / "README.md"
    if not table.exists():
        print(f"no {table.relative_to(ROOT)}: run `make bench` first", file=sys.stderr)
        return 1
    text = readme.read_text(encoding="utf-8")
    head, start, rest = text.partition(START)
    _, end, tail = rest.partition(END)
    if not start or not end:
        print(f"README.md has no {START} ... {END} markers", file=sys.stderr)
        return 1
    measured = table.read_text(encoding="utf-8").strip()
    readme.write_text(f"{head}{START}\n{measured}\n{END}{tail}", encoding="utf-8")
    print(f"README.md: the Speed section's table is the one of {table.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
