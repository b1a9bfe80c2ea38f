"""The §29 property tax step of Triplanetary's day (`ledger tick`, tick.py): 10% of the
price of all ships and bases every tax cycle; unpaid, a class I crime, and two cycles make a
pirate (§33).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from decimal import Decimal

from ledger.core.books import Player
from ledger.core.money import round_money
from ledger.rules.triplanetary.justice import prison_term, set_status
from ledger.rules.triplanetary.kit import (
    GONE,
    collected_when,
    owe,
    set_pr,
    standing_modules,
    tax_pieces,
)
from ledger.rules.triplanetary.model import OUTLAWS, Crime, Due, State
from ledger.rules.triplanetary.roles import PATROL_ROLE
from ledger.rules.triplanetary.settings import Rules
from ledger.rules.triplanetary.tick_base import TickerBase


class TaxSteps(TickerBase):
    """The day's §29 property tax step."""

    # -- §29 property tax ------------------------------------------------------------------------
    def property_tax_s29(self) -> None:
        r, d = self.rules, self.day
        if r.tax_cycle <= 0 or d % r.tax_cycle != 0:
            return
        owned = taxable_property(self.state, r)
        for name, value in owned.items():
            player = self.player(name)
            if player is None or value <= 0 or not owes_property_tax(r, player):
                continue
            tax = round_money(value * r.property_tax / 100)
            txn = self.pay(
                player,
                tax_pieces(self.books, tax),
                kind="tax",
                memo=f"{name}: property tax, {r.property_tax}% of {value:.2f} KC",
                rule="§29",
            )
            if txn is not None:
                self.line(
                    name,
                    "charge",
                    f"property tax: {r.property_tax}% of {value:.2f} KC of ships and bases",
                    "§29",
                    tax,
                    txn,
                )
                continue
            crime = Crime(
                self.state.next_id("X", [c.id for c in self.state.crimes]),
                name,
                d,
                1,
                f"failure to pay property tax for the cycle ending day {d}",
                "§29 §36A",
                "open",
                tax,
            )
            self.state.crimes.append(crime)
            # split once, so partial payments keep it exact
            for creditor, part in tax_pieces(self.books, tax):
                if part:
                    reason = f"property tax of day {d} ({creditor}'s share)"
                    owe(self.state, Due("", name, creditor, part, reason, d, "§29", crime.id))
            self.line(
                name,
                "event",
                f"property tax of {tax:.2f} KC unpaid: a class I crime on record ({crime.id}); what {name} has is taken now, and {collected_when(name, 'the rest')}",
                "§29",
            )
            self.collect_dues_s6(only=name)  # what the player has is taken now, the rest owed
            unpaid = unpaid_tax_cycles(self.state, name)
            if len(unpaid) >= r.pirate_after and player.get("status") not in OUTLAWS:
                self.make_pirate(player, f"{len(unpaid)} tax cycles unpaid")

    def make_pirate(self, player: Player, why: str) -> None:
        """§29: two tax cycles unpaid make a player a pirate; PR -15 (§33, §36C)."""
        set_status(self.books, player, "pirate", prison_term(player))  # a term goes on (§41)
        set_pr(self.books, player, self.rules.pr_pirate, f"made a pirate: {why}", "§29 §33 §36C")
        self.line(
            player.name,
            "event",
            f"{player.name} is now a pirate ({why}); PR {self.rules.pr_pirate:+d}",
            "§29 §33",
        )


def unpaid_tax_cycles(state: State, name: str) -> list[Crime]:
    """§29's crimes of the player's tax cycles still unpaid: a tax still owed (its Dues), tried
    or not (a trial does not pay the tax, §36B); a crime with no Dues while it is open."""
    owing = {d.crime for d in state.dues if d.player == name and d.crime and d.amount > 0}
    linked = {d.crime for d in state.dues if d.player == name and d.crime}
    return [
        c
        for c in state.crimes
        if c.player == name
        and c.rule.startswith("§29")
        and (c.id in owing or (c.id not in linked and c.status == "open"))
    ]


def owes_property_tax(rules: Rules, player: Player) -> bool:
    """§29 spares nobody: pirates and warlords owe the tax like anyone (a house rule may spare
    them); the dead owe nothing (§5); the Patrol's own property only by house rule."""
    status = player.get("status")
    if status == "dead":
        return False
    if player.role == PATROL_ROLE and not rules.patrol_pays_property_tax:
        return False
    return not (status in OUTLAWS and rules.exempt_outlaws)


def standing_property(state: State) -> Iterator[tuple[str, Decimal]]:
    """(owner, original price) of each ship, base and recreation module still there: not
    destroyed, not departed past Jupiter (§32); a module goes with its base, and may be
    destroyed on its own (§20)."""
    for group in (state.ships, state.bases):
        for item in group:
            if item.status not in GONE:
                yield item.owner, item.price
    for m in standing_modules(state):
        yield m.owner, m.price


def taxable_property(state: State, rules: Rules) -> dict[str, Decimal]:
    """§29: the original price of each player's ships, bases and recreation modules, "those
    ships and bases in the process of being built" included. A colonization attempt being
    outfitted is ships being built (§32): it counts at its cost, on top of its ramscoops. Ships
    that left the board past Jupiter (§32) or were destroyed count no more."""
    from ledger.rules.triplanetary.colonization import COLONIZATION_COST

    owned: dict[str, Decimal] = defaultdict(Decimal)
    for owner, price in standing_property(state):
        owned[owner] += price
    for o in state.orders:
        if o.status != "building":
            continue
        if o.item in state.prices and state.prices[o.item].kind in ("ship", "base", "module"):
            owned[o.owner] += o.price
        elif o.item == "colonization" and rules.colonization_taxed:
            owned[o.owner] += o.price or COLONIZATION_COST  # the order keeps no price of its own
    return owned
