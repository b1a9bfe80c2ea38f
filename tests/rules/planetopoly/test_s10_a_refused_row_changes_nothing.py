"""§10 and the Events rows' one pass: every bad row is reported, each as if the rows refused
before it were never typed. A refused move of a prisoner who has served the sentence does not
free them for the rows after it: a sale (made "any time", not a move) is still refused. Books in
memory: Ann and Bob; Ann owns lyra-1, Bob vega-1, and Ann has stayed in prison three times."""

from __future__ import annotations

from tests.memory import refused, table


def test_s10_a_refused_move_does_not_free_a_served_prisoner_for_the_rows_after_it() -> None:
    t = table(game="planetopoly", patrol=None)
    t("buy Ann lyra-1")
    t("buy Bob vega-1")
    t("prison Ann")
    for _ in range(3):
        t("stay Ann")
    t.type_rows(
        """
        Events | id | type | player | args
               | E1 | buy  | Ann    | vega-1
               | E2 | sell | Ann    | lyra-1
        """
    )
    with refused("deed-owned", "in-prison") as found:
        t("post")
    assert [(p.code, p.where) for p in found] == [
        ("deed-owned", "Events!G2"),
        ("in-prison", "Events!D3"),
    ]
