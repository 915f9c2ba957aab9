//! What batch play and native search need from a game, whatever the game:
//! both native states implement this trait, so the batch loops and the
//! search are written once.

/// A native game state seen as a sequential game with chance nodes.
pub trait Engine: Clone + Send {
    /// The game's name (`"twilight"`, `"thirteen"`).
    const NAME: &'static str;
    /// The two sides in the game's order (`players` in Python).
    const PLAYERS: [&'static str; 2];

    /// A new game from a seed (taken modulo 2**64) with the default options.
    fn new_default(seed: u64) -> Self;
    /// Stop recording the log (batch games and rollouts nobody reads).
    fn mute_log(&mut self);
    /// True once the game has ended.
    fn is_over(&self) -> bool;
    /// True when the pending decision is a die roll.
    fn is_chance(&self) -> bool;
    /// The side to act as an index into `PLAYERS` (meaningless when over or at chance).
    fn mover(&self) -> usize;
    /// The legal action ids in the engine's order (cached until the next apply).
    fn legal(&mut self) -> &[u16];
    /// Apply an id known to be legal now.
    fn apply_legal(&mut self, id: u16);
    /// The die face the state's own generator gives (the chance action's id).
    fn chance_id(&mut self) -> u16;
    /// The winner as an index into `PLAYERS`, or `None` (a draw, or not over).
    fn winner_index(&self) -> Option<usize>;
    /// Why the game ended (`None` while it goes on).
    fn result_name(&self) -> Option<&str>;
    /// Decisions taken so far (`ply`).
    fn ply(&self) -> u32;
    /// The public round or turn number (`Game.stage`).
    fn stage(&self) -> u32;
    /// The first player's chances in [0, 1] judged from the position alone
    /// (a search cut short scores its leaf with it): 0.5 knows nothing.
    fn evaluate(&self) -> f64 {
        0.5
    }
    /// Each side's outcome as Python's `returns()` gives it.
    fn returns(&self) -> [f64; 2] {
        if !self.is_over() {
            return [0.0, 0.0];
        }
        match self.winner_index() {
            Some(0) => [1.0, -1.0],
            Some(_) => [-1.0, 1.0],
            None => [0.0, 0.0],
        }
    }
}
