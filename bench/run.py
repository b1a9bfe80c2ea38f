"""The stress benchmark: `make bench`. Builds the Triplanetary stress workbooks (10k, 100k and
300k journal rows), then times each command against its yardstick side by side: A, B, A, B...
so that a machine that slows down slows both, and the ratio of each pair is taken (the median
of the pairs is shown). Prints the table with the goal of each row and whether it is met, and
writes it to build/bench/speed.md for the README.

    .venv/bin/python bench/run.py [--sizes 10000,100000,300000] [--times 3]

Yardsticks: `python -c pass` (start-up), ledger-cli (Debian's `ledger`: "not measured" without
it) on the same transactions, a workbook LibreOffice saved (`soffice --headless --convert-to
xlsx`), the HTML statements beside the PDF ones, and a naive openpyxl load + save.

A benchmark, not a test: it reports, it never fails (exit 0), whatever the machine.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "build" / "bench"
PYTHON = sys.executable
_SCRIPT = Path(PYTHON).parent / "ledger"
LEDGER = [str(_SCRIPT)] if _SCRIPT.exists() else [PYTHON, "-m", "ledger"]
ENV = {**os.environ, "XDG_CACHE_HOME": str(OUT / "cache"), "PYTHONIOENCODING": "utf-8"}
ENV.pop("LEDGER_WORKBOOK", None)


class Failed(Exception):
    """A command failed or ran out of time: the row says so."""

    def __init__(self, message: str, *, late: bool = False) -> None:
        super().__init__(message)
        self.late = late  # it ran out of time: slower than any goal


@dataclass
class Runs:
    """The runs of one command: wall seconds and peak memory (MiB) of each."""

    label: str
    walls: list[float] = field(default_factory=list)
    peaks: list[int] = field(default_factory=list)

    @property
    def median(self) -> float:
        return statistics.median(self.walls)

    @property
    def peak(self) -> int:
        return max(self.peaks)

    def add(self, run: tuple[float, int]) -> float:
        self.walls.append(run[0])
        self.peaks.append(run[1])
        return run[0]


def once(cmd: list[str], timeout: float, env: dict[str, str] | None = None) -> tuple[float, int]:
    """Wall time and peak memory (MiB) of one command, as the OS counts them."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        p = subprocess.Popen(
            cmd, env=env or ENV, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True
        )
        timer = threading.Timer(timeout, lambda: os.killpg(p.pid, signal.SIGKILL))
        timer.start()
        try:
            _, status, usage = os.wait4(p.pid, 0)
        finally:
            timer.cancel()
        elapsed = time.perf_counter() - start
        p.returncode = os.waitstatus_to_exitcode(status)
        if elapsed >= timeout:
            raise Failed(f"not done in {timeout:.0f} s", late=True)
        if p.returncode != 0:
            err.seek(0)
            last = err.read().decode(errors="replace").strip().splitlines()[-1:] or [""]
            raise Failed(f"exit {p.returncode}: {last[0][:100]}")
    return elapsed, usage.ru_maxrss // 1024


@dataclass
class Cmd:
    """A command to time, and what to put in place before each run (a tick changes its
    workbook): the files of a state copied over the workbook and what lies beside it."""

    label: str
    argv: list[str]
    state: Path | None = None
    workbook: Path | None = None
    timeout: float = 900
    #: False: run with an empty cache folder (no balances kept, no answer kept)
    cache: bool = True
    #: The command run once first, as when it is asked again of the same bytes.
    warm: bool = False
    #: The answers kept for commands asked again are forgotten first (the folder `help`).
    unkept: bool = False

    def run(self) -> tuple[float, int]:
        if self.state is not None and self.workbook is not None:
            restore(self.state, self.workbook)
        if self.unkept:
            shutil.rmtree(OUT / "cache" / "bankers-ledger" / "help", ignore_errors=True)
        if self.warm:
            once(self.argv, self.timeout)
        if self.cache:
            return once(self.argv, self.timeout)
        with tempfile.TemporaryDirectory() as empty:
            return once(self.argv, self.timeout, {**ENV, "XDG_CACHE_HOME": empty})


def paired(a: Cmd, b: Cmd, times: int) -> tuple[Runs, Runs, float]:
    """A and B in turn, `times` each: their runs and the median of the ratios A/B."""
    ra, rb, ratios = Runs(a.label), Runs(b.label), []
    for _ in range(times):
        wa = ra.add(a.run())
        ratios.append(wa / rb.add(b.run()))
    ratio = statistics.median(ratios)
    for r in (ra, rb):
        spread = f"{min(r.walls):.2f}-{max(r.walls):.2f}"
        print(f"  {r.label:<52} {r.median:7.2f} s ({spread}, peak {r.peak} MiB)", flush=True)
    print(f"  {'ratio':<52} {ratio:7.2f}", flush=True)
    return ra, rb, ratio


# -- the workbooks and what lies beside them ---------------------------------------------------


def side_files(workbook: Path) -> list[Path]:
    return sorted(workbook.parent.glob(f".{workbook.name}.*"))


def save_state(workbook: Path, state: Path) -> None:
    """Keep the workbook and what ledger keeps beside it (cache, history) as `state`."""
    if state.exists():
        shutil.rmtree(state)
    state.mkdir(parents=True)
    shutil.copy2(workbook, state / "workbook.xlsx")
    for f in side_files(workbook):
        name = f.name.replace(workbook.name, "workbook.xlsx", 1)
        (shutil.copytree if f.is_dir() else shutil.copy2)(f, state / name)


def restore(state: Path, workbook: Path) -> None:
    """Put `state` back as `workbook`, with what ledger keeps beside it."""
    for f in side_files(workbook):
        shutil.rmtree(f) if f.is_dir() else f.unlink()
    shutil.copy2(state / "workbook.xlsx", workbook)
    for f in state.iterdir():
        if f.name == "workbook.xlsx":
            continue
        to = workbook.with_name(f.name.replace("workbook.xlsx", workbook.name, 1))
        (shutil.copytree if f.is_dir() else shutil.copy2)(f, to)


def ledger(*args: str | Path, cwd: Path | None = None) -> None:
    ledger_out(*args, cwd=cwd)


def ledger_out(*args: str | Path, cwd: Path | None = None) -> str:
    """What `ledger ARGS` printed on stdout."""
    run = subprocess.run(
        [*LEDGER, *map(str, args)], cwd=cwd, env=ENV, capture_output=True, text=True
    )
    if run.returncode != 0:
        raise Failed(f"ledger {' '.join(map(str, args))}: {run.stderr.strip()[-300:]}")
    return run.stdout


def stress(n: int) -> Path:
    """The built workbook (built again when the generator changed)."""
    src = OUT / f"stress-{n // 1000}k.xlsx"
    maker = HERE / "make_workbook.py"
    if not src.exists() or src.stat().st_mtime < maker.stat().st_mtime:
        subprocess.run(
            [PYTHON, str(maker), "--journal-rows", str(n), str(src)], check=True, env=ENV
        )
    return src


def libreoffice_saved(workbook: Path, out: Path) -> Path:
    """The workbook as LibreOffice saves it (`soffice --headless --convert-to xlsx`)."""
    soffice = shutil.which("soffice") or shutil.which("libreoffice")
    if soffice is None:
        raise Failed("LibreOffice (soffice) missing: apt-get install libreoffice-calc")
    folder = out.parent / f"lo-{out.stem}"
    shutil.rmtree(folder, ignore_errors=True)
    subprocess.run(
        [
            soffice,
            f"-env:UserInstallation=file://{OUT / 'lo-profile'}",
            "--headless",
            "--norestore",
            "--convert-to",
            "xlsx:Calc MS Excel 2007 XML",
            "--outdir",
            str(folder),
            str(workbook),
        ],
        capture_output=True,
        timeout=3600,
        check=False,
    )
    saved = folder / workbook.name
    if not saved.exists() or saved.read_bytes()[:2] != b"PK":
        raise Failed("soffice wrote no workbook")
    shutil.move(saved, out)
    shutil.rmtree(folder, ignore_errors=True)
    return out


def ledger_cli_journal(workbook: Path, out: Path) -> Path:
    """The same transactions for ledger-cli: `ledger export --format hledger`, its comments
    left out (the plain journal ledger-cli reads fastest)."""
    full = out.with_suffix(".hledger")
    ledger("export", "--format", "hledger", "--out", full, "--force", "-w", workbook)
    with full.open(encoding="utf-8") as f, out.open("w", encoding="utf-8") as w:
        for line in f:
            if line.startswith((";", "commodity", "account")):
                continue
            w.write(line.split("  ;", 1)[0].rstrip() + "\n")
    return out


#: The kinds of measure, in the table's order (the issue's first).
ORDER = (
    "table",
    "help",
    "tick-sizes",
    "balance-cold",
    "balance-lo",
    "tick-lo",
    "pdf",
    "memory",
    "balance-warm",
    "naive",
    "tick-360",
    "per-day",
    "check",
    "close",
    "io-lines",
)
#: The reading goals against ledger-cli hold from this size on: below it Python's start-up
#: alone is most of ledger's time (issue 17 sets them at 100k).
READS_FROM = 100_000
LATER = f"(the goal holds from {READS_FROM // 1000}k on)"
#: Another program's save is read carefully once (issue 27): a goal at a table's size only.
CAREFUL = "(a goal at a table's size only: another program's save is read carefully once)"
NAIVE = "import sys, openpyxl; openpyxl.load_workbook(sys.argv[1]).save(sys.argv[2])"


# -- the table ------------------------------------------------------------------------------


@dataclass
class Table:
    """The rows, in the order of ORDER's kinds of measure and then of the sizes."""

    rows: list[tuple[int, str, str, str, str]] = field(default_factory=list)

    def add(self, kind: str, measure: str, result: str, goal: str, met: bool | str) -> None:
        shown = met if isinstance(met, str) else ("yes" if met else "no")
        result = " ".join(result.split()).replace("|", "/")[:200]  # one cell of the table
        self.rows.append((ORDER.index(kind), measure, result, goal, shown))

    def ratio(
        self,
        kind: str,
        measure: str,
        goal: float | None,
        pair: Callable[[], tuple[Cmd, Cmd]],
        times: int,
        no_goal: str = "(no goal)",
    ) -> tuple[Runs, Runs, float] | None:
        """One row from a pair of commands run in turn: `a ÷ b = ratio`, met when ratio ≤ goal."""
        wanted = no_goal if goal is None else f"≤ {goal}"
        try:
            a, b, ratio = paired(*pair(), times)
        except Failed as exc:
            print(f"  {measure}: {exc}", flush=True)
            met = "no" if exc.late and goal is not None else "-"
            self.add(kind, measure, f"not measured: {exc}", wanted, met)
            return None
        result = f"{a.median:.2f} s ÷ {b.median:.2f} s = {ratio:.2f}"
        self.add(kind, measure, result, wanted, "-" if goal is None else ratio <= goal)
        return a, b, ratio

    def markdown(self) -> str:
        lines = ["| measure | result | goal | met |", "|---|---|---|---|"]
        rows = sorted(self.rows, key=lambda r: r[0])
        lines += [f"| {m} | {r} | {g} | {ok} |" for _, m, r, g, ok in rows]
        return "\n".join(lines)


EXAMPLE = ROOT / "workbooks" / "demo-triplanetary.xlsx"
#: The libraries a command cannot do without (its arguments, the workbook's zip and XML, the
#: save), imported and nothing done: the least a command can cost, beside the table's goals.
FLOORS = {
    "the libraries a `pay` imports, and nothing done, ÷ `python -c pass`": (
        "decimal, zipfile, lxml.etree, xlsxwriter, typer"
    ),
    "the libraries a `tick` imports, and nothing done, ÷ `python -c pass`": (
        "decimal, zipfile, lxml.etree, xlsxwriter, typer, jinja2, rich.console, rich.table"
    ),
}


def at_the_table(table: Table, work: Path, python: Cmd, times: int) -> None:
    """The size of a table: the example workbook after a year of play (`tick 360`), its
    commands against hledger on the same books and against Python's own start-up."""
    print("\nthe example workbook after `tick 360`", flush=True)
    w = work / "example.xlsx"
    state = OUT / "state-example"
    try:
        for old in side_files(w):
            shutil.rmtree(old) if old.is_dir() else old.unlink()
        shutil.copy(EXAMPLE, w)
        ledger("tick", "360", "--no-statements", "-w", w)
        save_state(w, state)
        paid = OUT / "state-example-paid"
        ledger("pay", "bank", "Ann", "1", "-w", w)
        save_state(w, paid)
        journal = OUT / "example.hledger"
        ledger("export", "--format", "hledger", "--out", journal, "--force", "-w", w)
    except Failed as exc:
        print(f"  could not prepare: {exc}", flush=True)
        return
    hledger = shutil.which("hledger")
    many = max(times, 10)

    def against_hledger() -> Cmd:
        if hledger is None:
            raise Failed("hledger missing (apt-get install hledger)")
        return Cmd("hledger balance", [hledger, "-f", str(journal), "balance"])

    def balance(label: str, **how: bool) -> Cmd:
        return Cmd(label, [*LEDGER, "balance", "-w", str(w)], paid, w, **how)

    table.ratio(
        "table",
        "`balance` asked again, the example after `tick 360` ÷ hledger `balance` of its export",
        4,
        lambda: (balance("balance again, example", warm=True), against_hledger()),
        many,
    )
    table.ratio(
        "table",
        "`balance` just after a `pay`, the example ÷ hledger `balance` of its export",
        4,
        lambda: (balance("balance after pay, example", unkept=True), against_hledger()),
        many,
    )
    pay = Cmd("pay, example", [*LEDGER, "pay", "bank", "Ann", "1", "-w", str(w)], state, w)
    table.ratio("table", "`pay` on the example ÷ `python -c pass`", 5, lambda: (pay, python), many)
    tick = Cmd("tick 30, example", [*LEDGER, "tick", "30", "-w", str(w)], state, w)
    table.ratio(
        "table", "`tick 30` on the example ÷ `python -c pass`", 10, lambda: (tick, python), many
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--sizes", default="10000,100000,300000", help="journal rows of the workbooks")
    ap.add_argument("--times", type=int, default=3, help="pairs of runs per measure (median)")
    ap.add_argument("--pdf-timeout", type=float, default=300, help="seconds for the PDFs")
    ap.add_argument("--naive-up-to", type=int, default=10_000, help="naive openpyxl up to N rows")
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    sizes = sorted(int(s) for s in args.sizes.split(","))
    times = args.times
    # Python's bytecode, as `pip install` leaves it: with PYTHONDONTWRITEBYTECODE set (as on
    # some CI machines) every run would compile ledger's modules again and time the compiler.
    subprocess.run([PYTHON, "-m", "compileall", "-q", str(ROOT / "ledger")], check=True)
    ledger_cli = shutil.which("ledger", path="/usr/bin:/usr/local/bin")
    machine = platform.processor() or platform.machine()
    header = (
        f"Measured on {dt.date.today()}, {machine}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}; each row {times} pairs of runs side by side, the median."
    )
    print(f"ledger benchmark: {header}", flush=True)
    table = Table()

    print("\nstart-up", flush=True)
    help_cmd = Cmd("ledger --help", [*LEDGER, "--help"])
    with_cache = help_cmd.run()  # the first run keeps the help text
    print(f"  (the first `ledger --help` kept its text: {with_cache[0]:.2f} s)")
    python = Cmd("python -c pass", [PYTHON, "-c", "pass"])
    table.ratio(
        "help", "`ledger --help` ÷ `python -c pass`", 3, lambda: (help_cmd, python), max(times, 10)
    )

    # the floor: what the libraries a command needs cost to import, before ledger does anything
    for what, modules in FLOORS.items():
        floor = Cmd(f"import {modules}", [PYTHON, "-c", f"import {modules}"])
        table.ratio("table", what, None, lambda f=floor: (f, python), max(times, 10), "(the floor)")

    work = OUT / "work"
    work.mkdir(exist_ok=True)
    at_the_table(table, work, python, times)
    lines = sum(
        len(f.read_text(encoding="utf-8").splitlines())
        for f in (ROOT / "ledger" / "io").glob("*.py")
    )
    table.add("io-lines", "lines in `ledger/io`", f"{lines:,}", "≤ 5,000", lines <= 5000)
    prepared: dict[int, dict[str, Path]] = {}
    for n in sizes:
        tag = f"{n // 1000}k"
        print(f"\n{tag} journal rows: preparing", flush=True)
        p: dict[str, Path] = {}
        try:
            p["src"] = stress(n)
            w = work / f"own-{tag}.xlsx"
            shutil.copy(p["src"], w)
            for f in side_files(w):
                shutil.rmtree(f) if f.is_dir() else f.unlink()
            checked = "clean"
            try:
                ledger("check", "-w", w)
            except Failed as exc:
                checked = str(exc)
            table.add(
                "check",
                f"the {tag} workbook passes `ledger check`",
                checked,
                "clean",
                checked == "clean",
            )
            ledger("post", "-w", w)  # saved by ledger itself: the usual case
            p["own"] = OUT / f"state-own-{tag}"
            save_state(w, p["own"])
            lo = libreoffice_saved(w, OUT / f"libreoffice-{tag}.xlsx")
            p["lo"] = OUT / f"state-lo-{tag}"  # with ledger's side files, as in the banker's folder
            save_state(w, p["lo"])
            shutil.copy2(lo, p["lo"] / "workbook.xlsx")
            if ledger_cli:
                p["journal"] = ledger_cli_journal(w, OUT / f"stress-{tag}.ledger")
            restore(p["own"], w)
            ledger("tick", "30", "--no-statements", "-w", w)
            p["ticked"] = OUT / f"state-ticked-{tag}"
            save_state(w, p["ticked"])
            if n != sizes[0]:  # the campaign closed through its last day
                c = work / f"closed-{tag}.xlsx"
                for old in work.glob(f"closed-{tag}*"):
                    old.unlink()
                restore(p["own"], c)
                day = json.loads(ledger_out("balance", "--json", "-w", c))["day"]
                ledger("close", "--through", str(day), "-w", c)
                p["closed"] = OUT / f"state-closed-{tag}"
                save_state(c, p["closed"])
        except (Failed, subprocess.SubprocessError, OSError) as exc:
            print(f"  could not prepare: {exc}", flush=True)
        prepared[n] = p
        size = p["src"].stat().st_size / 1e6 if "src" in p else 0
        print(f"  {size:.1f} MB, {', '.join(sorted(p))}", flush=True)

    def state(n: int, name: str) -> Path:
        if name not in prepared[n]:
            raise Failed(f"{name} could not be prepared")
        return prepared[n][name]

    def tick(n: int, days: int, name: str = "own") -> Cmd:
        tag = f"{n // 1000}k"
        w = work / f"{name}-{tag}.xlsx"
        argv = [*LEDGER, "tick", str(days), "-w", str(w)]
        return Cmd(f"tick {days}, {tag}, {name}", argv, state(n, name), w)

    def balance(n: int, name: str, cache: bool) -> Cmd:
        tag = f"{n // 1000}k"
        w = work / f"balance-{name}-{tag}.xlsx"
        label = f"balance --json, {tag}, {name}{'' if cache else ', no cache'}"
        argv = [*LEDGER, "balance", "--json", "-w", str(w)]
        return Cmd(label, argv, state(n, name), w, cache=cache, warm=cache)

    def after_close(n: int) -> Cmd:
        tag = f"{n // 1000}k"
        w = work / f"closed-{tag}.xlsx"
        return Cmd(
            f"tick 30, {tag} closed", [*LEDGER, "tick", "30", "-w", str(w)], state(n, "closed"), w
        )

    def ledger_cli_balance(n: int) -> Cmd:
        if ledger_cli is None:
            raise Failed("ledger-cli missing (apt-get install ledger)")
        journal = state(n, "journal")
        return Cmd("ledger-cli balance", [ledger_cli, "-f", str(journal), "balance"])

    def statements(n: int, fmt: str) -> Cmd:
        tag = f"{n // 1000}k"
        w = work / f"statements-{tag}.xlsx"
        out = work / f"statements-{fmt}-{tag}"
        argv = [*LEDGER, "statement", "--all", "--format", fmt, "--out", str(out), "-w", str(w)]
        timeout = args.pdf_timeout if fmt == "pdf" else 900
        return Cmd(f"12 statements, {fmt}, {tag}", argv, state(n, "ticked"), w, timeout)

    def naive(n: int) -> Cmd:
        tag = f"{n // 1000}k"
        argv = [PYTHON, "-c", NAIVE, str(state(n, "src")), str(work / f"naive-{tag}.xlsx")]
        return Cmd("naive openpyxl load + save", argv)

    small = sizes[0]
    per_day: dict[int, float] = {}

    def one_size(n: int) -> None:
        tag = f"{n // 1000}k"
        print(f"\n{tag} journal rows", flush=True)
        got = table.ratio(
            "tick-360",
            f"`tick 360` ÷ `tick 30`, {tag}",
            None,
            lambda: (tick(n, 360), tick(n, 30)),
            times,
        )
        if got is not None:
            per_day[n] = (got[0].median - got[1].median) / 330
            peak = got[1].peak
            table.add(
                "memory",
                f"peak memory of `tick 30`, {tag}",
                f"{peak} MiB",
                "≤ 150 MiB",
                peak <= 150,
            )
        if n != small:
            table.ratio(
                "tick-sizes",
                f"`tick 30` at {tag} ÷ at {small // 1000}k",
                1.3,
                lambda: (tick(n, 30), tick(small, 30)),
                times,
            )
        table.ratio(
            "balance-cold",
            f"`balance --json` without its cache ÷ ledger-cli `balance`, {tag}",
            0.8 if n >= READS_FROM else None,
            lambda: (balance(n, "own", False), ledger_cli_balance(n)),
            times,
            LATER,
        )
        table.ratio(
            "balance-warm",
            f"`balance --json` from its cache ÷ ledger-cli `balance`, {tag}",
            1.0 if n >= READS_FROM else None,
            lambda: (balance(n, "own", True), ledger_cli_balance(n)),
            times,
            LATER,
        )
        table.ratio(
            "balance-lo",
            f"`balance --json` on a LibreOffice-saved workbook ÷ ledger-cli, {tag}",
            None,
            lambda: (balance(n, "lo", False), ledger_cli_balance(n)),
            times,
            CAREFUL,
        )
        table.ratio(
            "tick-lo",
            f"`tick 30` on a LibreOffice-saved workbook ÷ on ledger's own, {tag}",
            2 if n < READS_FROM else None,
            lambda: (tick(n, 30, "lo"), tick(n, 30)),
            times,
            CAREFUL,
        )
        table.ratio(
            "pdf",
            f"12 players' PDF statements after `tick 30` ÷ HTML, {tag}",
            5,
            lambda: (statements(n, "pdf"), statements(n, "html")),
            times,
        )
        if n <= args.naive_up_to:
            table.ratio(
                "naive",
                f"`tick 30` ÷ naive openpyxl load + save, {tag}",
                0.35,
                lambda: (tick(n, 30), naive(n)),
                times,
            )

    for n in sizes:
        one_size(n)
        if n != small:
            table.ratio(
                "close",
                f"`tick 30` after `close` of a {n // 1000}k campaign through its last day "
                f"÷ `tick 30` at {small // 1000}k",
                1.2,
                lambda n=n: (after_close(n), tick(small, 30)),
                times,
            )

    if len(per_day) >= 2:
        (a_n, a), (b_n, b) = min(per_day.items()), max(per_day.items())
        table.add(
            "per-day",
            f"each further day of a tick, {a_n // 1000}k against {b_n // 1000}k rows",
            f"{a * 1000:.1f} ms against {b * 1000:.1f} ms",
            "does not grow with the journal",
            b <= 1.5 * a,
        )
    text = f"{header}\n\n{table.markdown()}\n"
    (OUT / "speed.md").write_text(text, encoding="utf-8")
    print(f"\n{text}\n(also in {OUT / 'speed.md'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
