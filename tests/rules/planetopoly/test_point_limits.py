"""§5's limits on support points as point_limits.csv gives them (issue 38): the table compared
with the limits typed by hand from the README's rulings, and each limit said for the first plot
that breaks it, in the table's order."""

from __future__ import annotations

from ledger.rules.planetopoly import rules, tables


def test_5_point_limits_from_their_csv() -> None:
    assert tables.POINT_LIMITS == (
        (0, 10, 0, "a plot holds at most a space base (9 support points)"),
        (1, 2, 0, "a player who owns only one plot of a planet may have one support point on it"),
        (2, 3, 0, "a player who owns two plots of a planet may have two support points on each"),
        (0, 9, 3, "a space base needs a space station on each of the other two plots"),
        (0, 6, 2, "two space stations need two support points on each of the other two plots"),
        (0, 3, 1, "a space station needs a support point on each of the other two plots"),
    )


def test_5_the_first_limit_a_plot_breaks_is_said() -> None:
    words = [w for *_, w in tables.POINT_LIMITS]
    assert rules.limit_breaches({"a": 1}) == []
    assert rules.limit_breaches({"a": 2}) == [("a", words[1])]
    assert rules.limit_breaches({"a": 3, "b": 2}) == [("a", words[2])]
    assert rules.limit_breaches({"a": 10, "b": 9, "c": 9}) == [("a", words[0])]
    assert rules.limit_breaches({"a": 9, "b": 3, "c": 2}) == [("a", words[3])]
    assert rules.limit_breaches({"a": 6, "b": 2, "c": 1}) == [("a", words[4])]
    assert rules.limit_breaches({"a": 3, "b": 0, "c": 1}) == [("a", words[5])]
    assert rules.limit_breaches({"a": 9, "b": 3, "c": 3}) == []
    assert rules.limit_breaches({"a": 3, "b": 3, "c": 3}) == []
