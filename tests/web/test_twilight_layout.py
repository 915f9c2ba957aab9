"""The Twilight Struggle map of the web client (``static/js/twilight_map.js``)
holds every country of the engine in a box of its own inside the picture, and
the table's words are in both catalogs.

The map module is plain JSON after ``export const MAP =`` so that this test
reads the very data the browser draws.
"""

from __future__ import annotations

import json
import re
from itertools import combinations
from typing import Any

from brinkmanship.i18n import catalog, check_catalogs
from brinkmanship.twilight.data.countries import COUNTRY_FACTS
from brinkmanship.web import STATIC

MAP_JS = STATIC / "js" / "twilight_map.js"
TABLE_JS = STATIC / "js" / "twilight.js"


def load_map() -> dict[str, Any]:
    text = MAP_JS.read_text(encoding="utf-8")
    body = text.split("export const MAP =", 1)[1].strip()
    assert body.endswith(";")
    data: dict[str, Any] = json.loads(body[:-1])
    return data


MAP = load_map()
BOX_W, BOX_H = MAP["box"]
VX, VY, VW, VH = MAP["viewBox"]


def boxes() -> dict[str, tuple[float, float, float, float]]:
    """Every rectangle drawn on the map: countries, superpowers, the legend."""
    out = {name: (x, y, BOX_W, BOX_H) for name, (x, y) in MAP["countries"].items()}
    for side, (x, y, w, h) in MAP["superpowers"].items():
        out[f"superpower {side}"] = (x, y, w, h)
    out["legend"] = tuple(MAP["legend"])
    return out


def test_the_map_places_exactly_the_84_countries_of_the_engine() -> None:
    assert len(COUNTRY_FACTS) == 84
    assert set(MAP["countries"]) == {c.name for c in COUNTRY_FACTS}


def test_every_box_lies_inside_the_view_box() -> None:
    outside = [name for name, (x, y, w, h) in boxes().items()
               if x < VX or y < VY or x + w > VX + VW or y + h > VY + VH]
    assert outside == []


def test_no_two_boxes_overlap_and_each_keeps_a_gap() -> None:
    """Boxes keep at least 4 units apart, so that borders and the highlight
    of a legal country never touch a neighbour."""
    gap = 4
    touching = [(a, b) for (a, (ax, ay, aw, ah)), (b, (bx, by, bw, bh)) in combinations(boxes().items(), 2)
                if ax < bx + bw + gap and bx < ax + aw + gap and ay < by + bh + gap and by < ay + ah + gap]
    assert touching == []


def test_the_superpower_links_and_stubs_name_real_neighbours() -> None:
    """Each stub (a link to a superpower across the map's edge) is a country
    printed next to that superpower, and ends inside the view box."""
    facts = {c.name: c for c in COUNTRY_FACTS}
    assert set(MAP["superpowers"]) == {"US", "USSR"}
    for stub in MAP["stubs"]:
        assert facts[stub["country"]].superpower == stub["superpower"]
        x, y = stub["to"]
        assert VX <= x <= VX + VW and VY <= y <= VY + VH


def test_every_region_and_subregion_is_labelled() -> None:
    regions = {c.region for c in COUNTRY_FACTS} | {s for c in COUNTRY_FACTS for s in c.subregions}
    assert set(MAP["labels"]) == regions


def web_twilight_codes_used_by_the_table() -> set[str]:
    """The ``web.twilight.*`` codes the table's script names literally, and
    the families it builds (``verb.<verb>``, ``play.<verb>``, ``period.<P>``,
    ``defcon.rule.<n>``, ``pile.<name>``)."""
    text = TABLE_JS.read_text(encoding="utf-8")
    codes = set(re.findall(r'"(web\.twilight\.[a-z_.0-9]+)"', text))
    codes |= {f"web.twilight.verb.{v}" for v in ("place", "coup", "realign", "remove", "target")}
    codes |= {f"web.twilight.play.{v}" for v in ("headline", "event", "ops", "space", "discard")}
    codes |= {f"web.twilight.period.{p}" for p in ("Early", "Mid", "Late")}
    codes |= {f"web.twilight.defcon.rule.{n}" for n in range(1, 6)}
    codes |= {f"web.twilight.pile.{p}" for p in ("discard", "removed")}
    return codes


def test_the_table_has_its_words_in_both_languages() -> None:
    en, ru = catalog("en"), catalog("ru")
    used = web_twilight_codes_used_by_the_table()
    assert len(used) > 60
    assert sorted(used - set(en)) == []
    assert sorted(used - set(ru)) == []
    mine_en = {k for k in en if k.startswith("web.twilight.")}
    assert mine_en == {k for k in ru if k.startswith("web.twilight.")}
    assert [p for p in check_catalogs() if " web.twilight." in p] == []
    # Translated, not copied (DEFCON and a few symbols read the same).
    words = {k: re.sub(r"\{[^{}]*\}", "", en[k]) for k in mine_en}
    same = sorted(k for k in mine_en if en[k] == ru[k] and re.search(r"[a-z]{3}", words[k]))
    assert same == []
