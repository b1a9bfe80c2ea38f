"""Issue 26 for the Egon-Spiel: an import is never priced at Maxpreis 0 (6.2.1), a blackmail
carries the penalty its article threatens (6.6.1), a mistyped pseudonym gets the nearest one and
the label of the argument it is in, the jackpots are the round's news and no player's (5.4.6),
and orders that could never be carried out are refused where they are typed (4.6, 6.6.42).

Each test plays a game on books in memory (tests/memory.py) but those that show what only the
command does (a refusal saying nothing was written, a round file read by `order --file`, the
round's printable summary, statements and `tick --json`), which run the real CLI on a real
workbook.

Fresh game: ABC, BOB, CAT with 1000 Kj each, towers of 12, round 0. Orders rows start at row 2.
"""

from __future__ import annotations

from pathlib import Path

from tests.conftest import Ledger, add_rows, rows
from tests.memory import Table, table

DRAW = ("draw", "--numbers", "1,2,3,4,5,6", "--zz", "7", "--z6", "6")
DRAWN = " ".join(DRAW)


def egon() -> Table:
    """The fresh game as `ledger new --game egon` makes it (its seed, 1)."""
    return table(game="egon", players=("ABC", "BOB", "CAT"), seed=1)


def orders(t: Table) -> list[tuple[str, str, float | None]]:
    return [(o["player"], o["order"], o["penalty_kj"]) for o in t.rows("Orders")]


def egon_file(ledger: Ledger) -> Ledger:
    ledger.fresh("new", "--game", "egon", "--player", "ABC", "--player", "BOB", "--player", "CAT")
    return ledger


def orders_file(ledger: Ledger) -> list[tuple[str, str, float | None]]:
    return [(o["player"], o["order"], o["penalty_kj"]) for o in rows(ledger.path, "Orders")]


# -- 6.2.1: Maxpreis ------------------------------------------------------------------------------


def test_6_2_1_an_import_without_a_trader_price_is_refused_not_charged_at_maxpreis_0(
    ledger: Ledger,
) -> None:
    egon_file(ledger)
    ledger("order", "ABC", "i,2")
    ledger(*DRAW)
    run = ledger("tick", expect=1)
    assert "Traders: no-maxpreis round 1: ABC: i,2:" in run.stderr
    assert "Maxpreis being the highest price a trader asked this round (6.2.1)" in run.stderr
    assert "Traders sheet" in run.stderr  # the two ways to give it
    assert "ledger draw --again --numbers 1,2,3,4,5,6 --zz 7 --z6 6 --max-price" in run.stderr
    assert "nothing was written" in run.stderr
    assert ledger("status", "--json").json()["round"] == 0
    add_rows(ledger.path, "Traders", [[1, "Alois", 10, 60, 2]])
    ledger("tick")
    imports = [t for t in ledger("journal", "--json").json() if t["rule"] == "6.2.1"]
    # 60 + 4 x 2^2 = 76 a stone, 152 for two
    assert "Maxpreis 60.00 + 4 x 2^2 = 76.00 Kj each: 152.00 Kj" in imports[0]["memo"]


def test_6_2_1_a_maxpreis_of_0_or_a_word_is_refused_and_a_guests_import_needs_none() -> None:
    t = egon()
    run = t.refusal(f"{DRAWN} --max-price 0")
    assert (
        "--max-price: bad-amount Maxpreis 0.00: a trader's price for a stone is more than 0 (6.2.1)"
        in (run)
    )
    run = t.refusal(f"{DRAWN} --max-price sixty")
    assert "--max-price: bad-amount 'sixty' is not a number" in run
    assert "internal error" not in run
    # 6.2.2: a party guest imports nothing, so no Maxpreis is wanted (7 DIV (10 x 7) = 1 guest)
    t("order CAT p,70,ABC")
    t("order ABC i,2")
    t(DRAWN)
    t("tick")
    assert "a party guest cannot import: no stones, no cost" in " ".join(t.report().split())


# -- 6.6.1: a blackmail's penalty ---------------------------------------------------------------


def test_6_6_1_a_blackmail_without_a_penalty_is_refused_at_the_order() -> None:
    t = egon()
    run = t.refusal("order BOB e,v,alle")
    assert "CODE: missing-penalty a blackmail without the penalty it threatens" in run
    assert "'eine Strafandrohung' (6.6.1)" in run
    assert "ledger order BOB 'e,v,alle' --penalty-kj 300" in run
    assert orders(t) == []
    t("order BOB e,v,alle --penalty-stones 1")
    t("order CAT e,v,BOB --penalty-kj 300")
    assert orders(t) == [("BOB", "e,v,alle", 0), ("CAT", "e,v,BOB", 300)]


def test_6_6_1_a_blackmail_in_a_round_file_carries_its_penalty_after_the_order(
    ledger: Ledger, tmp_path: Path
) -> None:
    egon_file(ledger)
    bad = tmp_path / "ROUND.txt"
    bad.write_text("BOB e,v,alle\nCAT e,v,ABC --penalty-kj 200\nABC v --penlty-kj 5\n")
    run = ledger("order", "--file", str(bad), expect=1)
    assert f"{bad}:1: missing-penalty BOB e,v,alle: a blackmail without the penalty" in run.stderr
    assert "BOB e,v,alle --penalty-kj 300" in run.stderr
    assert f"{bad}:3: bad-order-line" in run.stderr and "did you mean --penalty-kj?" in run.stderr
    assert orders_file(ledger) == []
    good = tmp_path / "ROUND2.txt"
    good.write_text(
        "BOB e,v,alle --penalty-kj 150 --penalty-stones 1\nCAT e,v,ABC --penalty-kj 200\n"
    )
    ledger("order", "--file", str(good))
    assert orders_file(ledger) == [("BOB", "e,v,alle", 150), ("CAT", "e,v,ABC", 200)]
    assert rows(ledger.path, "Orders")[0]["penalty_stones"] == 1


def test_6_6_1_a_blackmail_typed_without_a_penalty_is_named_by_check_and_refused_by_tick(
    ledger: Ledger,
) -> None:
    egon_file(ledger)
    add_rows(ledger.path, "Orders", [[1, "BOB", "e,v,alle"]])
    run = ledger("check")  # a warning while the round is typed: it can still be corrected
    assert "Orders!D2: missing-penalty (warning) BOB e,v,alle:" in run.stdout
    ledger(*DRAW)
    run = ledger("tick", expect=1)
    assert "Orders!D2: missing-penalty BOB e,v,alle" in run.stderr
    assert "nothing was written" in run.stderr
    ledger("order", "BOB", "e,v,alle", "--penalty-kj", "300", "--replace")
    ledger("tick")


def test_6_6_a_negative_penalty_is_refused_where_it_is_typed() -> None:
    t = egon()
    run = t.refusal("order BOB e,v,alle --penalty-kj -5")
    assert "--penalty-kj: bad-amount the penalty -5 Kj is negative" in run
    t.add_rows("Orders", [[1, "BOB", "e,v,alle", -5]])
    run = t.check(clean=False)
    assert "Orders!D2: bad-amount BOB e,v,alle: a penalty cannot be negative" in run
    run = t.refusal("tick")
    assert "Orders!D2: bad-amount" in run and "internal error" not in run


def test_6_6_a_penalty_on_an_order_that_is_no_blackmail_is_refused() -> None:
    t = egon()
    run = t.refusal("order ABC v --penalty-kj 300")
    assert "--penalty-kj: conflicting-arguments --penalty-kj is a blackmail's penalty (6.6)" in (
        run
    )
    assert "v is no blackmail" in run
    assert orders(t) == []


def test_6_6_42_a_rechtfertigung_answers_a_blackmail_that_is_waiting() -> None:
    t = egon()
    run = t.refusal("order ABC v --justified-against BOB")
    assert "--justified-against: no-such-blackmail no blackmail by BOB waits against ABC" in (run)
    run = t.refusal("order ABC v --justified-against BOX")
    assert "--justified-against: unknown-player" in run
    assert "did you mean BOB?" in run
    t("order BOB e,v,alle --penalty-kj 100")
    t(DRAWN)
    t("tick")
    t("order ABC v --justified-against BOB")  # now BOB's blackmail waits


# -- the pseudonyms (5.): the nearest name and the argument's label -------------------------------


def test_5_a_mistyped_pseudonym_gets_the_nearest_and_its_own_label(
    ledger: Ledger, tmp_path: Path
) -> None:
    egon_file(ledger)
    run = ledger("order", "ABX", "v", expect=1)
    assert "PLAYER: unknown-player unknown player 'ABX'" in run.stderr
    assert "did you mean ABC? players: ABC, BOB, CAT" in run.stderr
    run = ledger("order", "DAN", "e,v,alle", expect=1)
    assert "PLAYER: unknown-player unknown player 'DAN'" in run.stderr
    assert "CODE:" not in run.stderr
    run = ledger("order", "CAT", "x,5,BOX", expect=1)
    assert "CODE: bad-order unknown player 'BOX'" in run.stderr
    assert "did you mean BOB?" in run.stderr
    file = tmp_path / "ROUND.txt"
    file.write_text("ABX v\n")
    run = ledger("order", "--file", str(file), expect=1)
    assert f"{file}:1: unknown-player ABX v: unknown player 'ABX'" in run.stderr
    assert "did you mean ABC?" in run.stderr
    run = ledger("purchase", "BOX", "3", "180", expect=1)
    assert "PLAYER: unknown-player there is no player 'BOX'" in run.stderr
    assert "did you mean BOB?" in run.stderr
    add_rows(ledger.path, "Orders", [[1, "ABX", "v"]])
    run = ledger("check", expect=1)
    assert "Orders!B2: unknown-player unknown player 'ABX'" in run.stdout


# -- 5.4.6: the jackpots are the round's news ------------------------------------------------------


def test_5_4_6_the_jackpots_are_the_rounds_news_never_a_player(ledger: Ledger) -> None:
    egon_file(ledger)
    ledger("order", "ABC", "l,17")
    ledger(*DRAW)
    run = ledger("tick")
    assert "(jackpots)" not in run.stdout
    heading = run.stdout.splitlines()[0]
    assert heading.strip() == "The round", run.stdout
    assert "jackpots for the next round (1 lottery player)" in " ".join(run.stdout.split())
    summary = (ledger.folder / "ledger-round-0001.html").read_text()
    assert "<h2>The round</h2>" in summary and "jackpots for the next round" in summary
    statement = next((ledger.folder / "statements").glob("BOB*.html")).read_text()
    assert "Round 1 at the table" in statement
    assert "A 3,400.00, B 1,700.00, C 850.00 Kj" in statement  # 5.4.6: each + one raise
    ledger("order", "ABC", "l,17")
    ledger(*DRAW)
    done = ledger("tick", "--json").json()
    assert set(done["players"]) == {"ABC", "BOB", "CAT"}
    assert [n["rule"] for n in done["news"]] == ["5.4.6"]


# -- orders that could never be carried out -------------------------------------------------------


def test_4_6_an_order_of_a_player_in_the_zuchthaus_is_refused() -> None:
    t = egon()
    t.edit_cells({"Players!G2": "Zuchthaus", "Players!H2": 1})  # ABC
    run = t.refusal("order ABC v")
    assert "PLAYER: player-jailed ABC sits in the Zuchthaus in round 1" in run
    assert "(4.6)" in run
    assert orders(t) == []


def test_5_2_an_order_acting_on_a_player_who_is_out_is_refused() -> None:
    t = egon()
    t.edit_cells({"Players!G3": "ausgeschieden"})  # BOB is out
    for code in ("x,5,BOB", "a,BOB", "d,2,BOB", "s,500,BOB"):
        run = t.refusal(f"order ABC {code}")
        assert "CODE: player-out" in run and "BOB is out of the game" in run
    run = t.refusal("order ABC e,v,BOB --penalty-kj 100")
    assert "CODE: player-out" in run
    t("order ABC p,300,BOB,CAT")  # 6.1.2: a guest who cannot come is passed over


def test_4_1_an_order_typed_for_a_round_already_evaluated_is_named_and_can_be_removed() -> None:
    t = egon()
    t(DRAWN)
    t("tick")
    t.add_rows("Orders", [[1, "ABC", "v"]])
    run = t.check(clean=True)
    assert "Orders!A2: never-evaluated (warning) ABC v: round 1 was evaluated before" in (run)
    run = t("order --delete 2")
    assert "removed Orders!B2: round 1: ABC v" in run


# -- numbers typed in the sheets: an empty one is not 0 -------------------------------------------


def test_6_2_1_a_trader_typed_without_a_price_is_named() -> None:
    t = egon()
    t.add_rows("Traders", [[1, "Alois", 10, None, 2], [1, "Bolle", 5, -3, 0]])
    run = t.check(clean=False)
    assert "Traders!D2: missing-price (warning) round 1: Alois has no price" in run
    assert "Traders!D3: bad-amount round 1: Bolle's price cannot be negative" in run


def test_3_a_purchase_typed_without_its_cost_is_named() -> None:
    """Section 3 (the buying phase) is the game master's: stones are bought for Kj (5.6.2: "nur
    dann, wenn er bereit ist, den geforderten Kaufpreis zu zahlen")."""
    t = egon()
    t.add_rows("Purchases", [[1, "BOB", 3, None], [1, "CAT", None, 120]])
    run = t.check(clean=True)
    assert "Purchases!D2: missing-cost (warning) round 1: BOB buys 3 stone(s) for nothing" in (run)
    assert "Purchases!C3: missing-stones (warning) round 1: CAT pays 120.00 Kj for no stones" in (
        run
    )
