"""docs/rules-coverage.md is what `python -m tests.rules_coverage --write` makes of the rule
list and today's test names, and every amount a rule of either game states has a test.
Reads test names by the lines that define them (held to `ast`'s reading in `make slow`);
runs none of them."""

from __future__ import annotations

import collections

import pytest

from tests.rules_coverage import (
    DOC,
    RULES,
    Game,
    NamedTest,
    Part,
    Rule,
    coverage,
    find_tests,
    find_tests_by_ast,
    missing,
    render,
    rules_named,
)


def test_the_coverage_table_is_current() -> None:
    want = render(coverage())
    assert DOC.is_file(), (
        "docs/rules-coverage.md is missing: python -m tests.rules_coverage --write"
    )
    assert DOC.read_text(encoding="utf-8") == want, (
        "docs/rules-coverage.md is stale: python -m tests.rules_coverage --write"
    )


@pytest.mark.slow
def test_the_line_scan_finds_the_tests_ast_finds() -> None:
    """A `def test_` inside a string would be counted by the scan and not by `ast`: none is."""
    assert collections.Counter(find_tests()) == collections.Counter(find_tests_by_ast())


def test_every_rule_with_an_amount_has_a_test() -> None:
    assert missing(coverage()) == []


def test_the_rule_list_is_whole() -> None:
    trip = {r.number for r in RULES if r.game == "triplanetary"}
    assert {str(n) for n in range(1, 42)} - trip == set()
    assert {"11A", "11B", "11C", "36A", "36B", "36C", "36D"} <= trip
    egon = {r.number for r in RULES if r.game == "egon"}
    points = {"5.1.7", "5.2.4", "5.3.3", "5.4.7", "5.5.3", "5.6.8", "6.1.6", "6.5.32", "6.6.6"}
    assert points <= egon
    assert len({(r.game, r.number) for r in RULES}) == len(RULES)
    assert all(r.states for r in RULES)


def test_names_map_to_rules() -> None:
    known: dict[Game, set[str]] = {
        "triplanetary": {"3", "6", "11A", "28", "40"},
        "egon": {"6.5", "6.5.31", "2"},
    }
    trip = "rules/triplanetary/test_x.py"
    egon = "rules/egon/test_x.py"
    assert rules_named(NamedTest("test_s28_s40_passengers", trip), known) == [
        ("triplanetary", "28"),
        ("triplanetary", "40"),
    ]
    assert rules_named(NamedTest("test_s11a_office", "test_cli.py"), known) == [
        ("triplanetary", "11A")
    ]
    assert rules_named(NamedTest("test_s3_s6_start", trip), known) == [
        ("triplanetary", "3"),
        ("triplanetary", "6"),
    ]
    # an issue's item number is no rule; an Egon name counts only under tests/rules/egon
    assert rules_named(NamedTest("test_12_duplicate_name", trip), known) == []
    assert rules_named(NamedTest("test_6_5_31_saboteur_di", egon), known) == [("egon", "6.5.31")]
    assert rules_named(NamedTest("test_6_5_sabotage_never", egon), known) == [("egon", "6.5")]
    assert rules_named(NamedTest("test_6_5_31_x", "test_one_pass.py"), known) == []
    assert rules_named(NamedTest("test_20_6_1_party", egon), known) == []
    assert rules_named(NamedTest("test_2_interest_50_percent", egon), known) == [("egon", "2")]


def test_an_amount_without_a_test_is_missing() -> None:
    rule = Rule("triplanetary", "3", "Start", "amount", "25 KC", (Part("25 KC", ("25_kc",)),))
    named = [NamedTest("test_s3_day_0_purchases", "rules/triplanetary/test_x.py")]
    assert missing(coverage(named, (rule,))) == ["§3: 25 KC"]
    named.append(NamedTest("test_s3_each_player_starts_with_25_kc", "test_y.py"))
    assert missing(coverage(named, (rule,))) == []
