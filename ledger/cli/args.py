"""Reading a command line where Typer alone would not: `-3` is a negative number given for an
argument, which the command then refuses clearly (or takes, as `ledger pr Ann -2`), not an
unknown option `-3`."""

from __future__ import annotations

import re
from typing import Any

from typer.core import TyperCommand

#: `-3`, `-10`, `-12.50`, `-1,000`: a word the parser would otherwise take for short options.
_NEGATIVE_NUMBER = re.compile(r"-\d[\d.,_]*")


class NegativeNumbers(TyperCommand):
    """A command whose arguments may be typed as negative numbers (`ledger fine Bob -10`,
    `ledger tick -3`). Only when such a word is there are unknown options kept as arguments,
    so a mistyped option (`--shp`) is still refused as one, with its did-you-mean."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if any(_NEGATIVE_NUMBER.fullmatch(a) for a in args):
            ctx.ignore_unknown_options = True
        return super().parse_args(ctx, args)
