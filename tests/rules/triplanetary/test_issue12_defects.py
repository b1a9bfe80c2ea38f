"""Issue 12, items 12, 17, 19, 22 and 24, through the real CLI on real workbooks: ship and base
names per owner, the tick's money in read from the journal, the must-incorporate warning once,
plurals, and what a dead player leaves (§5)."""

from __future__ import annotations

from decimal import Decimal

from tests.conftest import Ledger, add_rows, rows, set_setting

# -- item 12: a player's ships and bases are found by name ----------------------------------------


def test_12_duplicate_ship_name_refused(game: Ledger) -> None:
    game("pay", "bank", "Ann", "100")
    game("buy", "Ann", "transport", "--name", "Nomad")
    run = game("buy", "Ann", "transport", "--name", "nomad", expect=1)
    assert "--name: duplicate-name Ann already has a ship named 'Nomad' (S1)" in run.stderr
    assert "hint: give the new one another --name; name the one there by its id: --ship S1" in (
        run.stderr
    )
    game("buy", "Ann", "transport", "--name", "Nomad II")  # another name is fine
    game("supply", "Ann", "--ship", "Nomad", "--months", "1")  # and the name still finds S1


def test_12_a_name_being_built_is_taken_too(game: Ledger) -> None:
    game("pay", "bank", "Ann", "100")
    set_setting(game.path, "day", 1)  # after day 0 a ship takes its build time (§12)
    game("buy", "Ann", "transport", "--name", "Nomad")
    run = game("buy", "Ann", "base", "--name", "Nomad", expect=1)
    assert "duplicate-name Ann already has 'Nomad' being built (W1, ready on day 31)" in run.stderr


def test_12_ambiguous_name_lists_ids(game: Ledger) -> None:
    game("pay", "bank", "Ann", "100")
    game("buy", "Ann", "transport", "--name", "Nomad")
    # a second Nomad typed by hand in the Ships sheet
    add_rows(
        game.path,
        "Ships",
        [["S2", "Ann", "transport", "Nomad", 10, "Ceres", 0, "Ceres", "no", 3, 0, 14, "active"]],
    )
    run = game("supply", "Ann", "--ship", "Nomad", "--months", "1", expect=1)
    assert "ambiguous-name 'Nomad' names more than one ship of Ann: S1, S2" in run.stderr
    assert "hint: name it by its id (S1 or S2)" in run.stderr
    game("supply", "Ann", "--ship", "S2", "--months", "1")


def test_12_the_owners_own_ship_when_another_player_uses_the_name(game: Ledger) -> None:
    game("pay", "bank", "Ann", "100")
    game("pay", "bank", "Bob", "100")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("buy", "Bob", "transport", "--name", "Nomad")  # names are unique per owner only
    game("supply", "Ann", "--ship", "Nomad", "--months", "1")
    game("supply", "Bob", "--ship", "nomad", "--months", "2")
    ships = {s["id"]: s["supplies"] for s in rows(game.path, "Ships")}
    assert ships == {"S1": 4, "S2": 5}
    run = game("move", "Nomad", "--to", "Mars", expect=1)  # no owner to tell them apart
    assert "'Nomad' names more than one ship: S1 (Ann), S2 (Bob)" in run.stderr
    run = game("supply", "Ann", "--ship", "S2", "--months", "1", expect=1)
    assert "not-the-owner Nomad belongs to Bob, not Ann" in run.stderr


# -- item 17: money in is what the journal says came in ------------------------------------------


def test_17_patrol_money_in_from_journal(game: Ledger) -> None:
    """Day 360: Ann's frigate and corsair on order (300 KC) owe 30 KC of property tax, half
    to the Patrol (§29, §6); Bob's 2.00 KC of an older fine is collected (§6)."""
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


def test_19_must_incorporate_warning_once(game: Ledger) -> None:
    game("pay", "bank", "Ann", "100")
    game("buy", "Ann", "transport", "--name", "Nomad")
    game("buy", "Ann", "transport", "--name", "Comet")
    run = game("pay", "bank", "Bob", "1")
    assert run.stderr.count("must-incorporate") == 1


# -- item 22: plurals and a move between one's own banks ------------------------------------------


def test_22_one_unit_of_supplies(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    run = game("supply", "Ann", "--ship", "Nomad", "--months", "1")
    assert "Ann buys 1 unit of supplies for Nomad" in run.stdout
    run = game("statement", "--player", "Ann", "--format", "text")
    assert "4 units" in run.stdout and "1 units" not in run.stdout


def test_22_a_move_between_ones_own_banks(game: Ledger) -> None:
    run = game("pay", "Ann", "Ann", "5", "--to-bank", "Mars")
    assert "Ann moves 5.00 KC from Ceres to Mars" in run.stdout


# -- item 24: what a dead player leaves (§5) ---------------------------------------------------------


def _estate(game: Ledger) -> dict[str, str]:
    t = game("journal", "--json").json()[-1]
    assert t["rule"] == "§5" and t["kind"] == "estate"
    return {p["account"]: p["amount"] for p in t["postings"]}


def test_s5_dead_players_money_pays_the_dues_then_goes_to_the_bank(game: Ledger) -> None:
    """A trial's death sentence (§41): Bob's cash at Ceres and Mars first pays the 10.00 KC
    of a fine he still owed (to the Patrol, §6), the rest goes to the bank: one transaction."""
    game("pay", "bank", "Bob", "100", "--to-bank", "Mars")
    game("fine", "Bob", "135", "--reason", "docking")  # 125.00 paid, 10.00 owed
    game("pay", "bank", "Bob", "30")
    game("pay", "bank", "Bob", "20", "--to-bank", "Mars")
    game("pr", "Bob", "--reason", "notorious", "--", "-20")
    run = game("trial", "Bob", "--class", "III", "--roll", "1")  # 1 - 20 = -19: death (§41)
    assert "the 50.00 KC Bob leaves go 10.00 KC to what was owed and 40.00 KC to the bank" in (
        run.stdout
    )
    assert _estate(game) == {
        "cash:Bob:Ceres": "-30.00",
        "cash:Bob:Mars": "-20.00",
        "patrol": "10.00",
        "bank": "40.00",
    }
    balances = game.balances()
    assert balances["player:Bob"] == "0.00"
    assert [d["amount"] for d in rows(game.path, "Dues")] == [0]


def test_s5_dead_players_money_when_the_ship_is_destroyed_with_them(game: Ledger) -> None:
    game("buy", "Ann", "transport", "--name", "Nomad")
    run = game("destroy", "Nomad", "--aboard", "Ann")
    assert "Ann and all involved die with it" in run.stdout
    assert "the 15.00 KC Ann leaves go to the bank (§5: no heirs)" in run.stdout
    assert _estate(game) == {"cash:Ann:Ceres": "-15.00", "bank": "15.00"}
    assert {p["name"]: p["status"] for p in rows(game.path, "Players")}["Ann"] == "dead"
