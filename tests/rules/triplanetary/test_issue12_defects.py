"""Issue 12, items 12, 17, 19, 22 and 24: ship and base names per owner, the tick's money in
read from the journal, the must-incorporate warning once, plurals, and what a dead player
leaves (§5).

Most tests play a game on books in memory (tests/memory.py): Ann and Bob start with 25 KC at
Ceres and Sam is the Patrol with 500 KC, day 0. What only the command does (the tick's
printable summary and `--json`, the statement) runs the real CLI on a real workbook."""

from __future__ import annotations

from decimal import Decimal

from tests.conftest import Ledger, set_setting
from tests.memory import Table, table

# -- item 12: a player's ships and bases are found by name ----------------------------------------


def test_12_duplicate_ship_name_refused() -> None:
    t = table()
    t("pay bank Ann 100")
    t("buy Ann transport --name Nomad")
    run = t.refusal("buy Ann transport --name nomad")
    assert "--name: duplicate-name Ann already has a ship named 'Nomad' (S1)" in run
    hint = "hint: give the new one another --name; name the one there by its id: --ship S1"
    assert hint in run
    t("buy Ann transport --name 'Nomad II'")  # another name is fine
    t("supply Ann --ship Nomad --months 1")  # and the name still finds S1


def test_12_a_name_being_built_is_taken_too() -> None:
    t = table()
    t("pay bank Ann 100")
    t.set_setting("day", 1)  # after day 0 a ship takes its build time (§12)
    t("buy Ann transport --name Nomad")
    run = t.refusal("buy Ann base --name Nomad")
    assert "duplicate-name Ann already has 'Nomad' being built (W1, ready on day 31)" in run


def test_12_ambiguous_name_lists_ids() -> None:
    t = table()
    t("pay bank Ann 100")
    t("buy Ann transport --name Nomad")
    # a second Nomad typed by hand in the Ships sheet
    t.add_rows(
        "Ships",
        [["S2", "Ann", "transport", "Nomad", 10, "Ceres", 0, "Ceres", "no", 3, 0, 14, "active"]],
    )
    run = t.refusal("supply Ann --ship Nomad --months 1")
    assert "ambiguous-name 'Nomad' names more than one ship of Ann: S1, S2" in run
    assert "hint: name it by its id (S1 or S2)" in run
    t("supply Ann --ship S2 --months 1")


def test_12_the_owners_own_ship_when_another_player_uses_the_name() -> None:
    t = table()
    t("pay bank Ann 100")
    t("pay bank Bob 100")
    t("buy Ann transport --name Nomad")
    t("buy Bob transport --name Nomad")  # names are unique per owner only
    t("supply Ann --ship Nomad --months 1")
    t("supply Bob --ship nomad --months 2")
    ships = {s["id"]: s["supplies"] for s in t.rows("Ships")}
    assert ships == {"S1": 4, "S2": 5}
    run = t.refusal("move Nomad --to Mars")  # no owner to tell them apart
    assert "'Nomad' names more than one ship: S1 (Ann), S2 (Bob)" in run
    run = t.refusal("supply Ann --ship S2 --months 1")
    assert "not-the-owner Nomad belongs to Bob, not Ann" in run


# -- item 17: money in is what the journal says came in ------------------------------------------


def test_17_patrol_money_in_from_journal(game: Ledger) -> None:
    """Day 360: Ann's frigate and corsair on order (300 KC) owe 30 KC of property tax, half
    to the Patrol (§29, §6); Bob's 2.00 KC of an older fine is collected (§6). Through the
    CLI: the tick's `--json` and its printable summary say the money in."""
    game("pay", "bank", "Ann", "1000")
    set_setting(game.path, "day", 359)
    game("buy", "Ann", "frigate", "--name", "Hawk")
    game("buy", "Ann", "corsair", "--name", "Kite")
    game("fine", "Bob", "27", "--reason", "reckless docking")  # 25.00 now, 2.00 owed
    game("pay", "bank", "Bob", "10")
    done = game("tick", "1", "--json", "--no-statements").json()
    journal = game("journal", "--since", "360", "--json").json()

    def came_in(prefix: str) -> Decimal:
        total = Decimal(0)
        for t in journal:
            net = sum(
                (Decimal(p["amount"]) for p in t["postings"] if p["account"].startswith(prefix)),
                Decimal(0),
            )
            total += max(net, Decimal(0))
        return total

    assert came_in("patrol") == Decimal("17.00")
    incomes = {name: Decimal(p["income"]) for name, p in done["players"].items()}
    assert incomes.get("Sam") == Decimal("17.00")
    for name, prefix in (("Ann", "cash:Ann:"), ("Bob", "cash:Bob:"), ("Sam", "patrol")):
        assert incomes.get(name, Decimal(0)) == came_in(prefix), name
    html = (game.folder / "ledger-days-0360-0360.html").read_text()
    sam = html[html.index("<h2>Sam</h2>") :]
    assert "money in: 17.00" in sam and "§29" in sam


# -- item 19: the warning once ------------------------------------------------------------------


def test_19_must_incorporate_warning_once() -> None:
    t = table()
    t("pay bank Ann 100")
    t("buy Ann transport --name Nomad")
    t("buy Ann transport --name Comet")
    t("pay bank Bob 1")
    said = "\n".join(p.line() for p in t.warnings)  # the command says each warning a line
    assert said.count("must-incorporate") == 1


# -- item 22: plurals and a move between one's own banks ------------------------------------------


def test_22_one_unit_of_supplies(game: Ledger) -> None:
    """Through the CLI: the statement's text."""
    game("buy", "Ann", "transport", "--name", "Nomad")
    run = game("supply", "Ann", "--ship", "Nomad", "--months", "1")
    assert "Ann buys 1 unit of supplies for Nomad" in run.stdout
    run = game("statement", "--player", "Ann", "--format", "text")
    assert "4 units" in run.stdout and "1 units" not in run.stdout


def test_22_a_move_between_ones_own_banks() -> None:
    t = table()
    run = t("pay Ann Ann 5 --to-bank Mars")
    assert "Ann moves 5.00 KC from Ceres to Mars" in run


# -- item 24: what a dead player leaves (§5) ---------------------------------------------------------


def _estate(t: Table) -> dict[str, str]:
    txn = t.journal()[-1]
    assert txn["rule"] == "§5" and txn["kind"] == "estate"
    return {p["account"]: p["amount"] for p in txn["postings"]}


def test_s5_dead_players_money_pays_the_dues_then_goes_to_the_bank() -> None:
    """A trial's death sentence (§41): Bob's cash at Ceres and Mars first pays the 10.00 KC
    of a fine he still owed (to the Patrol, §6), the rest goes to the bank: one transaction."""
    t = table()
    t("pay bank Bob 100 --to-bank Mars")
    t("fine Bob 135 --reason docking")  # 125.00 paid, 10.00 owed
    t("pay bank Bob 30")
    t("pay bank Bob 20 --to-bank Mars")
    t("pr Bob --reason notorious -- -20")
    run = t("trial Bob --class III --roll 1")  # 1 - 20 = -19: death (§41)
    said = "the 50.00 KC Bob leaves go 10.00 KC to what was owed and 40.00 KC to the bank"
    assert said in run
    assert _estate(t) == {
        "cash:Bob:Ceres": "-30.00",
        "cash:Bob:Mars": "-20.00",
        "patrol": "10.00",
        "bank": "40.00",
    }
    assert f"{t.cash('Bob'):.2f}" == "0.00"
    assert [d["amount"] for d in t.rows("Dues")] == [0]


def test_s5_dead_players_money_when_the_ship_is_destroyed_with_them() -> None:
    t = table()
    t("buy Ann transport --name Nomad")
    run = t("destroy Nomad --aboard Ann")
    assert "Ann and all involved die with it" in run
    assert "the 15.00 KC Ann leaves go to the bank (§5: no heirs)" in run
    assert _estate(t) == {"cash:Ann:Ceres": "-15.00", "bank": "15.00"}
    assert {p["name"]: p["status"] for p in t.rows("Players")}["Ann"] == "dead"
