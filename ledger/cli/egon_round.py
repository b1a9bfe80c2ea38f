"""Das kleine Egon-Spiel's round: `draw` (the lottery numbers, entered or from the seeded
dice) and `status` (each player's DI, cash, store, tower)."""

from __future__ import annotations

from decimal import Decimal
from typing import Annotated, Any

import typer

from ledger.cli.common import (
    DEFAULT_WORKBOOK,
    ForceOpt,
    JsonOpt,
    WorkbookOpt,
    _describe,
    _path,
    out_json,
    run,
)
from ledger.cli.egon import _egon_change

#: These commands join those of `ledger.cli.egon` (see ledger/cli/group.py).
app = typer.Typer(rich_markup_mode=None, add_completion=False)


@app.command(
    epilog="Examples: ledger draw | ledger draw --numbers 3,11,17,25,33,41 --zz 7 --z6 41 --storm"
)
def draw(
    numbers: Annotated[
        str | None, typer.Option("--numbers", help="The six main numbers, e.g. 3,11,17,25,33,41.")
    ] = None,
    zz: Annotated[int | None, typer.Option("--zz", help="The Zusatzzahl, 1-49.")] = None,
    z6: Annotated[
        int | None,
        typer.Option("--z6", help="Z6: which of the six is last by the ordering rule (8.1)."),
    ] = None,
    storm: Annotated[bool, typer.Option("--storm", help="A storm this round (6.1.6).")] = False,
    max_price: Annotated[
        str | None,
        typer.Option(
            "--max-price",
            help="The round's highest trader price (default: from the Traders sheet).",
        ),
    ] = None,
    again: Annotated[
        bool, typer.Option("--again", help="Replace the round's draw (it is refused otherwise).")
    ] = False,
    workbook: WorkbookOpt = DEFAULT_WORKBOOK,
    force: ForceOpt = False,
) -> None:
    """Record the next round's lottery draw; without numbers, draw them from the seeded dice."""

    def action(books: Any) -> tuple[str, list[Any], object]:
        from ledger.core.money import parse_amount
        from ledger.core.problems import problem
        from ledger.rules.egon.game import RoundRow, book_of, game_over

        book = book_of(books)
        rnd = books.day + 1
        if over := game_over(books, "draw"):
            return "", over, None
        alone = [o for o, v in (("--zz", zz), ("--z6", z6)) if v is not None and numbers is None]
        if alone:
            return (
                "",
                [
                    problem(
                        "conflicting-arguments",
                        option,
                        f"{option} comes with --numbers, the six main numbers it goes with (8.1)",
                        "give all three: --numbers N,N,N,N,N,N --zz N --z6 N, or leave it out "
                        "to draw all from the seeded dice",
                    )
                    for option in alone
                ],
                None,
            )
        old = next((r for r in book.rounds if r.round == rnd), None)
        if old is not None and not again:
            return (
                "",
                [
                    problem(
                        "already-drawn",
                        "draw",
                        f"round {rnd} is drawn already: {old.numbers}, ZZ {old.zz}, Z6 {old.z6}",
                        "add --again to replace it (every die stays in the Dice sheet)",
                    )
                ],
                None,
            )
        if numbers is not None:
            from ledger.rules.egon.sheet_checks import draw_faults

            try:
                six = [int(x) for x in numbers.replace(" ", "").split(",") if x]
            except ValueError:
                six = []
            hints = {
                "numbers": "e.g. --numbers 3,11,17,25,33,41",
                "z6": "which one is last by the ordering rule (8.1)",
            }
            problems = [
                problem("bad-draw", f"--{column}", message, hints.get(column, ""))
                for column, message in draw_faults(six, zz, z6, numbers)
            ]
            if problems:
                return "", problems, None
            assert zz is not None and z6 is not None
            the_zz, the_z6 = zz, z6
        else:
            six = []
            while len(six) < 6:
                roll = books.roll(49, f"round {rnd}: lottery number {len(six) + 1}")
                taken = roll.result in six
                books.decide(
                    roll, "drawn again: already out" if taken else f"main number {len(six) + 1}"
                )
                if not taken:
                    six.append(roll.result)
            while True:
                roll = books.roll(49, f"round {rnd}: Zusatzzahl")
                taken = roll.result in six
                books.decide(roll, "drawn again: a main number" if taken else "the Zusatzzahl (ZZ)")
                if not taken:
                    the_zz = roll.result
                    break
            the_z6 = six[-1]  # ruling: with no ordering rule given, Z6 is the last number drawn
        traders = [t for t in book.traders if t.round == rnd]
        try:
            price = (
                parse_amount(max_price)
                if max_price
                else max((t.price for t in traders), default=Decimal(0))
            )
        except ValueError as exc:
            return "", [problem("bad-amount", "--max-price", str(exc), "e.g. --max-price 60")], None
        higher = max((t for t in traders if t.price > price), key=lambda t: t.price, default=None)
        wrong = (
            f"Maxpreis {price} is below what {higher.trader} asked this round, {higher.price} "
            f"({higher.ref or 'Traders'}): it is the highest price a trader asked (6.2.1)"
            if max_price and higher is not None
            else f"the highest trader price cannot be negative, not {price}"
            if price < 0
            else f"Maxpreis {price}: a trader's price for a stone is more than 0 (6.2.1)"
            if max_price and price == 0
            else ""
        )
        if wrong:
            hint = "the highest price a trader asked for a stone this round (6.2.1)"
            if higher is not None:
                hint = "leave --max-price out to take the Traders sheet's highest"
            elif price == 0:
                hint = "leave --max-price out until a trader's price is known (Traders sheet)"
            return "", [problem("bad-amount", "--max-price", wrong, hint)], None
        book.rounds = [r for r in book.rounds if r.round != rnd or r.evaluated]
        # 6.2.1: the Traders sheet's prices are read when the round is evaluated (a price
        # corrected after the draw counts); only a --max-price given is the draw's own
        given = price if max_price else Decimal(0)
        book.rounds.append(
            RoundRow(rnd, ",".join(str(n) for n in six), the_zz, the_z6, storm, given)
        )
        return (
            f"round {rnd}: {', '.join(str(n) for n in six)}, ZZ {the_zz}, Z6 {the_z6}"
            + (", storm" if storm else ""),
            [],
            None,
        )

    _egon_change(
        action, _describe("draw", *(("--numbers", numbers) if numbers else ())), workbook, force
    )


@app.command(epilog="Example: ledger status --json")
def status(workbook: WorkbookOpt = DEFAULT_WORKBOOK, as_json: JsonOpt = False) -> None:
    """Every player's DI, cash, stones in store, tower and status."""

    def go() -> None:
        from ledger.app import read_books
        from ledger.cli.common import warn

        books, problems = read_books(_path(workbook))
        warn(problems)
        players = {
            p.name: {
                "di": p.get("di"),
                "cash": books.player_cash(p).plain(),
                "store": p.get("store"),
                "tower": p.get("tower"),
                "status": p.get("status"),
            }
            for p in books.players
        }
        if as_json:
            out_json({"round": books.day, "players": players})
            return
        from rich.console import Console
        from rich.table import Table

        table = Table(title=f"{books.game.title}, after round {books.day}", title_justify="left")
        for c, j in (
            ("player", "left"),
            ("DI", "right"),
            ("cash", "right"),
            ("store", "right"),
            ("tower", "right"),
            ("status", "left"),
        ):
            table.add_column(c, justify=j)  # type: ignore[arg-type]
        for name, v in players.items():
            table.add_row(
                name,
                str(v["di"]),
                str(v["cash"]),
                str(v["store"]),
                str(v["tower"]),
                str(v["status"]),
            )
        Console(width=80).print(table)

    run(go)
