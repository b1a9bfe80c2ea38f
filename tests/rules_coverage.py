"""The rules-coverage table: every numbered rule of Triplanetary Variant V/2 and of "Das kleine
Egon-Spiel" with what it states, and the tests that check each amount it states.

The rules are data written by reading the texts (/work/shared/rules/triplanetary-variant-v2.txt,
egon-5-erste-aktionsphase.de.txt, egon-6-zweite-aktionsphase.de.txt; the Egon game frame from
the README rulings, numbered as ledger/rules/egon/tables.py numbers them). A rule is one of:

- ``amount``: it states an amount, a period, a price or a formula. Each amount it states is a
  `Part`; a part is checked by the tests named after the rule (``test_s14_...``,
  ``test_6_5_32_...``) whose name holds one of the part's ``words`` (any such test when the part
  names no words), plus the tests it names in ``also`` (a test named after another rule that
  checks this amount too).
- ``map``: a rule of the board game's map, movement or combat, which the bank does not keep.
- ``none``: a rule that states no amount (a heading, a legal status, a rule left to the players).

Test names are read with `ast`, never run. A Triplanetary test names its rules as ``s<number>``
tokens right after ``test_`` (``test_s28_s40_...``, ``test_s36c_...``, ``test_s11a_...``),
anywhere under tests/ but tests/rules/egon/; an Egon test names its rule as the numbers right
after ``test_`` (``test_6_5_31_...``), under tests/rules/egon/ only. Names like ``test_12_...``
(an issue's item) name no rule.

    python -m tests.rules_coverage --write    # regenerate docs/rules-coverage.md
    python -m tests.rules_coverage --check    # exit 1 when it is stale or an amount has no test
(or ``make coverage-doc``). tests/test_rules_coverage.py runs the check.
"""

from __future__ import annotations

import argparse
import ast
import functools
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
DOC = ROOT / "docs" / "rules-coverage.md"

Game = Literal["triplanetary", "egon"]
Kind = Literal["amount", "map", "none"]


@dataclass(frozen=True, slots=True)
class Part:
    """One amount a rule states; ``words``: a test named after the rule checks it when its
    name holds one of them (every test named after the rule when empty); ``also``: tests named
    after other rules that check it."""

    what: str
    words: tuple[str, ...] = ()
    also: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Rule:
    game: Game
    number: str
    title: str
    kind: Kind
    states: str  # what it states (amount) or why it has no amount the bank checks
    parts: tuple[Part, ...] = ()

    def amounts(self) -> tuple[Part, ...]:
        if self.kind != "amount":
            return ()
        return self.parts or (Part(self.states),)


def _t(number: str, title: str, kind: Kind, states: str, *parts: Part) -> Rule:
    return Rule("triplanetary", number, title, kind, states, parts)


def _e(number: str, title: str, kind: Kind, states: str, *parts: Part) -> Rule:
    return Rule("egon", number, title, kind, states, parts)


A: Kind = "amount"
MAP: Kind = "map"
NONE: Kind = "none"

TRIPLANETARY: tuple[Rule, ...] = (
    _t("1", "Basic rules", MAP, "Triplanetary's movement and combat: played on the board."),
    _t("2", "Equipment", NONE, "No amount of its own: the prices are §38's list."),
    _t(
        "3",
        "Start of game",
        A,
        "Each player starts with 25 KC at Ceres; day 0 purchases ready at once (ruling).",
        Part("25 KC a player at Ceres", ("25_kc",)),
        Part("day 0: purchases ready at once, with 3 months of supplies", ("day_0",)),
    ),
    _t(
        "4",
        "Turn sequence",
        MAP,
        "The board game's turn sequence; the books count a turn as a day.",
    ),
    _t(
        "5",
        "Players",
        NONE,
        "Where a player is; a player killed aboard dies, the company dissolves.",
    ),
    _t(
        "6",
        "Space Patrol",
        A,
        "The Patrol starts with 500 KC and collects 1/2 of all taxes and all fines.",
        Part("starts with 500 KC", ("500",)),
        Part(
            "1/2 of all taxes",
            ("half",),
            ("test_s39_sell_at_the_price_of_the_place_with_10_percent_tax_split",),
        ),
        Part("all fines", ("fines",)),
    ),
    _t(
        "7",
        "Corporations",
        A,
        "Incorporation costs 5 KC and takes 5 days.",
        Part("5 KC, 5 days", ("5_kc",)),
    ),
    _t(
        "8",
        "Offices",
        A,
        "10 KC to set up, 5 KC every 30 days in advance; to restart, the same as to start.",
        Part("10 KC, then 5 KC every 30 days in advance", ("10_kc",)),
        Part("an unpaid office closes", ("closes",)),
    ),
    _t(
        "9",
        "Combining companies",
        A,
        "A company sale is taxed 10%; a merger costs 1000 KC and takes 120 days.",
        Part("a company sale taxed 10%", ("taxed",)),
        Part("a merger: 1000 KC, 120 days", ("1000_kc",)),
    ),
    _t("10", "Ships", MAP, "Commercial 'D' ships may not attack: combat."),
    _t("11", "New ships", NONE, "A heading: the ships are §11A-C."),
    _t(
        "11A",
        "Executive Liner",
        A,
        "As a mobile office: the ship's and an office's costs, 3 units of supply a month, the "
        "office takes 20 CP of its hold.",
    ),
    _t("11B", "Sunship", MAP, "Sailing, fuel use and the belt: movement on the map."),
    _t("11C", "Bussard Ramscoop", MAP, "The scoop at speed six or more: movement on the map."),
    _t(
        "12",
        "Building ships",
        A,
        "30 days per attack factor, paid in advance; a base or recreation module 30 days.",
    ),
    _t(
        "13",
        "Crews",
        A,
        "2 KC to hire, 0.1 KC a day; paid every 30 days, quit after 180; double after a quit; "
        "discharge = back wages + 14 days.",
        Part("2 KC to hire", ("hire_costs",)),
        Part("0.1 KC a day, paid every 30 days", ("wage",)),
        Part("quit after 180 unpaid days", ("180", "quit_day")),
        Part("double after a quit", ("double",)),
        Part("discharge: back wages + 14 days' severance", ("severance",)),
    ),
    _t(
        "14",
        "Supplies",
        A,
        "1 unit a crew a month; 3 months at the start and built in; 1 CP a unit beyond; "
        "emergency 14 days (ship) / 30 (base), replaced for 1 / 2 KC; 10 KC fine a day; none "
        "on a planet.",
        Part("1 unit a crew a month; 3 months; emergency 14 days; 10 KC a day", ("day_91",)),
        Part(
            "a ship bought on day 0 carries 3 months for its crews (2 and 3 crews)",
            ("two_crews", "three_crews", "2_crews", "3_crews", "crews_aboard", "fewer_units"),
        ),
        Part("1 CP a unit beyond 3 months", ("hold",)),
        Part("a base: 30 days of emergency supplies, 2 KC to replace", ("base",)),
        Part("a ship: 1 KC to replace", ("1_kc",)),
        Part("crews on a planet need none", ("planet",)),
    ),
    _t("15", "Fuel", A, "1 KC a unit of fuel.", Part("1 KC a unit", ("1_kc",))),
    _t("16", "Radios", MAP, "Radio ranges in hexes: the map."),
    _t("17", "Weapons", A, "Mines and torpedoes take 10, 5, 20, 10, 10 CP of the hold."),
    _t("18", "Towing", MAP, "Rigging and moving a tow: movement on the map."),
    _t(
        "19",
        "Bases",
        A,
        "A base holds an unlimited amount of supplies (its factor 2 and radar are combat).",
        Part("unlimited store", ("unlimited", "store")),
    ),
    _t(
        "20",
        "Recreational modules",
        A,
        "Crews spend half their pay at a module; ship crews only after 7 days at the base; "
        "a module uses 2 CP of supplies a month.",
        Part("half the pay", ("half",)),
        Part("ship crews: only after 7 days at the base, for the days there", ("7_days", "week")),
        Part("2 CP of supplies a month, shut down without", ("supplies",)),
    ),
    _t(
        "21",
        "Base to base transfer",
        A,
        "5 CP a day between adjacent bases.",
        Part("5 CP a day, spread over the days", ("cp",)),
    ),
    _t("22", "Planets", MAP, "Planetary defences and guns: combat."),
    _t(
        "23",
        "Prospecting",
        A,
        "The die: 6 = ore, twice on a re-examination, 1 then 1 = C-T (disabled 4 turns); a mine "
        "makes 1 CP a day, a C-T mine 1 CP every 5 days.",
        Part("mines: 1 CP a day, C-T 1 CP every 5 days", ("mine",)),
        Part("the prospecting dice", ("prospect", "dice", "die")),
    ),
    _t("24", "Mining claims", A, "A claim costs 1 KC a mine and takes a day."),
    _t(
        "25",
        "Trade",
        A,
        "A processor turns 4 CP raw ore into 1, up to 12 CP a day; Ceres and Callisto process; "
        "Ganymede makes 2 CP Cordrazite a day; Earth converts 4 Cordrazite into 1 Cordrazine a "
        "day.",
        Part("a processor: 12 CP of raw ore a day into a quarter", ("processor",)),
        Part("Ceres and Callisto process ore they hold", ("ceres", "callisto")),
        Part("Ganymede: 2 CP of Cordrazite a day", ("ganymede",)),
        Part("Earth: 4 Cordrazite into 1 Cordrazine a day", ("earth",)),
    ),
    _t(
        "26",
        "Market saturation",
        A,
        "1 day per 10 CP sold, 25% less; not raw ore, Cordrazite, Cordrazine.",
    ),
    _t("27", "Ore pick up", MAP, "Picking up at speed one: movement on the map."),
    _t(
        "28",
        "Space liners",
        A,
        "Passengers take 2 CP each; they gather while a line is open (fares and turns: §40).",
        Part("2 CP a passenger", ("2_cp",), ("test_s38_liner_carries_25_passengers_at_2_cp_each",)),
        Part("passengers gather while a line is open", ("passengers",)),
    ),
    _t(
        "29",
        "Taxes",
        A,
        "10% on every sale; every 360 days 10% of the price of all ships and bases, those being "
        "built included; unpaid: class I crime, two cycles make a pirate.",
        Part("10% on a sale", ("sale",)),
        Part("property tax: 10% every 360 days", ("360", "property")),
        Part("ships being built pay too", ("built", "colonization")),
        Part("unpaid: class I crime, two cycles a pirate", ("crime",)),
    ),
    _t(
        "30",
        "Banks",
        A,
        "A branch bank: 500 KC fee and 5000 KC reserve in Plutonium (1 CP a 100 KC); banks do not "
        "lend.",
        Part("500 KC fee, 5000 KC reserve, 1 CP a 100 KC", ("branch",)),
        Part("banks do not lend", ("overdraw",)),
    ),
    _t("31", "Lloyds of Luna", A, "Up to 50% of a cargo, full market value at the sale."),
    _t(
        "32",
        "Interstellar colonization",
        A,
        "Three Bussard ramscoops, 100,000 KC, 360 days.",
        Part("three ramscoops, 100,000 KC, 360 days", ("100000", "360", "three_ramscoops")),
    ),
    _t("33", "Piracy", NONE, "A legal status: a pirate trades only at Ceres; no amount."),
    _t("34", "Warlords", NONE, "A legal status and an empire on the map; no amount."),
    _t("35", "Kidnapping", NONE, "The ransom is whatever the kidnappers ask: no amount."),
    _t("36", "Criminal acts and trials", NONE, "A heading: the amounts are §36B-D."),
    _t("36A", "Crimes", NONE, "The three classes of crime: a list, no amount."),
    _t("36B", "Trials", A, "Result = die + public relations + bribes, read on §41."),
    _t(
        "36C",
        "Public relations",
        A,
        "+1 heroism, +5 a passenger line, ±2 recreation modules (Mars or beltward / Earth or "
        "sunward), +1 a service, +1 Suit Dismissed, +2 21 or more, +1 each 5000 KC program, +5 a "
        "colonization; -1 line stopped, -1 maximum penalty, -2 -21 or less, -1 failed bribe, -15 "
        "pirate, -15 warlord.",
        Part("the table's awards and penalties", ("changes", "awards")),
        Part("+1 Suit Dismissed, +2 for 21 or more", ("dismissed",)),
        Part("±2 with recreation modules by the place of the trial", ("recreation", "module")),
        Part("+1 a 5000 KC program on Earth", ("program",)),
    ),
    _t(
        "36D",
        "Bribery",
        A,
        "Up to 3 bribes a trial, 500 KC each; 1-3 +1, 4-6 -1.",
        Part("500 KC each, 1-3 +1, 4-6 -1", ("500",)),
        Part("at most three", ("three",)),
    ),
    _t("37", "End of game", NONE, "Whenever the players agree: no amount."),
    _t(
        "38",
        "Equipment price list",
        A,
        "Price, fuel and cargo of every item.",
        Part("the price list", ("price_list", "prices", "attack_factors", "cargo", "fuel_is")),
    ),
    _t(
        "39",
        "Trade items and values",
        A,
        "Sell and buy prices by place.",
        Part("the prices", ("prices", "table_rows", "price_of")),
    ),
    _t(
        "40",
        "Space passenger lines",
        A,
        "Fare and turns to gather a passenger, 36 routes.",
        Part("fares and turns", ("all_36", "liner_route", "unprinted", "fares")),
    ),
    _t(
        "41",
        "Trial results table",
        A,
        "The result of a trial by class and number.",
        Part("the table", ("table", "chart", "bands", "read_as")),
    ),
)

EGON: tuple[Rule, ...] = (
    _e("1.4", "Rounds", A, "A game has 13 rounds (README; the rule's number as in tables.py)."),
    _e("1.5", "Foundation", A, "Every tower starts on a 12-stone foundation (README)."),
    _e(
        "2",
        "Salary and debts",
        A,
        "Salary 10 x the sum of the 7 lottery numbers + 10 x tower; 50% interest a round on a "
        "negative balance; out past 10,000 Kj of debt (README).",
        Part("salary", ("salary_is",)),
        Part("50% interest", ("interest",)),
        Part("out past 10,000 Kj", ("10000",)),
    ),
    _e(
        "4.1",
        "One order a phase",
        NONE,
        "One order per player and action phase: a count of orders, no amount.",
    ),
    _e(
        "4.6.4",
        "Zuchthaus",
        A,
        "A DI above 50 sends to the Zuchthaus (README), for 2 rounds (ruling, setting).",
        Part("above 50", ("50",)),
        Part("two rounds", ("two_rounds",)),
    ),
    _e("5.1", "Anzeige", NONE, "A heading: the amounts are 5.1.1-5.1.7."),
    _e("5.1.1", "Accused trader", A, "The trader's bribes are forfeit; +4 DI each briber."),
    _e("5.1.2", "Accused player", A, "His actions count his DI 13 higher."),
    _e("5.1.21", "No Zuchthaus by the 13", A, "The +13 never counts for the 50-point limit."),
    _e("5.1.3", "Not additive", A, "Several Anzeigen: still 13."),
    _e(
        "5.1.4",
        "Own Anzeige",
        A,
        "The +13 does not count in the accused's own Anzeige or Denunziation.",
    ),
    _e("5.1.5", "No blackmail", NONE, "An accused player cannot blackmail: no amount."),
    _e("5.1.6", "Jailed", NONE, "A jailed player cannot be accused: no amount."),
    _e(
        "5.1.7",
        "Accuser's bands",
        A,
        "DI + Z6 - 2 x Rd >= 30 fails, >= 45 also +5 DI, >= 60 also jail.",
    ),
    _e("5.2", "Denunzieren", NONE, "A heading: the amounts are 5.2.1-5.2.4."),
    _e(
        "5.2.1",
        "Denouncer",
        A,
        "DI + Z6 - 2 x Rd + 5 x points >= 50: the denouncer gets half the points, rounded up.",
    ),
    _e("5.2.2", "Denounced", A, "The denounced player gets the points."),
    _e(
        "5.2.3",
        "When the rise counts",
        A,
        "At once, but not for this round's Anzeige or Denunziation of him.",
    ),
    _e("5.2.4", "Too many points", A, "Punished at every Z6: invalid, +5 DI to the denouncer."),
    _e("5.3", "Vermieten", NONE, "A heading: the amounts are 5.3.1-5.3.3."),
    _e("5.3.1", "Rent", A, "(50 x (30 + Z6 - DI)) DIV (T + 2)."),
    _e("5.3.2", "Higher than the foundation", A, "A rented tower must be higher than 12."),
    _e("5.3.3", "No negative rent", A, "A negative rent is 0."),
    _e("5.4", "Lotterie", A, "A ticket costs 150 Kj, numbers 01-49.", Part("150 Kj", ("150",))),
    _e("5.4.1", "Bets on Z6", NONE, "What a ticket bets on; the wins are 5.4.31-5.4.34."),
    _e("5.4.2", "Same number", NONE, "Several players may pick the same number: no amount."),
    _e("5.4.31", "Both digits", A, "Both digits in order: one win each in A, B and C."),
    _e("5.4.32", "One digit in place", A, "One digit in place: B and C."),
    _e("5.4.33", "Wrong place", A, "One or two digits in the wrong place: one or two C wins."),
    _e("5.4.34", "Drawn but not Z6", A, "A drawn number (ZZ included) not Z6: one A win."),
    _e("5.4.4", "Combined wins", A, "Wins combine; with Z6 a multiple of 11 a digit counts once."),
    _e(
        "5.4.5",
        "Shares and cap",
        A,
        "A jackpot shared among its winners, capped at the Höchstgewinn; the rest stays.",
    ),
    _e("5.4.6", "Next jackpots", A, "Raised for each lottery player, or set to the minimum."),
    _e("5.4.7", "Jackpot table", A, "A 2000/3200/200, B 1000/1600/100, C 500/800/50 Kj."),
    _e("5.5", "Falschgeld", NONE, "A heading: the amounts are 5.5.1-5.5.3."),
    _e("5.5.1", "The forger's money", A, "The forger gets the amount."),
    _e("5.5.2", "DI of a forger", A, "P = (Betrag + 12 x Z6) DIV 300 on the DI."),
    _e("5.5.3", "Caught", A, "DI + 2 x P + ZZ - 2 x Rd >= 70: confiscated, one round in jail."),
    _e("5.6", "Schmieren", NONE, "A heading: the amounts are 5.6.1-5.6.8."),
    _e("5.6.1", "Lower bribes", A, "The trader takes the lower bribes without favour."),
    _e(
        "5.6.2",
        "Highest bribe",
        A,
        "The highest briber(s) get the minimum quantity at the price (stones entered by the game master).",
    ),
    _e(
        "5.6.3",
        "Demand below the minimum",
        NONE,
        "Demand (3.6.4) is the buying phase, not in these texts: the game master's.",
    ),
    _e(
        "5.6.4",
        "Rest on the market",
        NONE,
        "The open market is the buying phase, not in these texts: the game master's.",
    ),
    _e(
        "5.6.5",
        "Equal highest",
        A,
        "The trader's stones split evenly among equal highest bribers (entered by the game master).",
        Part("the even split, entered as purchases", ("split",)),
    ),
    _e("5.6.6", "Accused trader", A, "Every bribe to him confiscated."),
    _e("5.6.7", "Accused briber", A, "Jail, the money gone."),
    _e("5.6.8", "+4", A, "+4 DI in 5.6.6 and 5.6.7."),
    _e("6.1", "Party", A, "At least one guest invited.", Part("at least one guest", ("guest",))),
    _e("6.1.1", "Guests", A, "Betrag DIV (10 x ZZ) guests come."),
    _e("6.1.2", "A host cannot come", NONE, "Who comes: the next on the list moves up; no amount."),
    _e("6.1.3", "Two parties", NONE, "Who comes: a guest of two parties goes to none; no amount."),
    _e("6.1.4", "Host's DI", A, "-1 DI a guest, not below 0."),
    _e(
        "6.1.5",
        "Guests cannot act",
        NONE,
        "Guests cannot blackmail, steal, sabotage, import (the halved Wachfaktor is 6.3.2).",
    ),
    _e("6.1.6", "Storm", NONE, "A storm prevents the party: no amount."),
    _e("6.2", "Import", NONE, "A heading: the amount is 6.2.1."),
    _e("6.2.1", "Import price", A, "Maxpreis + 4 x Anzahl^2 Kj a stone."),
    _e("6.2.2", "A guest cannot import", NONE, "No amount."),
    _e(
        "6.3",
        "Bewachen",
        NONE,
        "A heading; how long a guard holds is a ruling (setting guards_stay).",
    ),
    _e("6.3.1", "Guard price", A, "50 Kj a Wachfaktor."),
    _e("6.3.2", "A guest's guards", A, "Halved, rounded down."),
    _e("6.3.3", "Where it counts", A, "The Wachfaktor counts in theft and sabotage."),
    _e("6.4", "Diebstahl", NONE, "A heading: the amounts are 6.4.1-6.4.3."),
    _e(
        "6.4.1",
        "Theft bands",
        A,
        "DI + ZZ + Wachfaktor - 2 x Rd + 2 x ((Anzahl + 1) DIV 2): < 31, 31-50, 51-70, > 70.",
    ),
    _e(
        "6.4.2",
        "From the store",
        A,
        "No more than the store held; stolen or fallen stones not again.",
    ),
    _e("6.4.3", "Even split", A, "A short store shared evenly among the thieves."),
    _e(
        "6.5",
        "Sabotage",
        A,
        "Only stones built into the tower fall; the 12-stone foundation does not (ruling, setting foundation_can_fall).",
        Part("the foundation does not fall", ("foundation",)),
    ),
    _e("6.5.1", "ZZ stones", A, "ZZ stones fall, however many blasts."),
    _e("6.5.2", "Breakage", A, "Of the stones from above Z6, (n x z)% rounded up break."),
    _e(
        "6.5.31",
        "Saboteur's DI",
        A,
        "DI + ZZ - Rd + (Wachfaktor DIV 2) >= 50: +(ZZ DIV 10) + 1 DI.",
    ),
    _e("6.5.32", "Success", A, "Fails when Betrag DIV 20 < ZZ; from 980 Kj it always succeeds."),
    _e("6.6", "Erpressen", NONE, "A heading: the amounts are 6.6.22-6.6.5."),
    _e("6.6.1", "The article", NONE, "A printed article is required: no amount."),
    _e(
        "6.6.2",
        "The penalty",
        NONE,
        "No maximum on purpose: the penalty is the players' (entered by the game master).",
    ),
    _e("6.6.21", "The game master decides", NONE, "No amount."),
    _e(
        "6.6.22", "No tower stones", A, "Stones in the tower cannot be the penalty: only the store."
    ),
    _e("6.6.3", "Next round", A, "It takes effect in the next round, before the action's phase."),
    _e("6.6.4", "The victims' choices", NONE, "A heading for 6.6.41-6.6.43."),
    _e("6.6.41", "Comply", NONE, "No effect: no amount."),
    _e(
        "6.6.42",
        "Justification",
        A,
        "Penalty when DI of the victim + Z6 > DI of the blackmailer + ZZ.",
    ),
    _e("6.6.43", "No justification", A, "The penalty is paid."),
    _e(
        "6.6.5",
        "Anzeige of the blackmailer",
        A,
        "+15% DI rounded up, for good; several add up; no +13.",
    ),
    _e("6.6.6", "Prevented by a party", NONE, "The article is printed: no amount."),
)

RULES: tuple[Rule, ...] = TRIPLANETARY + EGON


# ---------------------------------------------------------------------------
# Tests, by name
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class NamedTest:
    name: str
    path: str  # relative to tests/

    @property
    def label(self) -> str:
        return f"{Path(self.path).name}::{self.name}"


@functools.cache
def find_tests(root: Path = TESTS) -> tuple[NamedTest, ...]:
    """Every test function (module level, in a class or nested) of tests/**/test_*.py, by the
    lines that define one (read once a process: the coverage table, its check and
    docs/commands.md's check all ask). A line scan, a tenth of `ast`'s time; a slow test
    holds it to what `ast` finds (`find_tests_by_ast`)."""
    found: list[NamedTest] = []
    for path in sorted(root.rglob("test_*.py")):
        rel = path.relative_to(root).as_posix()
        found += (NamedTest(n, rel) for n in _TEST_DEF.findall(path.read_text(encoding="utf-8")))
    return tuple(found)


_TEST_DEF = re.compile(r"^[ \t]*(?:async[ \t]+)?def[ \t]+(test_\w*)", re.MULTILINE)


def find_tests_by_ast(root: Path = TESTS) -> tuple[NamedTest, ...]:
    """What `find_tests` finds, by `ast` (every function named test_*, wherever it stands)."""
    found: list[NamedTest] = []
    for path in sorted(root.rglob("test_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        rel = path.relative_to(root).as_posix()
        found += (
            NamedTest(node.name, rel)
            for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.name.startswith("test_")
        )
    return tuple(found)


_S_TOKEN = re.compile(r"s(\d+)([a-z]?)")


def rules_named(test: NamedTest, known: dict[Game, set[str]]) -> list[tuple[Game, str]]:
    """The rules a test's name names (see the module docstring)."""
    tokens = test.name.removeprefix("test_").split("_")
    if test.path.startswith("rules/egon/"):
        digits: list[str] = []
        for tok in tokens:
            if not tok.isdigit():
                break
            digits.append(tok)
        for n in range(len(digits), 0, -1):
            number = ".".join(digits[:n])
            if number in known["egon"]:
                return [("egon", number)]
        return []
    out: list[tuple[Game, str]] = []
    for tok in tokens:
        m = _S_TOKEN.fullmatch(tok)
        if not m:
            break
        number = m.group(1) + m.group(2).upper()
        if number in known["triplanetary"]:
            out.append(("triplanetary", number))
    return out


@dataclass(frozen=True, slots=True)
class Row:
    rule: Rule
    named: tuple[NamedTest, ...]  # every test named after the rule
    parts: tuple[tuple[Part, tuple[str, ...]], ...]  # each amount with the tests checking it


def coverage(tests: Iterable[NamedTest] | None = None, rules: Sequence[Rule] = RULES) -> list[Row]:
    """Each rule with the tests named after it and, for each amount, the tests checking it."""
    tests = list(find_tests() if tests is None else tests)
    known: dict[Game, set[str]] = {"triplanetary": set(), "egon": set()}
    for r in rules:
        known[r.game].add(r.number)
    by_rule: dict[tuple[Game, str], list[NamedTest]] = {}
    for t in tests:
        for key in rules_named(t, known):
            by_rule.setdefault(key, []).append(t)
    labels = {t.name: t.label for t in tests}
    rows: list[Row] = []
    for r in rules:
        named = tuple(by_rule.get((r.game, r.number), ()))
        parts = []
        for p in r.amounts():
            hits = [t.label for t in named if not p.words or any(w in t.name for w in p.words)]
            hits += [labels[name] for name in p.also if name in labels]
            parts.append((p, tuple(dict.fromkeys(hits))))
        rows.append(Row(r, named, tuple(parts)))
    return rows


def missing(rows: Sequence[Row]) -> list[str]:
    """Every amount with no test checking it, as '§14: what'."""
    return [
        f"{_ref(row.rule)}: {part.what}" for row in rows for part, hits in row.parts if not hits
    ]


def _ref(rule: Rule) -> str:
    return f"§{rule.number}" if rule.game == "triplanetary" else rule.number


# ---------------------------------------------------------------------------
# The document
# ---------------------------------------------------------------------------


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def render(rows: Sequence[Row]) -> str:
    out = [
        "# Rules coverage",
        "",
        "Generated by `python -m tests.rules_coverage --write` (or `make coverage-doc`) from the "
        "rule list in `tests/rules_coverage.py` and the names of the tests; "
        "`tests/test_rules_coverage.py` fails when this file is stale or when an amount has no "
        "test. Do not edit by hand.",
        "",
        "Every numbered rule of both games: **amount** rules state an amount, a period, a price "
        "or a formula, and each amount lists the tests that check it (a test named after the rule "
        "whose name speaks of that amount); **map/combat** rules are the board game's, which the "
        "bank does not keep; **no amount** rules state none.",
        "",
    ]
    totals = {k: sum(1 for r in rows if r.rule.kind == k) for k in ("amount", "map", "none")}
    out.append(
        f"{len(rows)} rules: {totals['amount']} with amounts, {totals['map']} map/combat, "
        f"{totals['none']} with no amount; "
        f"{sum(len(r.parts) for r in rows)} amounts, {len(missing(rows))} without a test."
    )
    out.append("")
    for game, title in (
        ("triplanetary", "Triplanetary Variant V/2"),
        ("egon", "Das kleine Egon-Spiel"),
    ):
        out += [
            f"## {title}",
            "",
            "| rule | title | kind | states | checked by |",
            "|---|---|---|---|---|",
        ]
        for row in rows:
            r = row.rule
            if r.game != game:
                continue
            kind = {"amount": "amount", "map": "map/combat", "none": "no amount"}[r.kind]
            if r.kind == "amount":
                checked = "<br>".join(
                    f"*{_cell(p.what)}*: " + (", ".join(f"`{h}`" for h in hits) or "**none**")
                    for p, hits in row.parts
                )
            else:
                checked = ", ".join(f"`{t.label}`" for t in row.named) or "-"
            out.append(f"| {_ref(r)} | {_cell(r.title)} | {kind} | {_cell(r.states)} | {checked} |")
        out.append("")
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tests.rules_coverage", description=__doc__)
    ap.add_argument("--write", action="store_true", help=f"write {DOC.relative_to(ROOT)}")
    ap.add_argument(
        "--check", action="store_true", help="exit 1 when stale or an amount is untested"
    )
    args = ap.parse_args(argv)
    rows = coverage()
    text = render(rows)
    if args.write:
        DOC.write_text(text, encoding="utf-8")
        print(f"wrote {DOC.relative_to(ROOT)}")
    gaps = missing(rows)
    for gap in gaps:
        print(f"no test: {gap}", file=sys.stderr)
    if args.check and not args.write and (not DOC.exists() or DOC.read_text("utf-8") != text):
        print(
            f"{DOC.relative_to(ROOT)} is stale: python -m tests.rules_coverage --write",
            file=sys.stderr,
        )
        return 1
    if not args.write and not args.check:
        print(text)
    return 1 if gaps and args.check else 0


if __name__ == "__main__":
    raise SystemExit(main())
