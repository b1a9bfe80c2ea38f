"""The README's console blocks run as written (issue 36, item 7): tests/readme_blocks.py says
how. `make slow` runs every block but stops a chain before a program that is not ours
(hledger, which .ci/run installs only for the interop tests); `make interop` runs them all.
About 30 s of commands, so not in `make test`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import program
from tests.readme_blocks import README, Runner, blocks, chains

CHAINS = chains(blocks(README.read_text(encoding="utf-8")))


def _check(chain_at: int, folder: Path, outside: bool) -> None:
    wrong = [
        f"README.md:{o.command.at + 1}: $ {o.command.line}\n"
        + "\n".join(["  README shows:", *o.command.expected, "  ledger printed:", *o.shown])
        for o in Runner(folder, outside).run(CHAINS[chain_at])
        if not o.ok
    ]
    assert not wrong, "\n\n".join(wrong) + "\n\n(python -m tests.readme_blocks --write redoes them)"


def _name(chain: list) -> str:  # type: ignore[type-arg]
    return chain[0].heading.split(" ")[-1].lower() if chain[0].heading else "top"


@pytest.mark.slow
@pytest.mark.parametrize("at", range(len(CHAINS)), ids=[_name(c) for c in CHAINS])
def test_issue36_the_readme_runs_as_written(at: int, tmp_path: Path) -> None:
    _check(at, tmp_path, outside=False)


@pytest.mark.interop
@pytest.mark.parametrize("at", range(len(CHAINS)), ids=[_name(c) for c in CHAINS])
def test_issue36_the_readme_runs_as_written_with_hledger(at: int, tmp_path: Path) -> None:
    program("hledger")
    _check(at, tmp_path, outside=True)


def test_issue36_every_console_block_is_in_a_chain() -> None:
    assert sum(len(c) for c in CHAINS) == README.read_text(encoding="utf-8").count("```console")
    assert all(c[0].commands[0].line.startswith("ledger new") for c in CHAINS)
