"""Issue 35, item 6: the players' waiting actions (`.NAME.xlsx.pending.json`) belong to the
banker. A file another account owns, or one others may write, is refused by name
(`not-yours-alone`): nothing in it is shown, approved or run, and it is never overwritten.
Its temporary file is made afresh, never written through a link left at its name."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from ledger.app.actions import listing, submit
from ledger.core.problems import ProblemsFound
from tests.conftest import Ledger
from tests.other_account import (
    needs_root,
    owned_by_other,
    python_as_other,
    shared_folder,
    skip_unless_other_runs,
)


def kept_file(game: Ledger) -> Path:
    return game.path.with_name(f".{game.path.name}.pending.json")


def pay(game: Ledger, who: str, to: str, amount: str) -> object:
    return submit(game.path, who, "pay", {"to": to, "amount": amount}, f"{who}-{to}-{amount}")


def bob(game: Ledger) -> str:
    return str(game("balance", "--json").json()["players"]["Bob"])


def refused_everywhere(game: Ledger, *, mended_by: str) -> None:
    """`pending`, `approve`, `reject` and a player's form refuse by name; nothing shown."""
    where = kept_file(game)
    before = (where.read_bytes(), where.stat().st_mtime_ns)
    for args in (["pending"], ["approve", "1"], ["reject", "1"]):
        run = game(*args, expect=1)
        assert "not-yours-alone" in run.stderr and where.name in run.stderr, run.stderr
        assert mended_by in run.stderr and "Traceback" not in run.stderr
    with pytest.raises(ProblemsFound) as no:
        pay(game, "Ann", "Bob", "5")
    assert [p.code for p in no.value.problems] == ["not-yours-alone"]
    assert listing(game.path) == []  # the pages show none of it
    assert (where.read_bytes(), where.stat().st_mtime_ns) == before  # never overwritten
    assert bob(game) == "25.00"


@needs_root
def test_35_a_pending_file_another_account_owns_is_refused_by_name(game: Ledger) -> None:
    pay(game, "Ann", "Bob", "5")  # waiting: a real file of actions
    owned_by_other(kept_file(game))
    refused_everywhere(game, mended_by="sudo chown")


@pytest.mark.parametrize("mode", [0o666, 0o620, 0o602], ids=lambda m: f"{m:04o}")
def test_35_a_pending_file_others_may_write_is_refused_by_name(game: Ledger, mode: int) -> None:
    pay(game, "Ann", "Bob", "5")
    kept_file(game).chmod(mode)
    refused_everywhere(game, mended_by="chmod go-w")
    kept_file(game).chmod(0o600)  # mended: the action waits as it did
    game("approve", "1")
    assert bob(game) == "30.00"


@needs_root
def test_35_the_attack_an_action_another_user_planted_first_is_never_approved() -> None:
    """The workbook in a folder every account may write (sticky, as /tmp): another account
    writes the file of waiting actions before the banker serves, an action in it as ledger
    writes one. `ledger approve 1` runs none of it; the banker cannot even remove the file
    (it is another's, in a sticky folder), so it is refused every time."""
    skip_unless_other_runs()
    with shared_folder() as shared:
        game = Ledger(shared)
        game.new()
        game.path.chmod(0o644)
        pay(game, "Ann", "Bob", "20")
        text = kept_file(game).read_text(encoding="utf-8")  # what an action looks like
        kept_file(game).unlink()
        python_as_other(f"open('.ledger.xlsx.pending.json', 'w').write({text!r})", shared)
        assert kept_file(game).stat().st_uid == 65534
        for args in (["pending"], ["approve", "1"]):
            run = game.sub(*args)
            assert run.exit_code == 1, run.stderr
            assert "not-yours-alone" in run.stderr and "uid 65534" in run.stderr
        assert bob(game) == "25.00"
        assert kept_file(game).read_text(encoding="utf-8") == text


def test_35_a_link_at_the_pending_files_temporary_name_is_never_written_through(
    game: Ledger, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("the banker's own file\n")
    tmp = kept_file(game).with_name(f"{kept_file(game).name}.tmp-{os.getpid()}")  # this process
    tmp.symlink_to(victim)
    pay(game, "Ann", "Bob", "5")
    tmp.symlink_to(victim)
    game("approve", "1")
    assert victim.read_text() == "the banker's own file\n"
    assert kept_file(game).stat().st_mode & 0o077 == 0 and not kept_file(game).is_symlink()
    assert bob(game) == "30.00"
