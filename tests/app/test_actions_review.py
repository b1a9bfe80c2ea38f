"""Players act from their links (issue 30), read as an attacker and as a banker at a real
table: what a phone may send, the pending file as it may be found, an action undone or left
half-applied. Fresh game: Ann and Bob with 25 KC at Ceres, Sam the Patrol with 500 KC."""

from __future__ import annotations

import json
import os
import stat
import time
from pathlib import Path

import pytest

from ledger.app.actions import listing, submit
from ledger.core.problems import ProblemsFound
from tests.conftest import Ledger


def pay(game: Ledger, who: str, to: str, amount: str, memo: str = "", form: str = "") -> object:
    values = {"to": to, "amount": amount, "memo": memo}
    return submit(game.path, who, "pay", values, form or f"{who}-{to}-{amount}-{memo}")


@pytest.mark.parametrize(
    "memo", ["rent\r   2  Ann: pay Ann Bob 5", "\x1b[2K\x1b[1Gore", "a\u202eb"]
)
def test_30_a_form_with_a_hidden_character_is_refused_before_the_banker_sees_it(
    game: Ledger, memo: str
) -> None:
    with pytest.raises(ProblemsFound) as refused:
        pay(game, "Ann", "Bob", "500", memo)
    assert [p.code for p in refused.value.problems] == ["hidden-character"]
    assert "memo" in refused.value.problems[0].line()
    assert listing(game.path) == []
    assert "\x1b" not in game("pending").stdout


def kept_file(game: Ledger) -> Path:
    return game.path.with_name(f".{game.path.name}.pending.json")


@pytest.mark.parametrize(
    "text",
    [
        '{"format": 1, "actions": ["x", 7, {"n": "abc"}, {"n": true}]}',
        '{"format": 1, "actions": [{"n": 1, "who": "Ann", "kind": "pay", "state": "refused",'
        ' "problems": ["not a problem"]}]}',
    ],
)
def test_30_a_tampered_pending_file_is_no_traceback(game: Ledger, text: str) -> None:
    kept_file(game).write_text(text, encoding="utf-8")
    # what is no action at all is left out; an action no form made is named damaged (36)
    assert [a.state for a in listing(game.path)] in ([], ["damaged"])
    sent = pay(game, "Ann", "Bob", "5")
    assert sent.state == "waiting"
    assert "Ann: pay Ann Bob 5" in game("pending").stdout
    game("approve", str(sent.n))
    assert game("balance", "--json").json()["players"]["Bob"] == "30.00"


@pytest.mark.parametrize("how", ["not json", "too big", "a link to elsewhere", "a pipe"])
def test_30_a_damaged_pending_file_is_refused_never_overwritten(
    game: Ledger, tmp_path: Path, how: str
) -> None:
    where = kept_file(game)
    if how == "not json":
        where.write_text('{"format": 1, "actions": [{"n": 1, "who": "Ann"', encoding="utf-8")
    elif how == "too big":
        where.write_text('{"actions": [], "x": "' + "x" * (17 * 1024 * 1024) + '"}')
    elif how == "a link to elsewhere":
        elsewhere = tmp_path / "elsewhere.json"
        elsewhere.write_text('{"format": 1, "actions": []}', encoding="utf-8")
        where.symlink_to(elsewhere)
    else:
        os.mkfifo(where)  # reading it would wait for ever
    before = where.lstat()
    with pytest.raises(ProblemsFound) as refused:
        pay(game, "Ann", "Bob", "5")
    assert [p.code for p in refused.value.problems] == ["pending-damaged"]
    assert listing(game.path) == []  # the pages show nothing, and do not hang
    said = game("pending", expect=1)
    assert "pending-damaged" in said.stderr and "move it aside" in said.stderr
    game("approve", "1", expect=1)
    assert where.lstat().st_mtime_ns == before.st_mtime_ns  # never overwritten


def bob(game: Ledger) -> str:
    return str(game("balance", "--json").json()["players"]["Bob"])


def test_30_an_approved_action_then_undone_is_shown_undone_and_may_be_approved_again(
    game: Ledger,
) -> None:
    sent = pay(game, "Ann", "Bob", "5")
    game("approve", str(sent.n))
    assert [a.state for a in listing(game.path)] == ["done"]
    game("undo")
    assert bob(game) == "25.00"
    assert [a.state for a in listing(game.path)] == ["undone"]
    said = game("pending")
    assert "Ann: pay Ann Bob 5  (approved, then undone" in said.stdout
    assert game("pending", "--json").json()[0]["state"] == "undone"
    game("approve", str(sent.n))  # in the books once again, once
    assert bob(game) == "30.00"
    assert [a.state for a in listing(game.path)] == ["done"]
    game("approve", str(sent.n), expect=1)  # done: not twice
    assert bob(game) == "30.00"


def test_30_an_action_undone_by_undo_to_is_undone_and_can_be_rejected(game: Ledger) -> None:
    sent = pay(game, "Ann", "Bob", "5")
    game("approve", str(sent.n))
    game("pay", "Ann", "Bob", "1")
    seq = game("history", "--json").json()[-1]["version"]  # the oldest: the approval
    game("undo", "--to", str(seq))
    assert [a.state for a in listing(game.path)] == ["undone"]
    game("approve", str(sent.n))  # again, after the jump back: in the books once more
    assert [a.state for a in listing(game.path)] == ["done"]
    assert bob(game) == "30.00"
    game("undo")
    assert [a.state for a in listing(game.path)] == ["undone"]
    game("reject", str(sent.n), "--why", "the banker took it back")
    assert [a.state for a in listing(game.path)] == ["rejected"]
    assert "Nothing waits" in game("pending").stderr


@pytest.mark.parametrize("step, saved", [("after-replace", True), ("written", False)])
def test_30_an_action_a_stopped_approval_left_being_applied_is_settled_by_the_history(
    game: Ledger, step: str, saved: bool
) -> None:
    sent = pay(game, "Ann", "Bob", "5")
    stopped = game.sub("approve", str(sent.n), env={"LEDGER_TEST_FAULT": step})
    assert stopped.exit_code == 137
    assert "being applied" in game("pending").stdout
    assert bob(game) == ("30.00" if saved else "25.00")
    run = game("approve", str(sent.n))
    assert ("saved before the run" in run.stderr) is saved
    assert bob(game) == "30.00"  # paid once
    assert [a.state for a in listing(game.path)] == ["done"]
    assert "Nothing waits" in game("pending").stderr
    history = [e["command"] for e in game("history", "--json").json()]
    assert sum("from Ann's link, approved by the banker" in c for c in history) == 1


def test_30_reject_settles_an_action_a_stopped_run_left_being_applied(game: Ledger) -> None:
    one = pay(game, "Ann", "Bob", "5")
    two = pay(game, "Ann", "Bob", "7")
    assert game.sub("approve", str(one.n), env={"LEDGER_TEST_FAULT": "written"}).exit_code == 137
    assert game.sub("approve", str(two.n), env={"LEDGER_TEST_FAULT": "after-replace"}).exit_code
    game("reject", str(one.n), "--why", "not now")
    said = game("reject", str(two.n))
    assert "it stands" in said.stderr
    assert [a.state for a in listing(game.path)] == ["rejected", "done"]
    assert bob(game) == "32.00"


def test_30_a_link_with_twenty_actions_waiting_sends_no_more_until_the_banker_decides(
    game: Ledger,
) -> None:
    for i in range(20):
        assert pay(game, "Ann", "Bob", "1", form=f"f{i}").state == "waiting"
    with pytest.raises(ProblemsFound) as refused:
        pay(game, "Ann", "Bob", "1", form="f20")
    assert [p.code for p in refused.value.problems] == ["too-many-waiting"]
    assert pay(game, "Bob", "Ann", "1", form="b").state == "waiting"  # another link's own
    game("reject", "1")
    assert pay(game, "Ann", "Bob", "1", form="f21").n == 22


def test_30_the_pending_file_stays_small_however_long_the_game(game: Ledger) -> None:
    old = [
        {"n": n, "who": "Ann", "kind": "pay", "values": {}, "state": "refused", "command": "x"}
        for n in range(1, 701)
    ]
    kept_file(game).write_text(json.dumps({"format": 1, "actions": old}), encoding="utf-8")
    sent = pay(game, "Ann", "Bob", "5")
    assert sent.n == 701
    kept = json.loads(kept_file(game).read_text(encoding="utf-8"))["actions"]
    assert len(kept) == 501 and kept[0]["n"] == 201 and kept[-1]["n"] == 701


def test_30_a_link_left_at_the_pending_files_temporary_name_is_not_written_through(
    game: Ledger, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("not ledger's", encoding="utf-8")
    where = kept_file(game)
    where.with_name(f"{where.name}.tmp-{os.getpid()}").symlink_to(elsewhere)
    assert pay(game, "Ann", "Bob", "5").state == "waiting"
    assert elsewhere.read_text(encoding="utf-8") == "not ledger's"
    assert stat.S_IMODE(where.stat().st_mode) == 0o600 and not where.is_symlink()


def test_30_a_damaged_workbook_is_said_as_the_command_says_it_and_the_action_waits(
    game: Ledger,
) -> None:
    sent = pay(game, "Ann", "Bob", "5")
    kept = game.path.read_bytes()
    game.path.write_bytes(b"PK\x03\x04 not a workbook at all")
    with pytest.raises(ProblemsFound) as refused:
        pay(game, "Ann", "Bob", "1")
    assert refused.value.problems[0].code in ("damaged-xlsx", "not-xlsx")
    said = game("approve", str(sent.n), expect=1)
    assert "Traceback" not in said.stderr and "-xlsx" in said.stderr
    assert [a.state for a in listing(game.path)] == ["waiting"]  # not the action's fault
    game.path.write_bytes(kept)
    game("approve", str(sent.n))
    assert bob(game) == "30.00"


def test_30_an_action_a_live_process_took_up_long_ago_is_settled_as_a_stopped_one(
    game: Ledger,
) -> None:
    sent = pay(game, "Ann", "Bob", "5")
    data = json.loads(kept_file(game).read_text(encoding="utf-8"))
    # as `serve` leaves it when an error stops the thread applying it: the process lives on
    data["actions"][0].update(state="applying", pid=os.getpid(), claimed=time.time())
    kept_file(game).write_text(json.dumps(data), encoding="utf-8")
    said = game("approve", str(sent.n), expect=1)
    assert "being applied now" in said.stderr  # it may be: wait
    data["actions"][0]["claimed"] = time.time() - 3600
    kept_file(game).write_text(json.dumps(data), encoding="utf-8")
    game("approve", str(sent.n))  # an hour ago: nothing applies it any more
    assert bob(game) == "30.00"
