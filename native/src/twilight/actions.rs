//! Action ids (`brinkmanship/twilight/actions.py`): positions in the
//! fixed action space. Card verbs take cards 1..=110, country verbs the
//! country indexes 0..84, `roll` 1..=6, `choose` the option indexes.

pub use super::data::{
    ID_CHOOSE, ID_COUP, ID_DISCARD, ID_DONE, ID_EVENT, ID_HEADLINE, ID_NO, ID_OPS, ID_PASS, ID_PICK, ID_PLACE,
    ID_REALIGN, ID_REMOVE, ID_ROLL, ID_SPACE, ID_TARGET, ID_YES, N_ACTIONS,
};

/// `headline <card>`.
#[inline]
pub fn headline(c: u8) -> u16 {
    ID_HEADLINE + c as u16 - 1
}
/// `event <card>`.
#[inline]
pub fn event(c: u8) -> u16 {
    ID_EVENT + c as u16 - 1
}
/// `ops <card>`.
#[inline]
pub fn ops(c: u8) -> u16 {
    ID_OPS + c as u16 - 1
}
/// `space <card>`.
#[inline]
pub fn space(c: u8) -> u16 {
    ID_SPACE + c as u16 - 1
}
/// `discard <card>`.
#[inline]
pub fn discard(c: u8) -> u16 {
    ID_DISCARD + c as u16 - 1
}
/// `place <country>`.
#[inline]
pub fn place(i: usize) -> u16 {
    ID_PLACE + i as u16
}
/// `coup <country>`.
#[inline]
pub fn coup(i: usize) -> u16 {
    ID_COUP + i as u16
}
/// `realign <country>`.
#[inline]
pub fn realign(i: usize) -> u16 {
    ID_REALIGN + i as u16
}
/// `remove <country>`.
#[inline]
pub fn remove(i: usize) -> u16 {
    ID_REMOVE + i as u16
}
/// `roll <n>`.
#[inline]
pub fn roll(n: u8) -> u16 {
    ID_ROLL + n as u16 - 1
}
/// `choose <option>`.
#[inline]
pub fn choose(k: u8) -> u16 {
    ID_CHOOSE + k as u16
}

/// The verbs, by the first id of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verb {
    Headline,
    Event,
    Ops,
    Space,
    Discard,
    Place,
    Coup,
    Realign,
    Remove,
    Roll,
    Pass,
    Done,
    Yes,
    No,
    Target,
    Pick,
    Choose,
}

/// The verb of an id (ids are checked against the legal list first).
pub fn verb(id: u16) -> Verb {
    match id {
        _ if id < ID_EVENT => Verb::Headline,
        _ if id < ID_OPS => Verb::Event,
        _ if id < ID_SPACE => Verb::Ops,
        _ if id < ID_DISCARD => Verb::Space,
        _ if id < ID_PLACE => Verb::Discard,
        _ if id < ID_COUP => Verb::Place,
        _ if id < ID_REALIGN => Verb::Coup,
        _ if id < ID_REMOVE => Verb::Realign,
        _ if id < ID_ROLL => Verb::Remove,
        _ if id < ID_PASS => Verb::Roll,
        _ if id == ID_PASS => Verb::Pass,
        _ if id == ID_DONE => Verb::Done,
        _ if id == ID_YES => Verb::Yes,
        _ if id == ID_NO => Verb::No,
        _ if id < ID_PICK => Verb::Target,
        _ if id < ID_CHOOSE => Verb::Pick,
        _ => Verb::Choose,
    }
}

/// The argument of an id: a card number, country index, roll or option index.
pub fn arg(id: u16) -> i32 {
    let id = id as i32;
    match verb(id as u16) {
        Verb::Headline => id - ID_HEADLINE as i32 + 1,
        Verb::Event => id - ID_EVENT as i32 + 1,
        Verb::Ops => id - ID_OPS as i32 + 1,
        Verb::Space => id - ID_SPACE as i32 + 1,
        Verb::Discard => id - ID_DISCARD as i32 + 1,
        Verb::Place => id - ID_PLACE as i32,
        Verb::Coup => id - ID_COUP as i32,
        Verb::Realign => id - ID_REALIGN as i32,
        Verb::Remove => id - ID_REMOVE as i32,
        Verb::Roll => id - ID_ROLL as i32 + 1,
        Verb::Pass | Verb::Done | Verb::Yes | Verb::No => 0,
        Verb::Target => id - ID_TARGET as i32,
        Verb::Pick => id - ID_PICK as i32 + 1,
        Verb::Choose => id - ID_CHOOSE as i32,
    }
}

/// The card of a card verb's id.
#[inline]
pub fn card_arg(id: u16) -> u8 {
    arg(id) as u8
}

/// The country of a country verb's id.
#[inline]
pub fn country_arg(id: u16) -> usize {
    arg(id) as usize
}
