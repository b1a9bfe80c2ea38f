"""The load benchmark of `ledger serve`: `make bench-serve`.

A copy of the example workbook is served on 127.0.0.1 (and nowhere else) by the real
`ledger serve`; 50 clients read it at once for 30 s: half poll a player's page every half
second, as a page without server-sent events would, and half hold the event stream and fetch
the page's main part on every change, as the served pages do. Meanwhile `ledger pay` changes the
workbook 20 times. It reports the errors (the goal: none), whether every client saw the last
state (Ann's money after the 20th payment), how long after each save the clients saw it, and
the server's memory at the start, the middle and the end (the goal: flat).

    .venv/bin/python bench/serve_load.py [--clients 50] [--seconds 30] [--changes 20]

Bounded in count and time: the clients stop at the deadline, every request has a timeout, and
the server is stopped (by its own process id) at the end. A benchmark, not a test: it reports
and exits 0, whatever the machine; the figures go to build/bench/serve.md.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

import httpx

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = ROOT / "build" / "bench"
DEMO = ROOT / "workbooks" / "demo-triplanetary.xlsx"
HOST = "127.0.0.1"  # the only address this benchmark ever sends to
PAYMENT = "0.10"
#: How long the clients go on after the last save, to see it; and how long past its length the
#: run may go at most when the saves run late.
SETTLE, HARD = 5.0, 600.0
#: A client lets an idle connection go after this long, before the server does (uvicorn: 5 s),
#: as a browser retries one the server closed: a request sent on a connection the server is
#: closing at that moment fails without being an error of the server's.
IDLE = httpx.Limits(keepalive_expiry=2.0)
BALANCE = re.compile(r'data-player="Ann">([^<]+)<')


@dataclass
class Client:
    """What one client did and saw."""

    kind: str  # poll / events
    requests: int = 0
    errors: list[str] = field(default_factory=list)
    last: str = ""
    #: Ann's money as shown -> when this client first saw it (monotonic seconds)
    first_seen: dict[str, float] = field(default_factory=dict)

    def saw(self, html: str) -> None:
        found = BALANCE.search(html)
        if found is None:
            self.errors.append("a page without Ann's money")
            return
        self.last = found.group(1)
        self.first_seen.setdefault(self.last, time.monotonic())


@dataclass
class Clock:
    """When the clients stop: at the end of the run, or `SETTLE` seconds after the last save
    when the saves ran late; never past `hard` (the run's length and `HARD`)."""

    until: float
    hard: float

    def running(self) -> bool:
        return time.monotonic() < min(self.until, self.hard)


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def rss_mib(pid: int) -> float:
    """The process's resident memory (Linux /proc), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def poller(c: Client, url: str, clock: Clock, every: float) -> None:
    async with httpx.AsyncClient(timeout=10, limits=IDLE) as http:
        while clock.running():
            try:
                r = await http.get(url)
                c.requests += 1
                if r.status_code != 200:
                    c.errors.append(f"HTTP {r.status_code}")
                else:
                    c.saw(r.text)
            except httpx.HTTPError as exc:
                c.errors.append(f"{type(exc).__name__} ({exc}), polling")
            await asyncio.sleep(every)


async def listener(c: Client, url: str, clock: Clock) -> None:
    """The served pages' own way: the event stream, and the main part fetched on each change."""
    async with httpx.AsyncClient(timeout=httpx.Timeout(10, read=30), limits=IDLE) as http:
        while clock.running():
            try:
                async with http.stream("GET", url + "/events") as events:
                    c.requests += 1
                    if events.status_code != 200:
                        c.errors.append(f"HTTP {events.status_code} (events)")
                        return
                    async for line in events.aiter_lines():
                        if not clock.running():
                            return
                        if not line.startswith("data: "):
                            continue
                        part = await http.get(url, params={"part": "1"})
                        c.requests += 1
                        if part.status_code != 200:
                            c.errors.append(f"HTTP {part.status_code}")
                        else:
                            c.saw(part.text)
            except httpx.HTTPError as exc:
                c.errors.append(f"{type(exc).__name__} ({exc}), events")
                await asyncio.sleep(0.5)


def pay(workbook: Path, env: dict[str, str]) -> tuple[float, float]:
    """One `ledger pay` of `PAYMENT` from Ann to Bob through the real CLI: when it started and
    when it finished (monotonic)."""
    start = time.monotonic()
    subprocess.run(
        [sys.executable, "-m", "ledger", "pay", "Ann", "Bob", PAYMENT, "-w", str(workbook)],
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    return start, time.monotonic()


def ann_cash(workbook: Path, env: dict[str, str]) -> Decimal:
    """Ann's money, from `ledger balance --json`."""
    run = subprocess.run(
        [sys.executable, "-m", "ledger", "balance", "--json", "-w", str(workbook)],
        env=env,
        check=True,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return Decimal(json.loads(run.stdout)["players"]["Ann"])


def shown(cash: Decimal) -> str:
    """Money as the table page shows it."""
    return f"{cash:,.2f} KC"


async def run(args: argparse.Namespace) -> dict[str, object]:
    folder = Path(tempfile.mkdtemp(prefix="ledger-serve-load-"))
    workbook = folder / "ledger.xlsx"
    shutil.copyfile(DEMO, workbook)
    env = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache")}
    env.pop("LEDGER_WORKBOOK", None)
    subprocess.run(  # the example's Events rows typed but not posted: posted first
        [sys.executable, "-m", "ledger", "post", "-w", str(workbook)],
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    opening = ann_cash(workbook, env)
    port = free_port()
    log = (folder / "serve.log").open("w")
    serve = ["serve", "-w", str(workbook), "--port", str(port), "--no-qr"]
    server = subprocess.Popen(
        [sys.executable, "-m", "ledger", *serve],
        env=env,
        text=True,
        stdout=subprocess.PIPE,
        stderr=log,  # a file: a pipe nobody reads would stop the server once full
    )
    try:
        assert server.stdout is not None
        links = {}
        while "Ann" not in links:
            line = server.stdout.readline()
            if not line:
                raise SystemExit("ledger serve stopped before printing its links")
            name, _, url = line.strip().partition(": ")
            links[name] = url
        ann = links["Ann"]
        assert ann.startswith(f"http://{HOST}:{port}/"), ann
        async with httpx.AsyncClient(timeout=10) as http:
            for _ in range(100):
                with contextlib.suppress(httpx.TransportError):
                    first = await http.get(ann)
                    break
                await asyncio.sleep(0.1)
        assert first.status_code == 200 and BALANCE.search(first.text), "no page to load"

        clients = [Client("poll" if i % 2 == 0 else "events") for i in range(args.clients)]
        began = time.monotonic()
        # the clients go on while the saves are made (they may run late on a busy machine)
        clock = Clock(began + args.seconds + HARD, began + args.seconds + HARD)
        memory = [(0.0, rss_mib(server.pid))]
        tasks = [
            asyncio.ensure_future(
                poller(c, ann, clock, 0.5) if c.kind == "poll" else listener(c, ann, clock)
            )
            for c in clients
        ]
        # the changes: spread over the first part of the run, the rest left to see the last one
        spacing = (args.seconds - SETTLE) / args.changes
        saves: list[tuple[str, float]] = []
        took: list[float] = []
        for n in range(1, args.changes + 1):
            await asyncio.sleep(max(0.0, began + n * spacing - time.monotonic()))
            start, done = await asyncio.to_thread(pay, workbook, env)
            saves.append((shown(opening - Decimal(PAYMENT) * n), done))
            took.append(done - start)
            memory.append((time.monotonic() - began, rss_mib(server.pid)))
        clock.until = max(began + args.seconds, saves[-1][1] + SETTLE)
        while clock.running():
            await asyncio.sleep(1)
            memory.append((time.monotonic() - began, rss_mib(server.pid)))
        await asyncio.wait(tasks, timeout=1)  # a poller ends after its sleep; a stream
        for t in tasks:
            t.cancel()  # would wait for its next line: cancelled
        await asyncio.gather(*tasks, return_exceptions=True)
        ran = time.monotonic() - began
        memory.append((ran, rss_mib(server.pid)))
        final = await asyncio.to_thread(ann_cash, workbook, env)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            server.kill()
            server.communicate()
        log.close()
        said = (folder / "serve.log").read_text(errors="replace")
        shutil.rmtree(folder, ignore_errors=True)

    last_state = saves[-1][0]
    assert last_state == shown(final), (last_state, final)  # every payment went in
    if "Traceback" in said or "ERROR" in said:
        print("ledger serve said:\n" + said[-3000:], file=sys.stderr)
    lags = {"poll": [], "events": []}  # type: dict[str, list[float]]
    for c in clients:
        for state, done in saves:
            if state in c.first_seen:
                lags[c.kind].append(c.first_seen[state] - done)
    middle = min(memory, key=lambda m: abs(m[0] - args.seconds / 2))
    return {
        "clients": args.clients,
        "seconds": round(ran, 1),
        "changes": len(saves),
        "pay took": statistics.median(took),
        "saves done after": saves[-1][1] - began,
        "requests": sum(c.requests for c in clients),
        "errors": sum(len(c.errors) for c in clients) + said.count("Traceback"),
        "error kinds": sorted({e for c in clients for e in c.errors}),
        "saw the last state": sum(1 for c in clients if c.last == last_state),
        "last state": last_state,
        "lags": lags,
        "memory": (memory[0][1], memory[1][1], middle[1], memory[-1][1]),
    }


def report(r: dict[str, object]) -> str:
    lags = r["lags"]
    assert isinstance(lags, dict)
    memory = r["memory"]
    assert isinstance(memory, tuple)
    start, warm, middle, end = memory

    def lag(kind: str) -> str:
        xs = sorted(lags[kind])
        if not xs:
            return "none seen"
        p95 = xs[min(len(xs) - 1, int(0.95 * len(xs)))]
        return f"median {statistics.median(xs):.2f} s, 95% {p95:.2f} s, max {xs[-1]:.2f} s"

    clients, seconds = r["clients"], r["seconds"]
    lines = [
        f"# ledger serve under load: {clients} clients for {seconds} s, {r['changes']} changes",
        "",
        "| what | figure | goal |",
        "| --- | --- | --- |",
        f"| the {r['changes']} changes (`ledger pay`, median {r['pay took']:.1f} s each) done "
        f"after | {r['saves done after']:.1f} s | |",
        f"| requests answered | {r['requests']} | |",
        f"| errors | {r['errors']} {r['error kinds'] or ''} | 0 |",
        f"| clients that saw the last state ({r['last state']}) | {r['saw the last state']} of "
        f"{clients} | all |",
        f"| seen after each save, polling every 0.5 s | {lag('poll')} | |",
        f"| seen after each save, by the event stream | {lag('events')} | within 2 s |",
        f"| server memory (RSS): before the clients / after the first change / middle / end | "
        f"{start:.1f} / {warm:.1f} / {middle:.1f} / {end:.1f} MiB | flat |",
        "",
        f"Measured {time.strftime('%Y-%m-%d')} on {os.cpu_count()} cores; "
        "`make bench-serve` (bench/serve_load.py).",
    ]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--changes", type=int, default=20)
    args = parser.parse_args()
    if not 1 <= args.clients <= 200 or not 5 < args.seconds <= 300 or not 1 <= args.changes <= 100:
        raise SystemExit("bounded: 1-200 clients, 5-300 seconds, 1-100 changes")
    text = report(asyncio.run(run(args)))
    print(text)
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "serve.md").write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
