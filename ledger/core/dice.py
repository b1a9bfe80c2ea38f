"""Dice: entered by the banker or drawn from the workbook's seeded generator.

A drawn die depends only on (seed, roll number, sides), so the same seed and the same events
give the same rolls whatever order the banker runs commands in between. Every roll is recorded
in the Dice sheet with what it decided.
"""

from __future__ import annotations

import hashlib

import msgspec


class DiceRoll(msgspec.Struct, frozen=True):
    n: int
    day: int
    sides: int
    result: int
    source: str  # "entered" or "drawn"
    purpose: str
    decided: str = ""


def draw(seed: int, n: int, sides: int) -> int:
    """The `n`-th die of the game with this seed: uniform on 1..sides, by rejection sampling."""
    if sides < 2:
        raise ValueError("a die has at least two sides")
    counter = 0
    limit = (2**64 // sides) * sides
    while True:
        digest = hashlib.sha256(f"{seed}:{n}:{sides}:{counter}".encode()).digest()
        value = int.from_bytes(digest[:8], "big")
        if value < limit:
            return value % sides + 1
        counter += 1
