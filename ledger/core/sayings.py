"""What a game says when it refuses a command or finds a mistake, as data: a table (the game's
said.csv, a row a saying) of the saying's name, the problem's code, its message and its hint as
templates (`{player}`, `{owed:.2f}`: `str.format`'s fields, filled in where the mistake is
found) and whether it is a warning. The game's code says which mistake and where; the table
says how it is told, with the rule's number in front as the text has it."""

from __future__ import annotations

import msgspec

from ledger.core import data
from ledger.core.problems import Problem, problem
from ledger.core.steps import Refused


class Saying(msgspec.Struct, frozen=True):
    """A row of said.csv: `said` and `hint` are templates of the fields the game passes."""

    name: str
    code: str
    said: str
    hint: str = ""
    warning: bool = False


class Sayings:
    """A game's sayings by name, read from `package`'s table `name` (columns name, code, said,
    hint, warning: `yes` for a warning)."""

    def __init__(self, package: str, name: str = "said.csv") -> None:
        self.table: dict[str, Saying] = {}
        for row in data.rows(package, name):
            saying = msgspec.convert({**row, "warning": row["warning"] == "yes"}, Saying)
            if saying.name in self.table:
                raise ValueError(f"{package}/{name}: {saying.name} is said twice")
            self.table[saying.name] = saying

    def problem(self, name: str, where: object, /, **fields: object) -> Problem:
        """The problem the saying `name` tells at `where`, its templates filled with `fields`;
        a field `code` or `warning` is the problem's own, in place of the table's (a mistake
        told alike under two codes, or a warning until the tick): no template names them."""
        s = self.table[name]
        code, warning = str(fields.pop("code", s.code)), bool(fields.pop("warning", s.warning))
        hint = s.hint.format(**fields)
        return problem(code, where, s.said.format(**fields), hint, warning=warning)

    def refuse(self, name: str, where: object, /, **fields: object) -> Refused:
        """A command's refusal by the saying `name`: `raise SAID.refuse("in-debt", ...)`."""
        return Refused(self.problem(name, where, **fields))
