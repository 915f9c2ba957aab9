"""Twilight Struggle rules: the turn sequence (rule 4.5).

Set-up (3.0), the start of a turn (improve DEFCON, deal 4.5 A-B), headlines
(4.5 C, 5.6), action rounds and the extra rounds of North Sea Oil (#86) and
the Space Race (6.4.3-6.4.4), NORAD (#106), and the end of a turn (4.5 E-H:
held scoring cards, Military Operations, the China Card, final scoring).
``_proc_turn`` and ``_proc_finish`` are the procedures ``advance`` runs.
"""

from __future__ import annotations

from brinkmanship.core import rng
from brinkmanship.core.actions import Action
from brinkmanship.core.frames import end_game
from brinkmanship.core.log import Message, msg
from brinkmanship.twilight import effect
from brinkmanship.twilight.actions import DISCARD, HEADLINE, PASS, PLACE
from brinkmanship.twilight.board import (
    CARD_NAME,
    CARD_OPS,
    CARD_SIDE,
    CHINA,
    IN_REGION,
    N_COUNTRIES,
    NAMES,
    OPPONENT,
    SCORING,
    STAYS_IN_PLAY,
)
from brinkmanship.twilight.data.setup import LATE_WAR_TURN, MID_WAR_TURN, TURNS, action_rounds
from brinkmanship.twilight.rules.effects import (
    _we_will_bury_you,
    end_effect,
    event_blocked,
    expire_effects,
    flower_power_check,
)
from brinkmanship.twilight.rules.frames import push_influence
from brinkmanship.twilight.rules.kinds import (
    ActionFrame,
    EagleFrame,
    FinishFrame,
    HeadlineFrame,
    SetupFrame,
    TurnFrame,
)
from brinkmanship.twilight.rules.play import has_event, play_event
from brinkmanship.twilight.rules.scoring import final_scoring
from brinkmanship.twilight.rules.state import (
    DEFECTORS,
    EAGLE_BEAR_HAS_LANDED,
    MAN_IN_EARTH_ORBIT,
    MISSILE_ENVY,
    NORAD,
    NORAD_CANADA,
    NORTH_SEA_OIL,
    SPACE_STATION,
    UN_INTERVENTION,
    US,
    USSR,
    Data,
    change_defcon,
    control,
    deal,
    deck_for_periods,
    gain_vp,
    log,
    push,
    reason,
    space_ability,
)


def _turn_start(d: Data) -> None:
    turn = d["turn"]
    log(d, "twilight.turn.start", turn=turn)
    change_defcon(d, +1, USSR)  # 4.5 A; never lowers, so no culprit needed
    if turn in (MID_WAR_TURN, LATE_WAR_TURN):
        period = "Mid" if turn == MID_WAR_TURN else "Late"
        d["deck"].extend(deck_for_periods(d, period))
        rng.shuffle(d, d["deck"])
        log(d, "twilight.deck.mid_war" if turn == MID_WAR_TURN else "twilight.deck.late_war")
    deal(d)


def _headline_first(d: Data) -> str:
    """Who commits a headline first: the side facing a Man in Earth Orbit
    holder (box 4) chooses first, and its choice is shown (4.5.C)."""
    if space_ability(d, US, 4):
        d["hl_open"] = USSR
        return USSR
    if space_ability(d, USSR, 4):
        d["hl_open"] = US
        return US
    d["hl_open"] = ""
    return USSR


def _reveal_headlines(d: Data) -> list[str]:
    hl = d["headline"]
    d["reveals"] += 1
    d["hl_open"] = "both"  # both headlines are public until they have resolved
    if hl[USSR] and hl[US]:
        log(d, "twilight.headline.revealed", card=hl[USSR], card2=hl[US])
    elif hl[USSR]:
        log(d, "twilight.headline.revealed_ussr", card=hl[USSR])
    elif hl[US]:
        log(d, "twilight.headline.revealed_us", card=hl[US])
    else:
        log(d, "twilight.headline.revealed_none")
    if hl[US] == DEFECTORS and hl[USSR] and has_event(d, DEFECTORS):
        # A US Defectors headline cancels the USSR's before either resolves.
        cancel_headline(d, USSR, DEFECTORS)

    def key(side: str) -> tuple[int, int]:
        c = hl[side]
        return (0 if SCORING[c] else CARD_OPS[c], 1 if side == US else 0)

    return sorted((s for s in (USSR, US) if hl[s]), key=key, reverse=True)


def cancel_headline(d: Data, side: str, why: Message | int) -> None:
    """``side``'s revealed headline is cancelled before it resolves: the card
    is discarded without effect, even a scoring or starred card (Defectors)."""
    c = d["headline"][side]
    d["headline"][side] = 0
    d["discard"].append(c)
    log(d, "twilight.headline.cancelled", why=reason(why), side=side, card=c)


def _resolve_headline(d: Data, side: str) -> None:
    c = d["headline"][side]
    if not c:  # cancelled after the reveal (Defectors)
        return
    d["headline"][side] = 0
    d["in_play"].append(c)
    d["phasing"] = side
    if d["effects"]:
        flower_power_check(d, side, c)
        if d["over"]:
            return
    play_event(d, side, c, headline=True)


def _begin_round(d: Data, side: str, extra: bool = False) -> None:
    """Start ``side``'s action round: a decision, or an automatic pass."""
    eff = d["effects"]
    if eff:
        envy = eff.get(effect.MISSILE_ENVY)
        if envy is not None and envy["side"] == side and MISSILE_ENVY not in d["hands"][side]:
            del eff[effect.MISSILE_ENVY]  # the card left the hand some other way
    if not d["hands"][side] and not (d["china"] == side and d["china_up"]):
        log(d, "twilight.round.no_card", side=side)
        if side == US and effect.WE_WILL_BURY_YOU in eff:
            _we_will_bury_you(d, PASS)
        return
    frame: ActionFrame = {"f": "action", "p": side, "extra": extra}
    push(d, frame)


def _extra_round(d: Data, f: TurnFrame, side: str) -> None:
    """An 8th action round after both sides' normal ones: for the Space
    Station holder (box 8), or the US in a turn it played North Sea Oil (the
    two do not add up). The side may pass it."""
    station = space_ability(d, side, SPACE_STATION)
    if not station:
        oil = d["effects"].get(effect.NORTH_SEA_OIL) if side == US else None
        if oil is None or oil.get("turn") != d["turn"]:
            return
    # Like any round, it may be spent on a face-up China Card alone.
    if not (d["hands"][side] or (d["china"] == side and d["china_up"])):
        return
    d["phasing"] = side
    if station:
        log(d, "twilight.round.extra_space", side=side, space=SPACE_STATION)
    else:
        log(d, "twilight.round.extra_card", side=side, card=NORTH_SEA_OIL)
    if d["options"]["events"]:
        f["defcon0"] = d["defcon"]  # for NORAD, even if it comes into play this round
    _begin_round(d, side, extra=True)


def _norad(d: Data, f: TurnFrame) -> None:
    """NORAD: at the end of an action round in which DEFCON moved to 2, the
    US, if it controls Canada, may add 1 influence to a country already
    holding US influence."""
    before = f.pop("defcon0", None)
    if before is None or before == 2 or d["defcon"] != 2 or d["over"]:
        return
    if effect.NORAD not in d["effects"] or control(d, NORAD_CANADA) != US:
        return
    log(d, "twilight.norad.trigger", card=NORAD)
    us = d["inf"][US]
    push_influence(d, "place", US, US, 1, [i for i in range(N_COUNTRIES) if us[i]], optional=True)


def _turn_end(d: Data) -> None:
    # 4.5 F before E: a held scoring card loses (designer ruling, A #7).
    holders = [s for s in (USSR, US) if any(SCORING[c] for c in d["hands"][s])]
    if len(holders) == 2:
        end_game(d, None, "scoring_card_held", "twilight.end.scoring_card_held_both")
        return
    if holders:
        loser = holders[0]
        end_game(d, OPPONENT[loser], "scoring_card_held", "twilight.end.scoring_card_held", loser=loser,
                 winner=OPPONENT[loser])
        return
    # 4.5 E: Military Operations.
    defcon = d["defcon"]
    net = 0
    for side in (USSR, US):
        short = defcon - d["milops"][side]
        if short > 0:
            log(d, "twilight.milops.short", side=side, n=short, defcon=defcon)
            net += short if side == USSR else -short
    if net:
        gain_vp(d, US, net, msg("twilight.why.milops"))
        if d["over"]:
            return
    # 4.5 G: the China Card turns face up.
    if not d["china_up"]:
        d["china_up"] = True
        log(d, "twilight.china.face_up", card=CHINA, side=d["china"])
    if d["turn"] >= TURNS:
        final_scoring(d)
        return
    # 4.5 H: next turn.
    d["turn"] += 1
    d["ar"] = 0
    d["phasing"] = USSR
    d["milops"] = {USSR: 0, US: 0}
    d["space_tries"] = {USSR: 0, US: 0}
    expire_effects(d, "turn")


def _proc_turn(d: Data, f: TurnFrame) -> None:
    step = f["step"]
    if step == "start":
        _turn_start(d)
        f["step"] = "headline"
    elif step == "headline":
        first = _headline_first(d)
        if d["hl_open"]:
            log(d, "twilight.headline.first_shown", side=first, space=MAN_IN_EARTH_ORBIT)
        f["step"] = "headline2"
        f["first"] = first
        headline: HeadlineFrame = {"f": "headline", "p": first}
        push(d, headline)
    elif step == "headline2":
        f["step"] = "reveal"
        headline = {"f": "headline", "p": OPPONENT[f["first"]]}
        push(d, headline)
    elif step == "reveal":
        f["order"] = _reveal_headlines(d)
        f["step"] = "resolve"
    elif step == "resolve":
        if f["order"]:
            # Frames are copied shallowly by clone(): replace lists, never mutate them.
            side = f["order"][0]
            f["order"] = f["order"][1:]
            _resolve_headline(d, side)
        else:
            del f["order"]
            f.pop("first", None)
            d["hl_open"] = ""
            d["ar"] = 1
            d["phasing"] = USSR
            f["step"] = "round"
    elif step == "round":
        if d["ar"] > action_rounds(d["turn"]):
            f["step"] = "extra"
            return
        side = d["phasing"]
        if side == USSR:
            log(d, "twilight.round.start", ar=d["ar"])
        f["step"] = "round_done"
        if d["options"]["events"]:
            f["defcon0"] = d["defcon"]  # for NORAD, even if it comes into play this round
        _begin_round(d, side)
    elif step == "round_done":
        if "defcon0" in f:
            _norad(d, f)
        if d["phasing"] == USSR:
            d["phasing"] = US
        else:
            d["phasing"] = USSR
            d["ar"] += 1
        f["step"] = "round"
    elif step == "extra":  # the USSR's 8th round, then the US's
        f["step"] = "extra_us"
        _extra_round(d, f, USSR)
    elif step == "extra_us":
        if "defcon0" in f:
            _norad(d, f)
        f["step"] = "extra_end"
        _extra_round(d, f, US)
    elif step == "extra_end":
        if "defcon0" in f:
            _norad(d, f)
        f["step"] = "eagle"
    elif step == "eagle":
        f["step"] = "end"
        for side in (USSR, US):
            if space_ability(d, side, EAGLE_BEAR_HAS_LANDED) and any(not SCORING[c] for c in d["hands"][side]):
                eagle: EagleFrame = {"f": "eagle", "p": side}
                push(d, eagle)
    elif step == "end":
        _turn_end(d)
        f["step"] = "start"
    else:  # pragma: no cover - a corrupted state
        raise RuntimeError(f"unknown turn step {step!r}")


def _proc_finish(d: Data, f: FinishFrame) -> None:
    """A played card leaves play: removed if starred and its event happened,
    discarded otherwise; The China Card passes to the opponent face down."""
    d["stack"].pop()
    c = f["card"]
    if c == CHINA:
        opp = OPPONENT[f["side"]]
        d["china"] = opp
        d["china_up"] = False
        log(d, "twilight.china.passes", card=CHINA, side=opp)
        if f["side"] == US and effect.FORMOSAN_RESOLUTION in d["effects"]:
            end_effect(d, effect.FORMOSAN_RESOLUTION)
        return
    if f.get("table"):
        if c in d["in_play"]:  # (Missile Envy has already gone to the other hand)
            log(d, "twilight.card.stays", card=c)
        return
    if STAYS_IN_PLAY[c] and f["remove"]:
        # An underlined card whose event happened stays on the table, as a
        # marker of its lasting effect, until that effect ends.
        e = d["effects"].get(CARD_NAME[c])
        if e is not None:
            e["card"] = c
            return
    d["in_play"].remove(c)
    if f["remove"]:
        d["removed"].append(c)
    else:
        d["discard"].append(c)


def _legal_setup(d: Data, f: SetupFrame) -> list[Action]:
    return [PLACE[i] for i in IN_REGION[f["region"]]]


def _apply_setup(d: Data, f: SetupFrame, a: Action) -> None:
    i = a.arg
    assert i is not None
    d["inf"][f["p"]][i] += 1
    f["left"] -= 1
    log(d, "twilight.setup.place", side=f["p"], country=NAMES[i])
    if f["left"] <= 0:
        d["stack"].pop()


def _legal_headline(d: Data, f: HeadlineFrame) -> list[Action]:
    side = f["p"]
    hand = d["hands"][side]
    if d["options"]["events"]:
        # UN Intervention may not be played in the headline phase; a side
        # handed Missile Envy must keep it for its next action round.
        envy = d["effects"].get(effect.MISSILE_ENVY)
        skip = (UN_INTERVENTION, MISSILE_ENVY) if envy is not None and envy["side"] == side else (UN_INTERVENTION,)
        # A headline is played for its event: an own or Neutral event that may
        # no longer be played as an event cannot be headlined (ruling 17).
        opp = OPPONENT[side]
        acts = [HEADLINE[c] for c in hand
                if c not in skip and not (CARD_SIDE[c] != opp and d["effects"] and event_blocked(d, c))]
    else:
        acts = [HEADLINE[c] for c in hand]
    return acts or [PASS]


def _apply_headline(d: Data, f: HeadlineFrame, a: Action) -> None:
    side = f["p"]
    d["stack"].pop()
    if a is PASS:
        d["headline"][side] = 0
        log(d, "twilight.headline.none", side=side)
        return
    c = a.arg
    assert c is not None
    d["hands"][side].remove(c)
    d["headline"][side] = c
    if d["hl_open"] == side:
        log(d, "twilight.headline.shown", side=side, card=c)
    else:
        log(d, "twilight.headline.chosen", side=side)


def _legal_eagle(d: Data, f: EagleFrame) -> list[Action]:
    acts = [DISCARD[c] for c in d["hands"][f["p"]] if not SCORING[c]]
    acts.append(PASS)
    return acts


def _apply_eagle(d: Data, f: EagleFrame, a: Action) -> None:
    side = f["p"]
    d["stack"].pop()
    if a is PASS:
        log(d, "twilight.eagle.keeps", side=side, space=EAGLE_BEAR_HAS_LANDED)
        return
    c = a.arg
    assert c is not None
    d["hands"][side].remove(c)
    d["discard"].append(c)
    d["reveals"] += 1
    log(d, "twilight.eagle.discards", side=side, card=c, space=EAGLE_BEAR_HAS_LANDED)
