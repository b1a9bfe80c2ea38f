"""Ten phones act at once while the banker types (issue 30): the real `ledger serve --actions`
on 127.0.0.1, ten clients each posting their pay forms (one of them twice, as a double tap
does), the banker approving from their page as the actions come in, and `ledger pay` run 20
times from the terminal meanwhile. No update is lost, none applied twice: the books equal the
opening money plus what was typed plus what was approved."""

from __future__ import annotations

import re
import threading
import time
from decimal import Decimal

import httpx
import pytest

from ledger.app.actions import DONE, listing
from tests.conftest import Ledger
from tests.web.browser import serving

pytestmark = pytest.mark.slow

PLAYERS = [f"P{i}" for i in range(10)]
HEADERS = {"sec-fetch-site": "same-origin"}


def hidden(page: str, form: str | None = None) -> dict[str, str]:
    if form is not None:
        found = re.search(rf'<form[^>]*id="form-{form}".*?</form>', page, re.S)
        assert found
        page = found.group(0)
    return dict(re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', page))


def test_30_ten_phones_and_the_terminal_at_once_lose_nothing(ledger: Ledger) -> None:
    ledger("new", "--game", "triplanetary", "--seed", "3", *(a for p in PLAYERS for a in ("-p", p)))
    errors: list[str] = []
    with serving(ledger.path, ledger.folder, "--actions") as links:
        clients_done = threading.Event()

        def phone(i: int) -> None:
            me, url = PLAYERS[i], links[PLAYERS[i]]
            seen["phones"].append(time.monotonic())
            with httpx.Client(timeout=120, headers=HEADERS) as c:
                for n, (to, amount) in enumerate(
                    [(PLAYERS[(i + 1) % 10], "1.25"), ("bank", "2"), (PLAYERS[(i + 3) % 10], "0.5")]
                ):
                    form = {**hidden(c.get(url).text, "pay"), "to": to, "amount": amount}
                    for _ in range(2 if n == 0 else 1):  # the first one tapped twice
                        r = c.post(url + "/act", data=form)
                        if r.status_code != 303:  # back to the page
                            errors.append(f"{me}: {r.status_code} {r.text[:200]}")
            seen["phones"].append(time.monotonic())

        def banker() -> None:
            url = links["banker"]
            with httpx.Client(timeout=120, headers=HEADERS) as c:
                while True:
                    page = c.get(url).text
                    waiting = re.findall(r'data-approve="(\d+)"', page)
                    if not waiting and clients_done.is_set():
                        return
                    for n in waiting:
                        token = hidden(page)["csrf"]
                        c.post(url + "/decide", data={"csrf": token, "n": n, "do": "approve"})
                    time.sleep(0.2)

        typed: list[tuple[str, Decimal]] = []

        seen: dict[str, list[float]] = {"phones": [], "terminal": []}

        def terminal() -> None:
            seen["terminal"].append(time.monotonic())
            for k in range(20):
                who = PLAYERS[(k * 7) % 10]
                run = ledger.sub("pay", "bank", who, "3", "--memo", f"typed {k}")
                if run.exit_code != 0:
                    errors.append(f"ledger pay {k}: {run.stderr}")
                else:
                    typed.append((who, Decimal(3)))
            seen["terminal"].append(time.monotonic())

        threads = [threading.Thread(target=phone, args=(i,)) for i in range(10)]
        decider = threading.Thread(target=banker)
        typist = threading.Thread(target=terminal)
        for t in [*threads, decider, typist]:
            t.start()
        for t in threads:
            t.join(timeout=300)
        clients_done.set()
        typist.join(timeout=300)
        decider.join(timeout=300)
    assert errors == []
    # the phones acted while the terminal typed (not one after the other)
    assert min(seen["phones"]) < max(seen["terminal"]) and max(seen["phones"]) > min(
        seen["terminal"]
    )
    sent = listing(ledger.path)
    assert len(sent) == 30  # ten phones, three forms each: the double taps are no new ones
    assert {a.state for a in sent} == {DONE}
    expected = dict.fromkeys(PLAYERS, Decimal(25))
    for who, amount in typed:
        expected[who] += amount
    for a in sent:
        amount = Decimal(a.values["amount"])
        expected[a.who] -= amount
        if a.values["to"] in expected:
            expected[a.values["to"]] += amount
    players = ledger("balance", "--json").json()["players"]
    assert {p: Decimal(players[p]) for p in PLAYERS} == expected
    journal = ledger("journal", "--json").json()
    assert len(journal) == 10 + 20 + 30  # the opening money, what was typed, what was approved
    assert len(typed) == 20
