"""Twilight Struggle knowledge for the heuristic bot (and ISMCTS priors and leaf values).

Both functions read only a view (``state.view(side)``) and the legal
actions, never the state: a bot using them cannot see the opponent's hand.
Of the view they read data only: the pending decision's fields
(``view["decision"]``, see ``brinkmanship/twilight/decisions.py``), never
its prompt or the log, so a view without the log (``log=False``) is enough.

Every score is in *VP equivalents*: what an action is worth measured in
victory points, now or expected later. That one unit lets very different
things be compared (a coup, a Space Race attempt, an opposing event handed
to the opponent) and lets ``evaluate`` turn the same position value into a
winning chance.

The position value of a side is

* the VP marker;
* for every region, the scoring VP it would earn now against the
  opponent's (presence, domination, control, battlegrounds, countries next
  to the enemy superpower), weighted by how many more times the region is
  likely to be scored: final scoring, plus each of its scoring cards by
  where it is (held: certain; unseen: likely; discarded: after a reshuffle;
  removed: never). Southeast Asia counts too while its card is out;
* a little for each controlled country (battlegrounds more: coups, Kitchen
  Debates, OPEC...) and for influence toward (or beyond) control;
* the Military Operations shortfall each side will pay at the end of the
  turn, The China Card, cards in hand, and DEFCON danger.

``score_actions`` measures each action as the change it makes to that value
(placements with a short look-ahead so that control is completed, coups and
realignments as an expectation over the dice) and adds the knowledge the
value does not see: the timing of scoring cards, the events each card
carries (for its owner: an opposing event played for operations is a cost),
DEFCON suicide, the Military Operations requirement and the Space Race as
a way to get rid of a bad opposing card.

DEFCON suicide has two faces. Directly: a battleground coup, an own event
or an opposing event played for operations that brings DEFCON 1 in one's
own round. Indirectly: opposing cards whose event lowers DEFCON or hands
the opponent a coup (Duck and Cover, Lone Gunman, CIA Created...) become
unplayable at DEFCON 2, and a hand left with too few other cards for the
remaining rounds must play one. Such cards are dumped early (Space Race,
UN Intervention, headline at DEFCON 4+), and a battleground coup that would
leave the hand in that state is avoided.

Every decision kind the rules ask is scored: set-up, headline, action
round (event, operations, Space Race, a trap's discard, lifting the Cuban
Missile Crisis, Grain Sales' return), each op, the opposing event's order,
Eagle/Bear Has Landed, event placements and removals, and each event
question (``ASK``, by question code). Chance and unknown kinds get
neutral scores.

The parts, each a module here:

* :mod:`.model`: the position model (:class:`Ctx`, what the bot reads from
  the view), the board tables and the tuning weights;
* :mod:`.events`: the worth of each card: its event, kept in hand, played
  for operations; scoring cards' timing and DEFCON hazards;
* :mod:`.operations`: the worth of a placement, removal, coup or realignment;
* :mod:`.decisions`: one scorer per decision kind, and :func:`score_actions`;
* :mod:`.evaluate`: the position value's fitted weights and :func:`evaluate`.
"""

from __future__ import annotations

from brinkmanship.bots.heuristic.twilight.decisions import ASK, score_actions
from brinkmanship.bots.heuristic.twilight.evaluate import evaluate, position_value
from brinkmanship.bots.heuristic.twilight.events import event_value, scoring_gain
from brinkmanship.bots.heuristic.twilight.model import Ctx, region_weights
from brinkmanship.bots.heuristic.twilight.operations import coup_value, place_value, realign_value
from brinkmanship.twilight.board import INDEX, REGIONS

__all__ = ["ASK", "INDEX", "REGIONS", "Ctx", "coup_value", "evaluate", "event_value", "place_value", "position_value",
           "realign_value", "region_weights", "score_actions", "scoring_gain"]
