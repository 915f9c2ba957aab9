//! The 13 Days board and cards as constant tables (`thirteen/data/*.py`,
//! `thirteen/board.py`): arena and track names, the 39 strategy cards
//! (faction, Command value, DEFCON symbol), the agenda cards, and the
//! printed limits. Indexes are the Python engine's: arenas 0-8, tracks
//! 0-2, strategy cards 1-39, agenda cards 1-13.

/// Arena names; the index is the arena id and `index / 3` its DEFCON track.
pub const ARENAS: [&str; 9] = [
    "Cuba (Military)",
    "Atlantic",
    "Berlin",
    "Cuba (Political)",
    "Turkey",
    "Italy",
    "Television",
    "United Nations",
    "Alliances",
];
/// DEFCON track names (0 military, 1 political, 2 world opinion).
pub const TRACKS: [&str; 3] = ["Military", "Political", "World Opinion"];
pub const N_ARENAS: usize = 9;
pub const N_CARDS: u8 = 39;
pub const N_AGENDA_CARDS: u8 = 13;

pub const CUBA_MILITARY: u8 = 0;
pub const ATLANTIC: u8 = 1;
pub const BERLIN: u8 = 2;
pub const CUBA_POLITICAL: u8 = 3;
pub const TURKEY: u8 = 4;
pub const ITALY: u8 = 5;
pub const TELEVISION: u8 = 6;
pub const UNITED_NATIONS: u8 = 7;
pub const ALLIANCES: u8 = 8;
/// The Cuba arenas (military, political).
pub const CUBA: [u8; 2] = [CUBA_MILITARY, CUBA_POLITICAL];
/// The three Caribbean arenas whose agendas score a bonus per other one dominated.
pub const CARIBBEAN: [u8; 3] = [CUBA_MILITARY, ATLANTIC, CUBA_POLITICAL];
pub const MILITARY_TRACK: u8 = 0;
pub const POLITICAL_TRACK: u8 = 1;
pub const WORLD_OPINION_TRACK: u8 = 2;
pub const ALL_TRACKS: [u8; 3] = [0, 1, 2];
pub const ALL_ARENAS: [u8; 9] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
pub const MILITARY_ARENAS: [u8; 3] = [0, 1, 2];
pub const POLITICAL_ARENAS: [u8; 3] = [3, 4, 5];
pub const WORLD_OPINION_ARENAS: [u8; 3] = [6, 7, 8];

/// The DEFCON track (category) of an arena.
#[inline]
pub const fn category(arena: u8) -> u8 {
    arena / 3
}

pub const DEFCON_MIN: u8 = 1;
pub const DEFCON_MAX: u8 = 8;
/// Zones: 1-3 is DEFCON 3, 4-6 DEFCON 2, 7-8 DEFCON 1.
pub const DEFCON2_FROM: u8 = 4;
pub const DEFCON1_FROM: u8 = 7;
/// Start markers per side (USSR, US), per track.
pub const START_DEFCON: [[u8; 3]; 2] = [[2, 1, 1], [1, 2, 1]];

pub const SUPPLY: u8 = 17;
pub const ARENA_MAX: u8 = 5;
pub const MAX_LEAD: i8 = 5;
pub const ROUNDS: u8 = 3;
pub const PLAYS_PER_ROUND: u8 = 4;
pub const HAND_SIZE: usize = 5;
pub const AGENDAS_DEALT: usize = 3;
pub const AFTERMATH_BONUS: u8 = 2;
pub const LETTER_AGENDA_PRESTIGE: u8 = 2;

/// A card's faction (who may use its event).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Faction {
    Un,
    Us,
    Ussr,
}

/// One strategy card: name, faction, Command value, DEFCON symbol.
pub struct Card {
    pub name: &'static str,
    pub faction: Faction,
    pub command: u8,
    pub symbol: bool,
}

const fn card(name: &'static str, faction: Faction, command: u8, symbol: bool) -> Card {
    Card {
        name,
        faction,
        command,
        symbol,
    }
}

use Faction::{Un, Us, Ussr};

/// The 39 strategy cards; index 0 is a placeholder so that `CARDS[n]` is card `n`.
pub const CARDS: [Card; 40] = [
    card("", Un, 0, false),
    card("Speech to the Nation", Un, 3, false),
    card("The Guns of August", Un, 3, true),
    card("Fifty-Fifty", Un, 3, false),
    card("SOPs", Un, 1, false),
    card("Close Allies", Un, 2, false),
    card("Intelligence Reports", Un, 2, true),
    card("Summit Meeting", Un, 2, false),
    card("To the Brink", Un, 2, false),
    card("Nuclear Submarines", Un, 1, false),
    card("U Thant", Un, 1, false),
    card("Containment", Un, 2, false),
    card("A Face-Saver", Un, 1, true),
    card("Scramble", Un, 3, false),
    card("Mathematical Precision", Us, 3, true),
    card("Excomm", Us, 3, true),
    card("Public Protests", Us, 3, false),
    card("Lessons of Munich", Us, 3, false),
    card("Operation Mongoose", Us, 2, false),
    card("Air Strike", Us, 2, false),
    card("Non-Invasion Pledge", Us, 2, false),
    card("Offensive Missiles", Us, 2, false),
    card("Invasion of Cuba", Us, 1, false),
    card("Quarantine", Us, 1, false),
    card("U-2 Photographs", Us, 1, true),
    card("Wave and Smile", Us, 2, false),
    card("Eyeball to Eyeball", Us, 1, true),
    card("MRBMs & IRBMs", Ussr, 3, true),
    card("Moscow is our Brain", Ussr, 3, true),
    card("Missile Trade", Ussr, 3, true),
    card("Fidel Castro", Ussr, 3, false),
    card("Berlin Blockade", Ussr, 2, false),
    card("Suez-Hungary", Ussr, 2, false),
    card("Maskirovka", Ussr, 2, false),
    card("Bay of Pigs", Ussr, 2, false),
    card("Turn Back the Ships", Ussr, 1, false),
    card("Strategic Balance", Ussr, 1, true),
    card("National Liberation", Ussr, 1, true),
    card("U-2 Downed", Ussr, 2, false),
    card("Defensive Missiles", Ussr, 1, true),
];

// Strategy card numbers, for the code that singles a card out.
pub const SPEECH_TO_THE_NATION: u8 = 1;
pub const THE_GUNS_OF_AUGUST: u8 = 2;
pub const FIFTY_FIFTY: u8 = 3;
pub const SOPS: u8 = 4;
pub const CLOSE_ALLIES: u8 = 5;
pub const INTELLIGENCE_REPORTS: u8 = 6;
pub const SUMMIT_MEETING: u8 = 7;
pub const TO_THE_BRINK: u8 = 8;
pub const NUCLEAR_SUBMARINES: u8 = 9;
pub const U_THANT: u8 = 10;
pub const CONTAINMENT: u8 = 11;
pub const A_FACE_SAVER: u8 = 12;
pub const SCRAMBLE: u8 = 13;
pub const MATHEMATICAL_PRECISION: u8 = 14;
pub const EXCOMM: u8 = 15;
pub const PUBLIC_PROTESTS: u8 = 16;
pub const LESSONS_OF_MUNICH: u8 = 17;
pub const OPERATION_MONGOOSE: u8 = 18;
pub const AIR_STRIKE: u8 = 19;
pub const NON_INVASION_PLEDGE: u8 = 20;
pub const OFFENSIVE_MISSILES: u8 = 21;
pub const INVASION_OF_CUBA: u8 = 22;
pub const QUARANTINE: u8 = 23;
pub const U_2_PHOTOGRAPHS: u8 = 24;
pub const WAVE_AND_SMILE: u8 = 25;
pub const EYEBALL_TO_EYEBALL: u8 = 26;
pub const MRBMS_AND_IRBMS: u8 = 27;
pub const MOSCOW_IS_OUR_BRAIN: u8 = 28;
pub const MISSILE_TRADE: u8 = 29;
pub const FIDEL_CASTRO: u8 = 30;
pub const BERLIN_BLOCKADE: u8 = 31;
pub const SUEZ_HUNGARY: u8 = 32;
pub const MASKIROVKA: u8 = 33;
pub const BAY_OF_PIGS: u8 = 34;
pub const TURN_BACK_THE_SHIPS: u8 = 35;
pub const STRATEGIC_BALANCE: u8 = 36;
pub const NATIONAL_LIBERATION: u8 = 37;
pub const U_2_DOWNED: u8 = 38;
pub const DEFENSIVE_MISSILES: u8 = 39;

/// What an agenda scores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AgendaKind {
    /// A DEFCON track (the target is the track).
    Track,
    /// An arena (the target is the arena).
    Arena,
    /// The Personal Letter.
    Letter,
}

/// The ten agenda types: name, kind, target; the index is the type id.
pub const AGENDA_TYPES: [(&str, AgendaKind, u8); 10] = [
    ("Military Track", AgendaKind::Track, 0),
    ("Political Track", AgendaKind::Track, 1),
    ("World Opinion Track", AgendaKind::Track, 2),
    ("Turkey", AgendaKind::Arena, 4),
    ("Berlin", AgendaKind::Arena, 2),
    ("Italy", AgendaKind::Arena, 5),
    ("Cuba (Political)", AgendaKind::Arena, 3),
    ("Cuba (Military)", AgendaKind::Arena, 0),
    ("Atlantic", AgendaKind::Arena, 1),
    ("Personal Letter", AgendaKind::Letter, 0),
];

/// The 13 agenda cards (1-13): card number - 1 -> agenda type id.
pub const AGENDA_CARDS: [u8; 13] = [0, 0, 1, 1, 2, 2, 3, 4, 5, 6, 7, 8, 9];

/// The agenda type id of agenda card `card` (1-13).
#[inline]
pub fn agenda_type(card: u8) -> u8 {
    AGENDA_CARDS[usize::from(card) - 1]
}

/// The DEFCON zone (3, 2 or 1) of a marker position.
pub const fn zone(position: u8) -> u8 {
    if position >= DEFCON1_FROM {
        1
    } else if position >= DEFCON2_FROM {
        2
    } else {
        3
    }
}

/// Would a side with these markers trigger nuclear war at the end of the
/// round (one in the DEFCON 1 zone, or all three in DEFCON 2 or worse)?
pub fn war_at(markers: &[u8; 3]) -> bool {
    let max = markers.iter().copied().max().unwrap_or(0);
    let min = markers.iter().copied().min().unwrap_or(0);
    max >= DEFCON1_FROM || min >= DEFCON2_FROM
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zones_and_war() {
        let zones: Vec<u8> = (1..=8).map(zone).collect();
        assert_eq!(zones, [3, 3, 3, 2, 2, 2, 1, 1]);
        assert!(war_at(&[7, 1, 1]));
        assert!(war_at(&[4, 5, 6]));
        assert!(!war_at(&[3, 6, 6]));
    }

    #[test]
    fn card_table() {
        assert_eq!(CARDS[usize::from(EXCOMM)].name, "Excomm");
        assert_eq!(CARDS[usize::from(DEFENSIVE_MISSILES)].faction, Faction::Ussr);
        assert_eq!(agenda_type(13), 9);
        assert_eq!(category(ALLIANCES), 2);
    }
}
