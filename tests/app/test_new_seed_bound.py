"""`ledger new --seed` past 2**53 - 1 is refused: the cell would hold it rounded and the dice
drawn from it would not be the ones of the seed typed."""

from __future__ import annotations

from ledger.core.checks import MAX_SEED
from tests.conftest import Ledger


def test_new_refuses_a_seed_a_cell_cannot_hold(ledger: Ledger) -> None:
    run = ledger(
        "new", "-g", "triplanetary", "-p", "Ann", "--seed", "12345678901234567891", expect=1
    )
    assert f"--seed: bad-seed the seed 12345678901234567891 is past {MAX_SEED}" in run.stderr
    assert "hint:" in run.stderr and "nothing was written" in run.stderr
    assert not ledger.path.exists()
    ledger("new", "-g", "triplanetary", "-p", "Ann", "--seed", str(MAX_SEED))
    assert "clean" in ledger("check").stderr
