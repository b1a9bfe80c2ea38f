"""A statement's link holds the player's name as one escaped path segment: a name with `/`,
`#`, `?`, `%` or a space opens that player's statement, from the link the table page shows."""

from __future__ import annotations

import re

import pytest
from starlette.testclient import TestClient

from ledger.web.links import BANKER
from ledger.web.server import create_app
from tests.conftest import Ledger

NAMES = ["A/B", "C#1", "D?x", "50% off", "../x"]


@pytest.mark.parametrize("name", NAMES)
def test_the_statement_link_of_a_name_with_url_characters_opens_it(
    ledger: Ledger, name: str
) -> None:
    ledger.new(name, "Bob", patrol=None)
    links = {BANKER: "bank-token", name: "own-token", "Bob": "bob-token"}
    with TestClient(create_app(ledger.path, links, poll=False)) as c:
        table = c.get("/p/own-token")
        hrefs = re.findall(r'href="(/p/own-token/s/[^"]*)"', table.text)
        assert len(hrefs) == 1 and "/" not in hrefs[0].removeprefix("/p/own-token/s/")
        page = c.get(hrefs[0])
        assert page.status_code == 200, hrefs[0]
        assert "<h1>" + name.replace("&", "&amp;") + "</h1>" in page.text
        assert c.get(hrefs[0].replace("own-token", "bob-token")).status_code == 404
        banker = c.get(hrefs[0].replace("own-token", "bank-token"))
        assert banker.status_code == 200
