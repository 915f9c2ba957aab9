"""Every card of a game with its facts and its text, in a language.

The facts come from the game's own data (``Game.card_facts``), so they are
the engine's; the names and event texts come from the message catalogs
(``<game>.name.card.<n>``, ``<game>.text.<n>``), written in our own words
in every language (``brinkmanship.i18n``).
"""

from __future__ import annotations

from typing import Any

from brinkmanship.core.game import get_game
from brinkmanship.i18n import DEFAULT_LANG, resolve_lang, text


def cards(game: str, lang: str = DEFAULT_LANG) -> list[dict[str, Any]]:
    """Every card of ``game`` (13 Days: then every agenda card) in ``lang``.

    Each is a dict of facts (``number``, ``kind``: ``card`` or ``agenda``,
    the game's own facts such as ``ops``, ``side``, ``period`` or
    ``faction`` and ``command``) with its ``name`` and event ``text`` in
    ``lang`` and its printed ``english_name``.

    >>> c = cards("twilight")[5]
    >>> c["number"], c["name"], c["ops"], c["china_card"]
    (6, 'The China Card', 4, True)
    """
    lang = resolve_lang(lang)
    out = []
    for facts in get_game(game).card_facts():
        c = {k: v for k, v in facts.items() if k not in ("name_code", "text_code")}
        c["name"] = text(facts["name_code"], lang)
        c["text"] = text(facts["text_code"], lang)
        out.append(c)
    return out


__all__ = ["cards"]
