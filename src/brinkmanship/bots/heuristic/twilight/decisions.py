"""Scorers for the Twilight Struggle heuristic: one per decision kind.

:func:`score_actions` reads the pending decision's kind and data from the
view and hands the legal actions to the scorer of that kind (``SCORERS``);
event questions have one scorer per question code (``ASK``).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from brinkmanship.bots.heuristic.twilight.events import (
    DEFCON_DROP,
    STATIC_EVENT,
    UN_INTERVENTION,
    WAR_CARDS,
    _opposing_fires,
    beneficiary,
    card_ops,
    china_swing,
    defcon_hazard,
    doomed_at_defcon2,
    event_value,
    hazard_relief,
    is_hazard,
    keep_value,
    ops_value,
    scoring_gain,
    space_box_value,
    war_value,
)
from brinkmanship.bots.heuristic.twilight.model import (
    DEFCON_OPTION,
    EAST_EUROPE,
    EUROPE_IDX,
    GAME_LOSS,
    LAMBDA,
    LATIN_AMERICA,
    MID_WAR_SCORING,
    MILOPS_VP,
    OPTION,
    OPV,
    OTHER,
    REGION_ID,
    REGION_OPTION,
    SCORING_REGION,
    SEA_POINTS,
    SOUTH_AFRICA,
    SOUTH_AMERICA,
    SUICIDE,
    US,
    USSR,
    WEST_GERMANY,
    WIN,
    Ctx,
    View,
)
from brinkmanship.bots.heuristic.twilight.operations import coup_value, place_value, realign_value, remove_value
from brinkmanship.core.actions import Action
from brinkmanship.twilight.board import ADJACENT, CARD_OPS, CARD_SIDE, CHINA, SCORING
from brinkmanship.twilight.data.setup import LATE_WAR_TURN, MID_WAR_TURN, SPACE_BOXES


# ---------------------------------------------------------------------------
# The pending decision's data (``view["decision"]``, see brinkmanship/twilight/decisions.py)
# ---------------------------------------------------------------------------
def _influence_frame(view: View) -> tuple[int, str, int]:
    """(count left, whose influence, per-country limit; 0: none) of an
    event's place/remove decision."""
    dec = view["decision"]
    return dec["left"], dec["side"], dec["max_per_country"] or 0


# ---------------------------------------------------------------------------
# Scorers by decision kind
# ---------------------------------------------------------------------------
Scorer = Callable[[Ctx, list[Action]], list[float]]


def _score_place_list(ctx: Ctx, legal: list[Action], ops_left: int, max_per: int = 0,
                      free: bool = False) -> list[float]:
    out = []
    for a in legal:
        if a.verb == "place" and a.arg is not None:
            out.append(place_value(ctx, a.arg, ops_left, max_per, free))
        else:
            out.append(0.0)
    return out


def _score_setup(ctx: Ctx, legal: list[Action]) -> list[float]:
    return _score_place_list(ctx, legal, 4, free=True)


def _play_value(ctx: Ctx, a: Action) -> float:
    """Worth of playing a card in an action round (or of its alternatives)."""
    me = ctx.me
    verb = a.verb
    c = a.arg
    if verb == "pass":
        return 0.0
    if c is None:
        return 0.0
    if verb == "event":
        if SCORING[c]:
            g = scoring_gain(ctx, c)
            if g >= WIN or g <= SUICIDE:
                return g
            # Play a winning scoring card early (before the opponent repairs
            # the region); hold a losing one while it can wait.
            return g + 1.0 if g > 0 else -0.5 + 0.2 * g
        gain = event_value(ctx, c, beneficiary(c, me))
        if c == UN_INTERVENTION:
            partners = [p for p in ctx.hand if CARD_SIDE[p] == ctx.opp]
            best = max((_un_partner(ctx, p) - LAMBDA * keep_value(ctx, me, p) for p in partners), default=0.0)
            gain = best + (3.0 if me == US and "We Will Bury You" in ctx.effects else 0.0)
            if "U2 Incident" in ctx.effects:
                gain -= 1.0
        hz = defcon_hazard(ctx, c, me, me)
        if hz:
            gain += SUICIDE * hz
        elif ((c in DEFCON_DROP and ctx.defcon == 3) or c == 40) and doomed_at_defcon2(ctx, me, skip=c):
            gain += 0.7 * SUICIDE
        if me == US and c in WAR_CARDS and "Flower Power" in ctx.effects:
            gain -= 2.0
        return gain - LAMBDA * keep_value(ctx, me, c)
    if verb == "ops":
        gain = ops_value(ctx, me, c)
        if c == CHINA:
            gain -= china_swing(ctx)
        elif _opposing_fires(ctx, me, c):
            gain -= event_value(ctx, c, ctx.opp)
            hz = defcon_hazard(ctx, c, ctx.opp, me)
            if hz:
                gain += SUICIDE * hz
            elif c in DEFCON_DROP and ctx.defcon == 3 and doomed_at_defcon2(ctx, me, skip=c):
                gain += 0.7 * SUICIDE
        if me == US and c in WAR_CARDS and "Flower Power" in ctx.effects:
            gain -= 2.0
        return gain - LAMBDA * keep_value(ctx, me, c)
    if verb == "space":
        box = ctx.view["space"][me] + 1
        p = SPACE_BOXES[box][2] / 6 if box < len(SPACE_BOXES) else 0.0
        gain = p * space_box_value(ctx, me, box) + 0.2
        if c == CHINA:
            gain -= china_swing(ctx)
        if ctx.events_on:
            if is_hazard(ctx, me, c):
                gain += hazard_relief(ctx)
            elif _last_space_try(ctx, me) and any(
                    h != c and is_hazard(ctx, me, h) and card_ops(ctx, me, h) >= SPACE_BOXES[box][1]
                    for h in ctx.hand):
                gain -= 0.5 * hazard_relief(ctx)  # keep the attempt for the deadly card
        return gain - LAMBDA * keep_value(ctx, me, c)
    if verb == "discard":  # trapped: the card is lost
        return -keep_value(ctx, me, c) + (hazard_relief(ctx) if is_hazard(ctx, me, c) else 0.0)
    if verb == "remove":  # lifting the Cuban Missile Crisis costs 2 influence
        return -1.5
    return 0.0


def _last_space_try(ctx: Ctx, side: str) -> bool:
    """Is ``side``'s next Space Race attempt its last one this turn?"""
    allowed = 2 if ctx.view["space"][side] >= 2 > ctx.view["space"][OTHER[side]] else 1
    return ctx.view["space_attempts"][side] + 1 >= allowed


def _score_action(ctx: Ctx, legal: list[Action]) -> list[float]:
    out = []
    for a in legal:
        if a.verb == "choose":  # Grain Sales: give the card back, use Grain Sales' 2 ops instead
            taken = next((b.arg for b in legal if b.verb in ("ops", "event") and b.arg), 0)
            back = keep_value(ctx, ctx.opp, taken) if taken else 0.0
            out.append(OPV * card_ops(ctx, ctx.me, 67) - 0.5 * back)
        else:
            out.append(_play_value(ctx, a))
    return out


def _score_headline(ctx: Ctx, legal: list[Action]) -> list[float]:
    me = ctx.me
    out = []
    for a in legal:
        c = a.arg
        if a.verb != "headline" or c is None:
            out.append(0.0)
            continue
        if SCORING[c]:
            g = scoring_gain(ctx, c)
            out.append(g if g >= WIN or g <= SUICIDE else (g + 1.0 if g > 0 else -0.5 + 0.3 * g))
            continue
        owner = beneficiary(c, me)
        v = event_value(ctx, c, owner)
        gain = v if owner == me else -v
        if c == 103 and me == US:  # Defectors cancels the USSR headline
            gain += 2.0
        if ctx.defcon <= 3 and ctx.event_ok(c):
            # The other headline may resolve first and bring DEFCON 2: then
            # our own DEFCON drop, or a coup handed to the opponent, loses.
            if c in DEFCON_DROP and owner == me:
                gain -= 4.0
            elif owner != me and is_hazard(ctx, me, c):
                gain -= 10.0
        if me == US and c in WAR_CARDS and "Flower Power" in ctx.effects:
            gain -= 2.0
        out.append(gain - LAMBDA * keep_value(ctx, me, c))
    return out


def _score_ops(ctx: Ctx, legal: list[Action]) -> list[float]:
    dec = ctx.view["decision"]
    ops_left: int = dec["ops"]
    card: int = dec["card"]
    me = ctx.me
    free = card in (47, 96, 91) and not any(a.verb == "place" for a in legal)
    # A DEFCON-lowering opposing event still to come after these ops.
    pending = 0
    if card in DEFCON_DROP and CARD_SIDE[card] == ctx.opp and dec["opponent_event_after"]:
        pending = 1
    if pending:
        ctx.defcon -= pending
    places: list[tuple[int, float]] = []
    scores = [0.0] * len(legal)
    realigns: list[tuple[int, float]] = []
    for k, a in enumerate(legal):
        i = a.arg
        if i is None:
            continue
        verb = a.verb
        if verb == "place":
            v = place_value(ctx, i, ops_left)
            places.append((k, v))
            scores[k] = v
        elif verb == "coup":
            ops = ops_left
            if card == CHINA and REGION_ID[i] != 1:
                ops -= 1
            if me == USSR and "Vietnam Revolts" in ctx.effects and not SEA_POINTS[i]:
                ops -= 1
            scores[k] = coup_value(ctx, i, max(1, ops), free)
        elif verb == "realign":
            v = realign_value(ctx, i)
            realigns.append((k, v))
            scores[k] = v
    if (places and len(places) < len(legal)) or (realigns and len(realigns) < len(legal)):
        # The first op of a card: a coup spends every op at once, so compare
        # it with the whole plan a placement or a realignment begins.
        if places:
            per_op = sorted((v for _, v in places), reverse=True)
            plan = sum(max(0.0, v) for v in per_op[:max(1, ops_left)])
            if len(per_op) < ops_left:
                plan += (ops_left - len(per_op)) * max(0.0, per_op[0]) * 0.7
            for k, v in places:
                scores[k] = plan - (per_op[0] - v)
        if realigns:
            best = max(v for _, v in realigns)
            for k, v in realigns:
                scores[k] = v + (ops_left - 1) * max(0.0, best) * 0.9
    if pending:
        ctx.defcon += pending
    return scores


def _score_order(legal: list[Action]) -> list[float]:
    # The opposing event first: its result is known before the ops are spent
    # (influence it removes can be rebuilt; a DEFCON drop is seen before a coup).
    return [0.5 if a.verb == "event" else 0.0 for a in legal]


def discard_value(ctx: Ctx, c: int) -> float:
    """Worth to me of discarding card ``c`` from my hand (no event)."""
    if SCORING[c]:
        return -scoring_gain(ctx, c) - 1.0
    v = -keep_value(ctx, ctx.me, c)
    return v + hazard_relief(ctx) if ctx.events_on and is_hazard(ctx, ctx.me, c) else v


def _score_eagle(ctx: Ctx, legal: list[Action]) -> list[float]:
    return [discard_value(ctx, a.arg) - 0.3 if a.verb == "discard" and a.arg is not None else 0.0
            for a in legal]


def _score_place_inf(ctx: Ctx, legal: list[Action]) -> list[float]:
    left, side, per = _influence_frame(ctx.view)
    sign = 1.0 if side == ctx.me else -1.0
    out = []
    for a in legal:
        if a.verb == "place" and a.arg is not None:
            if sign > 0:
                out.append(place_value(ctx, a.arg, left, per, free=True))
            else:
                out.append(-ctx.delta(a.arg, ctx.mine[a.arg], ctx.theirs[a.arg] + 1))
        else:
            out.append(0.0)
    return out


def _score_remove_inf(ctx: Ctx, legal: list[Action]) -> list[float]:
    left, side, per = _influence_frame(ctx.view)
    out = []
    for a in legal:
        if a.verb == "remove" and a.arg is not None:
            out.append(remove_value(ctx, side, a.arg, left, per))
        else:
            out.append(0.0)
    return out


# -- event questions, by continuation ---------------------------------------------------
AskFn = Callable[[Ctx, Action], float]


def _target(fn: Callable[[Ctx, int], float]) -> AskFn:
    def score(ctx: Ctx, a: Action) -> float:
        return fn(ctx, a.arg) if a.verb == "target" and a.arg is not None else 0.0
    return score


def _card_choice(fn: Callable[[Ctx, int], float]) -> AskFn:
    def score(ctx: Ctx, a: Action) -> float:
        return fn(ctx, a.arg) if a.verb in ("pick", "discard", "ops", "event") and a.arg is not None else 0.0
    return score


def _remove_all(ctx: Ctx, i: int) -> float:
    return ctx.delta(i, ctx.mine[i], 0)


def _war_target(win: int, vp: int, milops: int) -> AskFn:
    return _target(lambda ctx, i: war_value(ctx, ctx.me, i, win, vp, milops))


def _free_coup_best(ctx: Ctx, scope: tuple[int, ...], ops: int) -> float:
    theirs = ctx.theirs
    return max((coup_value(ctx, i, ops, free=True) for i in scope if theirs[i]), default=0.0)


def _realign_best(ctx: Ctx, scope: tuple[int, ...], ops: int) -> float:
    theirs = ctx.theirs
    best = max((realign_value(ctx, i) for i in scope if theirs[i]), default=0.0)
    return best * ops


def _coup_or_realign(scope: tuple[int, ...], card: int) -> AskFn:
    def score(ctx: Ctx, a: Action) -> float:
        if a.verb != "choose":
            return 0.0
        ops = card_ops(ctx, ctx.me, card)
        if a.arg == OPTION["coup"]:
            return _free_coup_best(ctx, scope, ops)
        return _realign_best(ctx, scope, ops)
    return score


def _olympic_choice(ctx: Ctx, a: Action) -> float:
    if a.arg == OPTION["participate"]:
        return -1.25
    if ctx.defcon <= 2:  # a boycott lowers DEFCON in the sponsor's round
        return SUICIDE if ctx.phasing == ctx.me else WIN
    return -4 * OPV - 0.3


def _defcon_choice(hilsw: bool) -> AskFn:
    def score(ctx: Ctx, a: Action) -> float:
        level = DEFCON_OPTION.get(a.arg if a.arg is not None else -1)
        if level is None:
            return 0.0
        if level <= 1:
            return SUICIDE if ctx.phasing == ctx.me else WIN
        me, opp = ctx.me, ctx.opp
        mine = 5 if hilsw else ctx.view["milops"][me]
        v = MILOPS_VP * (max(0, level - ctx.view["milops"][opp]) * ctx.urgency(opp)
                         - max(0, level - mine) * ctx.urgency(me))
        if level == 2:
            v -= 0.8  # my own battleground coups and DEFCON-lowering events become deadly
        return v + 0.1 * level
    return score


def _warsaw_choice(ctx: Ctx, a: Action) -> float:
    if a.arg == OPTION["remove"]:
        gains = sorted((_remove_all(ctx, i) for i in EAST_EUROPE if ctx.theirs[i]), reverse=True)
        return sum(gains[:4])
    per = sorted((place_value(ctx, i, 2, 2, free=True) for i in EAST_EUROPE), reverse=True)
    return 2 * sum(per[:3])


def _south_african_unrest(ctx: Ctx, a: Action) -> float:
    sa = SOUTH_AFRICA
    if a.arg == OPTION["South Africa"]:
        return ctx.delta(sa, ctx.mine[sa] + 2, ctx.theirs[sa])
    rest = max(place_value(ctx, j, 2, free=True) for j in ADJACENT[sa])
    return ctx.delta(sa, ctx.mine[sa] + 1, ctx.theirs[sa]) + 2 * rest


def _de_stalinization(ctx: Ctx, a: Action) -> float:
    if a.verb != "target" or a.arg is None:
        return 0.0
    i = a.arg
    return ctx.delta(i, ctx.mine[i] - 1, ctx.theirs[i]) + OPV * 0.9


def _card_for_me(ctx: Ctx, c: int) -> float:
    if SCORING[c]:
        return scoring_gain(ctx, c) * 0.5
    return keep_value(ctx, ctx.me, c)


def _missile_envy_give(ctx: Ctx, c: int) -> float:
    # The receiver plays the card at once: its event if not mine, else only its ops.
    recv = ctx.opp
    to_them = OPV * CARD_OPS[c] if CARD_SIDE[c] == ctx.me else event_value(ctx, c, recv)
    return -to_them - keep_value(ctx, ctx.me, c)


def _un_partner(ctx: Ctx, c: int) -> float:
    v = event_value(ctx, c, ctx.opp) + OPV * card_ops(ctx, ctx.me, c)
    return v + hazard_relief(ctx) if is_hazard(ctx, ctx.me, c) else v


def _star_wars_pick(ctx: Ctx, c: int) -> float:
    owner = beneficiary(c, US)
    v = event_value(ctx, c, owner)
    v = v if owner == ctx.me else -v
    if ctx.phasing == ctx.me:
        v += SUICIDE * defcon_hazard(ctx, c, owner, ctx.me)
    return v


def scoring_draw_risk(ctx: Ctx, draws: int) -> float:
    """Chance that ``draws`` cards drawn now bring more scoring cards than
    there are rounds left to play them this turn (one held at the turn's
    end loses the game)."""
    held = sum(1 for c in ctx.hand if SCORING[c])
    slack = ctx.rounds_left(ctx.me) - held
    if slack >= draws:
        return 0.0
    view = ctx.view
    pool = view["deck_size"] + view["hand_sizes"][ctx.opp]
    out = set(ctx.hand) | set(view["removed"]) | set(view["in_play"])
    if view["deck_size"] > draws:
        out.update(view["discard"])
    else:  # a short draw pile: the discard pile is reshuffled in for the draws
        pool += len(view["discard"])
    unseen = sum(1 for c in SCORING_REGION if c not in out and (ctx.turn >= MID_WAR_TURN or c not in MID_WAR_SCORING))
    p = min(1.0, unseen / max(1, pool))
    # P(more than ``slack`` scoring cards among the draws), binomial.
    safe = sum(math.comb(draws, k) * p ** k * (1 - p) ** (draws - k) for k in range(max(0, slack + 1)))
    return 1.0 - safe


def _ask_not(ctx: Ctx, c: int) -> float:
    if SCORING[c]:
        return discard_value(ctx, c)
    # A new card is drawn for each one discarded: usually a gain, but late
    # in the turn it may be a scoring card there is no round left to play.
    draws = 1 + ctx.view["decision"]["discarded"]
    return discard_value(ctx, c) + 0.6 - GAME_LOSS * scoring_draw_risk(ctx, draws)


def _blockade(ctx: Ctx, a: Action) -> float:
    if a.verb == "pass":
        i = WEST_GERMANY
        return ctx.delta(i, 0, ctx.theirs[i])
    return discard_value(ctx, a.arg) if a.arg is not None else 0.0


def _debt_crisis(ctx: Ctx, a: Action) -> float:
    if a.verb == "pass":
        losses = sorted(ctx.delta(i, ctx.mine[i], 2 * ctx.theirs[i]) for i in SOUTH_AMERICA if ctx.theirs[i])
        return sum(losses[:2])
    return discard_value(ctx, a.arg) if a.arg is not None else 0.0


def _aldrich_ames(ctx: Ctx, c: int) -> float:
    if SCORING[c]:
        return -scoring_gain(ctx, c)
    return keep_value(ctx, ctx.opp, c)


def _tehran_discard(ctx: Ctx, c: int) -> float:
    if SCORING[c]:
        return -0.5 * scoring_gain(ctx, c)
    side = CARD_SIDE[c]
    if side == ctx.opp:
        return 0.5 * STATIC_EVENT.get(c, 1.0) - 0.1
    if side == ctx.me:
        return -0.5 * STATIC_EVENT.get(c, 1.0) - 0.1
    return -0.1


def _wargames_answer(ctx: Ctx, a: Action) -> float:
    if a.verb != "yes":
        return 0.0
    lead = ctx.view["vp"] * (1 if ctx.me == US else -1) - 6
    return WIN if lead > 0 else (SUICIDE if lead < 0 else -1.0)


def _chernobyl(ctx: Ctx, a: Action) -> float:
    r = REGION_OPTION.get(a.arg if a.arg is not None else -1)
    return ctx.weights[r] if r is not None else 0.0


def _cambridge_pick(ctx: Ctx, c: int) -> float:
    r = SCORING_REGION.get(c)
    return ctx.weights[r] if r is not None else 0.0


def _shuttle(ctx: Ctx, i: int) -> float:
    return ctx.flip(i, -1, 0)


def _special_relationship_target(ctx: Ctx, i: int) -> float:
    amount = 2 if "NATO" in ctx.effects else 1
    return ctx.delta(i, ctx.mine[i] + amount, ctx.theirs[i])


def _che_target(ctx: Ctx, i: int) -> float:
    return coup_value(ctx, i, card_ops(ctx, ctx.me, 107))


def _ortega_target(ctx: Ctx, i: int) -> float:
    return coup_value(ctx, i, card_ops(ctx, ctx.me, 91), free=True)


def _pass_zero(fn: AskFn) -> AskFn:
    """``pass`` (stop, take nothing) is worth 0."""
    def score(ctx: Ctx, a: Action) -> float:
        return 0.0 if a.verb == "pass" else fn(ctx, a)
    return score


# By the question's code: "twilight.ask." + the event's continuation name.
ASK: dict[str, AskFn] = {f"twilight.ask.{name}": fn for name, fn in {
    "truman_doctrine": _target(_remove_all),
    "warsaw_pact_formed": _warsaw_choice,
    "warsaw_pact_remove": _target(_remove_all),
    "independent_reds": _target(lambda ctx, i: ctx.delta(i, ctx.theirs[i], ctx.theirs[i])),
    "indo_pakistani_war": _war_target(4, 2, 2),
    "iran_iraq_war": _war_target(4, 2, 2),
    "brush_war": _war_target(3, 1, 3),
    "east_european_unrest": _target(
        lambda ctx, i: ctx.delta(i, ctx.mine[i], max(0, ctx.theirs[i] - (2 if ctx.turn >= LATE_WAR_TURN else 1)))),
    "muslim_revolution": _target(_remove_all),
    "junta_country": _target(lambda ctx, i: ctx.delta(i, ctx.mine[i] + 2, ctx.theirs[i])),
    "junta_operation": _pass_zero(_coup_or_realign(LATIN_AMERICA, 47)),
    "tear_down_this_wall": _pass_zero(_coup_or_realign(EUROPE_IDX, 96)),
    "latin_american_debt_crisis_double": _target(lambda ctx, i: ctx.delta(i, 2 * ctx.mine[i], ctx.theirs[i])),
    "special_relationship": _target(_special_relationship_target),
    "shuttle_diplomacy": _target(_shuttle),
    "che": _pass_zero(_target(_che_target)),
    "ortega_elected_in_nicaragua": _pass_zero(_target(_ortega_target)),
    "de_stalinization": _de_stalinization,
    "olympic_games": _olympic_choice,
    "summit_defcon": _defcon_choice(False),
    "how_i_learned": _defcon_choice(True),
    "south_african_unrest": _south_african_unrest,
    "chernobyl": _chernobyl,
    "wargames": _wargames_answer,
    "blockade": _blockade,
    "latin_american_debt_crisis": _debt_crisis,
    "salt_negotiations": _pass_zero(_card_choice(_card_for_me)),
    "missile_envy": _card_choice(_missile_envy_give),
    "un_intervention": _card_choice(_un_partner),
    "star_wars": _card_choice(_star_wars_pick),
    "ask_not": _pass_zero(_card_choice(_ask_not)),
    "aldrich_ames_remix": _card_choice(_aldrich_ames),
    "our_man_in_tehran": _pass_zero(_card_choice(_tehran_discard)),
    "the_cambridge_five": _card_choice(_cambridge_pick),
}.items()}


def _score_ask(ctx: Ctx, legal: list[Action]) -> list[float]:
    fn = ASK.get(ctx.view["decision"]["question"])
    if fn is None:
        return [0.0] * len(legal)
    return [fn(ctx, a) for a in legal]


SCORERS: dict[str, Scorer] = {
    "setup": _score_setup,
    "headline": _score_headline,
    "action": _score_action,
    "ops": _score_ops,
    "eagle": _score_eagle,
    "place_inf": _score_place_inf,
    "remove_inf": _score_remove_inf,
    "ask": _score_ask,
}


# ---------------------------------------------------------------------------
# The entry point
# ---------------------------------------------------------------------------
def score_actions(view: View, legal: list[Action]) -> list[float]:
    """Scores of ``legal`` for the player to move in ``view`` (higher is
    better, in VP equivalents). Chance decisions, decisions of the other
    side and unknown decision kinds get neutral scores.

    >>> import brinkmanship as bm
    >>> s = bm.from_position("twilight", {"defcon": 2, "influence": {"USSR": {"Angola": 1}, "US": {"Nigeria": 2}},
    ...                                   "hands": {"USSR": ["Decolonization"], "US": []}})
    >>> s.apply("ops Decolonization")
    >>> scores = dict(zip((a.text for a in s.legal_actions()), score_actions(s.view("USSR"), s.legal_actions())))
    >>> scores["coup Nigeria"] < -100  # a battleground coup at DEFCON 2 loses
    True
    """
    me = view.get("current_player")
    kind = view.get("decision_kind") or ""
    if kind == "order":  # needs no reading of the board
        return _score_order(legal)
    scorer = SCORERS.get(kind)
    if me not in OTHER or scorer is None or not legal or view.get("viewer") != me:
        return [0.0] * len(legal)
    return scorer(Ctx(view, me), legal)
