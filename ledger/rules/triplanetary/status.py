"""`ledger status` for Triplanetary V/2: where each player stands and what the banker must act
on before the next tick, in the game's words: fines and taxes owed (§6), posts whose supplies
run out and the day their crews die (§14), offices whose fee falls due (§8), prisoners and the
day they go free (§41), the dead shown as dead (§5). Plain data; `status_text` words it."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from ledger.core.books import Player
from ledger.core.report import fmt
from ledger.rules.triplanetary import kit
from ledger.rules.triplanetary.books import Books
from ledger.rules.triplanetary.justice import prison_term
from ledger.rules.triplanetary.settings import Rules
from ledger.rules.triplanetary.statement import dues_owed, supplies_ahead

DEAD = "dead"


def falls_due(books: Books, p: Player) -> dict[str, Any]:
    """What the player owes and what runs out, as plain data; nothing for the dead (§5: the
    dead owe nothing and their crews are gone)."""
    state, rules, day = kit.state_of(books), Rules.of(books.settings), books.day
    if p.get("status") == DEAD:
        return {"owed": "0.00", "supplies": [], "offices": [], "prison_until": None}
    owed = dues_owed(state, p.name)
    supplies = []
    for post, crews, runs_out, crews_die in supplies_ahead(rules, state, day, p.name):
        # living on the post's emergency supplies: nothing left to feed a crew, and some of the
        # emergency supplies eaten (§14)
        emergency = post.supplies < crews and post.emergency_left < kit.emergency_days(rules, post)
        supplies.append(
            {
                "post": post.id,
                "name": post.name or post.id,
                "crews": crews,
                "on_emergency": emergency,
                "runs_out": None if emergency else runs_out,
                "crews_die": crews_die,
            }
        )
    offices = [
        {
            "office": o.id,
            "place": o.place,
            "due_day": o.paid_until,
            "fee": f"{rules.office_fee:.2f}",
            "unpaid": o.paid_until <= day,
        }
        for o in state.offices
        if o.owner == p.name and o.status == "open"
    ]
    supplies.sort(key=lambda s: (s["crews_die"], s["post"]))
    offices.sort(key=lambda o: (o["due_day"], o["office"]))
    return {
        "owed": f"{owed:.2f}",
        "supplies": supplies,
        "offices": offices,
        "prison_until": prison_term(p),
    }


def status(books: Books) -> dict[str, Any]:
    """`ledger status --json`: each player's cash, status and PR, what they own that is not
    lost, and what falls due (`falls_due`)."""
    state = kit.state_of(books)
    players = {}
    for p in books.players:
        mine = [s for s in state.ships if s.owner == p.name and s.status not in kit.GONE]
        bases = [b for b in state.bases if b.owner == p.name and b.status not in kit.GONE]
        players[p.name] = {
            "role": p.role,
            "cash": books.player_cash(p).plain(),
            "status": p.get("status") or "free",
            "pr": p.get("pr") or 0,
            "location": p.get("location") or "",
            "ships": [s.id for s in mine],
            "bases": [b.id for b in bases],
            **falls_due(books, p),
        }
    return {"day": books.day, "players": players}


def status_text(books: Books) -> dict[str, Any]:
    """`ledger status` as the banker reads it: amounts with separators, a prisoner's day of
    release, the dead as dead, and one line for each thing that falls due."""
    cur, day = books.currency, books.day
    players: dict[str, Any] = {}
    for name, row in status(books)["players"].items():
        owed = Decimal(row["owed"])
        players[name] = {
            "role": row["role"],
            f"cash ({cur})": f"{Decimal(row['cash']):,.2f}",
            "status": _status_words(row),
            "where": row["location"],
            "fines, taxes owed (§6)": f"{fmt(owed)} {cur}" if owed else "",
            "supplies (§14)": "\n".join(_supply_words(s, day) for s in row["supplies"]),
            "offices (§8)": "\n".join(_office_words(o, cur) for o in row["offices"]),
            "owns": ", ".join([*row["ships"], *row["bases"]]),
        }
    return {"day": day, "players": players}


def _status_words(row: dict[str, Any]) -> str:
    if row["status"] == DEAD:
        return "DEAD (§5)"
    if row["prison_until"] is not None:
        outlaw = f"{row['status']}, " if row["status"] != "imprisoned" else ""
        return f"{outlaw}in prison until day {row['prison_until']} (§41)"
    return str(row["status"])


def _supply_words(s: dict[str, Any], day: int) -> str:
    if s["on_emergency"]:
        return f"{s['name']}: on emergency supplies, crews die day {s['crews_die']}"
    return f"{s['name']}: out day {s['runs_out']}, crews die day {s['crews_die']}"


def _office_words(o: dict[str, Any], cur: str) -> str:
    when = "unpaid since day" if o["unpaid"] else "due day"
    return f"{o['office']} {o['place']}: {fmt(Decimal(o['fee']))} {cur} {when} {o['due_day']}"
