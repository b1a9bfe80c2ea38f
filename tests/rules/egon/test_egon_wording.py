"""Issue 12, item 22, for the Egon-Spiel through the real CLI: counts agree with their nouns
("1 lottery player", "12 stones fall"), and the round's printable summary speaks of rounds."""

from __future__ import annotations

from tests.conftest import Ledger


def one_round(ledger: Ledger) -> list[str]:
    """Round 1 of three players: GUS plays the lottery alone, IDA sabotages GUS's tower."""
    ledger("new", "--game", "egon", "--player", "GUS", "--player", "HAL", "--player", "IDA")
    ledger("order", "GUS", "l,17")
    ledger("order", "IDA", "s,500,GUS")
    ledger("draw", "--numbers", "11,24,5,13,8,26", "--zz", "15", "--z6", "26")
    done = ledger("tick", "--json").json()
    lines = [line for p in done["players"].values() for line in p["lines"]] + done["news"]
    return [line["text"] for line in lines]


def test_22_counts_agree_with_their_nouns(ledger: Ledger) -> None:
    texts = one_round(ledger)
    assert any("jackpots for the next round (1 lottery player):" in t for t in texts), texts
    # 500 DIV 20 = 25 >= ZZ 15: the sabotage succeeds, but a tower of 12 is only its
    # foundation, which does not fall (6.5)
    assert any(t.startswith("1 blast at GUS's tower: 0 stones fall (ZZ 15; the") for t in texts)
    assert not [t for t in texts if "(s)" in t]


def test_22_the_summary_of_a_round_is_named_by_the_round(ledger: Ledger) -> None:
    one_round(ledger)
    assert (ledger.folder / "ledger-round-0001.html").is_file()
    assert not list(ledger.folder.glob("ledger-days-*.html"))


def test_22_the_summary_of_a_round_is_headed_by_the_round(ledger: Ledger) -> None:
    one_round(ledger)
    html = (ledger.folder / "ledger-round-0001.html").read_text()
    assert "Round 1" in html and "Days" not in html
