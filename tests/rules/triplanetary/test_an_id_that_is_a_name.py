"""A ship's id that is another ship's name: the books cannot tell which one the banker means,
so the command is refused with both ids (as a name two ships share is), never carried out on
the ship of that id while the banker meant the one named so. Books in memory: Ann and Bob."""

from __future__ import annotations

from tests.memory import table


def test_an_id_that_is_another_ships_name_is_refused_as_ambiguous() -> None:
    t = table()
    t("pay bank Ann 100")
    t("buy Ann transport --name Nomad")  # S1
    t("buy Ann transport --name S1")  # S2, named "S1"
    said = t.refusal("supply Ann --ship S1 --months 1")
    assert "ambiguous-name 'S1' is the id of Nomad (S1) and the name of S2" in said
    assert "hint: name Nomad by its name, and S2 by its id" in said
    t("supply Ann --ship S2 --months 1")  # each is still found by what is its own
    t("supply Ann --ship Nomad --months 2")
    assert {s["id"]: s["supplies"] for s in t.rows("Ships")} == {"S1": 5, "S2": 4}


def test_another_players_ship_of_that_id_does_not_stand_for_ones_own_of_that_name() -> None:
    t = table()
    t("pay bank Ann 100")
    t("pay bank Bob 100")
    t("buy Bob transport --name Mule")  # S1
    t("buy Ann transport --name s1")  # S2
    t("supply Ann --ship S1 --months 1")  # the owner's own first
    assert {s["id"]: s["supplies"] for s in t.rows("Ships")} == {"S1": 3, "S2": 4}
    said = t.refusal("move S1 --to Mars")  # no owner to tell them apart
    assert "ambiguous-name 'S1' is the id of Mule (S1) and the name of S2" in said
