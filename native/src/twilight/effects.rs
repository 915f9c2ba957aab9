//! Lasting effects and the hooks the rules call for them
//! (`rules/effects.py`): add/has/end/expire, the events they block, Flower
//! Power (#59), We Will Bury You (#50), the traps (#42, #44), coup
//! protections and the coup and realignment die modifiers.

use super::data::{ADJACENT, R_CENTRAL_AMERICA, R_EUROPE, R_SOUTH_AMERICA, REGION, STARRED, SUPERPOWER, WAR};
use super::rules::{args, remove_item, Why, FLOWER_POWER, UN_INTERVENTION, WE_WILL_BURY_YOU};
use super::state::{Effect, EffectName, Frame, Roll, Side, SideOrBoth, State, Until};

/// Country indexes the protections name.
pub const FRANCE: usize = 6;
pub const WEST_GERMANY: usize = 13;
pub const JAPAN: usize = 35;

/// The trap effect of each side: Bear Trap traps the USSR, Quagmire the US.
pub fn trap_of(side: Side) -> EffectName {
    match side {
        Side::Ussr => EffectName::BearTrap,
        Side::Us => EffectName::Quagmire,
    }
}

/// The card of a trap effect.
pub fn trap_card(trap: EffectName) -> u8 {
    if trap == EffectName::Quagmire {
        super::rules::QUAGMIRE
    } else {
        super::rules::BEAR_TRAP
    }
}

impl State {
    /// Put a lasting effect in play (`add_effect`): replaces one of the same
    /// name in its place.
    pub fn add_effect(&mut self, e: Effect) {
        self.effects.set(e);
    }

    /// Put a data-less lasting effect in play.
    pub fn add_effect_simple(&mut self, name: EffectName, until: Until) {
        self.effects.set(Effect::new(name, until));
    }

    /// Is the lasting effect in play?
    #[inline]
    pub fn has_effect(&self, name: EffectName) -> bool {
        self.effects.has(name)
    }

    /// Cancel a lasting effect if it is in play; its table card leaves.
    pub fn end_effect(&mut self, name: EffectName) {
        if let Some(e) = self.effects.remove(name) {
            crate::log_kept!(self, log, "twilight.effect.cancelled", args!["effect" => name.name()]);
            self.effect_card_leaves(&e);
        }
    }

    /// A card kept on the table for its effect is removed (starred) or
    /// discarded once the effect ends.
    pub fn effect_card_leaves(&mut self, e: &Effect) {
        if let Some(c) = e.card {
            if c != 0 && remove_item(&mut self.in_play, c) {
                if STARRED[c as usize] {
                    self.removed.push(c);
                } else {
                    self.discard.push(c);
                }
            }
        }
    }

    /// Flower Power: the USSR gains 2 VP each time the US plays a war card
    /// as an event or for ops, unless its event is blocked.
    pub fn flower_power_check(&mut self, side: Side, card: u8) {
        if side == Side::Us
            && WAR[card as usize]
            && self.effects.has(EffectName::FlowerPower)
            && !self.event_blocked(card)
        {
            self.gain_vp(Side::Ussr, 2, Some(Why::Card(FLOWER_POWER)));
        }
    }

    /// We Will Bury You resolves as the US starts its round: +3 VP to the
    /// USSR unless the US plays UN Intervention as its event.
    pub fn we_will_bury_you(&mut self, un_event: bool) {
        self.effects.remove(EffectName::WeWillBuryYou);
        if un_event {
            crate::log_kept!(self, log, 
                "twilight.we_will_bury_you.cancelled",
                args!["card" => WE_WILL_BURY_YOU, "card2" => UN_INTERVENTION],
            );
        } else {
            self.gain_vp(Side::Ussr, 3, Some(Why::Card(WE_WILL_BURY_YOU)));
        }
    }

    /// The trap escape roll's continuation: 1-4 escapes.
    pub fn trap_escape(&mut self, frame: &Frame, roll: i32) {
        let Frame::Roll(Roll::Event { data, .. }) = frame else { return };
        let side = data.get("side").and_then(|v| match v {
            crate::json::Value::Str(s) => Side::parse(s),
            _ => None,
        });
        let trap = data.get("trap").and_then(|v| match v {
            crate::json::Value::Str(s) => EffectName::parse(s),
            _ => None,
        });
        let (Some(side), Some(trap)) = (side, trap) else { return };
        let card = trap_card(trap);
        if roll <= 4 {
            crate::log_kept!(self, log, "twilight.trap.escapes", args!["card" => card, "side" => side, "roll" => roll]);
            self.end_effect(trap);
        } else {
            crate::log_kept!(self, log, "twilight.trap.stays", args!["card" => card, "side" => side, "roll" => roll]);
        }
    }

    /// Drop the lasting effects that end `when`, in their order.
    pub fn expire_effects(&mut self, when: Until) {
        if self.effects.is_empty() {
            return;
        }
        let names: Vec<EffectName> =
            self.effects.list.iter().filter(|e| e.until == when).map(|e| e.name).collect();
        for name in names {
            if let Some(e) = self.effects.remove(name) {
                self.effect_card_leaves(&e);
                crate::log_kept!(self, log, "twilight.effect.expires", args!["effect" => name.name()]);
            }
        }
    }

    /// Does a lasting effect forbid `card`'s event?
    pub fn event_blocked(&self, card: u8) -> bool {
        !self.effects.is_empty() && self.effects.list.iter().any(|e| e.blocks == Some(card))
    }

    /// Is country `i` shielded from `side`'s coups (`coup`) or
    /// realignments by NATO, the US/Japan pact or The Reformer?
    pub fn protected(&self, side: Side, i: usize, coup: bool) -> bool {
        if side != Side::Ussr {
            return false;
        }
        let eff = &self.effects;
        if REGION[i] == R_EUROPE {
            if coup && eff.has(EffectName::TheReformer) {
                return true;
            }
            if eff.has(EffectName::Nato)
                && self.control(i) == Some(Side::Us)
                && !((i == FRANCE && eff.has(EffectName::DeGaulleLeadsFrance))
                    || (i == WEST_GERMANY && eff.has(EffectName::WillyBrandt)))
            {
                return true;
            }
        }
        i == JAPAN && eff.has(EffectName::UsJapanMutualDefensePact)
    }

    /// Coup die modifiers of effects: SALT -1; Latin American Death Squads
    /// +1 for its player, -1 for the other, in Central and South America.
    pub fn coup_die_modifier(&self, side: Side, i: usize) -> i32 {
        let eff = &self.effects;
        let mut m = 0;
        if eff.has(EffectName::SaltNegotiations) {
            m -= 1;
        }
        if let Some(lads) = eff.get(EffectName::LatinAmericanDeathSquads) {
            if let Some(SideOrBoth::One(s)) = lads.side {
                if REGION[i] == R_CENTRAL_AMERICA || REGION[i] == R_SOUTH_AMERICA {
                    m += if s == side { 1 } else { -1 };
                }
            }
        }
        m
    }

    /// Realignment modifiers for `side` in country `i` (6.2.2).
    pub fn realign_modifier(&self, side: Side, i: usize) -> i32 {
        let mut m = 0;
        for &j in ADJACENT[i] {
            if self.control(j as usize) == Some(side) {
                m += 1;
            }
        }
        if self.inf[side.ix()][i] > self.inf[side.opp().ix()][i] {
            m += 1;
        }
        if SUPERPOWER[i] == Some(side) {
            m += 1;
        }
        if side == Side::Us && self.effects.has(EffectName::IranContraScandal) {
            m -= 1;
        }
        m
    }
}

/// The effects that can shield a country from the USSR (`SHIELDS`).
pub const SHIELDS: u64 = (1 << EffectName::TheReformer as u8)
    | (1 << EffectName::Nato as u8)
    | (1 << EffectName::UsJapanMutualDefensePact as u8);
