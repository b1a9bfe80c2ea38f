"""`ledger serve` (issue 28): the links are bound to the game they were made for. Another game's
workbook put behind the same path (with a player of the same name) is "cannot be read" for the
old links until `serve` starts again; kept links (`--keep-links`) are kept for their game only."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import httpx
import pytest
from starlette.testclient import TestClient

from ledger.web.links import BANKER
from ledger.web.server import create_app
from tests.conftest import Ledger, rows, set_setting, sweep
from tests.web.browser import serving

STALE = "The workbook cannot be read right now"


def another_game(folder: Path, *new_args: str) -> Path:
    """Another Triplanetary game with Ann, Bob and Sam (a `ledger new` of its own, not the
    fixture's copy), where Ann has paid Bob 5: Ann has 20.00 KC there, not 25.00."""
    other = Ledger(folder)
    other.folder.mkdir(parents=True, exist_ok=True)
    args = new_args or ("--seed", "7")
    other("new", "--game", "triplanetary", "-p", "Ann", "-p", "Bob", "--patrol", "Sam", *args)
    other("pay", "Ann", "Bob", "5")
    return other.path


def put_in_place(source: Path, target: Path) -> None:
    """`source`'s bytes behind `target`'s name, as a copy over it would leave them."""
    tmp = target.with_name(target.name + ".new")
    shutil.copyfile(source, tmp)
    os.replace(tmp, target)


def forget_game_id(path: Path) -> None:
    """The workbook as one made before `game_id` was: that setting empty."""
    if any(r["key"] == "game_id" for r in rows(path, "Settings")):
        set_setting(path, "game_id", None)


def test_28_new_makes_each_game_its_own_identity(game: Ledger, tmp_path: Path) -> None:
    made = another_game(tmp_path / "other")  # the same arguments as the fixture's game
    ours = {r["key"]: r["value"] for r in rows(game.path, "Settings")}
    theirs = {r["key"]: r["value"] for r in rows(made, "Settings")}
    assert len(str(ours["game_id"])) == 16 and str(theirs["game_id"]) != str(ours["game_id"])


@pytest.mark.slow
def test_28_old_links_refuse_another_games_workbook_until_serve_starts_again(
    game: Ledger, tmp_path: Path
) -> None:
    other = another_game(tmp_path / "other")
    with serving(game.path, game.folder) as links:
        ann = links["Ann"]
        assert 'data-player="Ann">25.00 KC<' in httpx.get(ann, timeout=10).text
        put_in_place(other, game.path)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            page = httpx.get(ann, timeout=10).text
            assert "20.00 KC" not in page  # never the other game's Ann
            if STALE in page:
                break
            time.sleep(0.1)
        for url in (ann, ann + "/s/Ann", links["banker"], links["banker"] + "/s/Bob"):
            page = httpx.get(url, timeout=10)
            assert page.status_code == 200 and STALE in page.text, url
            assert "20.00 KC" not in page.text and "pay Ann Bob 5" not in page.text, url
    with serving(game.path, game.folder) as again:  # serve starts again: that game's links
        assert again["Ann"] != ann
        page = httpx.get(again["Ann"], timeout=10).text
        assert 'data-player="Ann">20.00 KC<' in page and STALE not in page
        old_token = ann.rsplit("/", 1)[1]
        stale = again["Ann"].rsplit("/", 1)[0] + "/" + old_token  # on the new server
        assert httpx.get(stale, timeout=10).status_code == 404


def test_28_a_workbook_from_before_game_id_is_bound_to_its_game_and_seed(
    game: Ledger, tmp_path: Path
) -> None:
    """A workbook without `game_id` (made before it) is that game with that seed: served as
    ever, and another game or another seed behind its path cannot be read."""
    forget_game_id(game.path)
    same = another_game(tmp_path / "same", "--seed", "7")
    forget_game_id(same)
    other = another_game(tmp_path / "other", "--seed", "8")
    forget_game_id(other)
    links = {BANKER: "bank-token", "Ann": "ann-token"}
    with TestClient(create_app(game.path, links, poll=False)) as c:
        first = c.get("/p/ann-token").text
        assert 'data-player="Ann">25.00 KC<' in first and STALE not in first
        put_in_place(other, game.path)
        page = c.get("/p/ann-token").text
        assert STALE in page and "20.00 KC" not in page
        put_in_place(same, game.path)  # the same game and seed: theirs, as far as can be told
        assert 'data-player="Ann">20.00 KC<' in c.get("/p/ann-token").text


@pytest.mark.parametrize("kept", sweep([True, False], False))
def test_28_kept_links_are_kept_for_their_game_only(
    game: Ledger, tmp_path: Path, kept: bool
) -> None:
    env = {"XDG_CONFIG_HOME": str(tmp_path / "config")}
    with serving(game.path, game.folder, "--keep-links", env=env) as first:
        pass
    if kept:  # the same game again: the same links
        with serving(game.path, game.folder, "--keep-links", env=env) as again:
            assert tokens(again) == tokens(first)
    put_in_place(another_game(tmp_path / "other"), game.path)
    with serving(game.path, game.folder, "--keep-links", env=env) as other:
        assert set(other) == set(first)
        assert not set(tokens(other).values()) & set(tokens(first).values())


def tokens(links: dict[str, str]) -> dict[str, str]:
    """name -> the token of its link (the port is another each start)."""
    return {name: url.rsplit("/", 1)[1] for name, url in links.items()}
