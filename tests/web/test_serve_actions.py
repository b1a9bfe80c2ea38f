"""`ledger serve --actions` (issue 30) with Starlette's TestClient on a real workbook: a
player's pay form, posted as a browser posts it, checked as `ledger pay`; the banker's
approve and reject; a form's token bound to the link and the page, posts from another site
refused, a double submit paying once, a flood answered 429 without touching the workbook, and
read-only without `--actions`. Fresh game: Ann and Bob with 25 KC at Ceres, Sam the Patrol."""

from __future__ import annotations

import re
from pathlib import Path

import httpx
from starlette.testclient import TestClient

from ledger.app.actions import listing
from ledger.web.links import BANKER
from ledger.web.server import create_app
from tests.conftest import Ledger, set_setting

LINKS = {BANKER: "bank-token", "Ann": "ann-token", "Bob": "bob-token", "Sam": "sam-token"}
ORIGIN = {"origin": "http://testserver", "sec-fetch-site": "same-origin"}


def client(game: Ledger, actions: bool = True) -> TestClient:
    return TestClient(create_app(game.path, LINKS, poll=False, actions=actions))


def form_of(page: str, kind: str = "pay") -> dict[str, str]:
    """The hidden fields of a form on the page (its token, its kind, its one-time id)."""
    found = re.search(rf'<form[^>]*id="form-{kind}".*?</form>', page, re.S)
    assert found, page
    return dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', found.group(0)))


def post(c: TestClient, token: str, fields: dict[str, str], **headers: str) -> httpx.Response:
    return c.post(
        f"/p/{token}/act", data=fields, headers={**ORIGIN, **headers}, follow_redirects=False
    )


def test_30_ann_pays_from_her_page_and_the_banker_approves_from_his(game: Ledger) -> None:
    with client(game) as c:
        page = c.get("/p/ann-token").text
        assert '<form method="post" action="/p/ann-token/act"' in page
        for field in ('name="to"', 'name="amount"', 'name="memo"'):
            assert field in page
        sent = post(c, "ann-token", {**form_of(page), "to": "Bob", "amount": "5", "memo": "ore"})
        assert (sent.status_code, sent.headers["location"]) == (303, "/p/ann-token#mine-1")
        ann = c.get("/p/ann-token").text
        assert "pay Ann Bob 5 --memo ore" in ann and "waiting for the banker" in ann
        assert "pay Ann Bob 5" not in c.get("/p/bob-token").text  # Ann's own, and the banker's
        banker = c.get("/p/bank-token").text
        assert 'data-approve="1"' in banker and 'name="to"' not in banker
        decided = c.post(
            "/p/bank-token/decide",
            data={**form_of_decide(banker), "n": "1", "do": "approve"},
            headers=ORIGIN,
            follow_redirects=False,
        )
        assert decided.status_code == 303
        ann = c.get("/p/ann-token").text
        assert 'data-player="Ann">20.00 KC<' in ann and 'data-player="Bob">30.00 KC<' in ann
        assert "done: txn 4, day 0: ore: 5.00 KC" in ann
    assert "from Ann's link, approved by the banker" in game("history").stdout


def form_of_decide(page: str) -> dict[str, str]:
    return {"csrf": re.findall(r'name="csrf" value="([^"]*)"', page)[0]}


def test_30_a_refused_pay_shows_ledger_pays_message_on_the_page(game: Ledger) -> None:
    typed = game("pay", "Ann", "Bob", "1,000", expect=1).stderr
    with client(game) as c:
        page = c.get("/p/ann-token").text
        post(c, "ann-token", {**form_of(page), "to": "Bob", "amount": "1,000"})
        ann = c.get("/p/ann-token").text
    assert "refused" in ann
    # on the phone in plain words (issue 36): the message as `ledger pay` says it, the field
    # by its label, the hint; the code only in the row's data, never as text
    said = re.search(r'<span class="said">(.*?)</span>', ann, re.S)
    assert said, ann
    words = said.group(1).replace("&#39;", "'")
    message = typed.split("bad-amount ", 1)[1].split("\n")[0]
    assert words.startswith(f"Amount: {message}") and "e.g. 12.50" in words
    assert 'data-code="bad-amount"' in ann
    assert "AMOUNT:" not in ann and ">bad-amount" not in ann and "bad-amount <" not in ann


def test_30_bobs_link_cannot_pay_from_ann_nor_post_from_another_site(game: Ledger) -> None:
    set_setting(game.path, "actions_per_minute", 60)  # every refused post counts too
    before = game.path.read_bytes()
    with client(game) as c:
        ann_form = form_of(c.get("/p/ann-token").text)
        bob_form = form_of(c.get("/p/bob-token").text)
        pay = {"to": "Sam", "amount": "1"}
        # Ann's link with Bob's page's token, and the other way round: refused
        assert post(c, "ann-token", {**bob_form, **pay}).status_code == 403
        assert post(c, "bob-token", {**ann_form, **pay}).status_code == 403
        assert post(c, "ann-token", {**ann_form, "csrf": "", **pay}).status_code == 403
        for headers in (
            {"origin": "http://evil.example"},
            {"origin": "null", "sec-fetch-site": "cross-site"},
            {"origin": "http://testserver", "sec-fetch-site": "none"},
            {"sec-fetch-site": "cross-site"},
            {"sec-fetch-site": "same-site"},
        ):
            assert post(c, "ann-token", {**ann_form, **pay}, **headers).status_code == 403
        for headers in (
            {"origin": "null"},
            {"origin": "http://testserver.evil"},
        ):  # no Sec-Fetch-Site
            refused = c.post(
                "/p/ann-token/act",
                data={**ann_form, **pay},
                headers=headers,
                follow_redirects=False,
            )
            assert refused.status_code == 403
        assert not (game.folder / ".ledger.xlsx.pending.json").exists()
        # Bob's own link always acts as Bob: a field naming Ann is not the form's
        sent = post(c, "bob-token", {**bob_form, **pay, "player": "Ann", "from": "Ann"})
        assert sent.status_code == 303
        assert c.post("/p/wrong-token/act", data=pay, headers=ORIGIN).status_code == 404
        assert c.post("/p/bank-token/act", data=pay, headers=ORIGIN).status_code == 404
        assert (
            c.post(
                "/p/ann-token/decide", data={**ann_form, "n": "1", "do": "approve"}, headers=ORIGIN
            ).status_code
            == 404
        )  # only the banker decides
    assert [a.command for a in listing(game.path)] == ["pay Bob Sam 1"]
    assert game.path.read_bytes() == before


def test_30_a_double_submit_pays_once(game: Ledger) -> None:
    set_setting(game.path, "actions_wait", False)  # applied at once: a second would pay again
    with client(game) as c:
        form = {**form_of(c.get("/p/ann-token").text), "to": "Bob", "amount": "5"}
        one, two = post(c, "ann-token", form), post(c, "ann-token", form)
        assert one.headers["location"] == two.headers["location"] == "/p/ann-token#mine-1"
    assert game("balance", "--json").json()["players"]["Bob"] == "30.00"
    assert [a.state for a in listing(game.path)] == ["done"]


def test_30_a_flood_is_answered_429_without_touching_the_workbook(game: Ledger) -> None:
    set_setting(game.path, "actions_per_minute", 2)
    with client(game) as c:
        page = c.get("/p/ann-token").text
        for _ in range(2):
            assert (
                post(c, "ann-token", {**form_of(page), "to": "Bob", "amount": "1"}).status_code
                == 303
            )
            page = c.get("/p/ann-token").text
        kept = game.folder / ".ledger.xlsx.pending.json"
        seen = (game.path.stat().st_mtime_ns, kept.stat().st_mtime_ns)
        flood = post(c, "ann-token", {**form_of(page), "to": "Bob", "amount": "1"})
        assert flood.status_code == 429 and flood.headers["retry-after"] == "60"
        assert (game.path.stat().st_mtime_ns, kept.stat().st_mtime_ns) == seen
        bob = form_of(c.get("/p/bob-token").text)  # another link has its own count
        assert post(c, "bob-token", {**bob, "to": "Ann", "amount": "1"}).status_code == 303
    assert len(listing(game.path)) == 3


def test_30_serve_stays_read_only_without_actions(game: Ledger) -> None:
    with client(game, actions=False) as c:
        page = c.get("/p/ann-token")
        assert "<form" not in page.text
        assert "form-action 'none'" in page.headers["content-security-policy"]
        refused = c.post("/p/ann-token/act", data={"to": "Bob", "amount": "1"}, headers=ORIGIN)
        assert refused.status_code in (404, 405)
    with client(game) as c:
        assert "form-action 'self'" in c.get("/p/ann-token").headers["content-security-policy"]


def test_30_a_form_is_small_and_carries_its_one_time_id(game: Ledger) -> None:
    with client(game) as c:
        form = form_of(c.get("/p/ann-token").text)
        big = post(c, "ann-token", {**form, "to": "Bob", "amount": "1", "memo": "x" * 9000})
        assert big.status_code == 413
        no_id = post(c, "ann-token", {**form, "form": "", "to": "Bob", "amount": "1"})
        assert no_id.status_code == 400
    assert listing(game.path) == []


def test_30_an_egon_players_orders_are_theirs_and_the_bankers_only(ledger: Ledger) -> None:
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    links = {BANKER: "bank-token", "ABC": "abc-token", "BOB": "bob-token", "CAT": "cat-token"}
    with TestClient(create_app(ledger.path, links, poll=False, actions=True)) as c:
        page = c.get("/p/abc-token").text
        assert 'name="code"' in page
        sent = post(c, "abc-token", {**form_of(page, "order"), "code": "x,5,BOB"})
        assert sent.status_code == 303
        assert "order ABC x,5,BOB" in c.get("/p/abc-token").text
        assert "x,5,BOB" in c.get("/p/bank-token").text
        for other in ("bob-token", "cat-token"):
            assert "x,5,BOB" not in c.get(f"/p/{other}").text
            assert "x,5,BOB" not in c.get(f"/p/{other}/s/{other[:3].upper()}").text


def test_30_the_pages_follow_the_actions(game: Ledger, tmp_path: Path) -> None:
    with client(game) as c:
        app = c.app
        watcher = app.state.watcher  # type: ignore[attr-defined]
        c.get("/p/ann-token")
        version = watcher.version
        post(c, "ann-token", {**form_of(c.get("/p/ann-token").text), "to": "Bob", "amount": "1"})
        c.get("/p/ann-token")
        assert watcher.version > version  # an action sent is a change the open pages show


def test_30_waiting_actions_survive_a_restart_of_serve(game: Ledger) -> None:
    with client(game) as c:
        form = form_of(c.get("/p/ann-token").text)
        post(c, "ann-token", {**form, "to": "Bob", "amount": "5"})
    with client(game) as c:  # serve started again, with new links even
        again = TestClient(
            create_app(game.path, {**LINKS, BANKER: "new-bank"}, poll=False, actions=True)
        )
        with again:
            banker = again.get("/p/new-bank").text
            assert 'data-approve="1"' in banker and "pay Ann Bob 5" in banker
            decided = again.post(
                "/p/new-bank/decide",
                data={**form_of_decide(banker), "n": "1", "do": "reject", "why": "not now"},
                headers=ORIGIN,
                follow_redirects=False,
            )
            assert decided.status_code == 303
        ann = c.get("/p/ann-token").text
        assert "rejected by the banker: not now" in ann


def test_30_a_link_acts_on_its_own_game_only(game: Ledger) -> None:
    with client(game) as c:
        form = form_of(c.get("/p/ann-token").text)
        game("new", "--game", "triplanetary", "-p", "Ann", "-p", "Bob", "-p", "Sam", "--force")
        before = game.path.read_bytes()
        assert post(c, "ann-token", {**form, "to": "Bob", "amount": "5"}).status_code == 303
    (action,) = listing(game.path)
    assert action.state == "refused" and action.problems[0]["code"] == "another-game"
    assert game.path.read_bytes() == before


def test_30_a_refusal_on_a_players_page_names_the_workbook_never_its_folders(
    game: Ledger,
) -> None:
    """What the books say of a damaged workbook names it by its name on a player's page: the
    folders it lies in are the banker's, not the players' business."""
    with client(game) as c:
        page = c.get("/p/ann-token").text
        good = game.path.read_bytes()
        game.path.write_bytes(good[: len(good) // 2])  # damaged after the page was served
        sent = post(c, "ann-token", {**form_of(page), "to": "Bob", "amount": "1"})
        game.path.write_bytes(good)
        ann = c.get("/p/ann-token").text
    said = sent.text + ann
    assert "ledger.xlsx" in said, said
    assert str(game.folder) not in said
