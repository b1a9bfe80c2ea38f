"""The stress benchmark: `make bench`. Builds the 10k and 100k stress workbooks, times each
command against its reference in the same run on this machine (median of several runs and
the spread), and prints the table with the ratios, the peak memory and whether each goal holds.

A benchmark, not a test: it reports, it never fails (exit 0), whatever the machine.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "build" / "bench"
LEDGER = [sys.executable, "-m", "ledger"]


def run(cmd: list[str], cwd: Path | None = None) -> tuple[float, int]:
    """Wall time in seconds and peak memory (MiB) of one command, measured by the OS."""
    start = time.perf_counter()
    p = subprocess.Popen(cmd, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    elapsed = time.perf_counter() - start
    err = p.stderr.read().decode() if p.stderr else ""
    if status != 0:
        raise RuntimeError(f"{' '.join(cmd)} failed:\n{err}")
    return elapsed, usage.ru_maxrss // 1024


def measure(
    label: str,
    cmd: list[str],
    times: int,
    prepare: list[Path] | None = None,
    fresh: Path | None = None,
) -> dict[str, float]:
    """Run `cmd` `times` times; before each run copy `fresh` over `prepare[0]` (a tick changes it)."""
    walls, peaks = [], []
    for _ in range(times):
        if fresh is not None and prepare:
            shutil.copy(fresh, prepare[0])
            for stale in prepare[0].parent.glob(f".{prepare[0].name}*"):
                if stale.is_file():
                    stale.unlink()
                else:
                    shutil.rmtree(stale)
        wall, peak = run(cmd)
        walls.append(wall)
        peaks.append(peak)
    result = {
        "median": statistics.median(walls),
        "min": min(walls),
        "max": max(walls),
        "peak": max(peaks),
    }
    print(
        f"  {label:<44} {result['median']:7.2f} s  ({result['min']:.2f}-{result['max']:.2f}, peak {result['peak']} MiB)",
        flush=True,
    )
    return result


NAIVE = """
import sys, openpyxl
wb = openpyxl.load_workbook(sys.argv[1]); wb.save(sys.argv[2])
"""

TO_LEDGER = """
import sys, datetime as dt
from pathlib import Path
from ledger.io.workbook import load
loaded, _ = load(Path(sys.argv[1]))
start = dt.date(2100, 1, 1)
with open(sys.argv[2], "w") as f:
    for t in loaded.books.journal:
        f.write(f"{(start + dt.timedelta(days=t.day)).isoformat()} {t.memo}\\n")
        for p in t.postings:
            f.write(f"    {p.account}  {p.amount.amount} KC\\n")
        f.write("\\n")
"""


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sizes", default="10000,100000", help="journal rows of the stress workbooks")
    ap.add_argument("--times", type=int, default=3, help="runs per measure (median reported)")
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    sizes = [int(s) for s in args.sizes.split(",")]
    # Python's bytecode, as `pip install` leaves it: with PYTHONDONTWRITEBYTECODE set (as on
    # some CI machines) every run would compile ledger's modules again and time the compiler.
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(ROOT / "ledger")], check=True)
    print(
        f"ledger benchmark, {dt.date.today()} · {platform.processor() or platform.machine()} · {os.cpu_count()} cores · Python {platform.python_version()}"
    )
    rows: list[tuple[str, str, str, str]] = []
    per_day: dict[str, float] = {}  # each further day of a tick, by journal size
    ledger_cli = shutil.which("ledger", path="/usr/bin")

    help_ = measure("ledger --help", [*LEDGER, "--help"], max(args.times, 5))
    rows.append(
        (
            "`ledger --help`",
            f"{help_['median']:.2f} s",
            "≤ 0.30 s",
            "yes" if help_["median"] <= 0.3 else "no",
        )
    )

    for n in sizes:
        tag = f"{n // 1000}k"
        src = OUT / f"stress-{tag}.xlsx"
        if not src.exists():
            subprocess.run(
                [
                    sys.executable,
                    str(HERE / "make_workbook.py"),
                    "--journal-rows",
                    str(n),
                    str(src),
                ],
                check=True,
            )
        print(f"\n{tag} journal rows ({src.stat().st_size / 1e6:.1f} MB)")
        work = OUT / f"work-{tag}.xlsx"
        naive = measure(
            "naive openpyxl load + save",
            [sys.executable, "-c", NAIVE, str(src), str(OUT / f"naive-{tag}.xlsx")],
            args.times,
        )
        tick30 = measure(
            "ledger tick 30 (first save of the built workbook)",
            [*LEDGER, "tick", "30", "-w", str(work)],
            args.times,
            [work],
            src,
        )
        # the usual case: the workbook was last saved by ledger itself
        own = OUT / f"own-{tag}.xlsx"
        shutil.copy(src, work)
        subprocess.run([*LEDGER, "post", "-w", str(work)], check=True, capture_output=True)
        shutil.copy(work, own)
        tick30b = measure(
            "ledger tick 30", [*LEDGER, "tick", "30", "-w", str(work)], args.times, [work], own
        )
        tick360 = measure(
            "ledger tick 360", [*LEDGER, "tick", "360", "-w", str(work)], args.times, [work], own
        )
        check = measure(
            "ledger check (the load alone)", [*LEDGER, "check", "-w", str(own)], args.times
        )
        ratio = tick30b["median"] / naive["median"]
        rows.append(
            (
                f"`tick 30` ÷ naive openpyxl load+save, {tag}",
                f"{tick30b['median']:.2f} s ÷ {naive['median']:.2f} s = {ratio:.2f}",
                "≤ 0.35",
                "yes" if ratio <= 0.35 else "no",
            )
        )
        ratio_first = tick30["median"] / naive["median"]
        rows.append(
            (
                f"  the same, the first save of the built workbook, {tag}",
                f"{tick30['median']:.2f} s = {ratio_first:.2f}",
                "≤ 0.35",
                "yes" if ratio_first <= 0.35 else "no",
            )
        )
        r360 = tick360["median"] / tick30b["median"]
        engine = (tick360["median"] - tick30b["median"]) / 330
        rows.append(
            (
                f"`tick 360` ÷ `tick 30`, {tag}",
                f"{r360:.2f} (each further day {engine * 1000:.1f} ms, its report and summary included; the load alone {check['median']:.2f} s)",
                "close to the I/O floor",
                "see below",
            )
        )
        per_day[tag] = engine
        if n >= 100_000:
            rows.append(
                (
                    f"peak memory of `tick 30`, {tag}",
                    f"{tick30b['peak']} MiB",
                    "≤ 150 MiB",
                    "yes" if tick30b["peak"] <= 150 else "no",
                )
            )
            journal = OUT / f"stress-{tag}.ledger"
            subprocess.run([sys.executable, "-c", TO_LEDGER, str(src), str(journal)], check=True)
            cold_book = OUT / f"cold-{tag}.xlsx"
            cold = measure(
                "ledger balance --json (no cache)",
                [*LEDGER, "balance", "--json", "-w", str(cold_book)],
                args.times,
                [cold_book],
                own,
            )
            foreign_book = OUT / f"foreign-{tag}.xlsx"
            foreign = measure(
                "ledger balance --json (saved by openpyxl)",
                [*LEDGER, "balance", "--json", "-w", str(foreign_book)],
                args.times,
                [foreign_book],
                OUT / f"naive-{tag}.xlsx",  # the naive measure's output: openpyxl saved it
            )
            shutil.copy(own, work)
            subprocess.run(
                [*LEDGER, "balance", "--json", "-w", str(work)], check=True, capture_output=True
            )
            warm = measure(
                "ledger balance --json (cache of the same bytes)",
                [*LEDGER, "balance", "--json", "-w", str(work)],
                args.times,
            )
            if ledger_cli:
                ref = measure(
                    "/usr/bin/ledger -f J balance (ledger-cli)",
                    [ledger_cli, "-f", str(journal), "balance"],
                    args.times,
                )
                rows.append(
                    (
                        f"`balance --json` ÷ ledger-cli `balance`, {tag}",
                        f"{warm['median']:.2f} s ÷ {ref['median']:.2f} s = {warm['median'] / ref['median']:.2f}",
                        "≤ 1.0",
                        "yes" if warm["median"] <= ref["median"] else "no",
                    )
                )
                rows.append(
                    (
                        f"  the same without the cache (every row read and summed), {tag}",
                        f"{cold['median']:.2f} s = {cold['median'] / ref['median']:.2f}",
                        "≤ 1.0",
                        "yes" if cold["median"] <= ref["median"] else "no",
                    )
                )
                rows.append(
                    (
                        f"  the same after another program saved it (openpyxl), {tag}",
                        f"{foreign['median']:.2f} s = {foreign['median'] / ref['median']:.2f}",
                        "(no goal)",
                        "-",
                    )
                )
            else:
                rows.append(
                    (
                        "`balance --json` ÷ ledger-cli",
                        f"{warm['median']:.2f} s (warm), {cold['median']:.2f} s (cold), {foreign['median']:.2f} s (saved by openpyxl)",
                        "≤ 1.0",
                        "ledger-cli missing: apt-get install ledger",
                    )
                )

    if len(per_day) >= 2:
        sizes_run = list(per_day.items())
        (small, a), (large, b) = sizes_run[0], sizes_run[-1]
        rows.append(
            (
                f"each further day of a tick, {small} against {large} journal rows",
                f"{a * 1000:.1f} ms against {b * 1000:.1f} ms",
                "does not grow with the journal",
                "yes" if b <= 1.5 * a else "no",
            )
        )
    print("\n| measure | result | goal | met |\n|---|---|---|---|")
    for r in rows:
        print(f"| {r[0]} | {r[1]} | {r[2]} | {r[3]} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
