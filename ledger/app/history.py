"""`ledger history` and `ledger undo`: the kept versions as a story, and going back one command
or to a version in one step, under the writer lock, refusing a workbook changed by hand since
ledger last wrote it (typed rows are never thrown away without `--force`)."""

from __future__ import annotations

from pathlib import Path

import msgspec

from ledger.core.problems import ProblemsFound, problem
from ledger.io import history as kept
from ledger.io import store
from ledger.io.history import Version, history_dir, versions
from ledger.io.timeline import Entry, State, believed, changed, entries, state_of, undo_to

__all__ = [
    "Entry",
    "State",
    "Undid",
    "Version",
    "believed",
    "changed",
    "entries",
    "history_dir",
    "state_of",
    "undo",
    "versions",
]


class Undid(msgspec.Struct, frozen=True):
    """What an undo did: the command it undid (`undo`), or the version it went back to
    (`undo --to`); what the undone commands had written, moved aside, and where to."""

    version: Version
    to: int | None
    moved: list[Path] = msgspec.field(default_factory=list)
    folders: list[Path] = msgspec.field(default_factory=list)
    #: how many earlier versions are still kept
    left: int = 0


def undo(path: Path, to: int | None, force: bool) -> Undid:
    """`ledger undo [--to N] [--force]`."""
    store.refuse_if_open_elsewhere(path, force)
    store.refuse_if_read_only(path)
    with store.exclusive(path):
        saved = kept.last_written(path)
        if saved is not None and path.exists() and not force and kept.digest_file(path) != saved:
            raise ProblemsFound(
                [
                    problem(
                        "changed-since-save",
                        str(path),
                        "the workbook was changed after ledger last saved it (rows typed in Excel?); undo would throw those changes away",
                        "run `ledger post` to save those changes first (`ledger undo` then goes back to them, not past them), or add --force to undo anyway and lose them",
                    )
                ]
            )
        if to is not None:
            back, aside = undo_to(path, to)
            return Undid(back, to, aside.moved, aside.folders)
        undone = store.undo(path)
    folders = [undone.aside] if undone.aside is not None else []
    return Undid(undone.version, None, undone.moved, folders, len(versions(path)))
