"""`ledger undo` never throws away what the banker typed by hand, nor puts another game over a
new one: it checks the workbook against the bytes ledger itself last wrote (kept in the history
folder by each save and undo), not against the balance cache, which any clean read rewrites."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import openpyxl

from tests.conftest import Ledger, edit_cells


def cell(path: Path, ref: str) -> object:
    sheet, at = ref.split("!")
    return openpyxl.load_workbook(path)[sheet][at].value


def test_undo_after_an_undo_refuses_a_hand_edit(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1.00")
    game("pay", "Ann", "Bob", "2.00")
    game("undo")  # removes the balance cache; the guard must not depend on it
    edit_cells(game.path, {"Journal!F2": "typed in Excel"})
    run = game("undo", expect=1)
    assert "changed-since-save" in run.stderr
    assert cell(game.path, "Journal!F2") == "typed in Excel"


def test_a_clean_read_does_not_make_a_hand_edit_undoable(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1.00")
    edit_cells(game.path, {"Journal!F2": "typed in Excel"})
    run = game("undo", expect=1)
    assert "changed-since-save" in run.stderr and "ledger post" in run.stderr
    game("balance")  # rewrites the balance cache from the hand-edited workbook
    assert "changed-since-save" in game("undo", expect=1).stderr
    assert cell(game.path, "Journal!F2") == "typed in Excel"


def test_undo_after_post_goes_back_to_the_hand_edit(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1.00")
    edit_cells(game.path, {"Journal!F2": "typed in Excel"})
    game("post")
    game("undo")
    assert cell(game.path, "Journal!F2") == "typed in Excel"


def test_undo_force_still_undoes_a_hand_edit(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1.00")
    edit_cells(game.path, {"Journal!F2": "typed in Excel"})
    game("undo", "--force")
    assert cell(game.path, "Journal!F2") != "typed in Excel"


def test_new_game_over_a_deleted_one_does_not_undo_into_the_old_game(ledger: Ledger) -> None:
    ledger.new()
    ledger("pay", "Ann", "Bob", "1.00")
    ledger.path.unlink()
    ledger("new", "--game", "triplanetary", "--player", "Cid", "--player", "Dee")
    run = ledger("undo", expect=1)
    assert "nothing-to-undo" in run.stderr
    assert set(ledger("balance", "--json").json()["players"]) == {"Cid", "Dee"}
    aside = list(ledger.path.parent.glob(f".{ledger.path.name}.history-orphaned-*"))
    assert len(aside) == 1 and any(aside[0].glob("*.xlsx"))


def pre_pay_and_paid(game: Ledger) -> tuple[str, str]:
    before = hashlib.sha256(game.path.read_bytes()).hexdigest()
    game("pay", "Ann", "Bob", "2")
    return before, hashlib.sha256(game.path.read_bytes()).hexdigest()


def test_a_failure_after_undo_replaced_the_workbook_is_saved_but(game: Ledger) -> None:
    before, _ = pre_pay_and_paid(game)
    run = game.sub("undo", env={"LEDGER_TEST_FAULT": "undo-after-replace:enospc"})
    assert run.exit_code == 4, run.stderr
    assert "saved: undo of `pay Ann Bob 2`" in run.stderr
    assert "nothing was written" not in run.stderr
    assert hashlib.sha256(game.path.read_bytes()).hexdigest() == before
    # the next command settles the cut-off undo: it happened, so nothing is left to undo
    assert "nothing-to-undo" in game("undo", expect=1).stderr
    assert game("history", "--json").json() == []


def test_an_undo_killed_after_its_replace_is_settled_as_done(game: Ledger) -> None:
    before, _ = pre_pay_and_paid(game)
    run = game.sub("undo", env={"LEDGER_TEST_FAULT": "undo-after-replace"})
    assert run.exit_code == 137
    assert hashlib.sha256(game.path.read_bytes()).hexdigest() == before
    game("post")
    assert [e["command"] for e in game("history", "--json").json()] == ["post"]


def test_a_pending_save_edited_by_hand_since_keeps_its_undo_step(game: Ledger) -> None:
    run = game.sub("pay", "Ann", "Bob", "2", env={"LEDGER_TEST_FAULT": "after-replace"})
    assert run.exit_code == 137
    edit_cells(game.path, {"Journal!F2": "typed in Excel"})
    game("pay", "Ann", "Bob", "1")  # settles the pending entry: the save did happen
    history = game("history", "--json").json()
    assert [e["command"] for e in history] == ["pay Ann Bob 1", "pay Ann Bob 2"]
    assert len(list(game.path.parent.glob(f".{game.path.name}.history/0*.xlsx"))) == 2
    game("undo")
    assert cell(game.path, "Journal!F2") == "typed in Excel"
    assert "`pay Ann Bob 2`" in game("undo").stderr
    assert game.balances()["player:Ann"] == "25.00"


def log_lines(game: Ledger) -> list[dict[str, object]]:
    log = game.path.parent / f".{game.path.name}.history" / "log.jsonl"
    return [json.loads(line) for line in log.read_text().splitlines()]


def add_log_line(game: Ledger, entry: dict[str, object]) -> None:
    log = game.path.parent / f".{game.path.name}.history" / "log.jsonl"
    with log.open("a") as f:
        f.write(json.dumps(entry) + "\n")


def test_a_log_line_of_the_wrong_types_is_a_wall_undo_never_passes(game: Ledger) -> None:
    """(Issue 28: passed over, it let undo step over a command.) What came before it is no
    longer listed nor gone back to; what came after it is."""
    game("pay", "Ann", "Bob", "1")
    add_log_line(game, {**log_lines(game)[0], "seq": "7"})
    game("pay", "Ann", "Bob", "2")
    assert [e["command"] for e in game("history", "--json").json()] == ["pay Ann Bob 2"]
    game("undo")
    assert "history-log-damaged" in game("undo", expect=1).stderr
    assert game.balances()["player:Ann"] == "24.00"


def test_a_log_line_naming_a_file_outside_the_history_cannot_delete_it(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1")
    add_log_line(game, {**log_lines(game)[0], "seq": 2, "file": f"../{game.path.name}"})
    run = game("undo", expect=1)  # the bad line stops undo (issue 28): nothing is deleted
    assert "history-log-damaged" in run.stderr
    assert game.path.exists() and game.balances()["player:Ann"] == "24.00"


def test_a_log_line_with_outputs_outside_the_folder_moves_nothing(game: Ledger) -> None:
    game("pay", "Ann", "Bob", "1")
    victim = game.folder.parent / f"{game.folder.name}-victim.txt"
    victim.write_text("keep me")
    log = game.path.parent / f".{game.path.name}.history" / "log.jsonl"
    for outputs in ([f"../{victim.name}"], [str(victim)]):
        log.write_text(json.dumps({**log_lines(game)[0], "outputs": outputs}) + "\n")
        assert "history-log-damaged" in game("undo", expect=1).stderr
        assert victim.read_text() == "keep me"
