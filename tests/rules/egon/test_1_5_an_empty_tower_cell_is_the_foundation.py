"""1.5: every tower stands on its 12-stone foundation. An empty `tower` cell in Players is read
as the foundation by the round (its salary, its rent), the status and the served view; the
statement and the game report said `None` and ranked the player last, below towers of 12."""

from __future__ import annotations

from tests.memory import table


def test_1_5_an_empty_tower_is_shown_and_ranked_as_the_foundation() -> None:
    t = table(game="egon", players=("ABC", "BOB", "CAT"), seed=1)
    t.edit_cells({"Players!E2": None, "Players!D2": None, "Players!C2": None})
    t.check(clean=True)
    books = t.books
    abc = books.player("ABC")
    assert abc is not None
    period = books.statements_period(0)
    facts = dict(books.game.statement(books, abc, period, None).facts)
    assert (facts["tower"], facts["stones in store"], facts["DI"]) == ("12 stones", "0", "0")
    report = books.game.report(books, "game", 0)
    standings = next(s for s in report.sections if s.rows and s.rows[0][1] in ("ABC", "BOB"))
    assert standings.rows[0][:4] == ["1", "ABC", "12", "0"]  # tied at 12: by name
    assert "None" not in str(report.sections)
