"""Build a Triplanetary stress workbook that `ledger check` passes.

    python bench/make_workbook.py --journal-rows 100000 build/bench/stress-100k.xlsx

12 players, 400 ships, 1,200 crews, 60 offices, 100 bases with a recreation module each,
200 mines, and N journal rows (postings) of realistic transactions: purchases, wages, office
fees, sales with their tax split, payments between players, Patrol fines. Nobody spends below a
reserve (RESERVE: the upkeep of the benchmark's ticks); a player short of money sells goods
instead, so that a workbook of any length passes `ledger check` with no debt allowed.
"""

from __future__ import annotations

import argparse
import random
import sys
from decimal import Decimal
from pathlib import Path

from ledger.core.journal import Draft, Posting
from ledger.core.money import Money
from ledger.core.start import new_books
from ledger.io.workbook import Loaded, write
from ledger.rules import load_game
from ledger.rules.triplanetary.model import Base, Corporation, Crew, Mine, Module, Office, Ship
from ledger.rules.triplanetary.tables import PLACES

#: Each player's prize money, and the least a player keeps at Ceres (a year's upkeep and more).
START = Decimal(1_000_000)
RESERVE = Decimal(200_000)
PLAYERS = ["Ann", "Bob", "Cleo", "Dag", "Eve", "Finn", "Gus", "Hana", "Ivo", "Jo", "Kai", "Lu"]


def build(rows: int, seed: int = 1) -> Loaded:
    rnd = random.Random(seed)
    books = new_books(load_game("triplanetary"), PLAYERS[:-1], PLAYERS[-1], seed=seed)
    state = books.state
    kc = books.currency
    day = 0
    players = PLAYERS[:-1]
    # property
    for i in range(400):
        owner = players[i % len(players)]
        state.ships.append(
            Ship(
                f"S{i + 1}",
                owner,
                f"Ship {i + 1}",
                rnd.choice(PLACES),
                False,
                12,
                0,
                14,
                type="transport",
                price=Decimal(10),
                built_at="Ceres",
            )
        )
    for i in range(100):
        owner = players[i % len(players)]
        state.bases.append(
            Base(
                f"B{i + 1}",
                owner,
                f"Base {i + 1}",
                f"hex {i:04d}",
                False,
                200,
                0,
                30,
                price=Decimal(250),
                built_at="Ceres",
            )
        )
        state.modules.append(Module(f"R{i + 1}", owner, f"B{i + 1}", Decimal(50)))
    for i in range(200):
        owner = players[i % len(players)]
        state.mines.append(
            Mine(
                f"M{i + 1}",
                owner,
                f"Claim {i + 1}",
                f"hex {i:04d}",
                False,
                0,
                0,
                0,
                ct=i % 10 == 0,
                base=f"B{i % 100 + 1}",
                registered_day=0,
                ready_day=0,
            )
        )
    posts = [s.id for s in state.ships] * 2 + [b.id for b in state.bases] * 4
    for i in range(1200):
        post = posts[i % len(posts)]
        owner = next(p.owner for p in [*state.ships, *state.bases] if p.id == post)
        state.crews.append(Crew(f"C{i + 1}", owner, post, 0, 0))
    for i in range(60):
        state.offices.append(
            Office(f"O{i + 1}", players[i % len(players)], PLACES[i % len(PLACES)], 0, 30)
        )
    # money enough for everything, then the journal's own history
    for p in players:
        books.journal.post(
            Draft(
                "pay",
                f"prize money for {p}",
                (
                    Posting("bank", Money(-START, kc)),
                    Posting(f"cash:{p}:Ceres", Money(START, kc)),
                ),
            ),
            0,
        )
    for i, p in enumerate(players):  # §7: every player with ships has a corporation
        state.corporations.append(
            Corporation(f"K{i + 1}", p, f"{p} Lines", "Ceres", 0, 0, "active")
        )
    written = sum(len(t.postings) for t in books.journal)
    # each player's cash at Ceres: nobody spends below a reserve (the upkeep of the ticks the
    # benchmark runs); short of money, a player sells goods instead, as a player would
    cash_of = dict.fromkeys(players, START)
    while written < rows:
        kind = rnd.random()
        who = rnd.choice(players)
        cash = f"cash:{who}:Ceres"
        cents = Decimal(rnd.randint(100, 50_000)) / 100
        if not 0.6 <= kind < 0.75 and cash_of[who] - cents < RESERVE:
            kind = 0.6  # short of money: a sale instead
        if kind < 0.4:
            other = rnd.choice([p for p in players if p != who])
            postings = (
                Posting(cash, Money(-cents, kc)),
                Posting(f"cash:{other}:Ceres", Money(cents, kc)),
            )
            draft = Draft("pay", f"{who} pays {other}", postings)
        elif kind < 0.6:
            draft = Draft(
                "wages",
                f"{who} pays wages",
                (Posting(cash, Money(-cents, kc)), Posting("crews", Money(cents, kc))),
                rule="§13",
            )
        elif kind < 0.75:
            cents *= 3  # goods sell above what supplies cost
            tax = (cents / 10).quantize(Decimal("0.01"))
            half = (tax / 2).quantize(Decimal("0.01"), rounding="ROUND_DOWN")
            draft = Draft(
                "sale",
                f"{who} sells goods",
                (
                    Posting("market", Money(-cents, kc)),
                    Posting(cash, Money(cents - tax, kc)),
                    Posting("patrol", Money(half, kc)),
                    Posting("earth", Money(tax - half, kc)),
                ),
                rule="§39 §29",
            )
        elif kind < 0.9:
            draft = Draft(
                "buy",
                f"{who} buys supplies",
                (Posting(cash, Money(-cents, kc)), Posting("suppliers", Money(cents, kc))),
                rule="§38",
            )
        else:
            draft = Draft(
                "fine",
                f"Patrol fine for {who}",
                (Posting(cash, Money(-cents, kc)), Posting("patrol", Money(cents, kc))),
                rule="§6",
            )
        for posting in draft.postings:
            owner = posting.account.split(":")
            if owner[0] == "cash":
                cash_of[owner[1]] += posting.amount.amount
        books.journal.post(draft, day)
        written += len(draft.postings)
        if rnd.random() < 0.002:
            day += 1
    books.settings.values["day"] = day
    for o in state.offices:
        state.update(o, paid_until=day + 30)
    for c in state.crews:
        state.update(c, paid_through=day)
    for p in [*state.ships, *state.bases, *state.mines]:
        state.update(p, fed_until=day)
    return Loaded(books, [])


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument(
        "--journal-rows", type=int, default=10_000, help="journal rows (postings), default 10000"
    )
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("out", type=Path)
    args = ap.parse_args(argv)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    write(args.out, build(args.journal_rows, args.seed))
    print(f"wrote {args.out} ({args.out.stat().st_size / 1e6:.1f} MB)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
