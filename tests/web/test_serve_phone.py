"""The phone pages open on what matters (issue 36, item 1), read with Starlette's TestClient on
real workbooks made by the real CLI: a player's page opens on their money, then their actions,
then only the moves that apply now, with pick-lists of players, deeds, ships and order targets
instead of typed keys, then the standings, the rest folded; the banker's opens on the waiting
actions with the money each moves and the balance it leaves; a refusal is said in plain words.
(tests/web/test_browser_phone.py measures the first screen in Chromium.)"""

from __future__ import annotations

import re

from starlette.testclient import TestClient

from ledger.app.actions import submit
from ledger.web.links import BANKER
from ledger.web.server import create_app
from tests.conftest import Ledger
from tests.web.test_serve_actions import ORIGIN, form_of, post


def pages(game: Ledger, *names: str) -> dict[str, str]:
    """Each named link's table page (`banker` the banker's), served with `--actions`."""
    links = {BANKER: "banker", **{n: n.lower() for n in names if n != "banker"}}
    with TestClient(create_app(game.path, links, poll=False, actions=True)) as c:
        return {n: c.get(f"/p/{n.lower()}").text for n in names}


def options(page: str, select: str) -> list[str]:
    """The values a `<select>` (or a datalist) offers, its empty first choice left out."""
    found = re.search(rf'<(select|datalist) id="{select}"[^>]*>(.*?)</\1>', page, re.S)
    assert found, f"no pick-list {select}"
    return [v for v in re.findall(r'<option value="([^"]*)"', found.group(2)) if v]


def where(page: str, *marks: str) -> list[int]:
    return [page.index(m) for m in marks]


def test_issue36_a_players_page_opens_on_their_money_then_actions_then_moves(
    game: Ledger,
) -> None:
    submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "5"}, "form-1")
    ann = pages(game, "Ann")["Ann"]
    money = re.search(r'<p class="money" id="my-money">([^<]*)</p>', ann)
    assert money and money.group(1) == "25.00 KC"
    # her money, her actions, her moves, the standings: in this order, and nothing before
    marks = ['id="my-money"', 'id="yours"', 'id="act"', 'id="standings"']
    assert where(ann, *marks) == sorted(where(ann, *marks))
    assert ann.index('id="my-money"') < ann.index("<form")
    assert "waiting for the banker" in ann[ann.index('id="yours"') : ann.index('id="act"')]
    # the rest is folded: what falls due, the game's own tables, the last transactions
    rest = ann[ann.index('id="standings"') :]
    for title in ("Property and dues by owner", "The last transactions"):
        assert re.search(rf"<details[^>]*><summary>{title}", rest), title
    # the pay form's `to` is picked: the other players and the bank, never Ann herself
    assert options(ann, "pay-to") == ["Bob", "Sam", "bank"]


def test_issue36_supply_is_offered_for_a_players_own_ships_only(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    seen = pages(game, "Ann", "Bob")
    assert '<select id="supply-ship"' in seen["Ann"]
    labels = re.findall(r'<select id="supply-ship".*?</select>', seen["Ann"], re.S)[0]
    assert "Nomad" in labels
    assert 'id="form-supply"' not in seen["Bob"]  # he holds no ship, base or mine


def test_issue36_planetopoly_bail_only_for_a_prisoner_rent_and_buy_by_deed(
    ledger: Ledger,
) -> None:
    ledger("new", "--game", "planetopoly", "--player", "Ann", "--player", "Bob")
    ledger("buy", "Ann", "lyra-1")
    seen = pages(ledger, "Ann", "Bob")
    assert 'id="form-bail"' not in seen["Ann"] and 'id="form-bail"' not in seen["Bob"]
    # Bob picks the deed: Ann's lyra-1 is his to pay rent for, not to buy; for sale the rest
    assert "lyra-1" in options(seen["Bob"], "rent-deed")
    assert "lyra-1" not in options(seen["Bob"], "buy-deed")
    assert "lyra-2" in options(seen["Bob"], "buy-deed")
    assert 'id="rent-deed"' not in seen["Ann"]  # nobody else holds a deed yet
    assert '<input id="buy-deed"' not in seen["Bob"]  # never typed as a key

    ledger("prison", "Ann")
    seen = pages(ledger, "Ann", "Bob")
    assert 'id="form-bail"' in seen["Ann"] and 'id="form-bail"' not in seen["Bob"]
    assert 'id="form-buy"' not in seen["Ann"] and 'id="form-rent"' not in seen["Ann"]
    assert seen["Ann"].index('id="form-bail"') < seen["Ann"].index('id="form-pay"')


def test_issue36_matador21_roll_only_on_the_players_turn(ledger: Ledger) -> None:
    ledger("new", "--game", "matador21", "--player", "Ann", "--player", "Bob")
    seen = pages(ledger, "Ann", "Bob")
    first = [n for n in ("Ann", "Bob") if 'id="form-roll"' in seen[n]]
    assert len(first) == 1  # the seat whose turn it is (102.3), and only that one
    assert options(seen[first[0]], "roll-caravan") == ["fixed", "percent"]
    ledger("roll", "--dice", "1,2")
    seen = pages(ledger, "Ann", "Bob")
    assert [n for n in ("Ann", "Bob") if 'id="form-roll"' in seen[n]] == [
        "Bob" if first == ["Ann"] else "Ann"
    ]


def test_issue36_egon_order_targets_are_offered(ledger: Ledger) -> None:
    ledger("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    abc = pages(ledger, "ABC")["ABC"]
    assert options(abc, "order-code-list") == ["a,BOB", "a,CAT"]
    assert options(abc, "order-justified_against") == ["BOB", "CAT"]


def test_issue36_the_bankers_page_opens_on_the_waiting_with_the_money_it_moves(
    game: Ledger,
) -> None:
    submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "5", "memo": "ore"}, "form-1")
    banker = pages(game, "banker")["banker"]
    card = re.search(r'<li id="action-1".*?</li>', banker, re.S)
    assert card, banker
    text = re.sub(r"<[^>]+>", "", card.group(0))
    assert "Ann" in text and "pay Ann Bob 5 --memo ore" in text
    assert "Moves 5.00 KC" in text and "leaves Ann 20.00 KC" in text and "now 25.00 KC" in text
    assert 'data-approve="1"' in card.group(0) and 'data-reject="1"' in card.group(0)
    # first on the page: before the standings, the statements and the history
    assert banker.index('id="action-1"') < banker.index('id="standings"')
    assert banker.index('id="action-1"') < banker.index("<h2>History")
    assert game.path.exists() and "20.00" not in game("balance").stdout.split("Ann")[1][:40]


def test_issue36_a_refusal_on_a_phone_is_said_in_plain_words(game: Ledger) -> None:
    links = {BANKER: "bank-token", "Ann": "ann-token", "Bob": "bob-token", "Sam": "sam-token"}
    with TestClient(create_app(game.path, links, poll=False, actions=True)) as c:
        form = form_of(c.get("/p/ann-token").text)
        hidden = post(c, "ann-token", {**form, "to": "Bob", "amount": "1", "memo": "a\x1b[2Jb"})
        assert hidden.status_code == 400
        assert hidden.text.startswith("Memo: memo holds"), hidden.text
        assert "hidden-character" not in hidden.text and "memo: " not in hidden.text
        post(c, "ann-token", {**form_of(c.get("/p/ann-token").text), "to": "Bob", "amount": "99"})
        ann = c.get("/p/ann-token").text
        banker = c.get("/p/bank-token", headers=ORIGIN).text
    row = re.search(r'<li id="mine-1".*?</li>', ann, re.S)
    assert row and "refused:" in row.group(0)
    said = re.sub(r"<[^>]+>", "", row.group(0).split("refused:")[1])
    assert said.strip() and not re.search(r"\b[a-z]+-[a-z]+\b:|AMOUNT|TO:", said), said
    assert "refused:" in banker


def test_issue36_a_damaged_entry_shows_on_the_players_page_as_damaged(game: Ledger) -> None:
    from tests.app.test_issue36_actions import edit_kept

    submit(game.path, "Ann", "pay", {"to": "Bob", "amount": "1"}, "f1")
    edit_kept(game, lambda d: d["actions"][0].update(kind="tick"))  # a kind no player sends
    ann = pages(game, "Ann")["Ann"]
    yours = ann[ann.index('id="yours"') : ann.index('id="act"')]
    assert "kept damaged: it never runs; ask the banker" in yours, yours
    assert "refused: " not in yours
