"""docs/commands.md is what `python -m tests.commands_doc --write` makes of the games'
declarations, and every test it names exists."""

from __future__ import annotations

from tests.commands_doc import DOC, missing, render


def test_the_commands_table_is_current() -> None:
    assert DOC.is_file(), "docs/commands.md is missing: python -m tests.commands_doc --write"
    assert DOC.read_text(encoding="utf-8") == render(), (
        "docs/commands.md is stale: python -m tests.commands_doc --write"
    )


def test_every_refusal_names_a_test_that_exists() -> None:
    assert missing() == []
