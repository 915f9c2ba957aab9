"""The web client's own words (``i18n/<lang>/web.json``): every code the
shell's scripts ask for is in both catalogs, every code there is used, and
the Russian ones are Russian."""

from __future__ import annotations

import json
import re

import brinkmanship as bm
from brinkmanship.i18n import catalog
from brinkmanship.web import STATIC

SHELL = ("app.js", "dom.js", "game.js", "i18n.js", "lobby.js", "net.js", "replay.js", "store.js")
# Codes the scripts build from data: `web.game.${game}`, `web.conn.${status}`...
DYNAMIC = {
    "web.game.": ("twilight", "thirteen", "twilight.about", "thirteen.about"),
    "web.conn.": ("connecting", "open", "lost", "closed"),
    "web.replay.": ("first", "back", "play", "forward", "last"),
    "web.bot.": ("random", "heuristic", "ismcts"),
    # Every option of both games, titled in the lobby.
    "web.option.": tuple(f"{g}.{k}" for g in ("twilight", "thirteen") for k in bm.get_game(g).option_choices),
}


def _sources() -> str:
    return "\n".join((STATIC / "js" / name).read_text() for name in SHELL)


def _literal_codes(source: str) -> set[str]:
    return set(re.findall(r"""\bt\(\s*["'](web\.[a-z0-9_.]+)["']""", source))


def test_every_code_the_shell_asks_for_is_in_both_catalogs() -> None:
    wanted = _literal_codes(_sources()) | {p + k for p, keys in DYNAMIC.items() for k in keys}
    assert len(wanted) > 60
    for lang in ("en", "ru"):
        missing = sorted(wanted - set(catalog(lang)))
        assert not missing, f"{lang}: {missing}"


def test_every_code_of_web_json_is_used() -> None:
    source = _sources()
    own = json.loads((STATIC.parent.parent / "i18n" / "en" / "web.json").read_text())
    dynamic = {p + k for p, keys in DYNAMIC.items() for k in keys}
    unused = sorted(c for c in own if c not in dynamic and f'"{c}"' not in source)
    assert not unused, unused


def test_the_russian_words_are_russian() -> None:
    ru = json.loads((STATIC.parent.parent / "i18n" / "ru" / "web.json").read_text())
    en = json.loads((STATIC.parent.parent / "i18n" / "en" / "web.json").read_text())
    assert set(ru) == set(en)
    latin_only = [c for c, v in ru.items() if not re.search("[а-яА-ЯёЁ]", v)
                  and re.search("[A-Za-z]{3}", re.sub(r"\{[^}]*\}|ISMCTS|Brinkmanship", "", v))]
    assert not latin_only, latin_only
