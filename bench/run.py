"""The benchmark: `make bench`. Times each command against its yardstick side by side: A, B, A,
B... so that a machine that slows down slows both, and the ratio of each pair is taken (the
median of the pairs is shown). Prints the table with the goal of each row and whether it is
met, with the machine's load before and after, and writes it to build/bench/speed.md for the
README (`bench/readme.py`).

    .venv/bin/python bench/run.py [--sizes 10000,100000,300000] [--times 5]

Yardsticks: the floor of a command (`bench/floor.py`: Python, typer, and the same reads and
writes done by python-calamine and XlsxWriter alone), ledger-cli (Debian's `ledger`: "not
measured" without it) on the same transactions, and a smaller workbook.

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
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "build" / "bench"
PYTHON = sys.executable
_SCRIPT = Path(PYTHON).parent / "ledger"
LEDGER = [str(_SCRIPT)] if _SCRIPT.exists() else [PYTHON, "-m", "ledger"]
ENV = {**os.environ, "PYTHONIOENCODING": "utf-8"}
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


def once(
    cmd: list[str],
    timeout: float,
    env: dict[str, str] | None = None,
    stdin: Path | None = None,
) -> tuple[float, int]:
    """Wall time and peak memory (MiB) of one command, as the OS counts them; `stdin`: a file
    it reads (the lines of `ledger shell`)."""
    with tempfile.TemporaryFile() as err, open(stdin or os.devnull, "rb") as given:
        start = time.perf_counter()
        p = subprocess.Popen(
            cmd,
            env=env or ENV,
            stdin=given,
            stdout=subprocess.DEVNULL,
            stderr=err,
            start_new_session=True,
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
    stdin: Path | None = None

    def run(self) -> tuple[float, int]:
        if self.state is not None and self.workbook is not None:
            restore(self.state, self.workbook)
        return once(self.argv, self.timeout, stdin=self.stdin)


class InShell(Cmd):
    """One line run in a `ledger shell` that this process keeps open (the bench's own, on the
    workbook `workbook`), its output thrown away: the time of that line alone, the shell
    already started and its first command run (the books read once)."""

    shell: Any = None

    def run(self) -> tuple[float, int]:
        import contextlib
        import resource

        assert self.workbook is not None
        with (
            open(os.devnull, "w") as null,
            contextlib.redirect_stdout(null),
            contextlib.redirect_stderr(null),
        ):
            if self.shell is None:
                from ledger.cli.shell import Shell

                self.shell = Shell(self.workbook.resolve())
                self.shell.run_line(" ".join(self.argv))  # the books read once
            start = time.perf_counter()
            code = self.shell.run_line(" ".join(self.argv))
            elapsed = time.perf_counter() - start
        if code != 0:
            raise Failed(f"exit {code} in the shell: {' '.join(self.argv)}")
        return elapsed, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss // 1024


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
    """Keep the workbook and what ledger keeps beside it (its history) as `state`."""
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


#: The kinds of measure, in the table's order.
ORDER = ("table", "sizes", "memory", "pdf", "lines")


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
        result = f"{seconds(a.median)} ÷ {seconds(b.median)} = {ratio:.2f}"
        self.add(kind, measure, result, wanted, "-" if goal is None else ratio <= goal)
        return a, b, ratio

    def markdown(self) -> str:
        lines = ["| measure | result | goal | met |", "|---|---|---|---|"]
        rows = sorted(self.rows, key=lambda r: r[0])
        lines += [f"| {m} | {r} | {g} | {ok} |" for _, m, r, g, ok in rows]
        return "\n".join(lines)


def seconds(wall: float) -> str:
    """A time as the table shows it: milliseconds under a tenth of a second (a line in the
    shell), else seconds."""
    return f"{wall * 1000:.1f} ms" if wall < 0.1 else f"{wall:.2f} s"


EXAMPLE = ROOT / "workbooks" / "demo-triplanetary.xlsx"
FLOOR = [PYTHON, str(HERE / "floor.py")]


def at_the_table(table: Table, work: Path, times: int) -> None:
    """The size of a table: the example workbook after a year of play (`tick 360`), each
    command against its floor."""
    print("\nthe example workbook after `tick 360`", flush=True)
    w = work / "example.xlsx"
    state = OUT / "state-example"
    try:
        for old in side_files(w):
            shutil.rmtree(old) if old.is_dir() else old.unlink()
        shutil.copy(EXAMPLE, w)
        ledger("tick", "360", "--no-statements", "-w", w)
        save_state(w, state)
    except Failed as exc:
        print(f"  could not prepare: {exc}", flush=True)
        return
    many = max(times, 10)
    floor = Cmd("floor of a change, example", [*FLOOR, "change", str(w)], state, w)
    pay = Cmd("pay, example", [*LEDGER, "pay", "bank", "Ann", "1", "-w", str(w)], state, w)
    table.ratio(
        "table", "`pay` on the example after a year ÷ its floor", 1.3, lambda: (pay, floor), many
    )
    tick = Cmd("tick 30, example", [*LEDGER, "tick", "30", "-w", str(w)], state, w)
    table.ratio(
        "table",
        "`tick 30` on the example after a year ÷ the same floor",
        2.0,
        lambda: (tick, floor),
        many,
    )
    balance = Cmd("balance, example", [*LEDGER, "balance", "-w", str(w)], state, w)
    floor = Cmd("floor of balance, example", [*FLOOR, "balance", str(w)], state, w)
    table.ratio(
        "table",
        "`balance` on the example after a year ÷ its floor",
        1.3,
        lambda: (balance, floor),
        many,
    )


def in_the_shell(table: Table, work: Path, times: int) -> None:
    """`ledger shell` (issue 39) on the example after a year: 50 `pay` typed in one shell ÷ 50
    reads and writes of the same workbook by python-calamine and XlsxWriter in one process; a
    `balance` in the shell when nothing changed ÷ hledger's `balance` of the game's export."""
    print("\nthe shell, on the example workbook after `tick 360`", flush=True)
    state = OUT / "state-example"
    w = work / "shell.xlsx"
    if not (state / "workbook.xlsx").exists():
        table.add(
            "table", SHELL_PAY, "not measured: the example could not be prepared", "≤ 1.5", "-"
        )
        return
    lines = work / "shell-50-pay.txt"
    lines.write_text("pay bank Ann 1\n" * 50 + "exit\n", encoding="utf-8")
    env_state = work / "shell-state"  # the shell's history: not the user's own folder
    ENV["XDG_STATE_HOME"] = str(env_state)
    shell = Cmd("50 pay in one shell", [*LEDGER, "shell", "-w", str(w)], state, w, stdin=lines)
    floor = Cmd("floor of 50 changes, one process", [*FLOOR, "change50", str(w)], state, w)
    table.ratio("table", SHELL_PAY, 1.5, lambda: (shell, floor), times)
    hledger = shutil.which("hledger")
    if hledger is None:
        table.add("table", SHELL_BALANCE, "hledger not installed", "≤ 1", "-")
        return
    restore(state, w)
    journal = work / "shell.journal"
    try:
        ledger("export", "--format", "hledger", "--out", journal, "--force", "-w", w)
    except Failed as exc:
        table.add("table", SHELL_BALANCE, f"not measured: {exc}", "≤ 1", "-")
        return
    os.environ["XDG_STATE_HOME"] = str(env_state)
    balance = InShell("balance in the shell, nothing changed", ["balance"], workbook=w)
    theirs = Cmd("hledger balance of the export", [hledger, "-f", str(journal), "balance"])
    table.ratio("table", SHELL_BALANCE, 1, lambda: (balance, theirs), max(times, 10))


SHELL_PAY = (
    "50 `pay` in one `ledger shell` ÷ 50 reads and writes of the workbook by python-calamine "
    "and XlsxWriter in one process"
)
SHELL_BALANCE = "`balance` in the shell when nothing changed ÷ hledger `balance` of the export"


def lines(folder: Path) -> int:
    return sum(len(f.read_text(encoding="utf-8").splitlines()) for f in folder.rglob("*.py"))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--sizes", default="10000,100000,300000", help="journal rows of the workbooks")
    ap.add_argument("--times", type=int, default=5, help="pairs of runs per measure (median)")
    ap.add_argument("--pdf-timeout", type=float, default=300, help="seconds for the PDFs")
    args = ap.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    sizes = sorted(int(s) for s in args.sizes.split(","))
    times = args.times
    # Python's bytecode, as `pip install` leaves it: with PYTHONDONTWRITEBYTECODE set (as on
    # some CI machines) every run would compile ledger's modules again and time the compiler.
    subprocess.run([PYTHON, "-m", "compileall", "-q", str(ROOT / "ledger")], check=True)
    ledger_cli = shutil.which("ledger", path="/usr/bin:/usr/local/bin")
    machine = platform.processor() or platform.machine()
    load = os.getloadavg()[0]
    print(f"ledger benchmark, {machine}, {os.cpu_count()} cores, load {load:.2f}", flush=True)
    table = Table()
    work = OUT / "work"
    work.mkdir(exist_ok=True)
    at_the_table(table, work, times)
    in_the_shell(table, work, times)
    for folder, goal in (("ledger/io", 4000), ("ledger", 31000)):
        n = lines(ROOT / folder)
        table.add("lines", f"lines in `{folder}`", f"{n:,}", f"≤ {goal:,}", n <= goal)

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
            ledger("check", "-w", w)
            ledger("post", "-w", w)  # saved by ledger itself: the usual case
            p["own"] = OUT / f"state-own-{tag}"
            save_state(w, p["own"])
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

    def tick(n: int, name: str = "own") -> Cmd:
        tag = f"{n // 1000}k"
        w = work / f"{name}-{tag}.xlsx"
        argv = [*LEDGER, "tick", "30", "-w", str(w)]
        return Cmd(f"tick 30, {tag}, {name}", argv, state(n, name), w)

    def floor(n: int) -> Cmd:
        w = work / f"floor-{n // 1000}k.xlsx"
        return Cmd(
            f"floor of a change, {n // 1000}k", [*FLOOR, "change", str(w)], state(n, "own"), w
        )

    def balance(n: int) -> Cmd:
        w = work / f"balance-{n // 1000}k.xlsx"
        argv = [*LEDGER, "balance", "--json", "-w", str(w)]
        return Cmd(f"balance --json, {n // 1000}k", argv, state(n, "own"), w)

    def ledger_cli_balance(n: int) -> Cmd:
        if ledger_cli is None:
            raise Failed("ledger-cli missing (apt-get install ledger)")
        return Cmd("ledger-cli balance", [ledger_cli, "-f", str(state(n, "journal")), "balance"])

    def statements(n: int, fmt: str) -> Cmd:
        tag = f"{n // 1000}k"
        w = work / f"statements-{tag}.xlsx"
        out = work / f"statements-{fmt}-{tag}"
        argv = [*LEDGER, "statement", "--all", "--format", fmt, "--out", str(out), "-w", str(w)]
        timeout = args.pdf_timeout if fmt == "pdf" else 900
        return Cmd(f"12 statements, {fmt}, {tag}", argv, state(n, "ticked"), w, timeout)

    small = sizes[0]
    for n in sizes:
        tag = f"{n // 1000}k"
        print(f"\n{tag} journal rows", flush=True)
        if n == small:
            table.ratio(
                "sizes",
                f"`tick 30` at {tag} ÷ its floor at {tag}",
                2,
                lambda n=n: (tick(n), floor(n)),
                times,
            )
            table.ratio(
                "pdf",
                f"12 players' PDF statements after `tick 30` ÷ HTML, {tag}",
                5,
                lambda n=n: (statements(n, "pdf"), statements(n, "html")),
                times,
            )
            continue
        if n >= 100_000 and n == sizes[1]:
            got = table.ratio(
                "sizes",
                f"`balance` at {tag}, never closed ÷ ledger-cli `balance` of the same journal",
                3,
                lambda n=n: (balance(n), ledger_cli_balance(n)),
                times,
            )
            got = table.ratio(
                "memory",
                f"`tick 30` at {tag} ÷ at {small // 1000}k",
                None,
                lambda n=n: (tick(n), tick(small)),
                times,
            )
            if got is not None:
                peak = got[0].peak
                table.add(
                    "memory",
                    f"peak memory of `tick 30` at {tag}",
                    f"{peak} MiB",
                    "≤ 300 MiB",
                    peak <= 300,
                )
        if n == sizes[-1]:
            closed = Cmd(
                f"tick 30, {tag} closed",
                tick(n, "closed").argv,
                state(n, "closed"),
                work / f"closed-{tag}.xlsx",
            )
            table.ratio(
                "sizes",
                f"`tick 30` after `close` of a {tag} campaign ÷ at {small // 1000}k",
                1.2,
                lambda closed=closed: (closed, tick(small)),
                times,
            )
    after = os.getloadavg()[0]
    header = (
        f"Measured on {dt.date.today()}, {machine}, {os.cpu_count()} cores, Python "
        f"{platform.python_version()}, load {load:.2f} before and {after:.2f} after; each row "
        f"{times} pairs of runs side by side (the table's rows {max(times, 10)}), the median."
    )
    text = f"{header}\n\n{table.markdown()}\n"
    (OUT / "speed.md").write_text(text, encoding="utf-8")
    print(f"\n{text}\n(also in {OUT / 'speed.md'})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
