"""Parsing the twelve orders of the Egon-Spiel as written in 5. and 6.

Expected records are written out by hand from the order formats in the texts.
"""

from decimal import Decimal

import pytest

from ledger.rules.egon.orders import (
    Accuse,
    ActionSpec,
    Blackmail,
    Bribe,
    Denounce,
    Forge,
    Guard,
    Import,
    Lottery,
    Order,
    Party,
    Rent,
    Sabotage,
    Theft,
    check_one_order_a_phase,
    phase_of,
    with_penalty,
)
from ledger.rules.egon.parse import parse_order

D = Decimal
PLAYERS = ("ABC", "DEF", "GHI", "XYZ")


def ok(text: str, player: str = "ABC") -> Order:
    order, errors = parse_order(text, player, players=PLAYERS)
    assert errors == ()
    assert order is not None
    return order


def bad(text: str, player: str = "ABC") -> tuple[str, ...]:
    order, errors = parse_order(text, player, players=PLAYERS)
    assert order is None
    assert errors
    return errors


# -- each of the twelve formats ------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("a,XYZ", Accuse("ABC", "XYZ", False)),
        ("a,Alois", Accuse("ABC", "Alois", True)),
        ("x,5,XYZ", Denounce("ABC", 5, "XYZ")),
        ("v", Rent("ABC")),
        ("l,17", Lottery("ABC", 17)),
        ("l,07", Lottery("ABC", 7)),
        ("f,900", Forge("ABC", D(900))),
        ("g,Alois,200", Bribe("ABC", "Alois", D(200))),
        ("p,300", Party("ABC", D(300), ())),
        ("p,300,DEF,GHI", Party("ABC", D(300), ("DEF", "GHI"))),
        ("i,4", Import("ABC", 4)),
        ("b,2", Guard("ABC", 2)),
        ("d,3,XYZ", Theft("ABC", 3, "XYZ")),
        ("s,500,XYZ", Sabotage("ABC", D(500), "XYZ")),
        ("e,v,alle", Blackmail("ABC", ActionSpec("v"), None)),
        ("e,i,10,XYZ", Blackmail("ABC", ActionSpec("i", ("10",)), "XYZ")),
        ("e,a,DEF,alle", Blackmail("ABC", ActionSpec("a", ("DEF",)), None)),
        ("e,l,7,XYZ", Blackmail("ABC", ActionSpec("l", ("07",)), "XYZ")),
    ],
)
def test_the_twelve_formats(text: str, expected: object) -> None:
    assert ok(text) == expected


def test_codes_players_and_traders_ignore_case_and_spaces() -> None:
    assert ok(" A , xyz ") == Accuse("ABC", "XYZ", False)
    assert ok("G,bolle,50") == Bribe("ABC", "Bolle", D(50))
    assert ok("I,10") == Import("ABC", 10)  # 6.6.2 writes "I,10"


def test_the_action_may_be_written_out() -> None:
    # 5.: "Im Zweifelsfall kann die Aktion auch immer ausgeschrieben werden."
    assert ok("Anzeige,XYZ") == Accuse("ABC", "XYZ", False)
    assert ok("Diebstahl,3,XYZ") == Theft("ABC", 3, "XYZ")
    assert ok("Erpressen,Vermieten,alle") == Blackmail("ABC", ActionSpec("v"), None)


def test_text_round_trip() -> None:
    for text in (
        "a,XYZ",
        "x,5,XYZ",
        "v",
        "l,07",
        "f,900",
        "g,Alois,200",
        "p,300,DEF",
        "i,4",
        "b,2",
        "d,3,XYZ",
        "s,500,XYZ",
        "e,i,10,XYZ",
        "e,v,alle",
    ):
        assert ok(text).text() == text


def test_phases() -> None:
    # 4.2: 5.1-5.6 before buying, 6.1-6.6 after
    assert [phase_of(ok(t)) for t in ("a,XYZ", "v", "g,Egon,1")] == [1, 1, 1]
    assert [phase_of(ok(t)) for t in ("p,1", "b,1", "e,v,alle")] == [2, 2, 2]


# -- errors, each naming its reason ----------------------------------------------------------


def test_unknown_code() -> None:
    assert "unknown order code 'q'" in bad("q,1")[0]


def test_empty_order() -> None:
    assert bad("") == ("the order is empty",)


@pytest.mark.parametrize(
    "text", ["a", "a,XYZ,DEF", "x,5", "v,1", "l", "g,Alois", "d,3", "s,5", "e,alle", "i", "b", "f"]
)
def test_wrong_number_of_fields(text: str) -> None:
    assert "wrong number of fields" in bad(text)[0]


def test_unknown_player_and_trader() -> None:
    assert bad("d,3,QQQ") == ("unknown player 'QQQ'",)
    assert "unknown trader 'Fritz'" in bad("g,Fritz,100")[0]
    assert bad("a,Fritz") == ("unknown player or trader 'Fritz'",)
    assert "not a three-letter pseudonym" in bad("d,3,QQQQ")[0]
    assert bad("v", player="QQQ") == ("unknown player 'QQQ'",)


@pytest.mark.parametrize("number", ["00", "50", "99", "100", "ab", "-1", "4.5"])
def test_losnummer_outside_01_49(number: str) -> None:
    assert "Losnummer" in bad(f"l,{number}")[0]


@pytest.mark.parametrize("text", ["f,-900", "g,Alois,-1", "s,-5,XYZ", "p,-300"])
def test_negative_amount(text: str) -> None:
    assert "is negative" in bad(text)[0]


def test_zero_and_cents_are_refused() -> None:
    assert "must be more than 0 Kj" in bad("f,0")[0]
    assert "not a whole number of Kj" in bad("f,10.50")[0]
    assert "comma" in bad("f,10,5")[0] or "wrong number" in bad("f,10,5")[0]


@pytest.mark.parametrize("text", ["x,0,XYZ", "i,0", "b,0", "d,0,XYZ"])
def test_counts_must_be_at_least_one(text: str) -> None:
    assert "must be at least 1" in bad(text)[0]


def test_negative_counts() -> None:
    assert bad("i,-2") == ("Anzahl -2 is negative",)
    assert bad("x,-5,XYZ") == ("Punkte -5 is negative",)


def test_no_order_against_oneself() -> None:
    for text in ("a,ABC", "x,5,ABC", "d,1,ABC", "s,100,ABC", "e,v,ABC", "p,100,ABC"):
        assert "cannot name himself" in bad(text)[0]


def test_guest_listed_twice() -> None:
    assert bad("p,300,DEF,DEF") == ("a guest is on the guest list twice (6.1)",)


def test_blackmail_inner_action_is_checked() -> None:
    errors = bad("e,l,77,XYZ")
    assert errors == ("Erpressen, in the action 'l,77': Losnummer 77 is outside 01-49 (5.4)",)
    assert "unknown action 'q'" in bad("e,q,alle")[0]
    # forcing XYZ to accuse himself is impossible
    assert "cannot name himself" in bad("e,a,XYZ,XYZ")[0]


def test_several_errors_are_all_reported() -> None:
    errors = bad("s,-5,QQQ")
    assert errors == ("Betrag -5 is negative", "unknown player 'QQQ'")


def test_action_spec_matches() -> None:
    spec_any = ActionSpec("i")
    spec_ten = ActionSpec("i", ("10",))
    assert spec_any.matches(Import("DEF", 3))
    assert spec_ten.matches(Import("DEF", 10))
    assert not spec_ten.matches(Import("DEF", 3))
    assert not spec_any.matches(Guard("DEF", 3))
    assert not spec_any.matches(None)


def test_penalty_is_entered_by_the_game_master() -> None:
    # 6.6.2/6.6.21: the Strafe is in the article; the game master enters it.
    order = ok("e,v,alle")
    assert isinstance(order, Blackmail)
    fined = with_penalty(order, D(500), 2)
    assert (fined.penalty_kj, fined.penalty_stones) == (D("500.00"), 2)
    with pytest.raises(ValueError, match="negative"):
        with_penalty(order, D(-1))


def test_4_1_one_order_a_phase() -> None:
    orders = [ok("v"), ok("l,17"), ok("b,2")]
    assert check_one_order_a_phase(orders) == (
        "ABC has two orders in action phase 1 (v and l,17); 4.1 allows one",
    )
    assert check_one_order_a_phase([ok("v"), ok("b,2"), ok("v", "DEF")]) == ()
