"""The README's console blocks, run as written (issue 36, item 7).

Every ```console block of README.md is a run of commands, each `$ ` line run by bash in a
folder of its own, in the README's order; the lines under a command are what it prints (its
output and its messages, as a terminal shows both), compared after masking what changes from
run to run: times, the links' tokens, the port, the folder. A line `...` stands for any lines.

A block whose first command is not `ledger new` goes on in the folder of the block before it.
`ledger serve` runs beside the rest of its block (on a free port) and stops at the block's end.
What the banker does by hand between commands is said in an HTML comment just before the
block, one step a line (the page does not show it):

    <!-- readme: type Settings!B8 maybe -->          a cell typed in Excel
    <!-- readme: phone Ann pay Bob 4.50 ore from Ceres -->   a player's form sent once
                                                     `serve` is listening

`python -m tests.readme_blocks --write` puts each command's output into the README under it
(where the README shows `...`, it keeps the README's lines)."""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
BIN = Path(sys.executable).parent
#: Programs that are not ours: a block that needs one stops the quick run there.
OUTSIDE = ("hledger",)
#: Output width, as the README's tables were printed.
COLUMNS = "100"

MASKS = [
    (re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"), "YYYY-MM-DD hh:mm:ss"),
    (re.compile(r"/p/[A-Za-z0-9_-]{16,}"), "/p/TOKEN"),
    (re.compile(r"(port |:)\d{2,5}\b"), r"\g<1>PORT"),
    (re.compile(r"http://\d+\.\d+\.\d+\.\d+:"), "http://HOST:"),
]


@dataclass
class Command:
    line: str  # as typed after `$ `
    expected: list[str]  # the lines the README shows under it
    at: int  # its line in the README (0-based)


@dataclass
class Block:
    heading: str
    commands: list[Command]
    steps: list[str] = field(default_factory=list)  # `<!-- readme: ... -->` before it
    start: int = 0
    end: int = 0


def blocks(text: str) -> list[Block]:
    out: list[Block] = []
    heading, steps = "", []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("#"):
            heading = line.lstrip("#").strip()
        elif m := re.fullmatch(r"<!-- readme: (.*) -->", line.strip()):
            steps.append(m.group(1))
        elif line.strip() == "```console":
            block = Block(heading, [], steps, start=i)
            steps = []
            i += 1
            while lines[i].strip() != "```":
                if lines[i].startswith("$ "):
                    block.commands.append(Command(lines[i][2:], [], i))
                elif block.commands:
                    block.commands[-1].expected.append(lines[i])
                i += 1
            block.end = i
            for c in block.commands:
                while c.expected and not c.expected[-1].strip():
                    c.expected.pop()
            out.append(block)
        i += 1
    return out


def chains(all_blocks: list[Block]) -> list[list[Block]]:
    """Blocks in the order they share a folder: a new one at each `ledger new`."""
    out: list[list[Block]] = []
    for b in all_blocks:
        if not out or (b.commands and b.commands[0].line.startswith("ledger new")):
            out.append([])
        out[-1].append(b)
    return out


def mask(lines: list[str], folder: Path) -> list[str]:
    out = []
    for line in lines:
        line = line.replace(f"{folder}/", "").replace(str(folder), ".")
        for pattern, to in MASKS:
            line = pattern.sub(to, line)
        out.append(line.rstrip())
    while out and not out[-1]:
        out.pop()
    return out


def matches(expected: list[str], actual: list[str]) -> bool:
    """Line by line; a line `...` stands for any number of lines."""
    if not expected:
        return not actual
    if expected[0] == "...":
        return any(matches(expected[1:], actual[k:]) for k in range(len(actual) + 1))
    return bool(actual) and expected[0] == actual[0] and matches(expected[1:], actual[1:])


def environment(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LEDGER_", "XDG_"))}
    env.update(
        PATH=f"{BIN}{os.pathsep}{env.get('PATH', '')}",
        COLUMNS=COLUMNS,
        TERM="dumb",
        NO_COLOR="1",
        XDG_CONFIG_HOME=str(folder / ".config"),
        XDG_STATE_HOME=str(folder / ".state"),
        XDG_DATA_HOME=str(folder / ".data"),
        XDG_CACHE_HOME=str(folder / ".cache"),
    )
    return env


@dataclass
class Outcome:
    command: Command
    actual: list[str]  # masked
    shown: list[str]  # as the README would show it: the folder left out, port 8000

    @property
    def ok(self) -> bool:
        return matches(mask(self.command.expected, Path("/nowhere")), self.actual)


class Runner:
    """Runs a chain of blocks in one folder; `outside` says whether programs not ours may run."""

    def __init__(self, folder: Path, outside: bool) -> None:
        self.folder, self.outside = folder, outside
        self.env = environment(folder)
        if not (folder / "workbooks").exists():  # the README's commands run in a checkout
            (folder / "workbooks").symlink_to(ROOT / "workbooks", target_is_directory=True)
        self.stopped_at: str | None = None  # the outside program the quick run stopped before

    def run(self, chain: list[Block]) -> Iterator[Outcome]:
        for block in chain:
            server: subprocess.Popen[str] | None = None
            links: dict[str, str] = {}
            try:
                self.type_cells(block.steps)
                for c in block.commands:
                    program = shlex.split(c.line, comments=True)[0]
                    if program in OUTSIDE and not self.outside:
                        self.stopped_at = program
                        return
                    if c.line.startswith("ledger serve"):
                        server, actual, links = self.serve(c)
                        self.phones(block.steps, links)
                    else:
                        actual = self.shell(c.line)
                    yield Outcome(c, mask(actual, self.folder), self.shown(actual))
            finally:
                if server is not None:
                    server.send_signal(signal.SIGINT)
                    try:
                        server.communicate(timeout=20)
                    except subprocess.TimeoutExpired:
                        server.kill()
                        server.communicate()

    def shown(self, lines: list[str]) -> list[str]:
        out = [
            re.sub(r"(port |127\.0\.0\.1:)\d{2,5}\b", r"\g<1>8000", x)
            .replace(f"{self.folder}/", "")
            .rstrip()
            for x in lines
        ]
        while out and not out[-1]:
            out.pop()
        return out

    def shell(self, line: str) -> list[str]:
        done = subprocess.run(
            ["bash", "-c", line],
            cwd=self.folder,
            env=self.env,
            text=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            timeout=300,
        )
        return done.stdout.split("\n")

    def serve(self, c: Command) -> tuple[subprocess.Popen[str], list[str], dict[str, str]]:
        from tests.web.browser import free_port

        words = shlex.split(c.line, comments=True)
        words[2:2] = ["--port", str(free_port())]
        server = subprocess.Popen(
            words,
            cwd=self.folder,
            env=self.env,
            text=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        assert server.stdout is not None
        lines: list[str] = []
        while not lines or not lines[-1].startswith("Ctrl-C stops"):
            line = server.stdout.readline()
            assert line, f"`{c.line}` stopped before it listened: {''.join(lines)}"
            lines.append(line.rstrip("\n"))
        links = dict(
            (name, url)
            for name, _, url in (x.partition(": ") for x in lines)
            if url.startswith("http")
        )
        return server, lines, links

    def type_cells(self, steps: list[str]) -> None:
        from tests.conftest import edit_cells

        cells: dict[str, Any] = {}
        for step in steps:
            kind, _, rest = step.partition(" ")
            if kind == "type":
                ref, _, value = rest.partition(" ")
                cells[ref] = _typed(value)
        if cells:
            edit_cells(self.folder / "ledger.xlsx", cells)

    def phones(self, steps: list[str], links: dict[str, str]) -> None:
        import httpx

        for step in steps:
            kind, _, rest = step.partition(" ")
            if kind != "phone":
                continue
            player, move, *words = rest.split(" ")
            assert move == "pay", f"a phone step says pay: {step}"
            to, amount, *memo = words
            url = links[player]
            with httpx.Client(timeout=60, headers={"sec-fetch-site": "same-origin"}) as web:
                page = web.get(url).text
                form = re.search(r'<form[^>]*id="form-pay".*?</form>', page, re.S)
                assert form, f"{player}'s page has no pay form"
                fields = dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', form[0]))
                fields.update(to=to, amount=amount, memo=" ".join(memo))
                web.post(url + "/act", data=fields)


def _typed(value: str) -> Any:
    try:
        return int(value)
    except ValueError:
        return value


def write(outcomes: list[Outcome]) -> None:
    """The README with each command's output under it (where it shows no `...`)."""
    lines = README.read_text(encoding="utf-8").split("\n")
    for o in sorted(outcomes, key=lambda o: o.command.at, reverse=True):
        c = o.command
        if "..." in c.expected or o.ok:
            continue
        start = c.at + 1
        gap = len(c.expected)
        while lines[start + gap].strip() == "" and not lines[start + gap].startswith("$"):
            gap += 1  # the blank lines after it stay
        blanks = gap - len(c.expected)
        lines[start : start + gap] = o.shown + [""] * blanks
    README.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":  # python -m tests.readme_blocks --write
    import tempfile

    found: list[Outcome] = []
    for chain in chains(blocks(README.read_text(encoding="utf-8"))):
        with tempfile.TemporaryDirectory() as tmp:
            found += Runner(Path(tmp), outside=True).run(chain)
    bad = [o for o in found if not o.ok]
    for o in bad:
        print(f"README.md:{o.command.at + 1}: $ {o.command.line}")
    if "--write" in sys.argv[1:]:
        write(found)
        print(f"README.md: {len(bad)} outputs written")
