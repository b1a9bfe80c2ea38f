"""Issue 35, item 6: the kept links (`serve --keep-links`, `$XDG_CONFIG_HOME/bankers-ledger/
links-*.json`) belong to the banker. A links file or folder another account owns, or others
may write, is refused by name (`not-yours-alone`): `serve --keep-links` shows no link, uses
none of it and overwrites nothing. Nothing is written through a link left at the temporary
file's name. Two players never share a token: a kept file where two do is not believed (every
link new, the banker told), fresh tokens are all different, and a token two names share opens
neither."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import httpx
import pytest

from ledger.core.problems import Problem, ProblemsFound
from ledger.web.links import BANKER, config_file, make_links, who
from tests.conftest import Ledger, Run, sweep
from tests.other_account import (
    as_other,
    needs_root,
    owned_by_other,
    shared_folder,
    skip_unless_other_runs,
)
from tests.web.browser import free_port, serving


def keep(game: Ledger, config: Path, **env: str) -> Run:
    """`ledger serve --keep-links` with this config folder, in its own process: refused, it
    ends at once; one that serves instead is stopped (by its own id) after a while."""
    server = game.proc(
        "serve",
        "--port",
        str(free_port()),
        "--no-qr",
        "--keep-links",
        env={"XDG_CONFIG_HOME": str(config), **env},
    )
    try:
        out, err = server.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        server.kill()
        out, err = server.communicate()
    return Run(server.returncode, out, err)


def kept_links(game: Ledger, config: Path, links: dict[str, str], game_id: str = "") -> Path:
    """A links file kept for `game`, as ledger writes one (the banker's own)."""
    folder = config / "bankers-ledger"
    folder.mkdir(parents=True, mode=0o700, exist_ok=True)
    where = folder / config_file(game.path).name
    where.write_text(json.dumps({"game": game_id, "links": links}))
    where.chmod(0o600)
    return where


def identity(game: Ledger) -> str:
    from ledger.app.pipeline import read_books

    books, _ = read_books(game.path)
    return str(books.settings.identity())


def refused(run: Run, where: Path, fix: str) -> None:
    err, out = run.stderr, run.stdout
    assert run.exit_code == 1, err
    assert "not-yours-alone" in err and str(where) in err and fix in err, err
    assert "http://" not in out and "Traceback" not in err


TOKENS = {BANKER: "B" * 24, "Ann": "A" * 24, "Bob": "C" * 24, "Sam": "D" * 24}


@needs_root
@pytest.mark.parametrize("what", sweep(["file", "folder"]))
def test_35_kept_links_another_account_owns_are_refused_and_never_overwritten(
    game: Ledger, tmp_path: Path, what: str
) -> None:
    where = kept_links(game, tmp_path / "config", TOKENS, identity(game))
    owned_by_other(where if what == "file" else where.parent)
    before = where.read_bytes(), where.stat().st_mtime_ns
    refused(keep(game, tmp_path / "config"), where if what == "file" else where.parent, "chown")
    assert (where.read_bytes(), where.stat().st_mtime_ns) == before


@pytest.mark.parametrize(
    ("what", "mode"),
    sweep(
        [
            ("file", 0o666),
            ("file", 0o620),
            ("folder", 0o777),
            ("folder", 0o1777),
            ("folder", 0o770),
        ],
        [("file", 0o666), ("folder", 0o777)],
    ),
    ids=lambda x: x if isinstance(x, str) else f"{x:04o}",
)
def test_35_kept_links_others_may_write_are_refused(
    game: Ledger, tmp_path: Path, what: str, mode: int
) -> None:
    where = kept_links(game, tmp_path / "config", TOKENS, identity(game))
    (where if what == "file" else where.parent).chmod(mode)
    before = where.read_bytes(), where.stat().st_mtime_ns
    refused(keep(game, tmp_path / "config"), where if what == "file" else where.parent, "go-w")
    assert (where.read_bytes(), where.stat().st_mtime_ns) == before


def test_35_a_link_in_place_of_the_links_folder_or_file_is_refused(
    game: Ledger, tmp_path: Path
) -> None:
    config = tmp_path / "config"
    where = kept_links(game, tmp_path / "elsewhere", TOKENS, identity(game))
    config.mkdir()
    (config / "bankers-ledger").symlink_to(where.parent)
    refused(keep(game, config), config / "bankers-ledger", "folder itself")
    (config / "bankers-ledger").unlink()
    (config / "bankers-ledger").mkdir(mode=0o700)
    (config / "bankers-ledger" / where.name).symlink_to(where)
    refused(keep(game, config), config / "bankers-ledger" / where.name, "file itself")
    assert json.loads(where.read_text())["links"] == TOKENS


@needs_root
def test_35_the_attack_links_another_user_kept_first_in_a_shared_config_folder() -> None:
    """Another account runs `ledger serve --keep-links` first, for the banker's workbook, with
    the configuration folder every account may write: its links file (and the banker's link in
    it) is refused, the banker's serve shows no link and the file stays the other's."""
    skip_unless_other_runs()
    with shared_folder() as shared:
        game = Ledger(shared)
        game.new()
        game.path.chmod(0o644)
        config = shared / "config"
        config.mkdir(mode=0o777)
        config.chmod(0o1777)
        env = {"XDG_CONFIG_HOME": str(config), "LEDGER_WORKBOOK": str(game.path)}
        port = str(free_port())
        theirs = as_other(
            [sys.executable, "-m", "ledger", "serve", "--port", port, "--no-qr", "--keep-links"],
            shared,
            env,
            popen=True,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        try:
            said = [theirs.stdout.readline() for _ in range(4)]  # three players and the banker
        finally:
            theirs.terminate()
            theirs.communicate(timeout=20)
        their_banker = next(x for x in said if x.startswith("banker: ")).split("/p/")[1].strip()
        where = config / "bankers-ledger" / config_file(game.path).name
        assert where.stat().st_uid == 65534
        before = where.read_bytes()
        run = keep(game, config)
        refused(run, config / "bankers-ledger", "chown")
        assert where.read_bytes() == before and their_banker in before.decode()


def _kept_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """A workbook's path and where its links are kept, in a configuration folder of its own."""
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    workbook = tmp_path / "x.xlsx"
    where = config_file(workbook)
    where.parent.mkdir(parents=True, mode=0o700)
    return workbook, where


def test_35_a_link_at_the_temporary_name_is_never_written_through(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    workbook, where = _kept_file(tmp_path, monkeypatch)
    victim = tmp_path / "victim.txt"
    victim.write_text("the banker's own file\n")
    where.with_name(f"{where.name}.tmp-{os.getpid()}").symlink_to(victim)  # this process
    links = make_links(["Ann"], workbook, keep=True)
    assert victim.read_text() == "the banker's own file\n"
    assert not where.is_symlink() and where.stat().st_mode & 0o077 == 0
    assert json.loads(where.read_text())["links"] == links


def test_35_a_kept_file_where_two_players_share_a_token_is_not_believed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    workbook, where = _kept_file(tmp_path, monkeypatch)
    shared = "S" * 24
    where.write_text(
        json.dumps({"game": "g", "links": {"": "B" * 24, "Ann": shared, "Bob": shared}})
    )
    said: list[Problem] = []
    links = make_links(["Ann", "Bob"], workbook, keep=True, game="g", warnings=said)
    assert len(set(links.values())) == 3 and shared not in links.values()
    assert "B" * 24 not in links.values()  # nothing of that file is believed
    assert [p.code for p in said] == ["links-renewed"] and "share one link" in said[0].message
    assert json.loads(where.read_text())["links"] == links  # the banker's file, mended
    assert make_links(["Ann", "Bob"], workbook, keep=True, game="g") == links


@pytest.mark.parametrize(
    "text",
    ["not json", '{"game": "g", "links": {"": "short", "Ann": "x"}}', '{"game": "g", "links": 7}'],
    ids=["not json", "short tokens", "no links"],
)
def test_35_a_kept_file_ledger_did_not_write_gives_new_links_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str
) -> None:
    _, where = _kept_file(tmp_path, monkeypatch)
    where.write_text(text)
    said: list[Problem] = []
    links = make_links(["Ann"], tmp_path / "x.xlsx", keep=True, game="g", warnings=said)
    assert "short" not in links.values() and [p.code for p in said] == ["links-renewed"]


def test_35_fresh_tokens_are_all_different_and_a_shared_token_opens_neither() -> None:
    names = [f"P{i}" for i in range(300)]
    links = make_links(names, Path("x.xlsx"), keep=False)
    assert len(set(links.values())) == len(names) + 1
    assert who({"Ann": "T" * 24, "Bob": "T" * 24}, "T" * 24) is None
    assert who({"Ann": "T" * 24, "Bob": "U" * 24}, "T" * 24) == "Ann"


def test_35_served_from_a_kept_file_where_ann_and_bob_share_a_token_bob_is_not_on_anns_link(
    game: Ledger, tmp_path: Path
) -> None:
    shared = "S" * 24
    kept_links(game, tmp_path / "config", {**TOKENS, "Ann": shared, "Bob": shared}, identity(game))
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    with serving(game.path, game.folder, "--keep-links", env=env) as links:
        base = links["banker"].split("/p/")[0]
        assert shared not in "".join(links.values())
        old = httpx.get(f"{base}/p/{shared}/s/Bob", timeout=10)
        assert old.status_code == 404 and "Bob" not in old.text
        ann = httpx.get(links["Ann"] + "/s/Bob", timeout=10)
        assert ann.status_code == 404
        assert httpx.get(links["Ann"], timeout=10).status_code == 200


def test_35_make_links_refuses_with_a_problem_never_a_fresh_link_kept(
    game: Ledger, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    where = kept_links(game, tmp_path / "config", TOKENS, "")
    where.chmod(0o646)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    with pytest.raises(ProblemsFound) as no:
        make_links(["Ann"], game.path, keep=True)
    assert [p.code for p in no.value.problems] == ["not-yours-alone"]
    assert json.loads(where.read_text())["links"] == TOKENS
