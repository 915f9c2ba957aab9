"""The 13 Days table's own words (``web.thirteen.*``) are in both catalogs.

js/thirteen.js asks for its words as ``tx("code")`` (``web.thirteen.code``),
some by a condition (``tx(up ? "progress.up" : "progress.down")``), a few by
family (``tx(`do.${verb}`)``: the verbs, the world opinion bonuses, the round
effects, the spotlight headings). Every code it asks for must be in
English and Russian, every code of the file must be used, and the Russian
ones must be Russian (not English left over).
"""

from __future__ import annotations

import re
from pathlib import Path

import brinkmanship.web
from brinkmanship.i18n import catalog

JS = (Path(brinkmanship.web.__file__).parent / "static" / "js" / "thirteen.js").read_text(encoding="utf-8")
PREFIX = "web.thirteen."
LITERAL = set(re.findall(r'\btx\("([A-Za-z_.0-9]+)"', JS))
# Codes chosen by a condition (tx(a ? "ghost" : "ghost.event")) are string literals of the file too.
STRINGS = set(re.findall(r'"([A-Za-z_.0-9]+)"', JS))
FAMILIES = set(re.findall(r"\btx\(`([a-z_.]+)\$\{", JS))
# The server's warnings (web/warn_thirteen.py) are in the same file.
WARNINGS = "warn."
# Words that read the same in both languages.
NEUTRAL = {"zone", "prestige.lead"}
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def codes(lang: str) -> dict[str, str]:
    return {k[len(PREFIX):]: v for k, v in catalog(lang).items() if k.startswith(PREFIX)}


def test_every_word_the_table_asks_for_is_in_both_languages() -> None:
    assert LITERAL
    assert {"do.", "spot.", "bonus.", "effect."} == FAMILIES
    for lang in ("en", "ru"):
        missing = LITERAL - set(codes(lang))
        assert not missing, (lang, missing)
        for family in FAMILIES:
            assert any(c.startswith(family) for c in codes(lang)), (lang, family)


def test_every_word_of_the_file_is_used() -> None:
    unused = {c for c in codes("en") if c not in STRINGS and not c.startswith((*FAMILIES, WARNINGS))}
    assert unused == set()


def test_the_russian_words_are_russian() -> None:
    ru = codes("ru")
    assert set(ru) == set(codes("en"))
    english = sorted(c for c, v in ru.items() if c not in NEUTRAL and not CYRILLIC.search(v))
    assert english == []
