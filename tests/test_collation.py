"""Names sort by the Unicode collation algorithm: the keys sheetrunner computes from pyuca's table, parsed one
block at a time, are exactly pyuca's own (its whole collator is the oracle)."""

from __future__ import annotations

from functools import lru_cache

from hypothesis import given, settings
from hypothesis import strategies as st

from sheetrunner.collation import collation_key

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
