"""The 39 strategy cards and 13 agenda cards of 13 Days, as data.

Names, factions, command values and the DEFCON symbol follow
``shared/reference/thirteen_days/cards.json`` (Saito data built from the
publisher-authorised Vassal images). The number is the Vassal image index
(Q14: not known to be the printed number). ``summary`` is our own short
restatement of the event for help screens, not card text.
"""

from __future__ import annotations

from typing import NamedTuple


class StrategyCard(NamedTuple):
    number: int
    name: str
    faction: str   # "UN", "US" or "USSR"
    command: int
    symbol: bool   # the DEFCON symbol: cube changes by the event move DEFCON
    summary: str


CARDS: tuple[StrategyCard, ...] = (
    StrategyCard(1, "Speech to the Nation", "UN", 3, False,
                 "Place up to 3 cubes on world opinion arenas, at most 2 in each."),
    StrategyCard(2, "The Guns of August", "UN", 3, True,
                 "Move one of your DEFCON markers up to 2 steps either way, then Command 1."),
    StrategyCard(3, "Fifty-Fifty", "UN", 3, False,
                 "Whoever leads in Television may move two of their DEFCON markers 1 step each."),
    StrategyCard(4, "SOPs", "UN", 1, False,
                 "For the rest of the round your Commands handle 1 extra cube."),
    StrategyCard(5, "Close Allies", "UN", 2, False,
                 "Place up to 2 cubes on political arenas."),
    StrategyCard(6, "Intelligence Reports", "UN", 2, True,
                 "Take a random card from your opponent's hand: play it now or discard it. They draw a new one."),
    StrategyCard(7, "Summit Meeting", "UN", 2, False,
                 "Discard any number of your other cards and draw as many."),
    StrategyCard(8, "To the Brink", "UN", 2, False,
                 "For the rest of the round your opponent's Commands handle 1 cube fewer (at least 1)."),
    StrategyCard(9, "Nuclear Submarines", "UN", 1, False,
                 "Place up to 2 cubes on military arenas."),
    StrategyCard(10, "U Thant", "UN", 1, False,
                 "De-escalate all three of your DEFCON markers by 1."),
    StrategyCard(11, "Containment", "UN", 2, False,
                 "For the rest of the round your opponent may not lower their DEFCON with events of cards they play."),
    StrategyCard(12, "A Face-Saver", "UN", 1, True,
                 "Command 3; then your opponent may Command 1."),
    StrategyCard(13, "Scramble", "UN", 3, False,
                 "Place 1 cube in each of up to 3 different arenas."),
    StrategyCard(14, "Mathematical Precision", "US", 3, True,
                 "Move the US political marker up to 2 steps either way, then Command 1."),
    StrategyCard(15, "Excomm", "US", 3, True,
                 "Place up to 4 US cubes, at most 2 each, in arenas that have no US cubes."),
    StrategyCard(16, "Public Protests", "US", 3, False,
                 "Remove any number of US cubes from one arena."),
    StrategyCard(17, "Lessons of Munich", "US", 3, False,
                 "Place up to 4 US cubes in Berlin, Italy and Turkey, at most 2 each."),
    StrategyCard(18, "Operation Mongoose", "US", 2, False,
                 "US +1 prestige; then the USSR may move one US DEFCON marker 1 step."),
    StrategyCard(19, "Air Strike", "US", 2, False,
                 "Remove half (rounded up) of the USSR cubes in one Cuba arena, or place up to 2 US cubes "
                 "on Alliances."),
    StrategyCard(20, "Non-Invasion Pledge", "US", 2, False,
                 "Remove up to 2 USSR cubes from Turkey; move the US political marker up to 2 steps."),
    StrategyCard(21, "Offensive Missiles", "US", 2, False,
                 "If the US political marker is in DEFCON 3, place up to 1 US cube on each political arena."),
    StrategyCard(22, "Invasion of Cuba", "US", 1, False,
                 "Escalate US military up to 2; you may de-escalate another US marker as much."),
    StrategyCard(23, "Quarantine", "US", 1, False,
                 "Place up to 2 US cubes on the Atlantic."),
    StrategyCard(24, "U-2 Photographs", "US", 1, True,
                 "Command 3 in one military arena."),
    StrategyCard(25, "Wave and Smile", "US", 2, False,
                 "Move up to 2 US cubes to other arenas."),
    StrategyCard(26, "Eyeball to Eyeball", "US", 1, True,
                 "If US military is above USSR military, place up to 3 US cubes on the Cuba arenas."),
    StrategyCard(27, "MRBMs & IRBMs", "USSR", 3, True,
                 "Move the USSR military marker up to 2 steps either way, then Command 1."),
    StrategyCard(28, "Moscow is our Brain", "USSR", 3, True,
                 "Place up to 4 USSR cubes, at most 2 each, in arenas that already have USSR cubes."),
    StrategyCard(29, "Missile Trade", "USSR", 3, True,
                 "Remove up to 3 USSR cubes from any arenas."),
    StrategyCard(30, "Fidel Castro", "USSR", 3, False,
                 "Place up to 3 USSR cubes on the Cuba arenas."),
    StrategyCard(31, "Berlin Blockade", "USSR", 2, False,
                 "USSR +2 prestige; then the US may move one USSR DEFCON marker up to 2 steps."),
    StrategyCard(32, "Suez-Hungary", "USSR", 2, False,
                 "Add USSR cubes to Italy until the USSR has one more than the US there."),
    StrategyCard(33, "Maskirovka", "USSR", 2, False,
                 "If USSR military is in DEFCON 3, place up to 1 USSR cube on each military arena."),
    StrategyCard(34, "Bay of Pigs", "USSR", 2, False,
                 "The US removes 2 cubes from Alliances or may not de-escalate by events this round."),
    StrategyCard(35, "Turn Back the Ships", "USSR", 1, False,
                 "De-escalate the most escalated USSR marker up to 2 steps."),
    StrategyCard(36, "Strategic Balance", "USSR", 1, True,
                 "Place up to 3 USSR cubes on the Atlantic."),
    StrategyCard(37, "National Liberation", "USSR", 1, True,
                 "Command 3 in one political arena."),
    StrategyCard(38, "U-2 Downed", "USSR", 2, False,
                 "Place up to 2 USSR cubes on Turkey; remove half (rounded up) of the US cubes in one Cuba arena."),
    StrategyCard(39, "Defensive Missiles", "USSR", 1, True,
                 "Place up to 2 USSR cubes on Television and/or the United Nations."),
)


class AgendaType(NamedTuple):
    name: str
    kind: str     # "track", "arena" or "letter"
    target: int   # track index, arena index, or 0 for the letter


# The ten agenda targets; the index is the agenda's type id.
AGENDA_TYPES: tuple[AgendaType, ...] = (
    AgendaType("Military Track", "track", 0),
    AgendaType("Political Track", "track", 1),
    AgendaType("World Opinion Track", "track", 2),
    AgendaType("Turkey", "arena", 4),
    AgendaType("Berlin", "arena", 2),
    AgendaType("Italy", "arena", 5),
    AgendaType("Cuba (Political)", "arena", 3),
    AgendaType("Cuba (Military)", "arena", 0),
    AgendaType("Atlantic", "arena", 1),
    AgendaType("Personal Letter", "letter", 0),
)

# The 13 agenda cards (a01-a13): card number -> agenda type id.
AGENDA_CARDS: tuple[int, ...] = (0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9)
