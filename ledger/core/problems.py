"""Problems in the user's data: a stable code, where (`Sheet!Cell` or a command argument),
a message and a hint. Collected, never raised one at a time."""

from __future__ import annotations

from enum import StrEnum

import msgspec


def column_letter(index: int) -> str:
    """0 -> A, 25 -> Z, 26 -> AA."""
    letters = ""
    n = index + 1
    while n:
        n, rem = divmod(n - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


class CellRef(msgspec.Struct, frozen=True):
    """Where a value came from: `str(CellRef("Ships", 2, 7)) == "Ships!C7"`.

    `column` is 0-based, `row` is the sheet's 1-based row number. A column of -1 means the
    whole row; a row of 0 means the sheet as a whole.
    """

    sheet: str
    column: int
    row: int

    def __str__(self) -> str:
        name = self.sheet if self.sheet.replace("_", "").isalnum() else f"'{self.sheet}'"
        if self.row == 0:
            return name
        if self.column < 0:
            return f"{name}!{self.row}:{self.row}"
        return f"{name}!{column_letter(self.column)}{self.row}"


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class Problem(msgspec.Struct, frozen=True):
    """One thing wrong with the user's data or command, and what to do about it."""

    code: str
    where: str
    message: str
    hint: str = ""
    severity: Severity = Severity.ERROR

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def as_dict(self) -> dict[str, str]:
        return {
            "code": self.code,
            "where": self.where,
            "message": self.message,
            "hint": self.hint,
            "severity": self.severity.value,
        }

    def line(self) -> str:
        """`Sheet!Cell: CODE message`, the form `ledger check` prints."""
        tag = "" if self.is_error else " (warning)"
        return f"{self.where}: {self.code}{tag} {self.message}"


def problem(
    code: str, where: object, message: str, hint: str = "", *, warning: bool = False
) -> Problem:
    return Problem(code, str(where), message, hint, Severity.WARNING if warning else Severity.ERROR)


def has_errors(problems: list[Problem] | tuple[Problem, ...]) -> bool:
    return any(p.is_error for p in problems)


class ProblemsFound(Exception):
    """Raised by the edges (io, cli) to stop a command that found problems in the user's data."""

    def __init__(self, problems: list[Problem], exit_code: int = 1) -> None:
        super().__init__("; ".join(p.line() for p in problems))
        self.problems = problems
        self.exit_code = exit_code


class SavedBut(Exception):
    """Something a command writes after its save failed: the save stands."""

    def __init__(self, what: str, problems: list[Problem]) -> None:
        super().__init__(what)
        self.what, self.problems = what, problems
