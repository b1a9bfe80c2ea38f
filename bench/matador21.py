"""The 21-field game's engine speed: 2-player games from the seeded dice until 1000 rounds are
played (a game that is won early is followed by the next seed's), timed without the workbook.

    .venv/bin/python bench/matador21.py [--rounds 1000]

Prints the engine time per 100 rounds. A benchmark, not a test.
"""

from __future__ import annotations

import argparse
import time

from ledger.core.start import new_books
from ledger.rules import load_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=1000)
    args = parser.parse_args()
    game = load_game("matador21")
    played, turns, games, elapsed = 0, 0, 0, 0.0
    seed = 1
    while played < args.rounds:
        books = new_books(game, ["A", "B"], None, seed)
        game.setup(books, None)
        start = time.perf_counter()
        report = game.tick(books, args.rounds - played)
        elapsed += time.perf_counter() - start
        played += report.end - report.start
        turns += len(books.state.turns)
        games += 1
        seed += 1
    print(
        f"{played} rounds ({turns} turns) in {games} game{'s' if games != 1 else ''}: "
        f"{elapsed:.3f} s of engine time, {elapsed / played * 100 * 1000:.1f} ms per 100 rounds"
    )


if __name__ == "__main__":
    main()
