"""A board file's keys and what each way of reading a value wants are tables (keys.csv,
wanted.csv in ledger/rules/boardfile): every way a key is read has its reader and its words,
and the words of a field's kind name every kind the reader takes."""

from __future__ import annotations

from ledger.rules.boardfile import spec


def test_38_every_key_is_read_one_known_way_and_said_what_it_wants() -> None:
    kinds = {kind for table in spec.KEYS.values() for kind, _ in table.values()}
    assert kinds == set(spec._READERS) == set(spec._WANTED)
    assert spec._WANTED["kind"] == "one of " + ", ".join(spec.KINDS)
    assert set(spec.KEYS) == {"", "field", *spec.TABLES}
