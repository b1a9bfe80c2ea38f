"""§5: whoever owns a plot of a planet claims all of it. A Holdings row typed `Lyra-1` is the
deed `lyra-1` for every command (a key is found in any case); the claim did not see it, so
`buy Bob lyra-2` was refused only by the check after the change, as a split planet, instead of
as Ann's claim with the remote buy she may make. One support point is said in the singular."""

from __future__ import annotations

from tests.memory import refused, table

LYRA_1 = "Holdings | deed | owner | points\n | Lyra-1 | Ann | 0\n"


def test_s5_a_plot_typed_in_another_case_is_the_claim_to_its_planet() -> None:
    t = table(LYRA_1, game="planetopoly", patrol=None)
    with refused("planet-claimed") as found:
        t("buy Bob lyra-2")
    assert found[0].message == "§5: Ann owns a plot of Lyra and has the claim to the whole planet"
    t("buy Ann lyra-2")  # her own claim: the second plot of it
    held = {r["deed"]: r["owner"] for r in t.rows("Holdings")}
    assert held == {"Lyra-1": "Ann", "lyra-2": "Ann"}


def test_s5_s9_a_plot_typed_in_another_case_counts_for_the_limits_and_goes_back_sold() -> None:
    t = table(LYRA_1, game="planetopoly", patrol=None)
    t("buy Ann lyra-2")
    t("prison Bob")  # another player's move: the new plot may be built on (§5)
    t("build Ann lyra-2 --points 1")  # two plots of Lyra: two points on each at most
    with refused("support-point-limit"):
        t("build Ann lyra-1 --points 3")
    t("sell Ann Lyra-1")
    assert [r["deed"] for r in t.rows("Holdings")] == ["lyra-2"]


def test_s5_one_support_point_is_said_in_the_singular() -> None:
    t = table(LYRA_1, game="planetopoly", patrol=None)
    t("event Ann --pay 2800")  # 200 MU left: a point costs 300
    t("prison Bob")
    with refused("cannot-afford") as found:
        t("build Ann lyra-1 --points 1")
    assert "1 support point on Lyra 1" in found[0].message, found[0].message
