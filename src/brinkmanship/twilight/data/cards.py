"""All 110 Twilight Struggle cards (Deluxe Edition, #104-#110 optional) as data.

Each row: number, name, printed ops, side whose event it carries, period,
starred (removed after its event), scoring, war, optional, stays in play
(underlined title), and other names the parser accepts. Events live in
``brinkmanship.twilight.cards``; this table holds only facts.
"""

from __future__ import annotations

from typing import NamedTuple


class CardFact(NamedTuple):
    """One printed card."""

    number: int
    name: str
    ops: int
    side: str
    period: str
    starred: bool
    scoring: bool
    war: bool
    optional: bool
    stays_in_play: bool
    aliases: tuple[str, ...] = ()


CARD_FACTS: tuple[CardFact, ...] = (
    CardFact(1, 'Asia Scoring', 0, 'Neutral', 'Early', False, True, False, False, False),
    CardFact(2, 'Europe Scoring', 0, 'Neutral', 'Early', False, True, False, False, False),
    CardFact(3, 'Middle East Scoring', 0, 'Neutral', 'Early', False, True, False, False, False),
    CardFact(4, 'Duck and Cover', 3, 'US', 'Early', False, False, False, False, False),
    CardFact(5, 'Five Year Plan', 3, 'US', 'Early', False, False, False, False, False, ('Five-Year Plan',)),
    CardFact(6, 'The China Card', 4, 'Neutral', 'Early', False, False, False, False, False, ('China', 'China Card')),
    CardFact(7, 'Socialist Governments', 3, 'USSR', 'Early', False, False, False, False, False),
    CardFact(8, 'Fidel', 2, 'USSR', 'Early', True, False, False, False, False),
    CardFact(9, 'Vietnam Revolts', 2, 'USSR', 'Early', True, False, False, False, False),
    CardFact(10, 'Blockade', 1, 'USSR', 'Early', True, False, False, False, False),
    CardFact(11, 'Korean War', 2, 'USSR', 'Early', True, False, True, False, False),
    CardFact(12, 'Romanian Abdication', 1, 'USSR', 'Early', True, False, False, False, False),
    CardFact(13, 'Arab-Israeli War', 2, 'USSR', 'Early', False, False, True, False, False),
    CardFact(14, 'COMECON', 3, 'USSR', 'Early', True, False, False, False, False, ('Comecon',)),
    CardFact(15, 'Nasser', 1, 'USSR', 'Early', True, False, False, False, False),
    CardFact(16, 'Warsaw Pact Formed', 3, 'USSR', 'Early', True, False, False, False, True, ('Warsaw Pact',)),
    CardFact(17, 'De Gaulle Leads France', 3, 'USSR', 'Early', True, False, False, False, True),
    CardFact(18, 'Captured Nazi Scientist', 1, 'Neutral', 'Early', True, False, False, False, False, ('Nazi Scientist',)),
    CardFact(19, 'Truman Doctrine', 1, 'US', 'Early', True, False, False, False, False, ('Truman',)),
    CardFact(20, 'Olympic Games', 2, 'Neutral', 'Early', False, False, False, False, False),
    CardFact(21, 'NATO', 4, 'US', 'Early', True, False, False, False, True),
    CardFact(22, 'Independent Reds', 2, 'US', 'Early', True, False, False, False, False),
    CardFact(23, 'Marshall Plan', 4, 'US', 'Early', True, False, False, False, True),
    CardFact(24, 'Indo-Pakistani War', 2, 'Neutral', 'Early', False, False, True, False, False),
    CardFact(25, 'Containment', 3, 'US', 'Early', True, False, False, False, False),
    CardFact(26, 'CIA Created', 1, 'US', 'Early', True, False, False, False, False),
    CardFact(27, 'US/Japan Mutual Defense Pact', 4, 'US', 'Early', True, False, False, False, True, ('US/Japan Defense Pact',)),
    CardFact(28, 'Suez Crisis', 3, 'USSR', 'Early', True, False, False, False, False),
    CardFact(29, 'East European Unrest', 3, 'US', 'Early', False, False, False, False, False),
    CardFact(30, 'Decolonization', 2, 'USSR', 'Early', False, False, False, False, False),
    CardFact(31, 'Red Scare/Purge', 4, 'Neutral', 'Early', False, False, False, False, False, ('Red Scare', 'Purge')),
    CardFact(32, 'UN Intervention', 1, 'Neutral', 'Early', False, False, False, False, False),
    CardFact(33, 'De-Stalinization', 3, 'USSR', 'Early', True, False, False, False, False, ('Destalinization',)),
    CardFact(34, 'Nuclear Test Ban', 4, 'Neutral', 'Early', False, False, False, False, False, ('Nuclear Test Ban Treaty',)),
    CardFact(35, 'Formosan Resolution', 2, 'US', 'Early', True, False, False, False, True),
    CardFact(36, 'Brush War', 3, 'Neutral', 'Mid', False, False, True, False, False),
    CardFact(37, 'Central America Scoring', 0, 'Neutral', 'Mid', False, True, False, False, False),
    CardFact(38, 'Southeast Asia Scoring', 0, 'Neutral', 'Mid', True, True, False, False, False),
    CardFact(39, 'Arms Race', 3, 'Neutral', 'Mid', False, False, False, False, False),
    CardFact(40, 'Cuban Missile Crisis', 3, 'Neutral', 'Mid', True, False, False, False, False),
    CardFact(41, 'Nuclear Subs', 2, 'US', 'Mid', True, False, False, False, False),
    CardFact(42, 'Quagmire', 3, 'USSR', 'Mid', True, False, False, False, True),
    CardFact(43, 'SALT Negotiations', 3, 'Neutral', 'Mid', True, False, False, False, False),
    CardFact(44, 'Bear Trap', 3, 'US', 'Mid', True, False, False, False, True),
    CardFact(45, 'Summit', 1, 'Neutral', 'Mid', False, False, False, False, False),
    CardFact(46, 'How I Learned to Stop Worrying', 2, 'Neutral', 'Mid', True, False, False, False, False),
    CardFact(47, 'Junta', 2, 'Neutral', 'Mid', False, False, False, False, False),
    CardFact(48, 'Kitchen Debates', 1, 'US', 'Mid', True, False, False, False, False),
    CardFact(49, 'Missile Envy', 2, 'Neutral', 'Mid', False, False, False, False, False),
    CardFact(50, 'We Will Bury You', 4, 'USSR', 'Mid', True, False, False, False, False, ('“We Will Bury You”',)),
    CardFact(51, 'Brezhnev Doctrine', 3, 'USSR', 'Mid', True, False, False, False, False),
    CardFact(52, 'Portuguese Empire Crumbles', 2, 'USSR', 'Mid', True, False, False, False, False),
    CardFact(53, 'South African Unrest', 2, 'USSR', 'Mid', False, False, False, False, False),
    CardFact(54, 'Allende', 1, 'USSR', 'Mid', True, False, False, False, False),
    CardFact(55, 'Willy Brandt', 2, 'USSR', 'Mid', True, False, False, False, True),
    CardFact(56, 'Muslim Revolution', 4, 'USSR', 'Mid', False, False, False, False, False),
    CardFact(57, 'ABM Treaty', 4, 'Neutral', 'Mid', False, False, False, False, False),
    CardFact(58, 'Cultural Revolution', 3, 'USSR', 'Mid', True, False, False, False, False),
    CardFact(59, 'Flower Power', 4, 'USSR', 'Mid', True, False, False, False, True),
    CardFact(60, 'U2 Incident', 3, 'USSR', 'Mid', True, False, False, False, False, ('U-2 Incident',)),
    CardFact(61, 'OPEC', 3, 'USSR', 'Mid', False, False, False, False, False),
    CardFact(62, 'Lone Gunman', 1, 'USSR', 'Mid', True, False, False, False, False, ('“Lone Gunman”',)),
    CardFact(63, 'Colonial Rear Guards', 2, 'US', 'Mid', False, False, False, False, False),
    CardFact(64, 'Panama Canal Returned', 1, 'US', 'Mid', True, False, False, False, False),
    CardFact(65, 'Camp David Accords', 2, 'US', 'Mid', True, False, False, False, True),
    CardFact(66, 'Puppet Governments', 2, 'US', 'Mid', True, False, False, False, False),
    CardFact(67, 'Grain Sales to Soviets', 2, 'US', 'Mid', False, False, False, False, False),
    CardFact(68, 'John Paul II Elected Pope', 2, 'US', 'Mid', True, False, False, False, True),
    CardFact(69, 'Latin American Death Squads', 2, 'Neutral', 'Mid', False, False, False, False, False),
    CardFact(70, 'OAS Founded', 1, 'US', 'Mid', True, False, False, False, False),
    CardFact(71, 'Nixon Plays the China Card', 2, 'US', 'Mid', True, False, False, False, False),
    CardFact(72, 'Sadat Expels Soviets', 1, 'US', 'Mid', True, False, False, False, False),
    CardFact(73, 'Shuttle Diplomacy', 3, 'US', 'Mid', False, False, False, False, True),
    CardFact(74, 'The Voice of America', 2, 'US', 'Mid', False, False, False, False, False, ('Voice of America',)),
    CardFact(75, 'Liberation Theology', 2, 'USSR', 'Mid', False, False, False, False, False),
    CardFact(76, 'Ussuri River Skirmish', 3, 'US', 'Mid', True, False, False, False, False),
    CardFact(77, 'Ask Not What Your Country Can Do For You', 3, 'US', 'Mid', True, False, False, False, False, ('Ask Not', 'Ask Not What Your Country...')),
    CardFact(78, 'Alliance for Progress', 3, 'US', 'Mid', True, False, False, False, False),
    CardFact(79, 'Africa Scoring', 0, 'Neutral', 'Mid', False, True, False, False, False),
    CardFact(80, 'One Small Step', 2, 'Neutral', 'Mid', False, False, False, False, False, ('One Small Step...', '“One Small Step…”')),
    CardFact(81, 'South America Scoring', 0, 'Neutral', 'Mid', False, True, False, False, False),
    CardFact(82, 'Iranian Hostage Crisis', 3, 'USSR', 'Late', True, False, False, False, True),
    CardFact(83, 'The Iron Lady', 3, 'US', 'Late', True, False, False, False, True),
    CardFact(84, 'Reagan Bombs Libya', 2, 'US', 'Late', True, False, False, False, False),
    CardFact(85, 'Star Wars', 2, 'US', 'Late', True, False, False, False, False),
    CardFact(86, 'North Sea Oil', 3, 'US', 'Late', True, False, False, False, True),
    CardFact(87, 'The Reformer', 3, 'USSR', 'Late', True, False, False, False, True),
    CardFact(88, 'Marine Barracks Bombing', 2, 'USSR', 'Late', True, False, False, False, False),
    CardFact(89, 'Soviets Shoot Down KAL-007', 4, 'US', 'Late', True, False, False, False, False, ('KAL-007', 'KAL 007')),
    CardFact(90, 'Glasnost', 4, 'USSR', 'Late', True, False, False, False, False),
    CardFact(91, 'Ortega Elected in Nicaragua', 2, 'USSR', 'Late', True, False, False, False, False),
    CardFact(92, 'Terrorism', 2, 'Neutral', 'Late', False, False, False, False, False),
    CardFact(93, 'Iran-Contra Scandal', 2, 'USSR', 'Late', True, False, False, False, False, ('Iran Contra Scandal',)),
    CardFact(94, 'Chernobyl', 3, 'US', 'Late', True, False, False, False, False),
    CardFact(95, 'Latin American Debt Crisis', 2, 'USSR', 'Late', False, False, False, False, False),
    CardFact(96, 'Tear Down This Wall', 3, 'US', 'Late', True, False, False, False, True, ('Tear Down this Wall',)),
    CardFact(97, 'An Evil Empire', 3, 'US', 'Late', True, False, False, False, True, ('“An Evil Empire”', 'Evil Empire')),
    CardFact(98, 'Aldrich Ames Remix', 3, 'USSR', 'Late', True, False, False, False, False),
    CardFact(99, 'Pershing II Deployed', 3, 'USSR', 'Late', True, False, False, False, False),
    CardFact(100, 'Wargames', 4, 'Neutral', 'Late', True, False, False, False, False),
    CardFact(101, 'Solidarity', 2, 'US', 'Late', True, False, False, False, False),
    CardFact(102, 'Iran-Iraq War', 2, 'Neutral', 'Late', True, False, True, False, False),
    CardFact(103, 'Defectors', 2, 'US', 'Early', False, False, False, False, False),
    CardFact(104, 'The Cambridge Five', 2, 'USSR', 'Early', False, False, False, True, False),
    CardFact(105, 'Special Relationship', 2, 'US', 'Early', False, False, False, True, False),
    CardFact(106, 'NORAD', 3, 'US', 'Early', True, False, False, True, True),
    CardFact(107, 'Che', 3, 'USSR', 'Mid', False, False, False, True, False),
    CardFact(108, 'Our Man in Tehran', 2, 'US', 'Mid', True, False, False, True, False),
    CardFact(109, 'Yuri and Samantha', 2, 'USSR', 'Late', True, False, False, True, False),
    CardFact(110, 'AWACS Sale to Saudis', 3, 'US', 'Late', True, False, False, True, True),
)
