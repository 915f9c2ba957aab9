"""13 Days knowledge for the heuristic bot (see :mod:`brinkmanship.bots.heuristic`).

Everything here reads one side's view and the legal actions, never the
state. A :class:`_Model` turns the view into small lists (cubes, DEFCON
markers, prestige from the side's point of view) and values a position in
*prestige points*, the currency of the game:

* **agendas**: each arena and DEFCON track is worth the prestige its kept
  agendas would score at the end of the round (``score_agenda`` in
  ``thirteen/rules/scoring.py``: cube or step difference + 1, the Caribbean links,
  the pushes of track agendas), weighted by how likely each agenda is kept:
  the side's own kept agenda for sure, each of the opponent's three flags a
  third. The round's agenda prestige is added to the prestige marker and the
  lead capped at 5, as the rules do: a side already 5 ahead gains nothing
  from more, and only risks.
* **world opinion**: Television (a DEFCON step), the United Nations (the
  Personal Letter: the tie-break and the Letter agenda) and Alliances (an
  Aftermath card) for whoever dominates them, this round and in the rounds
  to come; leading an arena is also worth a little for future agendas.
* **the Aftermath**: the command values of each faction's cards there, the
  card the side will keep this round, and the +2 they decide at the end.
* **DEFCON**: the steps each side must still de-escalate before this
  round's nuclear check (the opponent's kept agenda is one of its flags, so
  its track-agenda push is a mixture over them) against what its remaining
  plays can de-escalate (its own cards when seen, and only with cubes to
  remove or events that do it) give its chance of nuclear war, with a floor
  for the opponent's plays that may spoil the plan; each step needed now or
  before the last check (one escalation per round still to come) costs part
  of a play, and a marker that would start the next round in DEFCON 1 risks
  war then.

:meth:`_Model.score` combines these into the chance of winning (the lead as
a normal variable whose spread shrinks as plays run out, mixed with both
sides' chances of nuclear war, a mutual war being a draw) plus the expected
lead and an extra aversion to one's own nuclear war, so that a bot far ahead
or behind still prefers better moves and never gambles its survival. Every
action is scored by a one-step look-ahead: its effect (a Command's best
plan, an event played out with greedy choices by whoever makes them, an
opposing event the opponent accepts only when it hurts us) is applied to
the model and the result scored. :func:`evaluate`, the search bot's leaf
value, weighs the same terms as they predict results in self-play.

A decision is read from the view's decision data (``brinkmanship.thirteen.decisions``),
never from its prompt: the card it belongs to, the cubes left, whose cubes
or marker, the per-arena limit. The data also says how many cubes an event
has already moved in each arena; this bot was tuned on an estimate of them
from the count still to move (see ``decisions._cubes``), which it keeps.

The parts, each a module here:

* :mod:`.model`: the position model :class:`_Model`, its weights and the
  de-escalation :class:`~.model.Capacity` of a side's plays;
* :mod:`.events`: the 39 events as effects on the model;
* :mod:`.decisions`: one scorer per decision kind, and :func:`score_actions`;
* :mod:`.evaluate`: leaf evaluation, with the logistic model fitted for
  the start of a round.
"""

from __future__ import annotations

# Imported for its effect: it registers the events in model.EVENTS.
from brinkmanship.bots.heuristic.thirteen import events as events
from brinkmanship.bots.heuristic.thirteen.decisions import score_actions
from brinkmanship.bots.heuristic.thirteen.evaluate import ROUND_START_W, at_round_start, evaluate, round_start_features
from brinkmanship.bots.heuristic.thirteen.model import _Model, _sigmoid

__all__ = ["ROUND_START_W", "_Model", "_sigmoid", "at_round_start", "evaluate", "round_start_features",
           "score_actions"]
