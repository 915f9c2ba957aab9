"""The names of Twilight Struggle's lasting effects, as stored in ``d["effects"]``.

A card's event adds an effect under one of these names (``rules.add_effect``) and
the rules and other cards look it up by the same constant, so a misspelt name is
an import error rather than an effect that silently never applies. The values are
the cards' printed names: saved states and the log hold them, so they never change.
"""

from __future__ import annotations

AWACS_SALE_TO_SAUDIS = "AWACS Sale to Saudis"
ALDRICH_AMES_REMIX = "Aldrich Ames Remix"
AN_EVIL_EMPIRE = "An Evil Empire"
BEAR_TRAP = "Bear Trap"
BREZHNEV_DOCTRINE = "Brezhnev Doctrine"
CAMP_DAVID_ACCORDS = "Camp David Accords"
CHERNOBYL = "Chernobyl"
CONTAINMENT = "Containment"
CUBAN_MISSILE_CRISIS = "Cuban Missile Crisis"
DE_GAULLE_LEADS_FRANCE = "De Gaulle Leads France"
FLOWER_POWER = "Flower Power"
FORMOSAN_RESOLUTION = "Formosan Resolution"
IRAN_CONTRA_SCANDAL = "Iran-Contra Scandal"
IRANIAN_HOSTAGE_CRISIS = "Iranian Hostage Crisis"
JOHN_PAUL_II_ELECTED_POPE = "John Paul II Elected Pope"
LATIN_AMERICAN_DEATH_SQUADS = "Latin American Death Squads"
MARSHALL_PLAN = "Marshall Plan"
MISSILE_ENVY = "Missile Envy"
NATO = "NATO"
NORAD = "NORAD"
NORTH_SEA_OIL = "North Sea Oil"
NUCLEAR_SUBS = "Nuclear Subs"
QUAGMIRE = "Quagmire"
RED_SCARE_PURGE = "Red Scare/Purge"
SALT_NEGOTIATIONS = "SALT Negotiations"
SHUTTLE_DIPLOMACY = "Shuttle Diplomacy"
TEAR_DOWN_THIS_WALL = "Tear Down This Wall"
THE_IRON_LADY = "The Iron Lady"
THE_REFORMER = "The Reformer"
U2_INCIDENT = "U2 Incident"
US_JAPAN_MUTUAL_DEFENSE_PACT = "US/Japan Mutual Defense Pact"
VIETNAM_REVOLTS = "Vietnam Revolts"
WARSAW_PACT_FORMED = "Warsaw Pact Formed"
WE_WILL_BURY_YOU = "We Will Bury You"
WILLY_BRANDT = "Willy Brandt"
YURI_AND_SAMANTHA = "Yuri and Samantha"
