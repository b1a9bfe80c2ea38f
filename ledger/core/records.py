"""Records and sheet rows, both ways: a game's record (a `msgspec.Struct` or a dataclass)
built from the values ledger/io read, or a `Sheet!Cell` problem for each value the record
cannot do without (the row is then left out); and the records written back as rows, with the
sheet row each came from.

A game declares its records (`Game.records`: sheet name -> `Held(Record, "attribute")`, the
list on the game's state that holds them) and `Game` builds them here (`build_records`) and
writes them back (`dump_records`, `source_rows`), so a half-typed row (a value in one column, a
note beside an empty row) is reported with its cell instead of stopping the program, and a new
sheet is covered without code of its own. A record keeps the cell it came from in its `ref`
field (`CellRef | None`, None for a record made since), frozen or not.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
from collections.abc import Callable, Iterable, Mapping
from decimal import Decimal
from typing import Any, TypeVar

import msgspec

from ledger.core.problems import CellRef, Problem, problem
from ledger.core.schema import Kind, SheetSpec

T = TypeVar("T")

#: What a cell of each kind holds, for the hints.
HOLDS: dict[Kind, str] = {
    "text": "text",
    "int": "a whole number",
    "day": "a game day (0 or more)",
    "money": "an amount such as 12.50",
    "decimal": "a number",
    "bool": "yes or no",
}

_TYPES: dict[Kind, tuple[type, ...]] = {
    "text": (str,),
    "int": (int,),
    "day": (int,),
    "money": (Decimal,),
    "decimal": (Decimal,),
    "bool": (bool,),
}


class Held(msgspec.Struct, frozen=True):
    """How a game sheet's rows are held on the game's state: as `record`s (a `msgspec.Struct`
    or a dataclass, with a `ref` field) in the list `attr`. `field_of` names the field of a
    column whose name differs (`{"class": "crime_class"}`), `blank` what an empty cell means for
    a field with no default (`{"id": ""}`); `keeps_rows` is False for a sheet written in another
    order than read (its records keep no sheet row, so columns the banker added there are not
    kept beside them)."""

    record: type
    attr: str
    field_of: Mapping[str, str] | None = None
    blank: Mapping[str, Any] | None = None
    keeps_rows: bool = True


class _Slot(msgspec.Struct, frozen=True):
    """One column of the sheet that fills one field of the record."""

    column: int
    name: str
    field: str
    kind: Kind
    needed: bool  # the record has no default for it
    blank: Any  # what an empty cell gives when `needed` (None: a problem)
    holds: str  # what the column holds, for the hints


class Field(msgspec.Struct, frozen=True):
    """One field of a record: its name, its annotation as written (a string where the module
    has `from __future__ import annotations`) and whether a value must be given (no default,
    no default factory)."""

    name: str
    type: Any
    required: bool


@functools.cache
def record_fields(cls: type) -> tuple[Field, ...]:
    """The fields of a record class, in order: a `msgspec.Struct` (ledger's games) or a
    dataclass (a game may declare its records so: docs/adding-a-game.md). A Struct's are read
    from the class itself, without resolving the annotations (`msgspec.structs.fields` does:
    slower, and it needs every name they use). Once a class: a class's fields do not change,
    and every read of a workbook asks for each sheet's (30 µs a class: 0.6 ms of the 7 ms
    read of the example workbook)."""
    if dataclasses.is_dataclass(cls):
        return tuple(
            Field(
                f.name,
                f.type,
                f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING,
            )
            for f in dataclasses.fields(cls)
            if f.init
        )
    if not issubclass(cls, msgspec.Struct):  # a programmer's error
        raise TypeError(f"{cls.__name__} is neither a msgspec.Struct nor a dataclass")
    names = cls.__struct_fields__
    defaults = cls.__struct_defaults__
    first = len(names) - len(defaults)  # the fields before `first` have no default
    annotations: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        annotations.update(inspect.get_annotations(klass))
    return tuple(
        Field(name, annotations[name], i < first or defaults[i - first] is msgspec.NODEFAULT)
        for i, name in enumerate(names)
    )


def build_records(
    cls: type[T],
    spec: SheetSpec,
    rows: Iterable[tuple[CellRef, Mapping[str, Any]]],
    problems: list[Problem],
    *,
    field_of: Mapping[str, str] | None = None,
    blank: Mapping[str, Any] | None = None,
) -> list[T]:
    """The records of one sheet, in sheet order, each with its `ref`.

    `field_of` names the field of a column whose name differs (`{"class": "crime_class"}`);
    `blank` gives the value an empty cell means for a field with no default (`{"id": ""}`:
    the game's checks judge it later). Any other empty cell of a field with no default is a
    `missing-value` problem, a value of the wrong type a `bad-value` one, both naming the
    cell (its column in the spec's order); such a row is left out and every other row built.
    """
    slots = _slots(cls, spec, field_of or {}, blank or {})
    out: list[T] = []
    sheet = spec.name
    for ref, values in rows:
        kwargs: dict[str, Any] = {}
        found: list[Problem] = []
        for s in slots:
            value = values.get(s.name)
            if value is None or value == "":
                if not s.needed:
                    continue
                if s.blank is None:
                    found.append(
                        problem(
                            "missing-value",
                            CellRef(sheet, s.column, ref.row),
                            f"this {sheet} row has no {s.name}",
                            f"{s.name} holds {s.holds}: fill it in, or clear the row",
                        )
                    )
                    continue
                value = s.blank
            elif not isinstance(value, _TYPES[s.kind]) or (
                s.kind != "bool" and isinstance(value, bool)
            ):
                found.append(
                    problem(
                        "bad-value",
                        CellRef(sheet, s.column, ref.row),
                        f"{value!r} cannot be the {s.name} of a {sheet} row",
                        f"{s.name} holds {s.holds}",
                    )
                )
                continue
            kwargs[s.field] = value
        if found:
            problems.extend(found)
            continue
        kwargs["ref"] = ref
        out.append(cls(**kwargs))
    return out


def _slots(
    cls: type, spec: SheetSpec, field_of: Mapping[str, str], blank: Mapping[str, Any]
) -> list[_Slot]:
    fields = {f.name: f for f in record_fields(cls) if f.name != "ref"}
    slots = []
    covered = set()
    for i, col in enumerate(spec.columns):
        name = field_of.get(col.name, col.name)
        f = fields.get(name)
        if f is None:
            continue
        covered.add(name)
        needed = f.required
        holds = col.help.rstrip(".") or HOLDS[col.kind]
        slots.append(
            _Slot(
                i,
                col.name,
                name,
                col.kind,
                needed,
                blank.get(name) if needed else None,
                holds[:1].lower() + holds[1:],
            )
        )
    lacking = [n for n, f in fields.items() if n not in covered and f.required]
    if lacking:  # a programmer's error: the sheet cannot fill the record
        raise TypeError(f"{spec.name} has no column for {cls.__name__}.{', '.join(lacking)}")
    return slots


def dump_records(
    records: Iterable[Any], spec: SheetSpec, *, field_of: Mapping[str, str] | None = None
) -> list[list[Any]]:
    """The rows of one sheet, one a record, each value in its column of the spec: the other
    half of `build_records`, with the same `field_of` (`{"class": "crime_class"}`)."""
    names = [(field_of or {}).get(c.name, c.name) for c in spec.columns]
    return [[getattr(r, n) for n in names] for r in records]


def source_rows(records: Iterable[Any]) -> list[int | None]:
    """The sheet row each record came from (its `ref`, which `build_records` sets), None for
    a record made since: ledger/io keeps the columns the banker added beside their rows."""
    return [r.ref.row if r.ref is not None else None for r in records]


def load_held(
    state: Any,
    records: Mapping[str, Held],
    sheets: Iterable[SheetSpec],
    rows: Mapping[str, Iterable[tuple[CellRef, Mapping[str, Any]]]],
    problems: list[Problem],
) -> Any:
    """`state` (None: a game without records) with each of `records` built from its rows."""
    if state is None:
        return None
    specs = {spec.name: spec for spec in sheets}
    for name, held in records.items():
        getattr(state, held.attr).extend(
            build_records(
                held.record,
                specs[name],
                rows.get(name, ()),
                problems,
                field_of=held.field_of,
                blank=held.blank,
            )
        )
    return state


def dump_held(
    state: Any,
    records: Mapping[str, Held],
    sheets: Iterable[SheetSpec],
    written: Callable[[str, list[Any]], Iterable[Any]],
) -> dict[str, list[list[Any]]]:
    """Each of `records`' sheets as rows, of the records `written(sheet, records)` gives."""
    specs = {spec.name: spec for spec in sheets}
    return {
        name: dump_records(
            written(name, getattr(state, held.attr)), specs[name], field_of=held.field_of
        )
        for name, held in records.items()
    }


def held_rows(state: Any, records: Mapping[str, Held]) -> dict[str, list[int | None]]:
    """For each sheet whose records keep their rows, the sheet row each came from."""
    return {
        name: source_rows(getattr(state, held.attr))
        for name, held in records.items()
        if held.keeps_rows
    }
