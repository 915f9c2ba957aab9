//! The map, the deck and the fixed numbers of Twilight Struggle, generated
//! from the Python engine's tables by `native/tests/gen_twilight_data.py`
//! (never edited by hand), so both engines read one map and one deck.

use super::state::Side;

/// Which side's event a card carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CardSide {
    Ussr,
    Us,
    Neutral,
}

/// Countries on the map.
pub const N_COUNTRIES: usize = 84;
/// Cards in the game, numbered 1..=N_CARDS.
pub const N_CARDS: usize = 110;
/// The China Card's number.
pub const CHINA: u8 = 6;
/// Region names: the six regions then the three subregions (region ids index this).
pub const REGION_NAMES: [&str; 9] = ["Europe", "Asia", "Middle East", "Africa", "Central America", "South America", "Western Europe", "Eastern Europe", "Southeast Asia"];
/// The six scoring regions, in the order final scoring takes them.
pub const REGIONS: [u8; 6] = [0, 1, 2, 3, 4, 5];
pub const R_EUROPE: u8 = 0;
pub const R_ASIA: u8 = 1;
pub const R_MIDDLE_EAST: u8 = 2;
pub const R_AFRICA: u8 = 3;
pub const R_CENTRAL_AMERICA: u8 = 4;
pub const R_SOUTH_AMERICA: u8 = 5;
pub const R_WESTERN_EUROPE: u8 = 6;
pub const R_EASTERN_EUROPE: u8 = 7;
pub const R_SOUTHEAST_ASIA: u8 = 8;
/// Country names, by index.
pub const NAMES: [&str; 84] = ["Canada", "UK", "Norway", "Sweden", "Denmark", "Benelux", "France", "Spain/Portugal", "Italy", "Greece", "Turkey", "Austria", "Finland", "West Germany", "East Germany", "Poland", "Czechoslovakia", "Hungary", "Yugoslavia", "Romania", "Bulgaria", "Libya", "Egypt", "Israel", "Lebanon", "Syria", "Iraq", "Iran", "Jordan", "Gulf States", "Saudi Arabia", "Afghanistan", "Pakistan", "India", "Australia", "Japan", "Taiwan", "South Korea", "North Korea", "Burma", "Laos/Cambodia", "Thailand", "Vietnam", "Malaysia", "Indonesia", "Philippines", "Algeria", "Morocco", "Tunisia", "West African States", "Ivory Coast", "Saharan States", "Nigeria", "Cameroon", "Zaire", "Angola", "South Africa", "Botswana", "Zimbabwe", "SE African States", "Kenya", "Somalia", "Ethiopia", "Sudan", "Mexico", "Guatemala", "El Salvador", "Honduras", "Costa Rica", "Panama", "Nicaragua", "Cuba", "Haiti", "Dominican Republic", "Colombia", "Ecuador", "Peru", "Chile", "Argentina", "Uruguay", "Paraguay", "Bolivia", "Brazil", "Venezuela"];
pub const STABILITY: [u8; 84] = [4, 5, 4, 4, 3, 3, 3, 2, 2, 2, 2, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 2, 2, 4, 1, 2, 3, 2, 2, 3, 3, 2, 2, 3, 4, 4, 3, 3, 3, 2, 1, 2, 1, 2, 1, 2, 2, 3, 2, 2, 2, 1, 1, 1, 1, 1, 3, 2, 1, 1, 2, 2, 1, 1, 2, 1, 1, 2, 3, 2, 1, 3, 1, 1, 1, 2, 2, 3, 2, 2, 2, 2, 2, 2];
pub const BATTLEGROUND: [bool; 84] = [false, false, false, false, false, false, true, false, true, false, false, false, false, true, true, true, false, false, false, false, false, true, true, true, false, false, true, true, false, false, true, false, true, true, false, true, false, true, true, false, false, true, false, false, false, false, true, false, false, false, false, false, true, false, true, true, true, false, false, false, false, false, false, false, true, false, false, false, false, true, false, true, false, false, false, false, false, true, true, false, false, false, true, true];
/// Each country's region id.
pub const REGION: [u8; 84] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5];
/// The superpower each country is next to, if any.
pub const SUPERPOWER: [Option<Side>; 84] = [Some(Side::Us), None, None, None, None, None, None, None, None, None, None, None, Some(Side::Ussr), None, None, Some(Side::Ussr), None, None, None, Some(Side::Ussr), None, None, None, None, None, None, None, None, None, None, None, Some(Side::Ussr), None, None, None, Some(Side::Us), None, None, Some(Side::Ussr), None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, None, Some(Side::Us), None, None, None, None, None, None, Some(Side::Us), None, None, None, None, None, None, None, None, None, None, None, None];
/// Neighbours of each country, sorted by index.
pub const ADJACENT: [&[u8]; 84] = [&[1], &[0, 2, 5, 6], &[1, 3], &[2, 4, 12], &[3, 13], &[1, 13], &[1, 7, 8, 13, 46], &[6, 8, 47], &[6, 7, 9, 11, 18], &[8, 10, 18, 20], &[9, 19, 20, 25], &[8, 13, 14, 17], &[3], &[4, 5, 6, 11, 14], &[11, 13, 15, 16], &[14, 16], &[14, 15, 17], &[11, 16, 18, 19], &[8, 9, 17, 19], &[10, 17, 18], &[9, 10], &[22, 48], &[21, 23, 63], &[22, 24, 25, 28], &[23, 25, 28], &[10, 23, 24], &[27, 28, 29, 30], &[26, 31, 32], &[23, 24, 26, 30], &[26, 30], &[26, 28, 29], &[27, 32], &[27, 31, 33], &[32, 39], &[43], &[36, 37, 45], &[35, 37], &[35, 36, 38], &[37], &[33, 40], &[39, 41, 42], &[40, 42, 43], &[40, 41], &[34, 41, 44], &[43, 45], &[35, 44], &[6, 47, 48, 51], &[7, 46, 49], &[21, 46], &[47, 50], &[49, 52], &[46, 52], &[50, 51, 53], &[52, 54], &[53, 55, 58], &[54, 56, 57], &[55, 57], &[55, 56, 58], &[54, 57, 59], &[58, 60], &[59, 61], &[60, 62], &[61, 63], &[22, 62], &[65], &[64, 66, 67], &[65, 67], &[65, 66, 68, 70], &[67, 69, 70], &[68, 74], &[67, 68, 71], &[70, 72], &[71, 73], &[72], &[69, 75, 83], &[74, 76], &[75, 77, 81], &[76, 78], &[77, 79, 80], &[78, 80, 82], &[78, 79, 81], &[76, 80], &[79, 83], &[74, 82]];
/// Members of each region and subregion (by region id), in index order.
pub const IN_REGION: [&[u8]; 9] = [&[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20], &[31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45], &[21, 22, 23, 24, 25, 26, 27, 28, 29, 30], &[46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63], &[64, 65, 66, 67, 68, 69, 70, 71, 72, 73], &[74, 75, 76, 77, 78, 79, 80, 81, 82, 83], &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13], &[11, 12, 14, 15, 16, 17, 18, 19, 20], &[39, 40, 41, 42, 43, 44, 45]];
/// Whether each country is in each region or subregion (bit = region id).
pub const REGION_BITS: [u16; 84] = [65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 65, 193, 193, 65, 129, 129, 129, 129, 129, 129, 129, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2, 2, 2, 2, 2, 2, 2, 2, 258, 258, 258, 258, 258, 258, 258, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 8, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 32, 32, 32, 32, 32, 32, 32, 32, 32, 32];
/// Countries next to each superpower (USSR, US).
pub const NEXT_TO: [&[u8]; 2] = [&[12, 15, 19, 31, 38], &[0, 35, 64, 71]];
/// Card names by number (index 0 is empty).
pub const CARD_NAME: [&str; 111] = ["", "Asia Scoring", "Europe Scoring", "Middle East Scoring", "Duck and Cover", "Five Year Plan", "The China Card", "Socialist Governments", "Fidel", "Vietnam Revolts", "Blockade", "Korean War", "Romanian Abdication", "Arab-Israeli War", "COMECON", "Nasser", "Warsaw Pact Formed", "De Gaulle Leads France", "Captured Nazi Scientist", "Truman Doctrine", "Olympic Games", "NATO", "Independent Reds", "Marshall Plan", "Indo-Pakistani War", "Containment", "CIA Created", "US/Japan Mutual Defense Pact", "Suez Crisis", "East European Unrest", "Decolonization", "Red Scare/Purge", "UN Intervention", "De-Stalinization", "Nuclear Test Ban", "Formosan Resolution", "Brush War", "Central America Scoring", "Southeast Asia Scoring", "Arms Race", "Cuban Missile Crisis", "Nuclear Subs", "Quagmire", "SALT Negotiations", "Bear Trap", "Summit", "How I Learned to Stop Worrying", "Junta", "Kitchen Debates", "Missile Envy", "We Will Bury You", "Brezhnev Doctrine", "Portuguese Empire Crumbles", "South African Unrest", "Allende", "Willy Brandt", "Muslim Revolution", "ABM Treaty", "Cultural Revolution", "Flower Power", "U2 Incident", "OPEC", "Lone Gunman", "Colonial Rear Guards", "Panama Canal Returned", "Camp David Accords", "Puppet Governments", "Grain Sales to Soviets", "John Paul II Elected Pope", "Latin American Death Squads", "OAS Founded", "Nixon Plays the China Card", "Sadat Expels Soviets", "Shuttle Diplomacy", "The Voice of America", "Liberation Theology", "Ussuri River Skirmish", "Ask Not What Your Country Can Do For You", "Alliance for Progress", "Africa Scoring", "One Small Step", "South America Scoring", "Iranian Hostage Crisis", "The Iron Lady", "Reagan Bombs Libya", "Star Wars", "North Sea Oil", "The Reformer", "Marine Barracks Bombing", "Soviets Shoot Down KAL-007", "Glasnost", "Ortega Elected in Nicaragua", "Terrorism", "Iran-Contra Scandal", "Chernobyl", "Latin American Debt Crisis", "Tear Down This Wall", "An Evil Empire", "Aldrich Ames Remix", "Pershing II Deployed", "Wargames", "Solidarity", "Iran-Iraq War", "Defectors", "The Cambridge Five", "Special Relationship", "NORAD", "Che", "Our Man in Tehran", "Yuri and Samantha", "AWACS Sale to Saudis"];
pub const CARD_OPS: [u8; 111] = [0, 0, 0, 0, 3, 3, 4, 3, 2, 2, 1, 2, 1, 2, 3, 1, 3, 3, 1, 1, 2, 4, 2, 4, 2, 3, 1, 4, 3, 3, 2, 4, 1, 3, 4, 2, 3, 0, 0, 3, 3, 2, 3, 3, 3, 1, 2, 2, 1, 2, 4, 3, 2, 2, 1, 2, 4, 4, 3, 4, 3, 3, 1, 2, 1, 2, 2, 2, 2, 2, 1, 2, 1, 3, 2, 2, 3, 3, 3, 0, 2, 0, 3, 3, 2, 2, 3, 3, 2, 4, 4, 2, 2, 2, 3, 2, 3, 3, 3, 3, 4, 2, 2, 2, 2, 2, 3, 3, 2, 2, 3];
pub const CARD_SIDE: [CardSide; 111] = [CardSide::Neutral, CardSide::Neutral, CardSide::Neutral, CardSide::Neutral, CardSide::Us, CardSide::Us, CardSide::Neutral, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Neutral, CardSide::Us, CardSide::Neutral, CardSide::Us, CardSide::Us, CardSide::Us, CardSide::Neutral, CardSide::Us, CardSide::Us, CardSide::Us, CardSide::Ussr, CardSide::Us, CardSide::Ussr, CardSide::Neutral, CardSide::Neutral, CardSide::Ussr, CardSide::Neutral, CardSide::Us, CardSide::Neutral, CardSide::Neutral, CardSide::Neutral, CardSide::Neutral, CardSide::Neutral, CardSide::Us, CardSide::Ussr, CardSide::Neutral, CardSide::Us, CardSide::Neutral, CardSide::Neutral, CardSide::Neutral, CardSide::Us, CardSide::Neutral, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Neutral, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Ussr, CardSide::Us, CardSide::Us, CardSide::Us, CardSide::Us, CardSide::Us, CardSide::Us, CardSide::Neutral, CardSide::Us, CardSide::Us, CardSide::Us, CardSide::Us, CardSide::Us, CardSide::Ussr, CardSide::Us, CardSide::Us, CardSide::Us, CardSide::Neutral, CardSide::Neutral, CardSide::Neutral, CardSide::Ussr, CardSide::Us, CardSide::Us, CardSide::Us, CardSide::Us, CardSide::Ussr, CardSide::Ussr, CardSide::Us, CardSide::Ussr, CardSide::Ussr, CardSide::Neutral, CardSide::Ussr, CardSide::Us, CardSide::Ussr, CardSide::Us, CardSide::Us, CardSide::Ussr, CardSide::Ussr, CardSide::Neutral, CardSide::Us, CardSide::Neutral, CardSide::Us, CardSide::Ussr, CardSide::Us, CardSide::Us, CardSide::Ussr, CardSide::Us, CardSide::Ussr, CardSide::Us];
pub const SCORING: [bool; 111] = [false, true, true, true, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, true, true, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, true, false, true, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false];
pub const STARRED: [bool; 111] = [false, false, false, false, false, false, false, false, true, true, true, true, true, false, true, true, true, true, true, true, false, true, true, true, false, true, true, true, true, false, false, false, false, true, false, true, false, false, true, false, true, true, true, true, true, false, true, false, true, false, true, true, true, false, true, true, false, false, true, true, true, false, true, false, true, true, true, false, true, false, true, true, true, false, false, false, true, true, true, false, false, false, true, true, true, true, true, true, true, true, true, true, false, true, true, false, true, true, true, true, true, true, true, false, false, false, true, false, true, true, true];
pub const STAYS_IN_PLAY: [bool; 111] = [false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, true, true, false, false, false, true, false, true, false, false, false, true, false, false, false, false, false, false, false, true, false, false, false, false, false, false, true, false, true, false, false, false, false, false, false, false, false, false, false, true, false, false, false, true, false, false, false, false, false, true, false, false, true, false, false, false, false, true, false, false, false, false, false, false, false, false, true, true, false, false, true, true, false, false, false, false, false, false, false, false, true, true, false, false, false, false, false, false, false, false, true, false, false, false, true];
pub const WAR: [bool; 111] = [false, false, false, false, false, false, false, false, false, false, false, true, false, true, false, false, false, false, false, false, false, false, false, false, true, false, false, false, false, false, false, false, false, false, false, false, true, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, false, true, false, false, false, false, false, false, false, false];
pub const PERIOD_EARLY: &[u8] = &[1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 103];
pub const OPTIONAL_EARLY: &[u8] = &[104, 105, 106];
pub const PERIOD_MID: &[u8] = &[36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81];
pub const OPTIONAL_MID: &[u8] = &[107, 108];
pub const PERIOD_LATE: &[u8] = &[82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102];
pub const OPTIONAL_LATE: &[u8] = &[109, 110];
/// Scoring card -> the region it scores (0 where none).
pub const SCORING_REGION: [u8; 111] = [255, 1, 0, 2, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 4, 8, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 3, 255, 5, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255];
/// Space Race boxes: (ops needed, highest winning roll, VP first, VP second).
pub const SPACE_BOXES: [(u8, u8, i32, i32); 9] = [(0, 0, 0, 0), (2, 3, 2, 1), (2, 4, 0, 0), (2, 3, 2, 0), (2, 4, 0, 0), (3, 3, 3, 1), (3, 4, 0, 0), (3, 3, 4, 2), (4, 2, 2, 0)];
/// Region scoring (presence, domination, control; -1: Control of Europe wins), by region id.
pub const REGION_SCORING: [(i32, i32, i32); 6] = [(3, 7, -1), (3, 7, 9), (3, 5, 7), (1, 4, 6), (1, 3, 5), (2, 5, 6)];
/// Influence printed on the map at the start: (side, country, n), in the Python order.
pub const FIXED_INFLUENCE: [(Side, u8, u8); 15] = [(Side::Ussr, 25, 1), (Side::Ussr, 26, 1), (Side::Ussr, 38, 3), (Side::Ussr, 14, 3), (Side::Ussr, 12, 1), (Side::Us, 0, 2), (Side::Us, 27, 1), (Side::Us, 23, 1), (Side::Us, 35, 1), (Side::Us, 34, 4), (Side::Us, 45, 1), (Side::Us, 37, 1), (Side::Us, 69, 1), (Side::Us, 56, 1), (Side::Us, 1, 5)];
/// Named options of `choose` (their index is the option's id).
pub const OPTIONS: [&str; 21] = ["remove", "add", "participate", "boycott", "South Africa", "adjacent", "Europe", "Asia", "Middle East", "Africa", "Central America", "South America", "DEFCON 1", "DEFCON 2", "DEFCON 3", "DEFCON 4", "DEFCON 5", "coup", "realign", "return", "keep"];
/// The number of distinct actions.
pub const N_ACTIONS: usize = 1111;
pub const ID_HEADLINE: u16 = 0;
pub const ID_EVENT: u16 = 110;
pub const ID_OPS: u16 = 220;
pub const ID_SPACE: u16 = 330;
pub const ID_DISCARD: u16 = 440;
pub const ID_PLACE: u16 = 550;
pub const ID_COUP: u16 = 634;
pub const ID_REALIGN: u16 = 718;
pub const ID_REMOVE: u16 = 802;
pub const ID_ROLL: u16 = 886;
pub const ID_PASS: u16 = 892;
pub const ID_DONE: u16 = 893;
pub const ID_YES: u16 = 894;
pub const ID_NO: u16 = 895;
pub const ID_TARGET: u16 = 896;
pub const ID_PICK: u16 = 980;
pub const ID_CHOOSE: u16 = 1090;
