"""The 21-field game's printed report, checked by a real program: the PDF read back by pdftotext
(Debian poppler-utils), which .ci/run installs; without it these tests fail in CI
(LEDGER_REQUIRE_INTEROP) and skip elsewhere."""

from __future__ import annotations

import re
import subprocess
from html import unescape

import pytest

from tests.conftest import Ledger, one, program

pytestmark = pytest.mark.interop


def test_103_1_the_reports_turn_table_prints_each_player_and_the_dice_whole(
    ledger: Ledger,
) -> None:
    pdftotext = program("pdftotext")
    ledger("new", "--game", "matador21", "--seed", "5", "-p", "Ann", "-p", "Bob", "-p", "Cy")
    ledger("tick", "4", "--no-statements")  # a turn's "what" is long: Caravan's 10% of assets
    ledger("report", "game", "--format", "pdf")
    pdf = one(ledger.folder / "statements", "game-report-*.pdf")
    out = subprocess.run(
        [pdftotext, "-bbox", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    words = [unescape(w) for w in re.findall(r"<word [^>]*>([^<]*)</word>", out)]
    head = words.index("turn", words.index("period"))  # the table "Turns of the period"
    assert words[head : head + 7] == ["turn", "round", "player", "dice", "from", "to", "what"]
    players = list(ledger("status", "--json").json()["players"])
    dice = [w for w in words[head:] if re.fullmatch(r"[1-6]\+[1-6]", w)]
    assert len(dice) == 12  # 4 rounds × 3 players, each as one word (not "1+" over "1")
    assert {w for w in words[head:] if w in players} == {"Ann", "Bob", "Cy"}
    assert not any(w in ("play", "er", "dic", "e") for w in words[head:])
