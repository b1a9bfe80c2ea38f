"""Triplanetary's special player: the Space Patrol player (§6), who keeps the Patrol's money in
the `patrol` account and is named by `ledger new --patrol NAME`."""

from __future__ import annotations

from ledger.core.schema import Role

PATROL_ROLE = "patrol"
PATROL = Role(PATROL_ROLE, "the Space Patrol", account="patrol", option="--patrol")
