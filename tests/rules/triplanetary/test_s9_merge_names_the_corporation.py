"""§9: a merger names two formed (active) corporations by id or by name; an id is the
corporation of that id even when another corporation took it as its name (§7, `incorporate
--name`), a name is an active corporation's before a dissolved one's, and a name two active
corporations share is refused with their ids. Books in memory: Ann, Bob and Cid, Sam the Patrol."""

from __future__ import annotations

from tests.memory import Table, table


def rich_game() -> Table:
    t = table(players=("Ann", "Bob", "Cid"))
    for name in ("Ann", "Bob", "Cid"):
        t(f"pay bank {name} 2000")
    return t


def test_s9_an_id_names_that_corporation_before_one_that_took_it_as_its_name() -> None:
    t = rich_game()
    t("incorporate Ann --name K2")  # K1, named "K2"
    t("incorporate Bob")  # K2
    t("tick 5")  # both active (§7)
    said = t("merge K1 K2")
    assert "Bob Corporation merges into K2" in said  # Bob's K2 into Ann's K1 (named K2)
    assert [(c["id"], c["status"]) for c in t.rows("Corporations")] == [
        ("K1", "merging"),
        ("K2", "merging"),
    ]


def test_s9_a_name_is_the_active_corporations_not_a_dissolved_ones() -> None:
    t = rich_game()
    t("buy Ann packet --name Nomad")
    t("incorporate Ann --name Acme")  # K1
    t("destroy Nomad --aboard Ann")  # §5: Ann dies, K1 is dissolved
    t("incorporate Bob --name Acme")  # K2
    t("incorporate Cid")  # K3
    t("tick 5")
    said = t("merge Acme K3")
    assert "Cid Corporation merges into Acme" in said
    assert [(c["id"], c["status"]) for c in t.rows("Corporations")] == [
        ("K1", "dissolved"),
        ("K2", "merging"),
        ("K3", "merging"),
    ]


def test_s9_a_name_two_active_corporations_share_is_refused_with_their_ids() -> None:
    t = rich_game()
    t("incorporate Ann --name Acme")  # K1
    t("incorporate Bob --name acme")  # K2
    t("incorporate Cid")  # K3
    t("tick 5")
    said = t.refusal("merge ACME K3")
    assert "ambiguous-name" in said and "K1" in said and "K2" in said and "§9" in said
