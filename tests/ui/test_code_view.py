"""Programs as highlighted HTML, and a candidate beside the reference with its differing lines marked."""

from __future__ import annotations

from aspera_workbench.ui.code_view import DiffLine, code_html, diff_html, highlight_lines, side_by_side

CANDIDATE = 'def f():\n    x = find_events()\n    return "a < b"\n'
REFERENCE = 'def f():\n    x = find_events(attendees=[])\n    y = 2\n    return "a < b"\n'


def test_lines_are_highlighted_one_by_one_and_escaped() -> None:
    lines = highlight_lines(CANDIDATE)
    assert len(lines) == 3
    assert 'style="color:#008000;font-weight:bold">def</span>' in lines[0]
    assert "a &lt; b" in lines[2] and "a < b" not in lines[2]  # the program's text is never markup
    # A string spanning lines is split at the line end and each part kept.
    assert len(highlight_lines('s = """one\ntwo"""')) == 2
    assert highlight_lines("") == [""]
    assert code_html("x = 1\ny = 2").count("<tr>") == 2


def test_side_by_side_aligns_equal_replaced_and_inserted_lines() -> None:
    assert side_by_side(CANDIDATE, REFERENCE) == [
        DiffLine("equal", 1, 1),
        DiffLine("replace", 2, 2),
        DiffLine("insert", None, 3),
        DiffLine("equal", 3, 4),
    ]
    assert side_by_side("a\nb\n", "a\n") == [DiffLine("equal", 1, 1), DiffLine("delete", 2, None)]
    assert side_by_side("", "") == []


def test_diff_html_colours_the_lines_that_differ() -> None:
    page = diff_html(CANDIDATE, REFERENCE, left_title="<model>")
    assert page.count('class="aspera-diff-equal"') == 2
    assert page.count('class="aspera-diff-replace"') == 1 and page.count('class="aspera-diff-insert"') == 1
    assert "&lt;model&gt;" in page and "reference program" in page


def test_every_code_cell_is_left_aligned_whatever_the_page_styles_tables() -> None:
    # JupyterLab and nbconvert's HTML right-align table cells by default: each code cell says left.
    import re

    for page in (code_html(CANDIDATE), diff_html(CANDIDATE, REFERENCE)):
        cells = re.findall(r'<td style="([^"]*)">(?!\d*</td>)', page)
        code_cells = [style for style in cells if "white-space:pre" in style]
        assert code_cells and all("text-align:left" in style for style in code_cells)


def test_indentation_is_never_a_text_node_of_spaces_alone() -> None:
    # nbconvert's HTML export collapses whitespace-only text between tags: "    for" became " for".
    import re

    lines = highlight_lines("def f():\n    for x in y:\n        pass\n")
    assert [line for line in lines if re.search(r">\s+<|^\s+<", line)] == []
    assert re.sub(r"<[^>]+>", "", lines[1]) == "    for x in y:" and re.sub(r"<[^>]+>", "", lines[2]) == "        pass"
