"""A board from a file through the real CLI on a real .xlsx: the README's session on the example
board, the workbook standing alone once the file is gone, and a file with mistakes refused with
every one of them by its line, nothing written."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.conftest import Ledger, edit_cells, rows

EXAMPLE = Path(__file__).resolve().parents[3] / "workbooks" / "orbit-row.toml"


def test_board_the_readme_session_and_the_workbook_stands_alone(ledger: Ledger) -> None:
    board = ledger.folder / "orbit-row.toml"
    shutil.copy(EXAMPLE, board)
    made = ledger("new", "--board", str(board), "--player", "Ann", "--player", "Bob", "--seed", "7")
    said = made.stdout + made.stderr
    assert "the table's own board, round 1, players Ann, Bob." in said
    assert "Ann: 1,500.00 credits" in said
    board.unlink()  # the workbook holds the board: the file is not read again
    text = EXAMPLE.read_text(encoding="utf-8").splitlines()
    assert [r["text"] or "" for r in rows(ledger.path, "Board")] == text
    rolled = ledger("roll").stdout
    assert rolled.startswith(
        "round 1, turn 1: Bob rolls 1+4, 1 -> 6 Lichen Farms: buys it for 120.00"
    )
    ticked = ledger("tick", "5").stdout
    assert "Rounds 1–5, in the order played" in ticked
    status = ledger("status", "--json").json()
    assert (status["board"], status["round"], status["turn"]) == ("Orbit Row", 6, "Bob")
    wrote = ledger("statement", "--all")
    assert "(Ann)" in wrote.stdout + wrote.stderr and "(Bob)" in wrote.stdout + wrote.stderr
    balances = ledger.balances()
    assert sum(float(v) for k, v in balances.items() if not k.startswith("player:")) == 0
    assert ledger("check").stderr.startswith("clean: the table's own board, round 6")


def test_board_a_file_with_mistakes_is_refused_every_one_by_its_line(ledger: Ledger) -> None:
    bad = ledger.folder / "bad.toml"
    bad.write_text(
        EXAMPLE.read_text(encoding="utf-8")
        .replace("pass_start = 200", "pass_start = -200")
        .replace('kind = "tax"', 'kind = "taxes"', 1)
        .replace("price = 60\n", "price = 60\ncolour = 'red'\n"),
        encoding="utf-8",
    )
    run = ledger("new", "--board", str(bad), "--player", "Ann", "--player", "Bob", expect=1)
    out = run.stdout + run.stderr
    assert f"{bad}:8: bad-board-value line 8: pass_start is -200" in out
    assert f"{bad}:32: unknown-board-key line 32: field 2: colour is not a key of a field" in out
    assert f"{bad}:44: bad-board-value line 44: field 4's kind is 'taxes'" in out
    assert "3 problems; nothing was written." in out
    assert not ledger.path.exists()


def test_board_new_needs_a_board_and_only_the_board_game_takes_one(ledger: Ledger) -> None:
    run = ledger("new", "--player", "Ann", "--player", "Bob", expect=2)
    assert "give --game GAME or --board FILE" in run.stdout + run.stderr
    run = ledger("new", "--game", "boardfile", "--player", "Ann", "--player", "Bob", expect=1)
    assert (
        "--board: no-source the table's own board is played from a file" in run.stdout + run.stderr
    )
    run = ledger("new", "--game", "matador21", "--board", str(EXAMPLE), "--player", "A", expect=1)
    assert "no-source" in run.stdout + run.stderr
    run = ledger("new", "--board", "nowhere.toml", "--player", "Ann", "--player", "Bob", expect=1)
    assert "--board: file-not-found nowhere.toml: there is no such file" in run.stdout + run.stderr
    assert not ledger.path.exists()


def test_board_a_pipe_a_folder_or_a_huge_file_named_as_the_board_is_refused_at_once(
    ledger: Ledger,
) -> None:
    import os

    os.mkfifo(ledger.folder / "pipe.toml")  # opened for reading, a pipe would wait for ever
    (ledger.folder / "huge.toml").write_bytes(b"#" * (1 << 20) + b"\n")
    for name, code in [
        ("pipe.toml", "not-a-file"),
        (".", "not-a-file"),
        ("huge.toml", "file-too-large"),
    ]:
        board = str(ledger.folder / name)
        run = ledger("new", "--board", board, "--player", "Ann", "--player", "Bob", expect=1)
        assert f"--board: {code}" in run.stderr and "nothing was written" in run.stderr
    assert not ledger.path.exists()


def test_board_a_line_changed_in_the_workbook_is_checked_by_its_cell(ledger: Ledger) -> None:
    ledger("new", "--board", str(EXAMPLE), "--player", "Ann", "--player", "Bob", "--first", "Ann")
    edit_cells(ledger.path, {"Board!B9": 'pass_start = "lots"'})
    run = ledger("check", expect=1)
    assert run.stdout.startswith("Board!B9: bad-board-value line 8: pass_start is 'lots'")
    ledger("roll", expect=1)
    edit_cells(ledger.path, {"Board!B9": "pass_start = 300", "Players!C2": 15})
    said = ledger("roll", "--dice", "3,1").stdout  # Ann: 15 -> 1, exactly on the start, doubled
    assert "Launch Ring: start pays 600.00" in said
    assert ledger.balances()["player:Ann"] == "2100.00"


def test_board_the_live_pages_show_the_table_and_roll_on_ones_own_turn(ledger: Ledger) -> None:
    from tests.web.test_serve_phone import pages
    from tests.web.test_views import rows_of, table_page

    ledger("new", "--board", str(EXAMPLE), "--player", "Ann", "--player", "Bob", "--first", "Ann")
    ledger("roll", "--dice", "1,1")  # Ann: 1 -> 3 Scrap Market, bought
    page = table_page(ledger, {"Bob": "bob"}, "bob")
    assert rows_of(page, "The next turn") == [["round", "1"], ["whose turn", "Bob"]]
    assert rows_of(page, "Where the pieces stand") == [
        ["Ann", "3 Scrap Market", "1,420.00", "0.00", "1"],
        ["Bob", "1 Launch Ring", "1,500.00", "0.00", "0"],
    ]
    board = {r[1]: r[5] for r in rows_of(page, "The board")}
    assert (board["Scrap Market"], board["Rust Alley"], board["Dock Levy"]) == (
        "Ann",
        "for sale",
        "",
    )
    seen = pages(ledger, "Ann", "Bob")
    assert [n for n in ("Ann", "Bob") if 'id="form-roll"' in seen[n]] == ["Bob"]
