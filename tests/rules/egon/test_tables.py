"""Egon's printed numbers as their CSV files give them (issue 38): each compared with the number
typed by hand from the rule texts (egon-5-..., egon-6-...) and the README's rulings, with the
rule it comes from, so a mistyped cell of numbers.csv or jackpot_table.csv fails. A Decimal
stays a Decimal with its digits (150, not 150.00): the settings sheet shows it as it is."""

from __future__ import annotations

from decimal import Decimal

import pytest

from ledger.core import data
from ledger.rules.egon import tables

D = Decimal
PACKAGE = "ledger.rules.egon"

#: Each name of tables.py -> (its rule, its value), as tables.py had them typed in.
NUMBERS: dict[str, tuple[str, object]] = {
    "ROUNDS": ("1.4", 13),
    "MAX_PLAYERS": ("1.3", 12),
    "FOUNDATION": ("1.5", 12),
    "TRADERS": ("8.1", ("Alois", "Bolle", "Cyrus", "Dovid", "Egon")),
    "LOTTERY_LOWEST": ("README", 1),
    "LOTTERY_HIGHEST": ("README", 49),
    "ZUCHTHAUS_DI_LIMIT": ("4.6.4", 50),
    "SALARY_PER_LOTTERY_POINT": ("2", D("10")),
    "SALARY_PER_TOWER_STONE": ("2", D("10")),
    "DEBT_INTEREST_PERCENT": ("2", D("50")),
    "OUT_DEBT_LIMIT": ("2", D("10000")),
    "ORDER_COUNT_MOST": ("issue 36", 99),
    "ORDER_KJ_MOST": ("issue 36", D("100000")),
    "BRIBE_CAUGHT_DI": ("5.1.1", 4),
    "ACCUSED_DI_BONUS": ("5.1.2", 13),
    "ACCUSE_FAILS_AT": ("5.1.7", 30),
    "ACCUSE_SLANDER_AT": ("5.1.7", 45),
    "ACCUSE_JAIL_AT": ("5.1.7", 60),
    "SLANDER_DI": ("5.1.7", 5),
    "DENOUNCE_LIMIT": ("5.2.1", 50),
    "DENOUNCE_POINTS_FACTOR": ("5.2.1", 5),
    "DENOUNCE_INVALID_DI": ("5.2.4", 5),
    "RENT_FACTOR": ("5.3.1", 50),
    "RENT_BASE": ("5.3.1", 30),
    "RENT_DIVISOR_OFFSET": ("5.3.1", 2),
    "LOTTERY_TICKET": ("5.4", D("150")),
    "FORGERY_DIVISOR": ("5.5.2", 300),
    "FORGERY_Z6_FACTOR": ("5.5.2", 12),
    "FORGERY_CAUGHT_AT": ("5.5.3", 70),
    "FORGERY_P_FACTOR": ("5.5.3", 2),
    "PARTY_ZZ_FACTOR": ("6.1.1", 10),
    "IMPORT_SQUARE_FACTOR": ("6.2.1", D("4")),
    "GUARD_PRICE": ("6.3.1", D("50")),
    "THEFT_SURE_BELOW": ("6.4.1", 31),
    "THEFT_UNGUARDED_UPTO": ("6.4.1", 50),
    "THEFT_PENALTY_UPTO": ("6.4.1", 70),
    "THEFT_DI_PER_STONE": ("6.4.1", 2),
    "SABOTAGE_DI_LIMIT": ("6.5.31", 50),
    "SABOTAGE_SUCCESS_DIVISOR": ("6.5.32", 20),
    "BLACKMAIL_ACCUSED_PERCENT": ("6.6.5", 15),
    "JAIL_ROUNDS": ("5.5.3", 1),
    "ZUCHTHAUS_ROUNDS": ("4.6.4", 2),
    "LOWEST_Z6": ("5.2.4", 1),
}


@pytest.mark.parametrize("name", NUMBERS, ids=lambda name: f"{NUMBERS[name][0]} {name}")
def test_egon_number_from_numbers_csv_by_its_rule(name: str) -> None:
    _, value = NUMBERS[name]
    read = getattr(tables, name)
    assert (type(read), read, str(read)) == (type(value), value, str(value))


def test_egon_numbers_csv_holds_each_number_once_with_its_rule() -> None:
    rows = data.rows(PACKAGE, "numbers.csv")
    assert [row["key"] for row in rows] == [name.lower() for name in NUMBERS]
    assert {row["key"]: row["rule"] for row in rows} == {
        name.lower(): rule for name, (rule, _) in NUMBERS.items()
    }


def test_5_4_7_jackpot_table_from_its_csv() -> None:
    table = tables.JACKPOT_TABLE
    assert table == {
        "A": (D("2000"), D("3200"), D("200")),
        "B": (D("1000"), D("1600"), D("100")),
        "C": (D("500"), D("800"), D("50")),
    }
    assert " ".join(str(n) for row in table.values() for n in row) == (
        "2000 3200 200 1000 1600 100 500 800 50"
    )
    assert {row["rule"] for row in data.rows(PACKAGE, "jackpot_table.csv")} == {"5.4.7"}


def test_orders_csv_reads_each_orders_fields_in_its_records_order() -> None:
    """A row of orders.csv whose `reads` names fewer or more fields than the order takes, a
    kind no reader knows, or an `also` in capitals would fail only when a player typed that
    order: each is held here, at once."""
    from ledger.rules.egon.orders import ORDER_KINDS
    from ledger.rules.egon.parse import _READ, _READERS, _RECORDS

    for code, kind in ORDER_KINDS.items():
        assert kind.also == kind.also.lower(), code
        if code in _READERS:  # read by a function of its own
            continue
        reads = [f.split(" ", 1) for f in kind.reads.split(";") if f]
        assert kind.least == len(reads) == kind.most, code
        assert all(k in _READ and what for k, what in reads), code
        fields = _RECORDS[code].__struct_fields__  # type: ignore[attr-defined]
        assert len(fields) == 1 + len(reads), code  # the player, then what reads names


def test_setting_docs_csv_documents_every_setting_once() -> None:
    from dataclasses import fields

    from ledger.rules.egon.tables import EgonSettings

    rows = data.rows(PACKAGE, "setting_docs.csv")
    assert [r["key"] for r in rows] == [f.name for f in fields(EgonSettings)]
    assert {r["in_text"] for r in rows} <= {"yes", "no"}
    assert all(r["rule"] and r["doc"] for r in rows)
