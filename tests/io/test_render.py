"""What the templates are given to write CSS and SVG: a footer as a CSS string (not HTML-escaped),
and a chart's box grown to hold its longest label."""

from __future__ import annotations

import tinycss2
from hypothesis import given
from hypothesis import strategies as st

from ledger.core.report import Chart
from ledger.io.render import chart_box, css_string, render_html, text_width
from tests.conftest import Ledger


def parsed(css: str) -> str:
    """The value of the one CSS string `css` is, as a CSS parser reads it."""
    (token,) = [t for t in tinycss2.parse_component_value_list(css) if t.type != "whitespace"]
    assert token.type == "string", (css, token)
    return str(token.value)


def test_a_footer_is_a_css_string_with_quotes_backslashes_and_new_lines_escaped() -> None:
    css = css_string('The Patrol\'s "report" \\ day 3\n</style>')
    assert css == (
        '"The Patrol\\000027 s \\000022 report\\000022  \\00005C  day 3\\00000A '
        '\\00003C /style\\00003E "'
    )
    assert "&#39;" not in css and "<" not in css
    assert parsed(css) == 'The Patrol\'s "report" \\ day 3\n</style>'


def test_non_ascii_is_escaped_and_reads_back_whole() -> None:
    css = css_string("Ann · day 60 – Zoë 😀")
    assert css.isascii()
    assert parsed(css) == "Ann · day 60 – Zoë 😀"


@given(st.text(st.characters(exclude_categories=("Cs",), exclude_characters="\x00")))
def test_any_text_reads_back_as_it_was(text: str) -> None:
    # NUL is the one character no CSS string can carry (a parser reads it as U+FFFD)
    assert parsed(css_string(text)) == text


def test_the_page_footer_is_written_for_css_not_html() -> None:
    html = render_html("report.html.j2", r=_report(), footer="The Patrol's report · day 3")
    assert 'content: "The Patrol\\000027 s report \\0000B7  day 3" " · page "' in html
    style = html.split("<style>")[1].split("</style>")[0]
    assert "&#39;" not in style


def _report() -> object:
    from ledger.core.report import Report

    return Report("The Patrol's report", "Triplanetary", 0, 3, "KC", [], [])


def chart(*labels: str) -> Chart:
    high, low = labels
    return Chart(
        "Cash",
        520,
        140,
        "56,10 510,10",
        118,
        [(52, 14, high), (52, 122, low), (56, 134, "day 0"), (510, 134, "day 60")],
    )


def test_a_chart_keeps_its_size_when_its_labels_fit() -> None:
    box = chart_box(chart("210.50", "0.00"))
    assert (box.left, box.top, box.width, box.height) == (0, 0, 520, 140)


def test_a_long_y_label_widens_the_chart_to_the_left_by_what_it_needs() -> None:
    label = "−12,345,678.90"
    box = chart_box(chart(label, "0.00"), font=8)
    assert box.left <= 52 - text_width(label, 8) < box.left + 4
    assert box.left + box.width == 520  # the right edge stays
    bigger = chart_box(chart(label, "0.00"), font=16)
    assert bigger.left < box.left and bigger.top <= 0 and bigger.font == 16


MARKUP = "[/x] [bold]loud[/bold] :smile:"


def test_brackets_in_a_name_or_a_memo_are_printed_as_typed_never_as_markup(ledger: Ledger) -> None:
    """Rich reads `[b]` as markup and failed on `[/x]` (an internal error for a memo the
    banker typed): every table prints the banker's text as it is."""
    game = ledger
    game.new("Ann", "[b]Bob")
    game("pay", "Ann", "[b]Bob", "1", "--memo", MARKUP)
    journal = game("journal").stdout
    assert "[/x] [bold]loud[/bold]" in journal and ":smile:" in journal
    assert "[b]Bob" in game("statement", "--player", "[b]Bob", "--format", "text").stdout
    assert "[b]Bob" in game("status").stdout
    assert "[b]Bob" in game("report", "game", "--format", "text").stdout
