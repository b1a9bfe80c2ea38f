"""Planetopoly's printed tables as their CSV files give them (issue 38): each compared with the
table typed by hand from ../shared/rules/planetopoly.txt (§11) and the README's rulings (§5's
levels), so a mistyped cell of a CSV file fails."""

from __future__ import annotations

from ledger.core import data
from ledger.rules.planetopoly import tables

PACKAGE = "ledger.rules.planetopoly"


def test_11_risk_table_from_its_csv() -> None:
    assert tables.RISK == (
        (-100, 30, -120, 90, -180, 150),
        (30, 200, -30, 180, -90, 240),
        (-120, -30, -300, 30, -240, 90),
        (90, 180, 30, 400, -30, 300),
        (-180, -90, -240, -30, -500, 30),
        (150, 240, 90, 300, 30, 600),
    )
    assert {row["rule"] for row in data.rows(PACKAGE, "risk_table.csv")} == {"§11"}


def test_11_speed_trap_and_toll_station_rents_from_their_csv() -> None:
    assert tables.ST_RENT_PRINTED == {
        1: (100, 150, 200, 250, 300, 350, 400, 450, 500, 550, 600),
        2: (200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200),
        3: (300, 450, 600, 750, 900, 1050, 1200, 1350, 1500, 1650, 1800),
        4: (400, 600, 800, 1000, 1200, 1400, 1600, 1800, 2000, 2200, 2400),
    }
    assert {row["rule"] for row in data.rows(PACKAGE, "st_rent_table.csv")} == {"§11"}


def test_5_rent_levels_from_their_csv() -> None:
    assert tables.RENT_LEVELS == (
        (0, "rent", "bare plot"),
        (1, "rent_1_point", "1 support point"),
        (2, "rent_2_points", "2 support points"),
        (3, "rent_station", "a space station"),
        (4, "rent_station_1_point", "a space station + 1 support point"),
        (5, "rent_station_2_points", "a space station + 2 support points"),
        (6, "rent_2_stations", "2 space stations"),
        (7, "rent_2_stations_1_point", "2 space stations + 1 support point"),
        (8, "rent_2_stations_2_points", "2 space stations + 2 support points"),
        (9, "rent_base", "a space base"),
    )
    assert {row["rule"] for row in data.rows(PACKAGE, "rent_levels.csv")} == {"§5"}
