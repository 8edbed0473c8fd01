"""Names sort by the Unicode collation algorithm: the keys sheetrunner computes from pyuca's table, parsed one
block at a time, are exactly pyuca's own (its whole collator is the oracle)."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetrunner.model.collation import _collator, collation_key, sorted_by_name

NAMES = ["Zoë Adams", "Çağla Yılmaz", "Łukasz Nowak", "Ólafur Arnalds", "O'Brien", "Obrien", "van der Berg",
         "Ærø", "Straße", "Иван Петров", "Ηλίας", "李小龍", "ﾃｽﾄ", "กิตติ", "Nguyễn Văn A", "e\u0301", "é", "ǅ",
         "", " ", "12", "Ann-Marie", "ann marie"]


@lru_cache(maxsize=1)
def reference():
    import pyuca

    return pyuca.Collator()


def test_the_names_of_a_real_roster_sort_as_pyuca_sorts_them():
    assert [collation_key(name)[0] for name in NAMES] == [reference().sort_key(name) for name in NAMES]
    assert [name for name in sorted(NAMES[:6], key=collation_key)] == [
        "Çağla Yılmaz", "Łukasz Nowak", "O'Brien", "Obrien", "Ólafur Arnalds", "Zoë Adams"]


@settings(max_examples=300, deadline=None)
@given(st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=12))
def test_any_text_gets_pyuca_s_own_key(text):
    assert collation_key(text)[0] == reference().sort_key(text)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=8), max_size=6))
def test_a_list_of_names_loads_its_blocks_in_one_pass_and_sorts_as_pyuca_sorts_it(names):
    _collator.cache_clear()  # a fresh collator: no block parsed yet
    collation_key.cache_clear()
    assert sorted_by_name(names, str) == sorted(names, key=lambda name: (reference().sort_key(name), name))


def test_a_roster_in_latin_script_parses_only_the_blocks_it_uses():
    _collator.cache_clear()
    collation_key.cache_clear()
    sorted_by_name(NAMES[:6], str)
    assert _collator().loaded == {0x00, 0x01, 0x03}  # Basic Latin and Latin-1, Latin Extended-A, combining marks
