"""§23 Prospecting: a transport or packet looks at an asteroid hex and the die decides what is
there. No money changes hands (a find is then claimed, §24); the bank records each die with what
it decided, entered as rolled at the table or drawn from the workbook's seeded dice.

- A first look: one die; a six is high-grade ore; a one is rolled again, and a second one is
  C-T (antimatter) ore, which disables the ship for four days.
- A second look at a hex examined once (`--again`): two dice; two sixes are high-grade ore.
"""

from __future__ import annotations

from typing import Annotated

from ledger.core.params import Arg
from ledger.rules.triplanetary.kit import (
    COMMANDS,
    SAID,
    Act,
    Done,
    PlayerMove,
)
from ledger.rules.triplanetary.model import Ship

#: The ships that may prospect (§23: "Only a transport or packet may search for ore").
PROSPECTORS = ("transport", "packet")
#: What the die must show (§23): a six finds ore; a one and then a one find C-T ore.
ORE_FACE, CT_FACE, SIDES = 6, 1, 6


class Prospect(PlayerMove):
    ship: Annotated[str, Arg("--ship", help="the transport or packet")]
    hex: Annotated[str, Arg("--hex", help="the asteroid hex, e.g. 0412")]
    dice: Annotated[
        str | None,
        Arg(
            "--dice",
            help="as rolled at the table: 6, or 1,1 (a one rolled again), or 6,6 with --again",
        ),
    ] = None
    again: Annotated[bool, Arg("--again", help="a second look at a hex examined once")] = False


def _dice(text: str | None, count: int, where: str) -> list[int | None]:
    """The dice as rolled at the table (`6`, or `6,6` for a second look), or None for each
    to be drawn from the seeded dice."""
    if not text:
        return [None] * count
    parts = [p.strip() for p in text.split(",") if p.strip()]
    if len(parts) > count + 1 or not all(
        p.isascii() and p.isdigit() and 1 <= int(p) <= SIDES for p in parts
    ):
        raise SAID.refuse(
            "bad-die" if count == 1 else "bad-dice", where, text=text, count=count, sides=SIDES
        )
    return [int(p) for p in parts] + [None] * max(0, count - len(parts))


@COMMANDS("prospect", "ledger prospect Ann --ship Nomad --hex 0412 --dice 6")
def _prospect(act: Act, a: Prospect) -> Done:
    """Prospect an asteroid hex (§23): a six finds high-grade ore, a one rolled twice C-T ore; the
    dice are recorded with what they decided."""
    player = act.player(a.player)
    ship = act.post_named(a.ship, "ship", owner=player, kinds=("ship",))
    if not isinstance(ship, Ship) or ship.type not in PROSPECTORS:
        raise act.said(
            "cannot-prospect", "ship", ship=ship.name or ship.id, type=getattr(ship, "type", "post")
        )
    hex_ = a.hex.strip()
    what = f"§23 prospecting hex {hex_} with {ship.name or ship.id}"
    if a.again:
        entered = _dice(a.dice, 2, act.where["dice"])
        rolls = [act.books.roll(SIDES, f"{what}, second look", e) for e in entered[:2]]
        found = all(r.result == ORE_FACE for r in rolls)
        decided = "two sixes: high-grade ore" if found else "no high-grade ore"
        for r in rolls:
            act.books.decide(r, decided)
        faces = "+".join(str(r.result) for r in rolls)
        return Done(f"{ship.name or ship.id} looks again at hex {hex_}: {faces}, {decided} (§23)")
    entered = _dice(a.dice, 1, act.where["dice"])
    first = act.books.roll(SIDES, what, entered[0])
    if first.result == ORE_FACE:
        act.books.decide(first, "a six: high-grade ore")
        return Done(
            f"{ship.name or ship.id} finds high-grade ore in hex {hex_} (a six, §23); "
            f"`ledger claim {player.name} {hex_}` registers it (§24)",
        )
    if first.result != CT_FACE:
        act.books.decide(first, "no ore")
        return Done(f"{ship.name or ship.id} finds no ore in hex {hex_} ({first.result}, §23)")
    act.books.decide(first, "a one: the die is rolled again")
    again = act.books.roll(
        SIDES, f"{what}, a one rolled again", entered[1] if len(entered) > 1 else None
    )
    if again.result == CT_FACE:
        days = act.rules.ct_disabled_days  # §23: "disabled for four turns"
        until = act.books.day + days
        act.books.decide(again, f"a second one: C-T ore; the ship is disabled until day {until}")
        return Done(
            f"{ship.name or ship.id} finds C-T ore in hex {hex_} (1, 1) and is disabled for "
            f"{days} days, until day {until} (§23)",
        )
    act.books.decide(again, "no ore")
    return Done(f"{ship.name or ship.id} finds no ore in hex {hex_} (1, {again.result}, §23)")
