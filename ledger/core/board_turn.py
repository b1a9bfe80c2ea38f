"""One turn of a board game from two dice, the same for every board game: the move by the dice,
the field landed on bought, its rent paid to its owner (all one has, then the game's rule), the
game's other fields, and the turn's row and report lines. Made of the shared steps
(ledger.core.board): every posting goes through them. Game-blind: a game's turn is its `Play`,
its words are its turn.csv (`Words`); `TurnGame` is what the games' `Game` share.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from decimal import Decimal
from types import MappingProxyType
from typing import Any, ClassVar, Generic, Protocol, TypeVar

import msgspec

from ledger.core import board, data
from ledger.core.board import TurnLine as Line
from ledger.core.board_table import (
    Seat,
    Table,
    Turn,
    TurnRow,
    TurnRules,
    game_over,
    refuse_over,
    with_rule,
)
from ledger.core.books import PLAYER_ROLE, Books, Player
from ledger.core.game import Game
from ledger.core.problems import Problem, ProblemsFound, problem
from ledger.core.report import Line as ReportLine
from ledger.core.report import Moves, Pick, TickReport, fmt

ZERO = Decimal(0)
T = TypeVar("T", bound=Table)


class Square(Protocol):
    """A field of a board as the engine reads it: its number (from 1), name and price, and
    whether a player may own it."""

    @property
    def number(self) -> int: ...
    @property
    def name(self) -> str: ...
    @property
    def price(self) -> Decimal | None: ...
    @property
    def ownable(self) -> bool: ...


class Words:
    """A game's words for a turn: the table `turn.csv` in its package (columns name, rule,
    said; `rule` and `said` are `str.format` templates of the fields the engine passes; an
    empty `said` says nothing, an empty `rule` names none)."""

    def __init__(self, package: str, name: str = "turn.csv") -> None:
        self.rows = {r["name"]: (r["rule"], r["said"]) for r in data.rows(package, name)}

    def text(self, name: str, **fields: object) -> str:
        return self.rows[name][1].format(**fields)

    def rule(self, name: str, **fields: object) -> str:
        return self.rows[name][0].format(**fields)


class Play(ABC, Generic[T]):
    """One turn as it is played: what it says (`said`), the rules it names (`keys`), the lines
    it adds to the tick's report and the transactions it posts. A game's turn is a subclass
    that says what is its own (the hooks below: a rent, a field nobody owns, a shortfall)."""

    words: ClassVar[Words]
    #: One charge line for the whole turn (what it did, by which rules, all it paid), rather
    #: than a line for each payment.
    one_charge_line: ClassVar[bool] = False

    def __init__(self, table: T, seat: Seat, pips: int, event: str) -> None:
        self.table, self.seat, self.pips, self.event = table, seat, pips, event
        self.said: list[str] = []
        self.keys: list[str] = []
        self.lines: list[Line] = []
        self.txns: list[int] = []
        self.paid = ZERO  # what the last charge paid
        self.charged = ZERO  # what the turn paid, in all

    # -- what a game's turn says of its own ----------------------------------------------------
    @abstractmethod
    def rent_of(self, square: Any, owner: str) -> tuple[Decimal, str, str]:
        """What landing on another's field costs, how it was reckoned ("" if plainly), and the
        rule that sets it."""

    def land_on(self, square: Any) -> None:
        """What a field nobody can own does when the player lands on it (none: nothing)."""

    def may_buy(self, square: Any) -> bool:
        """Whether the player tries to buy the unowned field landed on (saying why not)."""
        return True

    def before_move(self) -> bool:
        """What the turn does before the move; False: the player does not move."""
        return True

    def passed_start(self, to: int) -> None:
        """What passing the start (the last field on to field 1) does: nothing."""

    def loan(self) -> board.Loan | None:
        """The bank's loan of a shortfall (None: one who cannot pay pays all they have)."""
        return None

    def short(self, paid: board.Payment, loan: board.Loan | None) -> tuple[str, dict[str, str]]:
        """Why the player is out after a payment (a saying and its fields), or ("", {})."""
        return ("short", {"paid": fmt(paid.paid)}) if paid.short > 0 else ("", {})

    def repay(self, name: str) -> Decimal:
        """What a player paid money repays of their debt first: nothing, without loans."""
        return ZERO

    # -- the shared steps, worded by the game ----------------------------------------------------
    def say(self, name: str, /, **fields: object) -> None:
        """The saying `name` in what the turn did, its rule among the turn's."""
        text, rule = self.words.text(name, **fields), self.words.rule(name, **fields)
        if text:
            self.said.append(text)
        if rule:
            self.keys.append(rule)

    def note(self, memo: str, rule: str) -> board.Note:
        return board.Note("turn", memo, rule, self.event)

    def income(
        self, name: str, src: str, amount: Decimal, saying: str, /, **fields: object
    ) -> int | None:
        """`name` is paid `amount` from `src` (the memo and report line `saying`-memo and
        -line); with a debt, it repays it first. Nothing due posts nothing."""
        words, account = self.words, self.table.by_name[name].account
        rule = words.rule(saying, **fields)
        if amount <= 0:
            return None
        memo = words.text(f"{saying}-memo", **fields)
        txn = board.post(self.table.books, src, account, amount, self.note(memo, rule))
        self.txns.append(txn)
        self.lines.append(
            Line(name, "income", words.text(f"{saying}-line", **fields), rule, amount, txn)
        )
        back = self.repay(name)
        if back > 0:
            text, rule = words.text("repays", back=fmt(back)), words.rule("repays")
            self.lines.append(Line(name, "event", text, rule))
        return txn

    def charge(self, payee: str, amount: Decimal, saying: str, /, **fields: object) -> bool:
        """The player pays `amount` to `payee` (an account), all they have if less, or the bank
        lends the shortfall (`loan`); `short` says whether that puts them out. False: out."""
        table, seat, words = self.table, self.seat, self.words
        memo, rule = words.text(f"{saying}-memo", **fields), words.rule(saying, **fields)
        loan = self.loan()
        paid = board.pay(table.books, seat.account, payee, amount, self.note(memo, rule), loan)
        self.paid = paid.paid
        self.charged += paid.paid
        self.txns += paid.txns
        self.say(saying, amount=fmt(amount), **fields)
        if paid.txns and not self.one_charge_line:
            self.lines.append(Line(seat.name, "charge", memo, rule, paid.paid, paid.txns[-1]))
        if paid.lent > 0:
            self.say("lent", lent=fmt(paid.lent))
        reason, why = self.short(paid, loan)
        if reason:
            self.out(reason, loan, **why)
        return not reason

    def out(self, reason: str, loan: board.Loan | None, /, **fields: object) -> None:
        """The player is out (the saying `reason`): their fields back to the bank, what the bank
        lent them written off."""
        table, seat, words = self.table, self.seat, self.words
        why, rule = words.text(reason, **fields), words.rule(reason, **fields)
        memo = words.text("write-off", player=seat.name)
        books, event, off = table.books, self.event, words.rule("write-off", rule=rule)
        gone = board.eliminate(books, table, seat.name, seat.account, off, event, loan, memo)
        self.seat = table.put(msgspec.structs.replace(seat, out=True, in_jail=False))
        deeds = ", ".join(map(str, gone.deeds))
        self.said.append(
            words.text("out", why=why, fields=words.text("deeds", deeds=deeds) if deeds else "")
        )
        self.keys.append(rule)
        line = words.text("out-line", why=why)
        if line:
            self.lines.append(Line(seat.name, "event", line, rule))

    def buy(self, square: Square) -> None:
        """The player buys the unowned field landed on, with at least its price; with less,
        nothing happens."""
        table, seat, words = self.table, self.seat, self.words
        price = square.price or ZERO
        fields = {"player": seat.name, "field": square.name, "price": fmt(price)}
        fields["cash"] = fmt(table.cash_of(seat.name))
        note = self.note(words.text("buys-memo", **fields), words.rule("buys-memo"))
        books = table.books
        txn = board.buy(books, table, square.number, seat.name, seat.account, price, note)
        if txn is None:
            self.say("cannot-buy", **fields)
            return
        self.txns.append(txn)
        self.charged += price
        self.say("buys", **fields)
        if not self.one_charge_line:
            line = words.text("buys-line", **fields)
            self.lines.append(Line(seat.name, "charge", line, note.rule, price, txn))

    def rent(self, square: Square, owner: str) -> None:
        """The player pays the field's rent to its owner (`charge`), the owner's line after."""
        rent, how, rule = self.rent_of(square, owner)
        fields = {"player": self.seat.name, "owner": owner, "field": square.name, "rule": rule}
        fields["how"] = f" ({how})" if how else ""
        self.charge(self.table.by_name[owner].account, rent, "rent", **fields)
        if self.paid > 0:
            text, rule = self.words.text("rent-income", **fields), self.words.rule("rent", **fields)
            self.lines.append(Line(owner, "income", text, rule, self.paid, self.txns[-1]))
            self.repay(owner)

    def land(self, square: Square) -> None:
        """The field landed on has its effect: bought, its rent paid, or the game's own."""
        owner = self.table.owner.get(square.number)
        if not square.ownable:
            self.land_on(square)
        elif owner is None:
            if self.may_buy(square):
                self.buy(square)
        elif owner == self.seat.name:
            self.say("owns")
        else:
            self.rent(square, owner)

    def take(self, d1: int, d2: int, won_rule: str = "") -> Turn:
        """The turn: what comes before the move (`before_move`), the move by the dice past the
        start (`passed_start`) and the field landed on; its row in the Turns sheet (what it did,
        by which rules, its transactions) and its lines, one for the player when it has none.
        Then the winner (the last player left: with `won_rule`, said in the row too) or who
        plays next, a new round after the last place."""
        table, seat, squares, lines = self.table, self.seat, self.table.squares, self.lines
        frm = to = seat.field
        if self.before_move():
            steps = frm - 1 + d1 + d2
            to = steps % len(squares) + 1  # past the last field on to the first
            self.seat = table.put(msgspec.structs.replace(self.seat, field=to))
            if steps >= len(squares):
                self.passed_start(to)
            self.land(squares[to - 1])
        what = f"{squares[to - 1].name}: " + ("; ".join(self.said) or "nothing happens")
        rule = ", ".join(dict.fromkeys(", ".join(self.keys).split(", "))) if self.keys else ""
        if self.one_charge_line and self.charged > 0:
            lines.insert(0, Line(seat.name, "charge", what, rule, self.charged, self.txns[0]))
        if all(x.player != seat.name for x in lines):
            lines.insert(0, Line(seat.name, "event", what, rule))
        txns = ", ".join(map(str, self.txns))
        row = TurnRow(
            len(table.turns) + 1, table.round, seat.name, f"{d1},{d2}", frm, to, what, rule, txns
        )
        winner = table.winner
        if winner is not None:
            if won_rule:
                what, rule = f"{row.what}; {winner} has won", f"{row.rule}, {won_rule}"
                row = msgspec.structs.replace(row, what=what, rule=rule)
            table.turns.append(row)
            table.current = None
            won = Line(winner, "event", f"{winner} has won the game", won_rule)
            return Turn(row, (*lines, won), winner=winner)
        table.turns.append(row)
        nxt, wrapped = table.after(table.by_name[seat.name].order)
        table.current = nxt
        if wrapped:
            table.round += 1
            table.books.settings.values["day"] = table.round
        return Turn(row, tuple(lines), next=nxt.name if nxt else None, next_round=table.round)


class TurnGame(Game):
    """What every board game's `Game` does alike: `ledger roll` and `tick`, the forecast, the
    first player, a player out or the game over refused, what a player may do from their page;
    a game says `table_of` and its turn (`turn`, its `Play`)."""

    turn_rules = TurnRules()
    #: The game's turn, played by the engine (`Play`).
    turn: ClassVar[Callable[..., Play[Any]]]
    #: The rule of a turn's two dice, said of a bad --dice ("": the game's text gives none).
    dice_rule: ClassVar[str] = ""
    #: Whether `roll` says the rules of what the turn did.
    says_rules: ClassVar[bool] = False

    @abstractmethod
    def table_of(self, books: Books) -> Table:
        """The game's table, read from its books."""

    def play_turn(self, table: Table, dice: list[int], event: str, **turn: Any) -> Turn:
        """The current player's turn from two dice, the table's (`dice`) or drawn from the seed,
        recorded in the Dice sheet: the game's `Play` (with the game's `turn` arguments)."""
        books, seat = table.books, table.current
        assert seat is not None, "a turn needs a player whose turn it is"
        d1, d2 = board.two_dice(books, len(table.turns) + 1, seat.name, dice)
        done = self.turn(table, seat, d1 + d2, event, **turn).take(d1, d2, self.turn_rules.won)
        board.decide(books, 2, f"{seat.name} moves {done.row.frm} -> {done.row.to} {done.row.what}")
        return done

    def roll(
        self,
        books: Books,
        move: Any,
        where: Mapping[str, str],
        event: str,
        more: Callable[[], list[Problem]] = list,
        **turn: Any,
    ) -> tuple[str, list[Problem]]:
        """`ledger roll`: the current player's turn from the table's dice (`move.dice`) or the
        seeded ones, unless the game is over, the game's `more` refuses it, a player is named
        whose turn it is not, or the dice are bad; with the game's rule numbers. It says
        `round 1, turn 2: Ann rolls 3+4, 1 -> 8` and what the turn did (with its rules, for a
        game that says them), its transactions; then the winner or who plays next."""
        table, rules, player = self.table_of(books), self.turn_rules, move.player
        # the command, or the Events row it was typed in
        problems = refuse_over(table, "roll" if event.startswith("cli:") else event, rules.won)
        problems += more()
        current = table.current
        if player and current is not None:
            who = books.player(player)
            if who is None or who.name != current.name:
                out = who is not None and who.get("out") is True
                why = f"out of the game{with_rule(rules.out)}" if out else rules.order
                said = f"it is {current.name}'s turn, not {player}'s{with_rule(why)}"
                hint = f"leave out the player, or roll for {current.name}{with_rule(rules.order)}"
                problems.append(problem("not-their-turn", where["player"], said, hint))
        text = move.dice
        dice, bad = board.parse_dice(text, where["dice"], self.dice_rule) if text else ([], [])
        if problems or bad:
            return "", problems + bad
        done = self.play_turn(table, dice, event, **turn)
        table.save()
        r, said = done.row, with_rule(rules.won)
        head = f"round {r.round}, turn {r.turn}: {r.player} rolls {r.dice.replace(',', '+')}, "
        head += f"{r.frm} -> {r.to} {r.what}" + (f" ({r.rule})" if self.says_rules else "")
        head += f"; txn {r.txn}" if r.txn else ""
        if done.winner:
            return f"{head}\nThe game is over: {done.winner} won{said}.", []
        return f"{head}\nNext: {done.next} (round {done.next_round}).", []

    def out_of_game(self, books: Books, player: Player, where: str) -> Problem | None:
        """One who is out takes no more part; once the game is won, nobody does (a payment
        after the end would change the standings it ended with)."""
        rules = self.turn_rules
        if player.get("out") is True:
            said = f"{rules.out}: " if rules.out else ""
            text = f"{said}{player.name} is out of the game and takes no more part"
            return problem("player-out", where, text, "")
        players = [p for p in books.players if p.role == PLAYER_ROLE]
        left = [p.name for p in players if p.get("out") is not True]
        if len(players) >= 2 and len(left) == 1:
            return game_over(left[0], where, rules.won)
        return None

    def first_player(self, books: Books, first: str | None) -> tuple[int, list[Problem]]:
        """Who begins: `--first`, or drawn from the seeded dice; the order as entered follows
        (`board.set_order`). The index among the players, or the problem."""
        players = [p for p in books.players if p.role == PLAYER_ROLE]
        if first is not None:
            chosen = books.player(first)
            if chosen is None:
                names = "players: " + ", ".join(p.name for p in players)
                said = f"{first!r} is not one of the players"
                return 0, [problem("unknown-player", "--first", said, names)]
            return players.index(chosen), []
        roll = books.roll(len(players), f"the first player{with_rule(self.turn_rules.first)}")
        books.decide(roll, f"{players[roll.result - 1].name} begins")
        return roll.result - 1, []

    def tick(
        self, books: Books, days: int, progress: Callable[[int], None] | None = None
    ) -> TickReport:
        """`ledger tick N`: N rounds from the seeded dice, every remaining player one turn in
        order, each turn's lines in the report; it stops when the game is won."""
        table = self.table_of(books)
        problems = refuse_over(table, "tick", self.turn_rules.won)
        if problems:
            raise ProblemsFound(problems)
        start = table.round - 1
        report = TickReport(start, start, currency=self.currency, clock=self.clock, in_order=True)
        target = table.round + days
        while table.current is not None and table.round < target:
            before = table.round
            turn = self.play_turn(table, [], f"tick:round {table.round}")
            row = turn.row
            report.lines += [
                ReportLine(
                    row.round, x.player, x.kind, x.text, x.rule, x.amount, x.txn, turn=row.turn
                )
                for x in turn.lines
            ]
            if progress and table.round != before:
                progress(table.round - 1 - start)
        table.save()
        report.end = table.round if table.winner else table.round - 1
        return report

    #: What a player picks for `roll` on their page (the served pages), by its argument.
    roll_picks: Mapping[str, Pick] = MappingProxyType({})

    def moves_now(self, books: Books, player: str) -> Moves:
        """What `player` may do from their page now (the served pages): roll, on their own
        turn only, while nobody has won."""
        table = self.table_of(books)
        mine = table.current is not None and table.current.name == player
        return {"roll": dict(self.roll_picks)} if mine else {}

    def forecast(self, books: Books, days: int) -> TickReport:
        """Nothing falls due: every turn is decided by its dice."""
        now = books.day - 1
        return TickReport(now, now, currency=self.currency, clock=self.clock)
