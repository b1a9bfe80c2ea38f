"""The states of the books Triplanetary V/2's commands refuse to act on, for docs/commands.md
(`refuses=` of each command, ledger/rules/triplanetary/refusals.py): a refusal names its rule
and changes nothing.

Each state is played on books in memory (tests/memory.py): Ann and Bob with 25 KC at Ceres,
Sam the Patrol with 500 KC. That a refused command changes nothing on the file (exit code 1,
"nothing was written", the workbook's bytes as they were) runs the real CLI on a real workbook,
in a state of each kind the refusals here meet (`test_a_refused_command_writes_nothing`).
"""

from __future__ import annotations

import shlex

import pytest

from tests.conftest import Ledger
from tests.memory import Table, table


def refused(t: Table, *args: str) -> str:
    """`ARGS` refused, the books as they were (every player's money, every sheet's rows);
    what it said."""
    before = state(t)
    said = t.refusal(shlex.join(args))
    assert state(t) == before, args
    return said


def state(t: Table) -> tuple[object, ...]:
    return (t.journal(), {p: t.cash(p) for p in PEOPLE}, [t.rows(s) for s in SHEETS])


PEOPLE = ("Ann", "Bob", "Sam")
SHEETS = (
    "Players",
    "Ships",
    "Bases",
    "Crews",
    "Corporations",
    "Offices",
    "Mines",
    "Liners",
    "Branches",
)


def test_s30_banks_make_no_loans() -> None:
    """§30 "Banks do not make loans": what a player cannot pay from the money in their banks is
    not bought, hired, paid or opened."""
    t = table()
    t("pay bank Ann 300")
    t("buy Ann transport --name Nomad")
    t("buy Ann base --name Rock")
    t("hire Ann --ship Nomad")
    t("pay Ann bank 63")  # 25 + 300 - 10 - 250 - 2: nothing left
    for args in (
        ("pay", "Ann", "Bob", "1"),
        ("buy", "Ann", "transport"),
        ("buy", "Ann", "ore-processor", "--ship", "Nomad"),
        ("hire", "Ann", "--ship", "Nomad"),
        ("discharge", "C1"),
        ("supply", "Ann", "--ship", "Nomad", "--months", "1"),
        ("fuel", "Ann", "--ship", "Nomad", "1"),
        ("office", "open", "Ann", "--at", "Mars"),
        ("incorporate", "Ann"),
        ("claim", "Ann", "Hex 0412"),
        ("sell-company", "Bob", "Ann", "10"),
        ("branch", "Ann", "--base", "Rock", "--ship", "Nomad"),
        ("pr-program", "Ann", "1"),
        ("trial", "Ann", "--class", "I", "--bribes", "1"),
    ):
        said = refused(t, *args)
        assert ("cannot-afford" in said or "overdrawn" in said) and "§30" in said, args


def test_s1_s32_nothing_is_done_with_a_destroyed_or_departed_ship_or_base() -> None:
    """A ship or base destroyed in play (§1), or gone past Jupiter with a colonization attempt
    (§32), is named by no command: nothing is bought for it, loaded on it, sold from it."""
    t = table()
    t("pay bank Ann 103000")
    t("buy Ann transport --name Nomad")  # S1
    t("buy Ann base --name Rock")  # B1
    t("buy Ann base --name Pebble")  # B2
    t("buy Ann bussard-ramscoop 3")  # S2, S3, S4
    t("buy Ann manufactured-goods 10 --at Venus --ship Nomad")
    t("liner open Ann Earth Mars")
    t("colonize Ann")
    t("destroy Nomad")
    t("destroy Rock")
    t("tick 360")  # the attempt leaves
    for ship in ("Nomad", "S2"):
        for args in (
            ("buy", "Ann", "ore-processor", "--ship", ship),
            ("hire", "Ann", "--ship", ship),
            ("supply", "Ann", "--ship", ship, "--months", "1"),
            ("fuel", "Ann", "--ship", ship, "1"),
            ("move", ship, "--to", "Mars"),
            ("prospect", "Ann", "--ship", ship, "--hex", "0412"),
            ("sell", "Ann", "manufactured-goods", "1", "--ship", ship, "--at", "Mars"),
            ("process", "Ann", "--at", "Ceres", "--ship", ship),
            ("pickup", "Ann", "--ship", ship, "--from", "Pebble", "--good", "supplies"),
            ("lloyds", "Ann", "manufactured-goods", "1", "--ship", ship, "--at", "Venus"),
            ("branch", "Ann", "--base", "Pebble", "--ship", ship),
            ("liner", "depart", "Ann", "Earth", "Mars", "--ship", ship),
        ):
            said = refused(t, *args)
            assert "post-gone" in said and ("§1" in said or "§32" in said), args
    for args in (
        ("buy", "Ann", "recreation-module", "--base", "Rock"),
        ("hire", "Ann", "--base", "Rock"),
        ("supply", "Ann", "--base", "Rock", "--months", "1"),
        ("office", "open", "Ann", "--at", "Rock"),
        ("transfer", "Ann", "supplies", "1", "--from", "Rock", "--to", "Pebble"),
        ("transfer", "Ann", "supplies", "1", "--from", "Pebble", "--to", "Rock"),
        ("branch", "Ann", "--base", "Rock", "--ship", "Nomad"),
    ):
        said = refused(t, *args)
        assert "post-gone" in said and "§1" in said, args


def test_s13_a_crew_that_quit_died_or_was_discharged_is_discharged_no_more() -> None:
    t = table()
    t("pay bank Ann 100")
    t("buy Ann transport --name Nomad")
    t("hire Ann --ship Nomad --crews 2")
    t("discharge C1")
    t("destroy Nomad")  # C2 dies with it
    for crew in ("C1", "C2"):
        assert "unknown-crew" in refused(t, "discharge", crew)


def test_s7_a_player_heads_one_corporation() -> None:
    t = table()
    t("incorporate Ann")
    said = refused(t, "incorporate", "Ann", "--at", "Mars")
    assert "already-incorporated" in said and "§7" in said


def test_s9_only_active_corporations_merge() -> None:
    t = table()
    t("pay bank Ann 3000")
    t("incorporate Ann")
    t("incorporate Bob")
    said = refused(t, "merge", "K1", "K2")  # both still forming (§7: 5 days)
    assert "unknown-corporation" in said and "no active corporation 'K1'" in said
    t("tick 5")
    t("merge K1 K2")
    said = refused(t, "merge", "K1", "K2")  # merging: 120 days
    assert "unknown-corporation" in said and "§9" in said


def test_s24_a_claim_is_registered_once_and_not_by_the_patrol() -> None:
    t = table()
    t("claim Ann 'Hex 0412'")
    assert "claim-exists" in refused(t, "claim", "Bob", "Hex 0412")
    said = refused(t, "claim", "Sam", "Hex 0413")
    assert "patrol-may-not-mine" in said and "§6" in said


def test_s8_an_office_is_opened_once_and_closed_once() -> None:
    t = table()
    t("office open Ann --at Mars")
    said = refused(t, "office", "open", "Ann", "--at", "Mars")
    assert "office-exists" in said and "§8" in said
    t("office close O1")
    said = refused(t, "office", "close", "O1")
    assert "unknown-office" in said and "§8" in said


def test_s28_a_line_is_opened_once_departs_with_passengers_and_is_closed_once() -> None:
    t = table()
    t("buy Ann transport --name Nomad")
    t("liner open Ann Earth Mars")
    said = refused(t, "liner", "open", "Ann", "Earth", "Mars")
    assert "line-exists" in said and "§28" in said
    said = refused(t, "liner", "depart", "Ann", "Earth", "Mars", "--ship", "Nomad")
    assert "no-passengers" in said and "§28" in said
    assert "patrol-may-not-trade" in refused(t, "liner", "open", "Sam", "Earth", "Venus")
    t("liner close L1")
    said = refused(t, "liner", "close", "L1")
    assert "unknown-liner" in said and "§28" in said
    said = refused(t, "liner", "depart", "Ann", "Earth", "Mars", "--ship", "Nomad")
    assert "unknown-liner" in said and "§28" in said


def test_s30_a_branch_bank_opens_once_with_its_plutonium_aboard() -> None:
    t = table()
    t("pay bank Ann 6500")
    t("buy Ann base --name Rock")
    t("buy Ann packet --name Post")
    t("buy Ann base --name Pebble")
    t("incorporate Ann")  # §30: a corporation sets up a branch bank (§7: 5 days)
    t("tick 5")
    t("branch Ann --base Rock --ship Post")
    t("dropoff Ann --ship Post --to Pebble --good plutonium")
    said = refused(t, "branch-open", "BB1")
    assert "reserves-missing" in said and "§30" in said
    t("pickup Ann --ship Post --from Pebble --good plutonium")
    t("branch-open BB1")
    said = refused(t, "branch-open", "BB1")
    assert "unknown-branch" in said and "§30" in said


def test_s5_a_dead_player_is_aboard_nothing_destroyed_later() -> None:
    t = table()
    t("buy Ann transport --name Nomad")
    t("buy Bob transport --name Mule")
    t("destroy Nomad --aboard Ann")
    said = refused(t, "destroy", "Mule", "--aboard", "Ann")
    assert "player-cannot-act" in said and "§5" in said


def test_s13_a_store_that_is_not_open_is_not_taken_from() -> None:
    """§13: a mine or base whose crews quit stands open to anyone; another's is not."""
    t = table()
    t("pay bank Ann 300")
    t("pay bank Bob 300")
    t("buy Ann transport --name Nomad")
    t("buy Bob base --name Rock")
    t("supply Bob --base Rock --months 2")
    said = refused(t, "pickup", "Ann", "--ship", "Nomad", "--from", "Rock", "--good", "supplies")
    assert "not-the-owner" in said and "§13" in said


def test_s33_s41_outlaws_buy_only_at_ceres_and_prisoners_not_at_all() -> None:
    t = table()
    t("pay bank Ann 100")
    t("buy Ann transport --name Nomad")
    t("declare Ann pirate")
    args = ("buy", "Ann", "manufactured-goods", "1", "--at", "Venus", "--ship", "Nomad")
    said = refused(t, *args)
    assert "outlaw-trade" in said and "§33" in said
    t("buy Bob transport --name Mule")
    t("crime Bob --class III --what 'kidnapping for ransom'")
    t("trial Bob --crime X1 --roll 6")  # 90 days in prison
    said = refused(t, "buy", "Bob", "manufactured-goods", "1", "--at", "Venus", "--ship", "Mule")
    assert "player-cannot-act" in said and "§41" in said
    said = refused(t, "liner", "open", "Bob", "Earth", "Mars")
    assert "in prison" in said and "§41" in said


# -- what only the command does: a refusal writes nothing to the workbook ----------------------------

#: A state of the books of each kind the refusals above meet: the commands that make it, the
#: command refused and a word of what it says.
ON_FILE: dict[str, tuple[tuple[str, ...], str, str]] = {
    "overdrawn": ((), "pay Ann Bob 100", "overdrawn"),
    "cannot-afford": ((), "buy Ann base --name Rock", "cannot-afford"),
    "post-gone": (
        ("buy Ann transport --name Nomad", "destroy Nomad"),
        "hire Ann --ship Nomad",
        "post-gone",
    ),
    "crew-gone": (
        (
            "pay bank Ann 100",
            "buy Ann transport --name Nomad",
            "hire Ann --ship Nomad",
            "discharge C1",
        ),
        "discharge C1",
        "unknown-crew",
    ),
    "exists": (("incorporate Ann",), "incorporate Ann --at Mars", "already-incorporated"),
    "dead": (
        (
            "buy Ann transport --name Nomad",
            "buy Bob transport --name Mule",
            "destroy Nomad --aboard Ann",
        ),
        "destroy Mule --aboard Ann",
        "player-cannot-act",
    ),
    "in-prison": (
        ("crime Bob --class III --what 'kidnapping for ransom'", "trial Bob --crime X1 --roll 6"),
        "liner open Bob Earth Mars",
        "in prison",
    ),
    "outlaw": (
        ("pay bank Ann 100", "buy Ann transport --name Nomad", "declare Ann pirate"),
        "buy Ann manufactured-goods 1 --at Venus --ship Nomad",
        "outlaw-trade",
    ),
}


@pytest.mark.parametrize("scene", sorted(ON_FILE))
def test_a_refused_command_writes_nothing(game: Ledger, scene: str) -> None:
    """`ledger` refuses with exit code 1, says that nothing was written and leaves the
    workbook's bytes as they were."""
    before, line, words = ON_FILE[scene]
    for command in before:
        game(*shlex.split(command))
    kept = game.path.read_bytes()
    run = game(*shlex.split(line), expect=1)
    assert "nothing was written" in run.stderr, run.stderr
    assert words in run.stderr, run.stderr
    assert game.path.read_bytes() == kept
