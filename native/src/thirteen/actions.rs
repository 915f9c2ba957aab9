//! The 13 Days action space (`thirteen/actions.py`): every action has the
//! id Python's `ActionSpace` gives it, verbs in their fixed order, each
//! verb's arguments in order.

use super::state::Side;

/// Named options of `choose` (`actions.OPTIONS`).
pub const OPTION_REMOVE: u8 = 0;
pub const OPTION_PLACE: u8 = 1;
pub const OPTION_BAN: u8 = 2;
pub const N_OPTIONS: u8 = 3;
/// The most steps one DEFCON choice moves a marker.
pub const MAX_SHIFT: u8 = 2;

// First id of each verb.
const COMMAND: u16 = 0;
const EVENT: u16 = 39;
const PLACE: u16 = 78;
const REMOVE: u16 = 87;
const LETTER: u16 = 96;
const ACCEPT: u16 = 97;
const DECLINE: u16 = 98;
const AGENDA: u16 = 99;
const FIRST: u16 = 109;
const ESCALATE: u16 = 111;
const DEESCALATE: u16 = 117;
const TARGET: u16 = 123;
const DISCARD: u16 = 132;
const AFTERMATH: u16 = 171;
const CHOOSE: u16 = 210;
const DONE: u16 = 213;
const PASS: u16 = 214;
/// How many distinct actions the game has.
pub const SIZE: u16 = 215;

/// One action, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    Command(u8),
    Event(u8),
    Place(u8),
    Remove(u8),
    Letter,
    Accept,
    Decline,
    Agenda(u8),
    First(Side),
    /// `(track, steps 1-2)`
    Escalate(u8, u8),
    DeEscalate(u8, u8),
    Target(u8),
    Discard(u8),
    Aftermath(u8),
    Choose(u8),
    Done,
    Pass,
}

impl Action {
    /// The action's id in the Python action space.
    pub const fn id(self) -> u16 {
        match self {
            Action::Command(c) => COMMAND + c as u16 - 1,
            Action::Event(c) => EVENT + c as u16 - 1,
            Action::Place(i) => PLACE + i as u16,
            Action::Remove(i) => REMOVE + i as u16,
            Action::Letter => LETTER,
            Action::Accept => ACCEPT,
            Action::Decline => DECLINE,
            Action::Agenda(t) => AGENDA + t as u16,
            Action::First(s) => FIRST + s as u16,
            Action::Escalate(t, k) => ESCALATE + (t * MAX_SHIFT + k - 1) as u16,
            Action::DeEscalate(t, k) => DEESCALATE + (t * MAX_SHIFT + k - 1) as u16,
            Action::Target(i) => TARGET + i as u16,
            Action::Discard(c) => DISCARD + c as u16 - 1,
            Action::Aftermath(c) => AFTERMATH + c as u16 - 1,
            Action::Choose(o) => CHOOSE + o as u16,
            Action::Done => DONE,
            Action::Pass => PASS,
        }
    }

    /// The action of an id; `None` outside the space.
    pub fn from_id(id: u16) -> Option<Action> {
        let a = match id {
            0..=38 => Action::Command((id - COMMAND) as u8 + 1),
            39..=77 => Action::Event((id - EVENT) as u8 + 1),
            78..=86 => Action::Place((id - PLACE) as u8),
            87..=95 => Action::Remove((id - REMOVE) as u8),
            96 => Action::Letter,
            97 => Action::Accept,
            98 => Action::Decline,
            99..=108 => Action::Agenda((id - AGENDA) as u8),
            109 => Action::First(Side::Ussr),
            110 => Action::First(Side::Us),
            111..=116 => {
                let k = (id - ESCALATE) as u8;
                Action::Escalate(k / MAX_SHIFT, k % MAX_SHIFT + 1)
            }
            117..=122 => {
                let k = (id - DEESCALATE) as u8;
                Action::DeEscalate(k / MAX_SHIFT, k % MAX_SHIFT + 1)
            }
            123..=131 => Action::Target((id - TARGET) as u8),
            132..=170 => Action::Discard((id - DISCARD) as u8 + 1),
            171..=209 => Action::Aftermath((id - AFTERMATH) as u8 + 1),
            210..=212 => Action::Choose((id - CHOOSE) as u8),
            213 => Action::Done,
            214 => Action::Pass,
            _ => return None,
        };
        Some(a)
    }

    /// Does this action play a card's event (an event, or accepting one)?
    pub const fn plays_event(self) -> bool {
        matches!(self, Action::Event(_) | Action::Accept)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for id in 0..SIZE {
            let a = Action::from_id(id).expect("every id decodes");
            assert_eq!(a.id(), id);
        }
        assert_eq!(Action::from_id(SIZE), None);
        assert_eq!(Action::Escalate(2, 2).id(), 116);
        assert_eq!(Action::First(Side::Us).id(), 110);
    }
}
