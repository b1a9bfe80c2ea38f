"""Issue 12, items 11, 13, 14 and 16: look-alike names, ambiguous amounts, negative numbers on
the command line, and a did-you-mean for mistyped items, event types and players.

Every refusal is a problem naming the argument or `Sheet!Cell`, exit 1, never a traceback.
Players rows: 2 Ann, 3 Bob, 4 Sam (the Patrol); new rows go below.
"""

from __future__ import annotations

import unicodedata

import pytest

from tests.conftest import Ledger, add_rows, edit_cells, rows

NFC_ANN = "\u00c1nn"  # Ánn: A with acute as one character
NFD_ANN = "A\u0301nn"  # Ánn: A, then a combining acute accent


def new_game(ledger: Ledger, *players: str, expect: int = 0) -> str:
    args = ["new", "--game", "triplanetary", "--seed", "7", "--patrol", "Sam"]
    for p in players:
        args += ["--player", p]
    run = ledger(*args, expect=expect)
    return run.stdout + run.stderr


# -- 11: one name, one player ---------------------------------------------------------------


def test_11_nfd_name_is_the_same_player(ledger: Ledger) -> None:
    out = new_game(ledger, NFD_ANN, NFC_ANN, expect=1)
    assert "--player: duplicate-player" in out
    assert not ledger.path.exists()

    new_game(ledger, NFD_ANN, "Bob")
    names = [r["name"] for r in rows(ledger.path, "Players")]
    assert names[0] == NFC_ANN  # kept in one spelling, NFC
    for typed in (NFC_ANN, NFD_ANN):  # an argument finds the player however it was typed
        ledger("pay", typed, "Bob", "1")
    assert ledger.balances()[f"player:{NFC_ANN}"] == "23.00"

    add_rows(ledger.path, "Players", [[NFD_ANN, "player"]])  # the same name typed in Excel
    out = ledger("check", expect=1).stdout
    assert "Players!A5: duplicate-player" in out


def test_11_zero_width_space_refused(ledger: Ledger) -> None:
    out = new_game(ledger, "Ann", "A\u200bnn", expect=1)
    assert "--player: bad-player-name" in out
    assert "U+200B ZERO WIDTH SPACE" in out
    assert "Traceback" not in out

    new_game(ledger, "Ann", "Bob")
    add_rows(ledger.path, "Players", [["Zo\u200de", "player"], ["Cy\u00ad", "player"]])
    out = ledger("check", expect=1).stdout
    assert "Players!A5: bad-player-name" in out and "ZERO WIDTH JOINER" in out
    assert "Players!A6: bad-player-name" in out and "SOFT HYPHEN" in out


@pytest.mark.parametrize("mark", ["\u202e", "\u2066", "\u200f", "\u061c"])
def test_11_bidi_override_refused(ledger: Ledger, mark: str) -> None:
    out = new_game(ledger, "Ann", f"{mark}boB", expect=1)
    assert "--player: bad-player-name" in out
    assert f"U+{ord(mark):04X} {unicodedata.name(mark)}" in out


def test_11_casefold_duplicate_refused(ledger: Ledger) -> None:
    # the same name once capitalised and with a combining accent, once lower case and NFC
    out = new_game(ledger, "A\u0301NN", "\u00e1nn", expect=1)
    assert "--player: duplicate-player" in out

    new_game(ledger, "\u00e1nn", "Bob")
    add_rows(ledger.path, "Players", [["A\u0301NN", "player"]])
    out = ledger("check", expect=1).stdout
    assert "Players!A5: duplicate-player" in out


# -- 13: amounts that could be read two ways --------------------------------------------------


def test_13_comma_thousands_is_ambiguous(game: Ledger) -> None:
    for typed in ("1,000", "1.000"):
        err = game("pay", "Ann", "Bob", typed, expect=1).stderr
        assert "AMOUNT: bad-amount" in err
        assert "ambiguous" in err
        assert "type 1000 or 1.00" in err, err
    # a text cell in the Events sheet says the same, naming the cell
    add_rows(game.path, "Events", [["E1", None, "pay", "Ann", "Bob", "1,500"]])
    out = game("post", expect=1).stderr
    assert "Events!F2:" in out
    assert "type 1500 or 1.50" in out


def test_13_underscore_not_an_amount(game: Ledger) -> None:
    err = game("pay", "Ann", "Bob", "1_0", expect=1).stderr
    assert "AMOUNT: bad-amount" in err
    assert "not an amount" in err
    err = game("fine", "Bob", "2_0", "--reason", "docking", expect=1).stderr
    assert "AMOUNT: bad-amount" in err
    assert game.balances()["player:Bob"] == "25.00"


# -- 14: a negative number is refused as a number, not as an unknown option -------------------

NEGATIVE = {
    "fine": (["fine", "Bob", "-10", "--reason", "x"], "AMOUNT"),
    "buy": (["buy", "Ann", "packet", "-2"], "QTY"),
    "fuel": (["fuel", "Ann", "-3", "--ship", "Nomad"], "UNITS"),
    "sell": (["sell", "Ann", "processed-ore", "-3", "--ship", "Nomad"], "CP"),
    "process": (["process", "Ann", "-3", "--at", "Ceres", "--ship", "Nomad"], "CP"),
    "pickup": (["pickup", "Ann", "-3", "--ship", "Nomad", "--from", "M1"], "CP"),
    "dropoff": (["dropoff", "Ann", "-3", "--ship", "Nomad", "--to", "B1"], "CP"),
    "lloyds": (["lloyds", "Ann", "cordrazite", "-3", "--ship", "Nomad", "--at", "Mars"], "CP"),
    "tick": (["tick", "-3"], "DAYS"),
    "forecast": (["forecast", "-3"], "DAYS"),
    "sell-company": (["sell-company", "Bob", "Ann", "-400"], "PRICE"),
}


@pytest.mark.parametrize("name", list(NEGATIVE))
def test_14_negative_number_argument_refused_clearly(game: Ledger, name: str) -> None:
    args, argument = NEGATIVE[name]
    run = game(*args, expect=None)
    out = run.stdout + run.stderr
    assert "No such option" not in out
    assert run.exit_code == 1, out
    assert f"{argument}: bad-" in out, out
    assert any(w in out for w in ("negative", "more than 0", "1 or more")), out
    assert "internal error" not in out


# -- 16: did you mean ... ? -------------------------------------------------------------------


def test_16_item_did_you_mean(game: Ledger) -> None:
    err = game("buy", "Ann", "transprt", expect=1).stderr
    assert "ITEM: unknown-item" in err
    assert "hint: did you mean transport?" in err
    err = game("pay", "Anne", "Bob", "5", expect=1).stderr
    assert "FROM: unknown-party" in err and "did you mean Ann?" in err
    err = game("fine", "Bobb", "5", "--reason", "x", expect=1).stderr
    assert "PLAYER: unknown-player" in err and "did you mean Bob?" in err
    for command in ("journal", "statement", "balance"):
        err = game(command, "--player", "Bobb", expect=1).stderr
        assert "--player: unknown-player 'Bobb' is not a player" in err, command
        assert "did you mean Bob?" in err, command
    err = game("buy", "Ann", "packet", "--at", "Mrs", expect=1).stderr
    assert "--at: unknown-place" in err and "did you mean Mars?" in err
    # a mistyped option keeps Typer's guess, though a negative number may stand for an argument
    err = game("buy", "Ann", "packet", "--shp", "x", expect=2).stderr
    assert "No such option: --shp" in err and "--ship" in err


def test_16_event_type_did_you_mean(game: Ledger) -> None:
    edit_cells(game.path, {"Events!A2": "E1", "Events!C2": "pya", "Events!D2": "Ann"})
    edit_cells(game.path, {"Events!E2": "Bob", "Events!F2": 1})
    err = game("post", expect=1).stderr
    assert "Events!C2: unknown-event-type 'pya' is not an event type" in err
    assert "hint: did you mean pay?" in err
