"""Write native/src/twilight/data.rs from the Python engine's tables (run
from the worktree root with src/ on PYTHONPATH). The Rust tables are
generated, never edited by hand, so the two engines share one map and deck."""

from brinkmanship.twilight import board
from brinkmanship.twilight.actions import OPTIONS, SPACE
from brinkmanship.twilight.data import setup

REG = list(board.REGIONS) + list(board.SUBREGION_NAMES)
SIDE = {"USSR": "Some(Side::Ussr)", "US": "Some(Side::Us)", None: "None"}
CSIDE = {"USSR": "CardSide::Ussr", "US": "CardSide::Us", "Neutral": "CardSide::Neutral"}


def arr(items):
    return "[" + ", ".join(items) + "]"


def b(x):
    return "true" if x else "false"


out = ['//! The map, the deck and the fixed numbers of Twilight Struggle, generated',
       '//! from the Python engine\'s tables by `native/tests/gen_twilight_data.py`',
       '//! (never edited by hand), so both engines read one map and one deck.',
       '',
       'use super::state::Side;',
       '',
       '/// Which side\'s event a card carries.',
       '#[derive(Clone, Copy, Debug, PartialEq, Eq)]',
       'pub enum CardSide {',
       '    Ussr,',
       '    Us,',
       '    Neutral,',
       '}',
       '']
n = board.N_COUNTRIES
out.append(f"/// Countries on the map.\npub const N_COUNTRIES: usize = {n};")
out.append(f"/// Cards in the game, numbered 1..=N_CARDS.\npub const N_CARDS: usize = {board.N_CARDS};")
out.append(f"/// The China Card's number.\npub const CHINA: u8 = {board.CHINA};")
out.append("/// Region names: the six regions then the three subregions (region ids index this).")
out.append(f"pub const REGION_NAMES: [&str; {len(REG)}] = {arr(repr(r).replace(chr(39), chr(34)) for r in REG)};")
out.append("/// The six scoring regions, in the order final scoring takes them.")
out.append(f"pub const REGIONS: [u8; 6] = {arr(str(REG.index(r)) for r in board.REGIONS)};")
for k, name in enumerate(REG):
    const = name.upper().replace(" ", "_")
    out.append(f"pub const R_{const}: u8 = {k};")
out.append("/// Country names, by index.")
out.append(f"pub const NAMES: [&str; {n}] = {arr(chr(34) + x + chr(34) for x in board.NAMES)};")
out.append(f"pub const STABILITY: [u8; {n}] = {arr(str(x) for x in board.STABILITY)};")
out.append(f"pub const BATTLEGROUND: [bool; {n}] = {arr(b(x) for x in board.BATTLEGROUND)};")
out.append("/// Each country's region id.")
out.append(f"pub const REGION: [u8; {n}] = {arr(str(REG.index(x)) for x in board.REGION)};")
out.append("/// The superpower each country is next to, if any.")
out.append(f"pub const SUPERPOWER: [Option<Side>; {n}] = {arr(SIDE[x] for x in board.SUPERPOWER)};")
out.append("/// Neighbours of each country, sorted by index.")
out.append(f"pub const ADJACENT: [&[u8]; {n}] = {arr('&' + arr(str(j) for j in a) for a in board.ADJACENT)};")
out.append("/// Members of each region and subregion (by region id), in index order.")
out.append(f"pub const IN_REGION: [&[u8]; {len(REG)}] = {arr('&' + arr(str(j) for j in board.IN_REGION[r]) for r in REG)};")
out.append("/// Whether each country is in each region or subregion (bit = region id).")
masks = []
for i in range(n):
    m = 0
    for k, r in enumerate(REG):
        if i in board.IN_REGION[r]:
            m |= 1 << k
    masks.append(str(m))
out.append(f"pub const REGION_BITS: [u16; {n}] = {arr(masks)};")
out.append("/// Countries next to each superpower (USSR, US).")
out.append(f"pub const NEXT_TO: [&[u8]; 2] = [&{arr(str(j) for j in board.NEXT_TO['USSR'])}, &{arr(str(j) for j in board.NEXT_TO['US'])}];")
nc = board.N_CARDS + 1
out.append("/// Card names by number (index 0 is empty).")
out.append(f"pub const CARD_NAME: [&str; {nc}] = {arr(chr(34) + x + chr(34) for x in board.CARD_NAME)};")
out.append(f"pub const CARD_OPS: [u8; {nc}] = {arr(str(x) for x in board.CARD_OPS)};")
out.append(f"pub const CARD_SIDE: [CardSide; {nc}] = {arr(['CardSide::Neutral'] + [CSIDE[x] for x in board.CARD_SIDE[1:]])};")
out.append(f"pub const SCORING: [bool; {nc}] = {arr(b(x) for x in board.SCORING)};")
out.append(f"pub const STARRED: [bool; {nc}] = {arr(b(x) for x in board.STARRED)};")
out.append(f"pub const STAYS_IN_PLAY: [bool; {nc}] = {arr(b(x) for x in board.STAYS_IN_PLAY)};")
out.append(f"pub const WAR: [bool; {nc}] = {arr(['false'] + [b(board.CARD[c].war) for c in range(1, nc)])};")
for p in ("Early", "Mid", "Late"):
    out.append(f"pub const PERIOD_{p.upper()}: &[u8] = &{arr(str(c) for c in board.PERIOD_CARDS[p])};")
    out.append(f"pub const OPTIONAL_{p.upper()}: &[u8] = &{arr(str(c) for c in board.OPTIONAL_CARDS[p])};")
out.append("/// Scoring card -> the region it scores (0 where none).")
sc = [0] * nc
out.append(f"pub const SCORING_REGION: [u8; {nc}] = {arr(str(REG.index(board.SCORING_CARD_REGION[c])) if c in board.SCORING_CARD_REGION else '255' for c in range(nc))};")
out.append("/// Space Race boxes: (ops needed, highest winning roll, VP first, VP second).")
out.append(f"pub const SPACE_BOXES: [(u8, u8, i32, i32); {len(setup.SPACE_BOXES)}] = {arr(f'({x[1]}, {x[2]}, {x[3]}, {x[4]})' for x in setup.SPACE_BOXES)};")
out.append("/// Region scoring (presence, domination, control; -1: Control of Europe wins), by region id.")
out.append(f"pub const REGION_SCORING: [(i32, i32, i32); 6] = {arr(f'({setup.REGION_SCORING[r][0]}, {setup.REGION_SCORING[r][1]}, {setup.REGION_SCORING[r][2] if setup.REGION_SCORING[r][2] is not None else -1})' for r in board.REGIONS)};")
out.append("/// Influence printed on the map at the start: (side, country, n), in the Python order.")
fx = []
for side, placed in setup.FIXED_INFLUENCE.items():
    for name, k in placed.items():
        fx.append(f"(Side::{'Ussr' if side == 'USSR' else 'Us'}, {board.INDEX[name]}, {k})")
out.append(f"pub const FIXED_INFLUENCE: [(Side, u8, u8); {len(fx)}] = {arr(fx)};")
out.append("/// Named options of `choose` (their index is the option's id).")
out.append(f"pub const OPTIONS: [&str; {len(OPTIONS)}] = {arr(chr(34) + x + chr(34) for x in OPTIONS)};")
out.append(f"/// The number of distinct actions.\npub const N_ACTIONS: usize = {SPACE.size};")
for verb in ("headline", "event", "ops", "space", "discard", "place", "coup", "realign", "remove", "roll",
             "pass", "done", "yes", "no", "target", "pick", "choose"):
    v = SPACE.verbs[verb]
    first = SPACE.get(verb, None if v.values is None else list(v.values)[0]).id
    out.append(f"pub const ID_{verb.upper()}: u16 = {first};")
print("\n".join(out))
