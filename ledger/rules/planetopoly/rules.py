"""§5's claims and building limits as pure functions on the board: what `buy`, `build`, `sell`
and `remote-buy` ask before they change anything, and what `ledger check` asks of Holdings."""

from __future__ import annotations

from collections.abc import Mapping

from ledger.rules.planetopoly.sheets import Board
from ledger.rules.planetopoly.tables import POINT_LIMITS


def _plots(board: Board, planet: str) -> dict[str, str]:
    """The planet's plots: each Deeds key as a Holdings row may type it (in any case) -> the key."""
    return {d.key.casefold(): d.key for d in board.planet_plots(planet)}


def claimant(board: Board, planet: str) -> str | None:
    """§5: whoever owns a plot of the planet claims all of it."""
    keys = _plots(board, planet)
    return next((h.owner for h in board.holdings if h.deed.casefold() in keys), None)


def unfinished_claims(board: Board, player: str) -> list[str]:
    """§5: the planets the player claims and holds fewer than two deeds of."""
    out = []
    for planet in sorted({d.planet for d in board.deeds if d.is_plot}):
        keys = _plots(board, planet)
        mine = sum(1 for h in board.owned_by(player) if h.deed.casefold() in keys)
        if mine == 1:
            out.append(planet)
    return out


def limit_breaches(points: Mapping[str, int]) -> list[tuple[str, str]]:
    """§5's limits on one planet's plots owned by one player (deed key -> support points):
    (deed, what is broken) for each plot over its limit, the first limit of `POINT_LIMITS` it
    breaks."""
    out = []
    for key, p in points.items():
        others = min((q for k, q in points.items() if k != key), default=0)
        for owned, at_least, needs, words in POINT_LIMITS:
            if p >= at_least and owned in (0, len(points)) and (not needs or others < needs):
                out.append((key, words))
                break
    return out


def planet_points(board: Board, planet: str, owner: str) -> dict[str, int]:
    """The owner's plots of the planet (by their Deeds key) and their support points."""
    keys = _plots(board, planet)
    held = [h for h in board.holdings if h.deed.casefold() in keys and h.owner == owner]
    return {keys[h.deed.casefold()]: h.points for h in held}
