"""§33 §36C: a player who turns pirate loses the PR the setting `pr_pirate` says ("turning (or
being made) a pirate"), whether declared or made by unpaid tax (§29); the printed -15 is its
default."""

from __future__ import annotations

from tests.memory import table


def pr(t: object, name: str) -> int:
    return int(t.status()["players"][name]["pr"])  # type: ignore[attr-defined]


def test_s33_s36c_a_declared_pirate_loses_the_printed_15_by_default() -> None:
    t = table()
    before = pr(t, "Ann")
    assert "PR -15" in t("declare Ann pirate")
    assert pr(t, "Ann") == before - 15


def test_s33_s36c_a_declared_pirate_loses_what_the_house_rule_says() -> None:
    t = table()
    t.set_setting("pr_pirate", -10)
    before = pr(t, "Ann")
    assert "PR -10" in t("declare Ann pirate")
    assert pr(t, "Ann") == before - 10
