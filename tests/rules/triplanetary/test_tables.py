"""Tests of the Triplanetary Variant V/2 rule tables (§3, §6, §12, §17, §26, §36, §38-§41).

Every expected value below is copied by hand from
/work/shared/rules/triplanetary-variant-v2.txt and the README rulings, not computed
from the code under test, so a mistyped row or a misplaced band fails.
"""

from decimal import Decimal
from itertools import pairwise

import pytest

from ledger.rules.triplanetary import tables as t
from ledger.rules.triplanetary.tables import Kind, TrialOutcomeKind

D = Decimal

# ---------------------------------------------------------------------------
# §38 Equipment price list
# ---------------------------------------------------------------------------

# key: (printed name, price, fuel, cargo capacity, cargo size, kind)
S38_ROWS: dict[str, tuple[str, str, int | None, int | None, int | None, Kind]] = {
    "transport": ("Transport", "10", 10, 50, None, Kind.SHIP),
    "packet": ("Packet", "50", 10, 50, None, Kind.SHIP),
    "corvette": ("Corvette", "50", 20, 5, None, Kind.SHIP),
    "corsair": ("Corsair", "100", 20, 10, None, Kind.SHIP),
    "frigate": ("Frigate", "200", 20, 40, None, Kind.SHIP),
    "dreadnaught": ("Dreadnaught", "375", 15, 50, None, Kind.SHIP),
    "tanker": ("Tanker", "20", 50, None, None, Kind.SHIP),
    "liner": ("Liner", "100", 10, 50, None, Kind.SHIP),
    "torch-ship": ("Torch Ship", "400", None, 10, None, Kind.SHIP),
    "orbital-base": ("Orbital Base", "400", None, 50, None, Kind.BASE),
    "executive-liner": ("Executive Liner", "250", 20, 20, None, Kind.SHIP),
    "bussard-ramscoop": ("Bussard Ramscoop", "500", 15, 250, None, Kind.SHIP),
    "sun-ship": ("Sun Ship", "10", 6, 50, None, Kind.SHIP),
    "sun-ship-sail": ("Sun Ship Sail", "5", None, None, 10, Kind.EQUIPMENT),
    "base": ("Base", "250", None, None, 50, Kind.BASE),
    "recreation-module": ("Recreation Module", "50", None, None, 50, Kind.MODULE),
    "pseudo-magnetic-grapples": ("Pseudo-magnetic Grapples", "50", None, None, 45, Kind.EQUIPMENT),
    "special-clandestine-radar": (
        "Special Clandestine Radar",
        "25",
        None,
        None,
        None,
        Kind.EQUIPMENT,
    ),
    "automated-mining-equipment": (
        "Automated Mining Equipment",
        "5",
        None,
        None,
        10,
        Kind.EQUIPMENT,
    ),
    "ore-processor": ("Ore Processor", "30", None, None, 25, Kind.EQUIPMENT),
    "mark-i-mine": ("Mark I Mine", "25", None, None, 10, Kind.EQUIPMENT),
    "mark-ii-mine": ("Mark II Mine", "50", None, None, 5, Kind.EQUIPMENT),
    "mark-i-torpedo": ("Mark I Torpedo", "50", 2, None, 20, Kind.EQUIPMENT),
    "mark-ii-torpedo": ("Mark II Torpedo", "75", 2, None, 10, Kind.EQUIPMENT),
    "mark-iii-torpedo": ("Mark III Torpedo", "150", 2, None, 10, Kind.EQUIPMENT),
    "nuke": ("Nuke", "500", None, None, 20, Kind.EQUIPMENT),
    "fuel": ("Fuel, per point", "1", None, None, None, Kind.CONSUMABLE),
    "crew-day": ("Crew, per day/turn", "0.2", None, None, 4, Kind.CONSUMABLE),
    "supply-month": ("One months supply", "1", None, None, 1, Kind.CONSUMABLE),
}


def test_s38_price_list_has_every_row() -> None:
    assert len(t.EQUIPMENT) == 29
    assert [e.key for e in t.EQUIPMENT] == list(S38_ROWS)
    assert len({e.key for e in t.EQUIPMENT}) == 29


@pytest.mark.parametrize("key", list(S38_ROWS))
def test_s38_price_list_row(key: str) -> None:
    name, price, fuel, capacity, size, kind = S38_ROWS[key]
    row = t.EQUIPMENT_BY_KEY[key]
    assert row.key == key
    assert row.name == name
    assert isinstance(row.price, Decimal)
    assert row.price == D(price)
    assert str(row.price) == price  # built from the printed string, not a float
    assert row.fuel == fuel
    assert row.cargo_capacity_cp == capacity
    assert row.cargo_size_cp == size
    assert row.kind is kind


def test_s38_equipment_by_key() -> None:
    assert set(t.EQUIPMENT_BY_KEY) == set(S38_ROWS)
    assert all(t.EQUIPMENT_BY_KEY[e.key] is e for e in t.EQUIPMENT)
    assert t.equipment("Mark-I-Torpedo").name == "Mark I Torpedo"
    with pytest.raises(KeyError):
        t.equipment("death-star")


def test_s38_rows_are_frozen() -> None:
    row = t.EQUIPMENT_BY_KEY["transport"]
    with pytest.raises(AttributeError):
        row.price = D("1")  # type: ignore[misc]


def test_s38_attack_factors() -> None:
    # README ruling: the printed Triplanetary combat strengths.
    expected = {
        "packet": 2,
        "corvette": 2,
        "corsair": 4,
        "frigate": 8,
        "dreadnaught": 15,
        "torch-ship": 8,
        "orbital-base": 16,
    }
    assert {e.key: e.attack_factor for e in t.EQUIPMENT if e.attack_factor is not None} == expected


def test_s38_warship_prices_are_25_kc_per_factor_except_the_torch_ship() -> None:
    for key in ("packet", "corvette", "corsair", "frigate", "dreadnaught", "orbital-base"):
        row = t.EQUIPMENT_BY_KEY[key]
        assert row.attack_factor is not None
        assert row.price == 25 * row.attack_factor, key
    assert t.EQUIPMENT_BY_KEY["torch-ship"].price == D("400")


def test_s10_commercial_d_ships() -> None:
    expected = {"transport": 1, "tanker": 1, "liner": 2}
    assert {e.key: e.commercial_d for e in t.EQUIPMENT if e.commercial_d is not None} == expected
    for key in expected:
        assert t.EQUIPMENT_BY_KEY[key].attack_factor is None


def test_s38_torch_ship_fuel_is_unlimited() -> None:
    torch = t.EQUIPMENT_BY_KEY["torch-ship"]
    assert torch.fuel is None
    assert torch.fuel_unlimited is True
    assert [e.key for e in t.EQUIPMENT if e.fuel_unlimited] == ["torch-ship"]


def test_s38_sun_ship_cargo_range() -> None:
    sun = t.EQUIPMENT_BY_KEY["sun-ship"]
    assert (sun.cargo_capacity_min_cp, sun.cargo_capacity_cp) == (5, 50)
    assert [e.key for e in t.EQUIPMENT if e.cargo_capacity_min_cp is not None] == ["sun-ship"]


def test_s38_liner_carries_25_passengers_at_2_cp_each() -> None:
    liner = t.EQUIPMENT_BY_KEY["liner"]
    assert liner.passengers == 25
    assert liner.cargo_capacity_cp == 25 * t.PASSENGER_CARGO_CP  # §28
    assert [e.key for e in t.EQUIPMENT if e.passengers is not None] == ["liner"]


def test_s19_base_stores_unlimited() -> None:
    assert [e.key for e in t.EQUIPMENT if e.storage_unlimited] == ["base"]


def test_s17_weapon_sizes_agree_with_the_text() -> None:
    # §17: Mark I mine 10 CP, Mark II mine 5, Mark I torpedo 20, Mark II 10, Mark III 10.
    sizes = {"mark-i-mine": 10, "mark-ii-mine": 5, "mark-i-torpedo": 20}
    sizes |= {"mark-ii-torpedo": 10, "mark-iii-torpedo": 10}
    for key, cp in sizes.items():
        assert t.EQUIPMENT_BY_KEY[key].cargo_size_cp == cp


def test_s12_build_days() -> None:
    expected = {
        "transport": 30,
        "packet": 60,
        "corvette": 60,
        "corsair": 120,
        "frigate": 240,
        "dreadnaught": 450,
        "tanker": 30,
        "liner": 60,
        "torch-ship": 240,
        "orbital-base": 480,
        "executive-liner": 30,
        "bussard-ramscoop": 30,
        "sun-ship": 30,
        "base": 30,
        "recreation-module": 30,
    }
    assert {e.key: e.build_days for e in t.EQUIPMENT if e.build_days} == expected


def test_s12_build_days_follow_the_rulings() -> None:
    for e in t.EQUIPMENT:
        if e.attack_factor is not None:
            assert e.build_days == t.BUILD_DAYS_PER_ATTACK_FACTOR * e.attack_factor, e.key
        elif e.commercial_d is not None:
            assert e.build_days == t.BUILD_DAYS_PER_COMMERCIAL_D * e.commercial_d, e.key
        elif e.kind == Kind.SHIP:  # Executive Liner, Sun Ship, Bussard Ramscoop
            assert e.build_days == t.BUILD_DAYS_UNRATED == 30, e.key
        elif e.kind in (Kind.BASE, Kind.MODULE):
            assert e.build_days == t.BUILD_DAYS_BASE_OR_MODULE == 30, e.key
        else:
            assert e.build_days == 0, e.key


# ---------------------------------------------------------------------------
# §3, §6, §30 Places and banks
# ---------------------------------------------------------------------------


def test_s30_places_and_banks() -> None:
    places = ("Mercury", "Venus", "Earth", "Luna", "Mars", "Ceres", "Callisto", "Ganymede", "Io")
    assert places == t.PLACES
    assert set(t.BANKS) == set(places)
    assert "Jupiter" not in t.PLACES  # §22


def test_s3_s6_start_places() -> None:
    assert t.START_BANK == "Ceres"
    assert D("25") == t.START_MONEY
    assert t.PATROL_HOME == "Luna"
    assert D("500") == t.PATROL_START_MONEY
    assert t.START_BANK in t.BANKS
    assert t.PATROL_HOME in t.BANKS


def test_canonical_place() -> None:
    assert t.canonical_place(" ceres ") == "Ceres"
    assert t.canonical_place("GANYMEDE") == "Ganymede"
    assert t.canonical_place("Jupiter") is None


# ---------------------------------------------------------------------------
# §39 Trade items and values, §26 saturation
# ---------------------------------------------------------------------------

# (good, place, sell price or None, buy price or None), by hand from §39
S39_PRICES = [
    ("raw-ore", "Ceres", "1", None),
    ("raw-ore", "Callisto", "1", None),
    ("raw-ore", "Earth", None, None),
    ("processed-ore", "Ceres", "1.5", "2"),
    ("processed-ore", "Callisto", "1.5", "2.5"),
    ("processed-ore", "Mars", "2.5", None),
    ("processed-ore", "Venus", "3", None),
    ("processed-ore", "Earth", "3.5", None),
    ("processed-ore", "Ganymede", None, None),
    ("manufactured-goods", "Venus", "3.5", "3"),
    ("manufactured-goods", "Earth", None, "4"),
    ("manufactured-goods", "Mars", "5.5", "5"),
    ("manufactured-goods", "Ceres", "5.5", None),
    ("manufactured-goods", "Callisto", "6", None),
    ("manufactured-goods", "Ganymede", "6", None),
    ("manufactured-goods", "Io", None, None),
    ("cordrazite", "Earth", "25", None),
    ("cordrazite", "Ganymede", None, "12.5"),
    ("cordrazine", "Earth", "75", "50"),
    ("cordrazine", "Io", "75", None),
    ("cordrazine", "Ceres", "75", None),
    ("c-t-ore", "Ceres", "100", None),
    ("c-t-ore", "Callisto", None, None),
]


def test_s39_trade_table_rows() -> None:
    assert len(t.TRADE) == 22
    assert sum(1 for r in t.TRADE if r.side == "sell") == 15
    assert sum(1 for r in t.TRADE if r.side == "buy") == 7
    assert {r.good_key for r in t.TRADE} == {g.key for g in t.GOODS}
    assert [g.key for g in t.GOODS] == [
        "raw-ore",
        "processed-ore",
        "manufactured-goods",
        "cordrazite",
        "cordrazine",
        "c-t-ore",
    ]
    assert all(isinstance(r.price, Decimal) for r in t.TRADE)
    assert all(r.place in t.PLACES or r.place == t.ANYWHERE for r in t.TRADE)
    assert [r.place for r in t.TRADE if r.place == t.ANYWHERE] == ["*"]


@pytest.mark.parametrize(("good", "place", "sell", "buy"), S39_PRICES)
def test_s39_sell_and_buy_prices(good: str, place: str, sell: str | None, buy: str | None) -> None:
    assert t.sell_price(good, place) == (None if sell is None else D(sell))
    assert t.buy_price(good, place) == (None if buy is None else D(buy))


def test_s39_cordrazine_sells_anywhere() -> None:
    row = next(r for r in t.TRADE if r.good_key == "cordrazine" and r.side == "sell")
    assert row.place == t.ANYWHERE
    for place in t.PLACES:
        assert t.sell_price("cordrazine", place) == D("75")
    assert t.sell_price("cordrazine", "some base in the belt") is None
    assert t.places_selling("cordrazine") == t.PLACES


def test_s39_places_selling_and_buying() -> None:
    assert t.places_selling("raw-ore") == ("Ceres", "Callisto")
    assert t.places_buying("raw-ore") == ()
    assert t.places_selling("processed-ore") == ("Ceres", "Callisto", "Mars", "Venus", "Earth")
    assert t.places_buying("processed-ore") == ("Ceres", "Callisto")
    assert t.places_selling("manufactured-goods") == (
        "Venus",
        "Mars",
        "Ceres",
        "Callisto",
        "Ganymede",
    )
    assert t.places_buying("manufactured-goods") == ("Venus", "Earth", "Mars")
    assert t.places_selling("cordrazite") == ("Earth",)
    assert t.places_buying("cordrazite") == ("Ganymede",)
    assert t.places_buying("cordrazine") == ("Earth",)
    assert t.places_selling("c-t-ore") == ("Ceres",)
    assert t.places_buying("c-t-ore") == ()


def test_s39_place_names_are_case_insensitive() -> None:
    assert t.sell_price("processed-ore", "earth") == D("3.5")
    assert t.buy_price("cordrazite", " GANYMEDE ") == D("12.5")


def test_s39_unknown_good_is_an_error() -> None:
    with pytest.raises(KeyError):
        t.sell_price("spice", "Earth")
    with pytest.raises(KeyError):
        t.places_buying("spice")


def test_s26_saturation_exempt_goods() -> None:
    assert frozenset({"raw-ore", "cordrazite", "cordrazine"}) == t.SATURATION_EXEMPT
    assert {g.key for g in t.GOODS} >= t.SATURATION_EXEMPT
    assert t.SATURATION_CP_PER_DAY == 10
    assert D("0.25") == t.SATURATION_PRICE_DROP


# ---------------------------------------------------------------------------
# §40 Space passenger lines
# ---------------------------------------------------------------------------

S40_ROUTES = [
    ("Earth", "Venus", "3", 3),
    ("Earth", "Mars", "4", 4),
    ("Earth", "Ceres", "4.5", 5),
    ("Earth", "Callisto", "5", 7),
    ("Earth", "Ganymede", "5", 6),
    ("Earth", "Mercury", "4", 25),
    ("Earth", "Io", "6", 35),
    ("Venus", "Earth", "3.5", 4),
    ("Venus", "Mars", "4", 5),
    ("Venus", "Ceres", "4.5", 6),
    ("Venus", "Callisto", "5.5", 11),
    ("Venus", "Ganymede", "6", 14),
    ("Ceres", "Earth", "4.5", 9),
    ("Ceres", "Venus", "4.5", 5),
    ("Ceres", "Mars", "2.5", 2),
    ("Ceres", "Callisto", "3", 5),
    ("Ceres", "Ganymede", "3.5", 5),
    ("Ceres", "Io", "4", 30),
    ("Callisto", "Earth", "5.5", 8),
    ("Callisto", "Venus", "6", 10),
    ("Callisto", "Mars", "4", 12),
    ("Callisto", "Ceres", "4", 8),
    ("Callisto", "Ganymede", "2", 5),
    ("Callisto", "Io", "4", 30),
    ("Ganymede", "Earth", "4", 10),
    ("Ganymede", "Venus", "5.5", 7),
    ("Ganymede", "Mars", "6", 14),
    ("Ganymede", "Ceres", "4.5", 10),
    ("Ganymede", "Callisto", "2", 5),
    ("Ganymede", "Io", "4", 30),
    ("Mercury", "Earth", "4.5", 25),
    ("Mercury", "Venus", "4.5", 25),
    ("Io", "Earth", "6.5", 30),
    ("Io", "Ceres", "4.5", 30),
    ("Io", "Callisto", "4", 30),
    ("Io", "Ganymede", "4", 30),
]


def test_s40_all_36_routes() -> None:
    assert len(S40_ROUTES) == 36
    got = [(r.frm, r.to, str(r.fare), r.turns_per_passenger) for r in t.LINER_ROUTES]
    assert got == S40_ROUTES
    assert all(isinstance(r.fare, Decimal) for r in t.LINER_ROUTES)


@pytest.mark.parametrize(("frm", "to", "fare", "turns"), S40_ROUTES)
def test_s40_liner_route(frm: str, to: str, fare: str, turns: int) -> None:
    route = t.liner_route(frm, to)
    assert route is not None
    assert (route.fare, route.turns_per_passenger) == (D(fare), turns)
    assert t.liner_route(frm.lower(), to.upper()) == route


def test_s40_unprinted_routes() -> None:
    assert t.liner_route("Mars", "Earth") is None  # no route starts at Mars
    assert t.liner_route("Mercury", "Io") is None
    assert t.liner_route("Earth", "Luna") is None
    assert t.liner_route("Earth", "Atlantis") is None


# ---------------------------------------------------------------------------
# §41 Trial results table
# ---------------------------------------------------------------------------

# code: (kind, fine KC, prison days, confiscation, printed label)
S41_OUTCOMES: dict[str, tuple[TrialOutcomeKind, str, int, str | None, str]] = {
    "SD": (TrialOutcomeKind.SUIT_DISMISSED, "0", 0, None, "Suit Dismissed"),
    "AQ": (TrialOutcomeKind.ACQUITTED, "0", 0, None, "Acquitted"),
    "F50": (TrialOutcomeKind.FINE, "50", 0, None, "50 KC Fine"),
    "F100": (TrialOutcomeKind.FINE, "100", 0, None, "100 KC Fine"),
    "F250": (TrialOutcomeKind.FINE, "250", 0, None, "250 KC Fine"),
    "F500": (TrialOutcomeKind.FINE, "500", 0, None, "500 KC Fine"),
    "P60": (TrialOutcomeKind.IMPRISONMENT, "500", 60, None, "60 Day Imprisonment + 500 KC Fine"),
    "P90": (TrialOutcomeKind.IMPRISONMENT, "1000", 90, None, "90 Day Imprisonment + 1000 KC Fine"),
    "P120": (
        TrialOutcomeKind.IMPRISONMENT,
        "1000",
        120,
        None,
        "120 Day Imprisonment + 1000 KC Fine",
    ),
    "P180": (
        TrialOutcomeKind.IMPRISONMENT,
        "2000",
        180,
        None,
        "180 Day Imprisonment + 2000 KC Fine",
    ),
    "P360": (
        TrialOutcomeKind.IMPRISONMENT,
        "5000",
        360,
        None,
        "360 Day Imprisonment + 5000 KC Fine",
    ),
    "P720F": (
        TrialOutcomeKind.IMPRISONMENT,
        "10000",
        720,
        None,
        "720 Day Imprisonment + 10,000 KC Fine",
    ),
    "P720H": (
        TrialOutcomeKind.IMPRISONMENT,
        "0",
        720,
        "half",
        "720 Day Imprisonment + Confiscation of 1/2 of all goods",
    ),
    "P1000A": (
        TrialOutcomeKind.IMPRISONMENT,
        "0",
        1000,
        "all",
        "1000 Day Imprisonment + Confiscation of all goods",
    ),
    "DEATH": (
        TrialOutcomeKind.DEATH,
        "0",
        0,
        "all",
        "Death to all involved + Confiscation of all goods",
    ),
}

# The printed chart, row by row: result -> (Class I, Class II, Class III).
S41_CHART: dict[int, tuple[str, str, str]] = {
    20: ("SD", "SD", "SD"),
    19: ("SD", "SD", "SD"),
    18: ("SD", "SD", "AQ"),
    17: ("SD", "SD", "AQ"),
    16: ("SD", "AQ", "AQ"),
    15: ("SD", "AQ", "AQ"),
    14: ("SD", "AQ", "F500"),
    13: ("SD", "AQ", "F500"),
    12: ("AQ", "AQ", "F500"),
    11: ("AQ", "AQ", "F500"),
    10: ("AQ", "F100", "F500"),
    9: ("AQ", "F100", "F500"),
    8: ("AQ", "F100", "P90"),
    7: ("AQ", "F100", "P90"),
    6: ("F50", "F250", "P90"),
    5: ("F50", "F250", "P90"),
    4: ("F50", "F250", "P180"),
    3: ("F50", "F250", "P180"),
    2: ("F100", "F250", "P180"),
    1: ("F100", "F250", "P180"),
    0: ("F100", "F500", "P360"),
    -1: ("F100", "F500", "P360"),
    -2: ("F100", "F500", "P360"),
    -3: ("F250", "F500", "P720F"),
    -4: ("F250", "F500", "P720F"),
    -5: ("F250", "P60", "P720F"),
    -6: ("F250", "P60", "P720F"),
    -7: ("F500", "P60", "P720F"),
    -8: ("F500", "P60", "P720F"),
    -9: ("F500", "P120", "P720H"),
    -10: ("F500", "P120", "P720H"),
    -11: ("F500", "P120", "P720H"),
    -12: ("F500", "P120", "P720H"),
    -13: ("P60", "P120", "P1000A"),
    -14: ("P60", "P120", "P1000A"),
    -15: ("P60", "P180", "P1000A"),
    -16: ("P60", "P180", "P1000A"),
    -17: ("P120", "P180", "DEATH"),
    -18: ("P120", "P180", "DEATH"),
    -19: ("P120", "P360", "DEATH"),
    -20: ("P120", "P360", "DEATH"),
}

# The maximum penalty of each column (its lowest band).
S41_MAXIMUM = {1: "P120", 2: "P360", 3: "DEATH"}

S41_CASES = [
    pytest.param(cls, result, S41_CHART[result][cls - 1], id=f"class{cls}-{result}")
    for cls in (1, 2, 3)
    for result in range(20, -21, -1)
]


def test_s41_chart_is_complete() -> None:
    assert sorted(S41_CHART) == list(range(-20, 21))
    assert len(S41_CASES) == 123


@pytest.mark.parametrize(("cls", "result", "code"), S41_CASES)
def test_s41_trial_table(cls: int, result: int, code: str) -> None:
    kind, fine, days, confiscate, label = S41_OUTCOMES[code]
    outcome = t.trial_outcome(cls, result)
    assert outcome.kind is kind
    assert outcome.fine == D(fine)
    assert outcome.prison_days == days
    assert outcome.confiscate == confiscate
    assert outcome.label == label
    assert outcome.maximum_penalty is (code == S41_MAXIMUM[cls])
    assert t.is_maximum_penalty(cls, result) is (code == S41_MAXIMUM[cls])


def test_s41_bands_cover_every_result_once() -> None:
    for cls, bands in t.TRIAL_TABLE.items():
        covered = [r for b in bands for r in range(b.low, b.high + 1)]
        assert sorted(covered) == list(range(-20, 21)), cls
        assert bands[0].high == 20 and bands[-1].low == -20
        # printed top to bottom, each band below the previous one
        assert all(a.low == b.high + 1 for a, b in pairwise(bands))
        assert [b.outcome.maximum_penalty for b in bands] == [False] * (len(bands) - 1) + [True]


@pytest.mark.parametrize("cls", [1, 2, 3])
def test_s41_results_above_20_read_as_20(cls: int) -> None:
    assert t.trial_outcome(cls, 25) == t.trial_outcome(cls, 20)
    assert t.trial_outcome(cls, 21) == t.trial_outcome(cls, 20)
    assert t.trial_outcome(cls, 25).kind is TrialOutcomeKind.SUIT_DISMISSED


@pytest.mark.parametrize("cls", [1, 2, 3])
def test_s41_results_below_minus_20_read_as_minus_20(cls: int) -> None:
    assert t.trial_outcome(cls, -30) == t.trial_outcome(cls, -20)
    assert t.trial_outcome(cls, -21) == t.trial_outcome(cls, -20)
    assert t.is_maximum_penalty(cls, -30)


def test_s41_clamp_trial_result() -> None:
    assert [t.clamp_trial_result(r) for r in (-99, -21, -20, 0, 20, 21, 99)] == [
        -20,
        -20,
        -20,
        0,
        20,
        20,
        20,
    ]


def test_s41_maximum_penalty_flag() -> None:
    assert t.is_maximum_penalty(1, -17)
    assert not t.is_maximum_penalty(1, -16)
    assert t.is_maximum_penalty(2, -19)
    assert not t.is_maximum_penalty(2, -18)
    # the same penalty is not the maximum in another column
    assert t.trial_outcome(2, -9).label == t.trial_outcome(1, -17).label
    assert not t.is_maximum_penalty(2, -9)
    assert t.is_maximum_penalty(3, -17)
    assert not t.is_maximum_penalty(3, -16)
    assert not t.is_maximum_penalty(3, 20)


@pytest.mark.parametrize(
    ("spelling", "cls"),
    [(1, 1), (2, 2), (3, 3), ("I", 1), ("ii", 2), ("III", 3), ("3", 3), ("class II", 2)],
)
def test_s36a_crime_class_spellings(spelling: int | str, cls: int) -> None:
    assert t.parse_crime_class(spelling) == cls
    assert t.trial_outcome(spelling, 0) == t.trial_outcome(cls, 0)


@pytest.mark.parametrize("bad", [0, 4, "IV", "", "x", True])
def test_s36a_bad_crime_class(bad: int | str) -> None:
    with pytest.raises(ValueError):
        t.trial_outcome(bad, 0)


# ---------------------------------------------------------------------------
# §36C Public relations, §36D Bribery
# ---------------------------------------------------------------------------


def test_s36c_public_relations_changes() -> None:
    assert t.PR_START == 0
    assert t.PR_HEROISM == 1
    assert t.PR_LINER_RUNNING == 5
    assert t.PR_RECREATION_MARS_OR_BELTWARD == 2
    assert t.PR_SERVICE_TO_CORPORATIONS == 1
    assert t.PR_SUIT_DISMISSED == 1
    assert t.PR_RESULT_21_OR_MORE == 2
    assert t.PR_PROGRAM_PER_5000 == 1
    assert D("5000") == t.PR_PROGRAM_COST
    assert t.PR_COLONIZATION == 5
    assert t.PR_RECREATION_EARTH_OR_SUNWARD == -2
    assert t.PR_LINER_STOPPED == -1
    assert t.PR_MAXIMUM_PENALTY == -1
    assert t.PR_RESULT_MINUS_21_OR_LESS == -2
    assert t.PR_FAILED_BRIBE == -1
    assert t.PR_PIRATE == -15
    assert t.PR_WARLORD == -15


def test_s36d_bribery() -> None:
    assert D("500") == t.BRIBE_COST
    assert isinstance(t.BRIBE_COST, Decimal)
    assert t.MAX_BRIBES == 3
    assert t.BRIBE_SUCCESS_MODIFIER == 1
    assert t.BRIBE_FAILURE_MODIFIER == -1
    assert [t.bribe_succeeds(r) for r in range(1, 7)] == [True, True, True, False, False, False]
    for bad in (0, 7):
        with pytest.raises(ValueError):
            t.bribe_succeeds(bad)
