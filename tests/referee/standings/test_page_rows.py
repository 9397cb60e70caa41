"""The standings page's rows, written in Python: the same cells and details as the plain
template (``standings/_rows.html``) writes, every text escaped."""

from __future__ import annotations

import re
from fractions import Fraction

from django.template.loader import render_to_string
from django.utils import translation
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.standings.page_rows import standings_body


def row(**changes):
    base = {
        "rank_label": "1",
        "player": "Иванов",
        "card_url": "/t/cup/players/7/",
        "provisional": False,
        "tied": False,
        "flags": [],
        "removed_in": None,
        "city": "Тула",
        "points": Fraction(81, 2),
        "points_text": "40,5",
        "whists": -3,
        "whists_text": "-3",
        "firsts": 2,
        "rounds_played": 2,
        "round_cells": [("41", False, False), ("", True, False)],
    }
    return base | changes


def test_a_row_has_its_cells_and_its_phone_details():
    with translation.override("en"):
        html = standings_body([row()], 2)
    assert html.startswith('<tr class=""><td class="num">1</td><td class="who">')
    assert '<a href="/t/cup/players/7/">Иванов</a>' in html
    details = html[html.index("<details") : html.index("</details>")]
    assert "<summary>details</summary>" in details
    assert "<dt>City</dt><dd>Тула</dd><dt>Whists</dt><dd>-3</dd>" in details
    assert "<dt>first places at tables</dt><dd>2</dd><dt>Rounds</dt><dd>2</dd>" in details
    assert "<dt>R1</dt><dd>41</dd><dt>R2</dt><dd>—</dd>" in details  # round 2 not played
    after = html[html.index("</details>") :]
    assert '<td class="num strong">40,5</td>' in after  # positive points: not red
    assert '<td class="num wide neg">-3</td>' in after  # negative whists: red
    assert (
        '<td class="num wide">41</td><td class="num wide"><span class="muted">—</span></td>'
        in after
    )


def test_names_and_cities_are_escaped():
    html = standings_body([row(player="<b>Ли</b>", city="A&B")], 2)
    assert "&lt;b&gt;Ли&lt;/b&gt;" in html and "<b>" not in html
    assert "<dd>A&amp;B</dd>" in html and '<td class="wide">A&amp;B</td>' in html


def test_a_row_without_a_city_has_no_city_in_its_details():
    assert "<dt>City</dt>" not in standings_body([row(city="")], 2)


def test_the_notes_say_provisional_yellow_card_out_and_withdrawn():
    flagged = row(
        provisional=True,
        tied=True,
        flags=["yellow_card", "removed", "withdrawn"],
        removed_in=2,
    )
    with translation.override("en"):
        html = standings_body([flagged], 2)
    assert html.startswith('<tr class="tied removed">')
    assert '</a><span class="narrow-only">*</span>' in html  # marked on phones too
    notes = html[html.rindex('<td class="wide">') :]
    assert '<span title="provisional">*</span>' in notes
    assert "yellow card</span>" in notes and 'class="badge yellow-card"' in notes
    assert '<span class="badge removed">out after round 2</span>' in notes
    assert '<span class="badge">withdrawn</span>' in notes


def test_the_words_follow_the_language():
    with translation.override("ru"):
        html = standings_body([row()], 2)
    assert "<summary>подробнее</summary>" in html
    assert "<dt>Город</dt>" in html


def test_a_bye_round_is_marked_in_its_cell_its_details_and_the_notes():
    with translation.override("en"):
        html = standings_body(
            [row(byes=(2,), round_cells=[("41", False, False), ("0", False, False)])], 2
        )
    mark = '<span class="bye-mark" title="sat out this round (bye)">bye</span> '
    assert f"<dt>R2</dt><dd>{mark}0</dd>" in html and "<dt>R1</dt><dd>41</dd>" in html
    assert f'<td class="num wide bye">{mark}0</td>' in html
    assert '<span class="badge bye">bye: round 2</span>' in html


# -- the twin: the same rows as the plain template (templates/standings/_rows.html) ----------

TEXT = st.text(st.sampled_from("Иван Ли <b>&\"' A-1"), max_size=12)


def normalized(html: str) -> str:
    """The markup with its layout whitespace gone: runs of spaces as one, none between tags."""
    return re.sub(r">\s+<", "><", re.sub(r"\s+", " ", html)).strip()


@st.composite
def standings_rows(draw):
    rounds = draw(st.integers(0, 4))
    rows = []
    for n in range(draw(st.integers(1, 4))):
        cells = draw(
            st.lists(
                st.one_of(
                    st.just(("", True, False)),
                    st.tuples(st.sampled_from(["41", "-3", "0", "12,5"]), st.just(False)).map(
                        lambda c: (c[0], False, c[0].startswith("-"))
                    ),
                ),
                min_size=rounds,
                max_size=rounds,
            )
        )
        flags = draw(
            st.lists(st.sampled_from(["yellow_card", "removed", "withdrawn"]), unique=True)
        )
        rows.append(
            row(
                rank_label=draw(st.sampled_from(["1", "2–3", "4"])),
                player=draw(TEXT),
                card_url=f"/t/cup/players/{n}/",
                city=draw(TEXT),
                provisional=draw(st.booleans()),
                tied=draw(st.booleans()),
                flags=flags,
                removed_in=draw(st.integers(1, 9)),
                points=draw(st.sampled_from([Fraction(81, 2), -7, 0])),
                whists=draw(st.sampled_from([-3, 0, 5])),
                round_cells=cells,
                byes=tuple(draw(st.sets(st.integers(1, max(rounds, 1)), max_size=2)))
                if rounds
                else (),
            )
        )
    return rows, rounds


@settings(max_examples=60, deadline=None)
@given(standings_rows(), st.sampled_from(["en", "ru"]))
def test_the_rows_are_the_plain_templates_rows(drawn, language):
    rows, rounds = drawn
    with translation.override(language):
        fast = standings_body(rows, rounds)
        plain = render_to_string("standings/_rows.html", {"rows": rows})
    assert normalized(fast) == normalized(plain)
