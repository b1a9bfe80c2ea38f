"""`ledger --help` and `ledger CMD --help` asked again are printed from the user's cache folder
without importing typer, byte for byte what the full program prints (issue 17): the real
console program in its own process, with a workbook of each game in the folder or named by -w."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ledger.cli.help_cache import is_help_request
from tests.conftest import Ledger, add_rows

LEDGER = Path(sys.executable).parent / "ledger"
#: A command of each game.
GAMES = {
    "triplanetary": "fine",
    "egon": "build",
    "planetopoly": "build",
    "matador21": "roll",
}


def _run(
    folder: Path, cache: Path, *args: str, env: dict[str, str] | None = None
) -> tuple[int, bytes, bytes]:
    full = {k: v for k, v in os.environ.items() if k not in ("LEDGER_WORKBOOK", "COLUMNS")}
    full.update({"XDG_CACHE_HOME": str(cache), **(env or {})})
    p = subprocess.run([str(LEDGER), *args], cwd=folder, env=full, capture_output=True, timeout=120)
    return p.returncode, p.stdout, p.stderr


def _kept(cache: Path) -> list[Path]:
    folder = cache / "bankers-ledger" / "help"
    return sorted(folder.iterdir()) if folder.exists() else []


def _twice(folder: Path, cache: Path, *args: str, env: dict[str, str] | None = None) -> bytes:
    """Run without the text kept, then from the cache: the same bytes and exit code. What it
    printed (stdout, then stderr)."""
    before = len(_kept(cache))
    first = _run(folder, cache, *args, env=env)
    assert len(_kept(cache)) > before, f"ledger {' '.join(args)}: its text was not kept"
    second = _run(folder, cache, *args, env=env)
    assert second == first, f"ledger {' '.join(args)} printed otherwise from the cache"
    return first[1] + first[2]


def _new(folder: Path, game: str, name: str = "ledger.xlsx") -> Path:
    book = Ledger(folder)
    book.path = folder / name
    book("new", "--game", game, "--player", "Ann", "--player", "Bob")
    return book.path


@pytest.mark.parametrize(
    "game",  # one game in `make test`, the others in `make slow`
    [pytest.param(g, marks=() if g == "triplanetary" else pytest.mark.slow) for g in sorted(GAMES)],
)
def test_help_from_the_cache_is_the_full_programs_with_a_workbook_of_each_game(
    tmp_path: Path, game: str
) -> None:
    folder, cache = tmp_path / "here", tmp_path / "cache"
    folder.mkdir()
    _new(folder, game)
    command = GAMES[game]
    listing = _twice(folder, cache, "--help")
    assert b"Commands of " in listing and f"  {command} ".encode() in listing
    in_folder = _twice(folder, cache, command, "--help")
    assert in_folder.startswith(f"Usage: ledger {command} ".encode())
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    shutil.copy(folder / "ledger.xlsx", elsewhere / f"{game}.xlsx")
    named = _twice(folder.parent, cache, "-w", f"elsewhere/{game}.xlsx", command, "--help")
    assert named == in_folder


@pytest.mark.slow
def test_the_cache_is_keyed_by_the_workbooks_game_and_the_terminals_width(
    tmp_path: Path,
) -> None:
    folder, cache = tmp_path / "here", tmp_path / "cache"
    folder.mkdir()
    egon, planetopoly = _new(folder, "egon", "e.xlsx"), _new(folder, "planetopoly", "p.xlsx")
    shutil.copy(egon, folder / "ledger.xlsx")
    of_egon = _twice(folder, cache, "build", "--help")
    # the same path, now a workbook of another game: its own `build`, not the one kept
    shutil.copy(planetopoly, folder / "ledger.xlsx")
    of_planetopoly = _twice(folder, cache, "build", "--help")
    assert of_egon != of_planetopoly
    # ledger's own `status`, replaced by a game's; ledger's own `balance`
    assert _twice(folder, cache, "status", "--help").startswith(b"Usage: ledger status")
    assert _twice(folder, cache, "balance", "-w", "e.xlsx", "--help").startswith(
        b"Usage: ledger balance"
    )
    assert of_planetopoly == _run(folder, cache, "-w", "p.xlsx", "build", "--help")[1]
    # a command of another game is refused the same way from the cache
    code, _, err = _run(folder, cache, "roll", "--help")
    assert (code, _run(folder, cache, "roll", "--help")) == (2, (2, b"", err))
    assert b"this workbook plays Planetopoly" in err
    # the width of the terminal: another text, each the full program's
    narrow = _twice(folder, cache, "--help", env={"COLUMNS": "60"})
    wide = _twice(folder, cache, "--help", env={"COLUMNS": "200"})
    assert narrow != wide and max(len(line) for line in narrow.splitlines()) <= 60
    bare = _twice(folder, cache, env={"LEDGER_WORKBOOK": "p.xlsx"})  # help on stderr, exit 2
    assert bare.startswith(b"Usage: ledger [OPTIONS] COMMAND")
    assert _twice(folder, cache, "--version").startswith(b"ledger ")


def test_help_from_the_cache_imports_neither_typer_nor_a_game(tmp_path: Path) -> None:
    folder, cache = tmp_path / "here", tmp_path / "cache"
    folder.mkdir()
    _new(folder, "triplanetary")
    text = _twice(folder, cache, "fine", "--help")
    probe = (
        "import sys; from ledger.cli import help_cache; "
        f"code = help_cache.replay([{str(LEDGER)!r}, 'fine', '--help']); "
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('typer', 'click', 'rich', 'openpyxl', 'python_calamine', 'jinja2') "
        "or m.startswith(('ledger.rules', 'ledger.io', 'ledger.app'))); "
        "print(code, heavy, file=sys.stderr)"
    )
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)}
    env.pop("LEDGER_WORKBOOK", None)
    p = subprocess.run(
        [sys.executable, "-c", probe], cwd=folder, env=env, capture_output=True, timeout=60
    )
    assert p.stderr.decode().split("\n")[0] == "0 []"
    assert p.stdout == text


def test_the_kept_text_is_what_answers_and_only_help_is_kept(
    tmp_path: Path,
) -> None:
    """The cache is what answers the second time (a changed kept text shows), and nothing is
    kept for a command line that does more than print help."""
    folder, cache = tmp_path / "here", tmp_path / "cache"
    folder.mkdir()
    _twice(folder, cache, "journal", "--help")
    (kept,) = _kept(cache)
    kept.write_text(kept.read_text(encoding="utf-8").replace("Usage:", "Kept:"), encoding="utf-8")
    assert _run(folder, cache, "journal", "--help")[1].startswith(b"Kept: ledger journal")
    _run(folder, cache, "new", "--game", "egon", "--player", "Ann")
    assert _kept(cache) == [kept]


@pytest.mark.parametrize(
    ("args", "help_"),
    [
        ([], True),
        (["--help"], True),
        (["-h"], True),
        (["--version"], True),
        (["buy", "--help"], True),
        (["-w", "a.xlsx", "liner", "open", "-h"], True),
        (["buy", "--workbook=a.xlsx", "--help"], True),
        (["-wa.xlsx", "tick", "30", "--help"], True),
        (["journal", "--memo", "--help"], False),  # --help is the memo here
        (["-w", "--help"], False),
        (["-w", "a.xlsx", "buy", "-w", "b.xlsx", "--help"], False),
        (["--json", "balance", "--help"], False),
        (["balance"], False),
        (["--help", "balance"], False),
    ],
)
def test_which_command_lines_are_help_requests(args: list[str], help_: bool) -> None:
    assert is_help_request(args) is help_


def test_a_closed_pipe_ends_help_quietly_with_or_without_the_cache(tmp_path: Path) -> None:
    """`ledger --help | head -1` whose reader is gone: exit 1 and no traceback, both ways."""
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    for _ in range(2):
        read, write = os.pipe()
        os.close(read)
        p = subprocess.run(
            [str(LEDGER), "--help"], stdout=write, stderr=subprocess.PIPE, env=env, timeout=60
        )
        os.close(write)
        assert (p.returncode, p.stderr) == (1, b"")
    assert _kept(tmp_path / "cache")


def test_27_a_balance_asked_again_of_the_same_bytes_is_printed_as_kept_without_typer(
    tmp_path: Path,
) -> None:
    """`ledger balance` asked again of the very same bytes prints what it printed, from the
    user's cache folder, importing neither typer nor a sheet reader; a save (other bytes)
    runs the full program again, and an answer with a warning is never kept."""
    folder, cache = tmp_path / "here", tmp_path / "cache"
    folder.mkdir()
    book = _new(folder, "triplanetary")
    for args in (["balance"], ["balance", "--json"], ["--json", "balance", "--player", "Ann"]):
        _twice(folder, cache, *args)
    probe = (
        "import sys; from ledger.cli import help_cache; "
        f"code = help_cache.replay([{str(LEDGER)!r}, 'balance', '-w', 'ledger.xlsx']); "
        "heavy = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('typer', 'click', 'rich', 'openpyxl', 'python_calamine', 'jinja2') "
        "or m.startswith(('ledger.rules', 'ledger.io', 'ledger.app', 'ledger.core'))); "
        "print(code, heavy, file=sys.stderr)"
    )
    _twice(folder, cache, "balance", "-w", "ledger.xlsx")
    env = {k: v for k, v in os.environ.items() if k not in ("LEDGER_WORKBOOK", "COLUMNS")}
    env["XDG_CACHE_HOME"] = str(cache)  # as `_run` runs it
    p = subprocess.run(
        [sys.executable, "-c", probe], cwd=folder, env=env, capture_output=True, timeout=60
    )
    assert p.stderr.decode().split("\n")[0] == "0 []"
    assert b"Ann" in p.stdout
    # the kept text is what answers, for these bytes only
    kept = {k: k.read_text(encoding="utf-8") for k in _kept(cache)}
    for k, text in kept.items():
        k.write_text(text.replace("25.00", "99.99"), encoding="utf-8")
    assert b"99.99" in _run(folder, cache, "balance")[1]
    Ledger(folder)("pay", "Ann", "Bob", "1")
    assert book.exists()
    shown = _run(folder, cache, "balance", "--json")[1].decode()
    assert '"Ann": "24.00"' in shown and "99.99" not in shown
    # with a warning said (an Events row not posted), nothing is kept
    add_rows(book, "Events", [["E1", None, "pay", "Ann", "Bob", 1]])
    n = len(_kept(cache))
    first = _run(folder, cache, "balance")
    assert b"not posted yet" in first[2]
    assert len(_kept(cache)) == n
    assert _run(folder, cache, "balance") == first
    # asked to read the rows, the rows are read
    p = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=folder,
        env={**env, "LEDGER_READ_CAREFULLY": "1"},
        capture_output=True,
        timeout=60,
    )
    assert p.stderr.decode().split("\n")[0] == "None []"


def test_27_a_kept_balance_on_a_terminal_is_what_the_full_program_draws_there(
    tmp_path: Path,
) -> None:
    """On a terminal Rich draws in colour and to its width; the kept answer is the same bytes
    as the full program's, with the cache or without one."""
    import pty

    folder, cache = tmp_path / "here", tmp_path / "cache"
    folder.mkdir()
    _new(folder, "triplanetary")

    def on_a_terminal(cache_home: str) -> bytes:
        main, side = pty.openpty()
        env = {k: v for k, v in os.environ.items() if k not in ("LEDGER_WORKBOOK", "NO_COLOR")}
        env.update({"XDG_CACHE_HOME": cache_home, "TERM": "xterm-256color", "COLUMNS": "100"})
        p = subprocess.run(
            [str(LEDGER), "balance"], cwd=folder, env=env, stdout=side, stderr=side, timeout=60
        )
        os.close(side)
        out = b""
        while True:
            try:
                chunk = os.read(main, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        os.close(main)
        assert p.returncode == 0
        return out

    plain = on_a_terminal(str(tmp_path / "first"))  # nothing kept yet: the full program
    assert b"\x1b[" in plain  # drawn for a terminal
    assert on_a_terminal(str(cache)) == plain
    assert _kept(cache)
    assert on_a_terminal(str(cache)) == plain


@pytest.mark.parametrize(
    "args",
    [
        ["balance"],
        ["balance", "--json"],
        ["balance", "--player", "Ann"],
        ["--json", "balance", "--player=ann"],
        ["-w", "ledger.xlsx", "balance"],
    ],
)
def test_27_balance_without_typer_prints_what_the_full_program_prints(
    tmp_path: Path, args: list[str]
) -> None:
    """The first `balance` of these bytes runs the full program (nothing cached); with their
    balances cached (and the kept answer forgotten), it is answered without typer: the same
    bytes on stdout and stderr, the same exit code."""
    folder, cache = tmp_path / "here", tmp_path / "cache"
    folder.mkdir()
    _new(folder, "triplanetary")
    add_rows(folder / "ledger.xlsx", "Events", [["E1", None, "pay", "Ann", "Bob", 1]])
    full = _run(folder, cache, *args)  # nothing cached: the full program (and a warning)
    assert full[0] == 0 and b"not posted yet" in full[2]
    shutil.rmtree(cache / "bankers-ledger" / "help", ignore_errors=True)
    probe = (
        "import sys; from ledger.cli.show import quick_balance; "
        f"done = quick_balance({args!r}); "
        "print(done, 'typer' in sys.modules, file=sys.stderr)"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("LEDGER_WORKBOOK", "COLUMNS")}
    env["XDG_CACHE_HOME"] = str(cache)
    p = subprocess.run(
        [sys.executable, "-c", probe], cwd=folder, env=env, capture_output=True, timeout=60
    )
    assert p.stderr.decode().splitlines()[-1] == "True False"
    assert (p.stdout, p.stderr.decode().rsplit("True False", 1)[0].encode()) == full[1:]
    assert _run(folder, cache, *args) == full


@pytest.mark.parametrize(
    "args",
    [
        ["balance", "-w=ledger.xlsx"],
        ["--player", "Ann", "balance"],
        ["-w", "ledger.xlsx", "--player", "Ann", "balance"],
    ],
)
def test_27_a_line_typer_reads_otherwise_is_never_answered_from_the_cache(
    tmp_path: Path, args: list[str]
) -> None:
    """Click reads `-w=x` as the file `=x`, and `--player` is no option of the group: such a
    line is refused by the full program, never answered by the quick path or a kept answer."""
    from ledger.cli.help_cache import balance_request

    folder, cache = tmp_path / "here", tmp_path / "cache"
    folder.mkdir()
    _new(folder, "triplanetary")
    _run(folder, cache, "balance")  # the balances of these bytes cached
    assert balance_request(args) is None
    assert _run(folder, cache, *args)[0] != 0
