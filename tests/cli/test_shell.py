"""`ledger shell` (issue 39): lines typed through prompt_toolkit's pipe input, on real .xlsx
files; each line runs as the one-shot command, with the books kept between commands only while
the file is the bytes they were read from."""

from __future__ import annotations

import errno
import hashlib
import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from ledger.app import kept
from ledger.app.shell import history_path, view_of
from ledger.cli.shell import Shell
from ledger.io import run as steps
from tests.conftest import Ledger, edit_cells


@pytest.fixture(autouse=True)
def _state_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The shell's history in a folder of the test's own, never the user's."""
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path / "state"))
    yield
    kept.keep_books(False)


def session(game: Ledger, *lines: str) -> tuple[Shell, int]:
    """The shell on the game's workbook, the lines typed (each ended by Enter), then Ctrl-D."""
    with create_pipe_input() as keys:
        shell = Shell(game.path, input=keys, output=DummyOutput())
        keys.send_text("".join(f"{line}\r" for line in lines) + "\x04")
        code = shell.loop()
    return shell, code


def test_each_line_prints_what_the_one_shot_command_prints(
    game: Ledger, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    twin = Ledger(tmp_path / "twin")
    twin.folder.mkdir()
    shutil.copy(game.path, twin.path)
    lines = ["pay Ann Bob 5 --memo ore", "balance", "pay Ann Bob 100", "journal", "undo"]
    capfd.readouterr()
    _, code = session(game, *lines)
    got = capfd.readouterr()
    assert code == 0
    want_out, want_err = "", ""
    for line in lines:
        run = twin(*line.split(), expect=None)
        want_out += run.stdout
        want_err += run.stderr
    assert got.out == want_out.replace(str(twin.path), str(game.path))
    assert "overdrawn Ann" in got.err and "nothing was written" in got.err  # refused, not left
    when = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")  # the undo names its save's time
    assert when.sub("T", got.err.replace(str(game.path), "W")) == when.sub(
        "T", want_err.replace(str(twin.path), "W")
    )


def test_the_books_are_kept_while_the_file_is_their_bytes(game: Ledger) -> None:
    shell, _ = session(game)
    kept.keep_books()
    shell.run_line("balance")  # read from the file once
    hits, reads = kept.hits[0], kept.reads[0]
    shell.run_line("balance")
    assert (kept.hits[0], kept.reads[0]) == (hits + 1, reads)  # the kept books
    shell.run_line("pay Ann Bob 1")  # the kept books changed and saved; the saved file read
    assert (kept.hits[0], kept.reads[0]) == (hits + 2, reads + 1)
    digest = hashlib.sha256(game.path.read_bytes()).hexdigest()
    assert kept.kept_digest(game.path.resolve()) == digest
    shell.run_line("balance")
    assert (kept.hits[0], kept.reads[0]) == (hits + 3, reads + 1)


def test_a_save_by_another_program_is_seen_by_the_next_command(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    shell, _ = session(game, "balance")
    kept.keep_books()
    edit_cells(game.path, {"Events!C2": "pay", "Events!D2": "Ann", "Events!E2": "Bob"})
    edit_cells(game.path, {"Events!F2": 2.5})
    capfd.readouterr()
    shell.run_line("balance")
    assert "1 event in the Events sheet not posted yet" in capfd.readouterr().err
    shell.run_line("post")
    shell.run_line("balance --json")
    assert '"Ann": "22.50"' in capfd.readouterr().out


def test_a_failed_save_leaves_the_shells_books_as_the_files(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    shell, _ = session(game, "balance")
    kept.keep_books()
    digest = hashlib.sha256(game.path.read_bytes()).hexdigest()

    def full(step: str) -> None:
        if step == "before-replace":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(game.path))

    steps.STEPS.append(full)
    try:
        assert shell.run_line("pay Ann Bob 5") == 1
    finally:
        steps.STEPS.remove(full)
    assert hashlib.sha256(game.path.read_bytes()).hexdigest() == digest
    capfd.readouterr()
    shell.run_line("balance --json")
    assert '"Ann": "25.00"' in capfd.readouterr().out
    assert kept.kept_digest(game.path.resolve()) == digest


def test_a_bug_after_the_save_is_said_with_what_was_saved_and_the_shell_goes_on(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    shell, _ = session(game)
    capfd.readouterr()

    def bug(step: str) -> None:
        if step == "after-replace":
            raise RuntimeError("a bug after the save")

    steps.STEPS.append(bug)
    try:
        assert shell.run_line("pay Ann Bob 5") == 4  # saved, but
    finally:
        steps.STEPS.remove(bug)
    said = capfd.readouterr().err
    assert "internal error: RuntimeError" in said and "saved: " in said, said
    assert "Nothing was written" not in said
    assert shell.run_line("balance") == 0


def test_a_line_too_long_to_read_is_refused_at_once(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    shell, _ = session(game)
    capfd.readouterr()
    assert shell.run_line("pay Ann Bob " + "x" * 2_000_000) == 2  # (shlex: minutes)
    assert "at most 65,536 are read" in capfd.readouterr().err
    assert shell.complete("pay Ann " + "x" * 100_000) == []
    assert shell.run_line("balance") == 0


def test_ctrl_c_clears_the_line_and_ctrl_d_or_exit_leaves(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    with create_pipe_input() as keys:
        shell = Shell(game.path, input=keys, output=DummyOutput())
        keys.send_text("pay Ann Bob 9\x03balance\rexit\rpay Ann Bob 1\r")
        assert shell.loop() == 0
    out = capfd.readouterr().out
    assert "Balances, day 0" in out
    assert "txn" not in out  # neither the cleared line nor the one after `exit` ran
    assert game.balances()["player:Ann"] == "25.00"


def test_serve_and_shell_are_refused_with_a_hint(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    shell, _ = session(game)
    assert shell.run_line("serve --actions") == 2
    assert shell.run_line("shell") == 2
    assert shell.run_line("pay Ann 'Bob") == 2
    err = capfd.readouterr().err
    assert "ledger shell --serve" in err and "close the quote" in err


def test_usage_errors_and_help_are_the_ones_of_the_command_line(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    shell, _ = session(game)
    capfd.readouterr()
    assert shell.run_line("pya Ann Bob 5") == 2
    assert "Did you mean 'pay'" in capfd.readouterr().err
    assert shell.run_line("help pay") == 0
    assert "Usage: ledger pay" in capfd.readouterr().out


def test_completion_commands_options_and_names_from_the_books(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("hire", "Ann", "--ship", "Nomad")
    shell, _ = session(game)
    words = lambda text: [v for v, _ in shell.complete(text)]  # noqa: E731
    assert "pay" in words("pa") and "tick" in words("ti") and "serve" not in words("se")
    assert words("pay An") == ["Ann"]
    assert "bank" in words("pay Ann ") and "Bob" in words("pay Ann ")
    assert words("hire Ann --sh") == ["--ship"]
    assert words("hire Ann --ship N") == ["Nomad"]
    assert "transport" in words("buy Ann tra")
    assert words("discharge ") == ["C1"]  # a crew, from the Crews sheet
    assert words("balance --player C") == ["Cleo"] or words("balance --player B") == ["Bob"]
    assert "Ceres" in words("pay Ann Bob 1 --from-bank ")


def test_completion_never_offers_what_a_replaced_workbook_held(
    game: Ledger, tmp_path: Path
) -> None:
    shell, _ = session(game)
    assert [v for v, _ in shell.complete("pay An")] == ["Ann"]
    other = Ledger(tmp_path / "egon")
    other.folder.mkdir()
    other("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    shutil.copy(other.path, game.path)  # another program puts another game in its place
    assert [v for v, _ in shell.complete("pay An")] == []
    assert [v for v, _ in shell.complete("order A")] == ["ABC"]
    codes = [v for v, _ in shell.complete("order ABC ")]
    assert "a,BOB" in codes and "hire" not in shell.commands()  # an order, as the phone offers
    assert "Egon" in shell.prompt() and "round" in shell.prompt()


def test_egon_orders_complete_by_their_letters_with_pseudonyms_and_traders(
    ledger: Ledger,
) -> None:
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    shell, _ = session(ledger)
    words = lambda text: [v for v, _ in shell.complete(text)]  # noqa: E731
    assert {"a,BOB", "a,CAT", "a,Alois"} <= set(words("order ABC a,"))
    assert words("order ABC g,B") == ["g,Bolle,"]
    assert "l," in words("order ABC l") and "v" in words("order ABC ")
    assert words("order ABC e,v --justified-against C") == ["CAT"]


def test_planetopoly_deeds_complete(ledger: Ledger) -> None:
    ledger("new", "--game", "planetopoly", "--player", "Ann", "--player", "Bob")
    shell, _ = session(ledger)
    assert "lyra-1" in [v for v, _ in shell.complete("buy Ann ly")]


def test_the_history_is_kept_per_workbook_and_this_accounts_alone(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    session(game, "balance", "pay Ann Bob 1")
    kept_at = history_path(game.path)
    assert kept_at.read_text().splitlines() == ["balance", "pay Ann Bob 1"]
    assert kept_at.stat().st_mode & 0o777 == 0o600
    assert kept_at.parent.stat().st_mode & 0o777 == 0o700
    shell, _ = session(game)
    assert shell.session.history.get_strings()[-1] == "pay Ann Bob 1"
    os.chmod(kept_at, 0o620)  # the group may write it: not believed
    capfd.readouterr()
    shell, _ = session(game, "balance")
    err = capfd.readouterr().err
    assert "not-yours-alone" in err and "chmod go-w" in err
    assert shell.session.history.get_strings() == ["balance"]  # in memory only
    assert kept_at.read_text().splitlines() == ["balance", "pay Ann Bob 1"]


def test_a_players_action_is_said_with_its_money_and_approved_at_the_prompt(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    from ledger.app.actions import submit

    shell, _ = session(game)
    submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "4.50", "memo": "ore"}, "form-1")
    said = shell.announce()
    assert said == [
        "action 1 from Ann: pay Ann Bob 4.50 --memo ore, moves 4.50 KC — approve 1 / reject 1"
    ]
    assert shell.announce() == []  # once
    capfd.readouterr()
    assert shell.run_line("approve 1") == 0
    assert "approved action 1" in capfd.readouterr().err
    assert game.balances()["player:Ann"] == "20.50"


def test_the_prompt_names_the_game_and_its_moment(game: Ledger) -> None:
    shell, _ = session(game, "tick 30 --no-statements")
    assert shell.prompt() == "ledger (Triplanetary Variant V/2 · day 30)> "
    assert view_of(game.path).moment == "day 30"


def test_ledger_help_lists_shell(game: Ledger) -> None:
    assert "shell" in game("--help").stdout


def test_ctrl_c_while_a_command_runs_never_cuts_its_save(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    import signal

    shell, _ = session(game)

    def ctrl_c(step: str) -> None:
        if step == "written":  # the new version written, the workbook not yet replaced
            os.kill(os.getpid(), signal.SIGINT)

    steps.STEPS.append(ctrl_c)
    try:
        assert shell.run_line("pay Ann Bob 5") == 0
    finally:
        steps.STEPS.remove(ctrl_c)
    err = capfd.readouterr().err
    assert "the command goes on to its end" in err
    assert game.balances()["player:Ann"] == "20.00"
    assert shell.run_line("balance") == 0  # and the shell goes on


def test_shell_serve_serves_the_pages_from_the_shell_and_stops_with_it(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    import httpx

    from tests.web.browser import free_port

    port = free_port()
    with create_pipe_input() as keys:
        shell = Shell(game.path, input=keys, output=DummyOutput())
        shell.serve(port, lan=False, qr=False)
        links = dict(
            line.split(": ", 1) for line in capfd.readouterr().out.splitlines() if ": http" in line
        )
        page = None
        for _ in range(100):
            try:
                page = httpx.get(links["Ann"], timeout=5)
                break
            except httpx.TransportError:
                import time

                time.sleep(0.05)
        assert page is not None and page.status_code == 200 and "Ann" in page.text
        keys.send_text("exit\r")
        assert shell.loop() == 0
    assert not any(t.is_alive() for t in shell._threads)


def test_tab_completes_a_players_name_through_the_prompt(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    import threading
    import time

    with create_pipe_input() as keys:
        shell = Shell(game.path, input=keys, output=DummyOutput())
        keys.send_text("pay An\t")  # completed while the prompt waits, then the rest typed

        def rest() -> None:
            for _ in range(400):
                if shell.session is not None and shell.session.default_buffer.text == "pay Ann":
                    break
                time.sleep(0.025)
            keys.send_text(" Bob 2\r\x04")

        later = threading.Thread(target=rest)
        later.start()
        shell.loop()
        later.join()
    assert "Ann pays Bob: 2.00 KC" in capfd.readouterr().out


def test_lines_from_a_pipe_run_without_a_prompt_until_exit(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    shell = Shell(game.path)
    assert shell.lines(["pay Ann Bob 1000\n"]) == 1  # the last line's exit code
    shell = Shell(game.path)
    assert shell.lines(["pay Ann Bob 1\n", "exit\n", "pay Ann Bob 1\n"]) == 0
    assert game.balances()["player:Ann"] == "24.00"
    assert shell.session is None  # no prompt_toolkit


def test_reject_at_the_prompt(game: Ledger, capfd: pytest.CaptureFixture[str]) -> None:
    from ledger.app.actions import submit

    shell, _ = session(game)
    submit(game.path, "Bob", "pay", {"to": "Ann", "amount": "3"}, "form-1")
    assert shell.announce()[0].startswith("action 1 from Bob: pay Bob Ann 3, moves 3.00 KC")
    assert shell.run_line("reject 1 --why 'paid in cash'") == 0
    assert "rejected action 1" in capfd.readouterr().err
    assert game.balances()["player:Bob"] == "25.00"


def test_what_a_command_saved_is_its_threads_own(game: Ledger) -> None:
    """`ledger shell --serve`: a player's action saved by the server's thread is not what the
    banker's command in the shell saved (its failure says "nothing was written", not "saved")."""
    import threading

    from ledger.app import this_run
    from ledger.app.pay import amount_of, paying
    from ledger.app.pipeline import change

    this_run.begin_run()
    elsewhere = threading.Thread(
        target=change,
        args=(
            game.path.resolve(),
            paying("Ann", "Bob", amount_of("1")),
        ),
        kwargs={"command": "pay Ann Bob 1"},
    )
    elsewhere.start()
    elsewhere.join()
    assert this_run.saved_in_this_run() is None
    assert game.balances()["player:Ann"] == "24.00"  # saved by the other thread


class _Endless:
    """A pipe that sends `before`, then one line of `length` letters, then `after`, made in
    chunks as it is read (never held whole); it remembers the longest piece it gave."""

    def __init__(self, before: str, length: int, after: str) -> None:
        def chunks() -> Iterator[str]:
            yield before
            for at in range(0, length, 8192):
                yield "a" * min(8192, length - at)
            yield "\n" + after

        self.chunks = chunks()
        self.buffer = ""
        self.longest = 0

    def __iter__(self) -> Iterator[str]:  # as a file is read line by line: unbounded
        return iter(self.readline, "")

    def readline(self, size: int = -1) -> str:
        size = size if size >= 0 else 1 << 62
        while "\n" not in self.buffer and len(self.buffer) < size:
            more = next(self.chunks, None)
            if more is None:
                break
            self.buffer += more
        end = self.buffer.find("\n") + 1 or len(self.buffer)
        got, self.buffer = self.buffer[: min(end, size)], self.buffer[min(end, size) :]
        self.longest = max(self.longest, len(got))
        return got


def test_a_line_too_long_from_a_pipe_is_read_through_never_kept(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    pipe = _Endless("pay Ann Bob 1\n", 10_000_000, "pay Ann Bob 2\nbalance\n")
    shell = Shell(game.path)
    capfd.readouterr()
    assert shell.lines(pipe) == 0  # `balance`, the last line, ran
    assert pipe.longest <= 65_537  # a line and its newline at most, never the 10 MB
    err = capfd.readouterr().err
    assert "the line is 10,000,000 characters long; at most 65,536 are read" in err
    assert game.balances()["player:Ann"] == "22.00"  # the lines on both sides of it ran
    shell = Shell(game.path)
    assert shell.lines(_Endless("", 65_536, "")) == 2  # a line as long as it may be: read
    assert "No such command 'aaaa" in capfd.readouterr().err


def test_the_news_is_only_what_the_banker_has_not_heard(
    game: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    """Approved in the shell: not news (never "applied at once"). Undone: news, it waits again.
    Applied at once by the server: news, once."""
    from ledger.app.actions import submit
    from tests.conftest import set_setting

    shell = Shell(game.path)
    submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "4.50", "memo": "ore"}, "form-1")
    assert shell.announce() == [
        "action 1 from Ann: pay Ann Bob 4.50 --memo ore, moves 4.50 KC — approve 1 / reject 1"
    ]
    assert shell.run_line("approve 1") == 0
    assert shell.announce() == []  # the banker approved it: no news, and never "at once"
    assert shell.run_line("undo") == 0
    assert shell.announce() == [
        "action 1 from Ann: pay Ann Bob 4.50 --memo ore, moves 4.50 KC — undone, waiting "
        "again: approve 1 / reject 1"
    ]
    assert shell.announce() == []  # once
    assert shell.run_line("approve 1") == 0
    assert shell.announce() == []
    set_setting(game.path, "actions_wait", False)
    shell.announce()
    done = submit(game.path, "Bob", "pay", {"to": "Ann", "amount": "1"}, "form-2")
    assert done.state == "done"
    [line] = shell.announce()
    assert line.startswith("action 2 from Bob: pay Bob Ann 1 — applied at once: ")
    assert shell.announce() == []
    shell.close()


def test_the_shell_starts_on_books_with_a_mistake_to_repair_them(game: Ledger) -> None:
    import subprocess

    game("pay", "Ann", "Bob", "5")
    edit_cells(game.path, {"Journal!E3": "lots"})  # a cell typed wrong in Excel
    p = game.proc("shell", stdin=subprocess.PIPE)
    out, err = p.communicate("check\nundo --force\ncheck\n", timeout=120)
    assert "Journal!E3: not-a-number 'lots' is not a number" in out  # `check` said it
    assert "Undid `pay Ann Bob 5`" in err, err  # `undo` ran: the books as before the pay
    assert err.endswith("clean: Triplanetary Variant V/2, day 0, 3 players, 3 transactions\n")
    assert p.returncode == 0  # the last `check`: the books are sound again
    assert game.balances()["player:Ann"] == "25.00"
    edit_cells(game.path, {"Journal!E3": "lots"})
    shell = Shell(game.path)
    assert shell.prompt() == f"ledger ({game.path.name})> "  # the books cannot be read
    shell.close()


def test_the_shell_refuses_only_what_no_command_could_use(
    ledger: Ledger, capfd: pytest.CaptureFixture[str]
) -> None:
    assert ledger("shell", expect=1).stderr.startswith(f"{ledger.path}: no-workbook")
    ledger.path.write_text("these are no books")
    assert "not-xlsx" in ledger("shell", expect=1).stderr
