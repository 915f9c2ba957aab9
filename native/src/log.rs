//! The game log as data (`brinkmanship.core.log`): entries with a code,
//! arguments and an audience. Entries never change once appended, so the
//! log is a persistent list: `clone` shares it in O(1) and each side of a
//! clone appends its own entries.

use std::sync::Arc;

use crate::json::{Text, Value};

/// One entry: `{"code": ..., "args": {...}, "to": ...}`.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub code: Text,
    /// The arguments in insertion order (an object's pairs).
    pub args: Vec<(Text, Value)>,
    pub to: Text,
}

impl Entry {
    /// The entry as the JSON object Python stores.
    pub fn to_value(&self) -> Value {
        Value::Obj(vec![
            ("code".into(), Value::Str(self.code.clone())),
            ("args".into(), Value::Obj(self.args.clone())),
            ("to".into(), Value::Str(self.to.clone())),
        ])
    }

    /// Write the entry's JSON straight to `out` (no intermediate value).
    pub fn write(&self, out: &mut String) {
        out.push_str("{\"code\":");
        crate::json::write_str(&self.code, out);
        out.push_str(",\"args\":{");
        for (i, (k, v)) in self.args.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            crate::json::write_str(k, out);
            out.push(':');
            v.write(out);
        }
        out.push_str("},\"to\":");
        crate::json::write_str(&self.to, out);
        out.push('}');
    }
}

/// `log_kept!(state, method, args...)`: `state.method(args...)` (a game's
/// `log` or `log_to`), unless the state's log is muted, in which case the
/// arguments are not even built: batch games and rollouts, whose logs
/// nobody reads, skip the allocations of every entry. The arguments of a
/// log call are values to record, never actions of the rules.
#[macro_export]
macro_rules! log_kept {
    ($s:ident, $method:ident, $($arg:expr),+ $(,)?) => {
        if !$s.log.is_muted() {
            $s.$method($($arg),+)
        }
    };
}

struct Node {
    entry: Entry,
    prev: Option<Arc<Node>>,
}

/// A persistent, append-only list of entries.
#[derive(Clone, Default)]
pub struct Log {
    head: Option<Arc<Node>>,
    len: usize,
    /// A muted log keeps nothing: batch games and rollouts, which nobody
    /// reads, skip the cost of recording every event.
    muted: bool,
}

impl Log {
    pub fn new() -> Log {
        Log::default()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Stop recording (see `muted`); entries already kept stay.
    pub fn mute(&mut self) {
        self.muted = true;
    }

    /// Whether entries are being dropped (callers may skip building them).
    #[inline]
    pub fn is_muted(&self) -> bool {
        self.muted
    }

    /// Append one entry.
    pub fn push(&mut self, entry: Entry) {
        if self.muted {
            return;
        }
        let prev = self.head.take();
        self.head = Some(Arc::new(Node { entry, prev }));
        self.len += 1;
    }

    /// Append `{"code": code, "args": args, "to": to}`.
    pub fn add(&mut self, code: &'static str, to: Text, args: Vec<(Text, Value)>) {
        self.push(Entry { code: code.into(), args, to });
    }

    /// The entries, oldest first.
    pub fn entries(&self) -> Vec<&Entry> {
        let mut out = Vec::with_capacity(self.len);
        let mut node = self.head.as_deref();
        while let Some(n) = node {
            out.push(&n.entry);
            node = n.prev.as_deref();
        }
        out.reverse();
        out
    }

    /// The last entry, if any.
    pub fn last(&self) -> Option<&Entry> {
        self.head.as_deref().map(|n| &n.entry)
    }

    /// Write the log as a JSON list to `out`.
    pub fn write(&self, out: &mut String) {
        self.write_from(0, out);
    }

    /// The entries from index `start` on (none when `start >= len`),
    /// oldest first. Only the tail is walked: a reader that already holds
    /// the first `start` entries pays for the new ones alone.
    pub fn entries_from(&self, start: usize) -> Vec<&Entry> {
        let wanted = self.len.saturating_sub(start);
        let mut out = Vec::with_capacity(wanted);
        let mut node = self.head.as_deref();
        while out.len() < wanted {
            match node {
                Some(n) => {
                    out.push(&n.entry);
                    node = n.prev.as_deref();
                }
                None => break,
            }
        }
        out.reverse();
        out
    }

    /// Write the entries from index `start` on as a JSON list to `out`.
    pub fn write_from(&self, start: usize, out: &mut String) {
        out.push('[');
        for (i, e) in self.entries_from(start).into_iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            e.write(out);
        }
        out.push(']');
    }

    /// The log as a JSON list value.
    pub fn to_value(&self) -> Value {
        Value::List(self.entries().into_iter().map(Entry::to_value).collect())
    }
}

impl Drop for Log {
    /// Free a long chain iteratively (a recursive drop could overflow the stack).
    fn drop(&mut self) {
        let mut node = self.head.take();
        while let Some(n) = node {
            match Arc::try_unwrap(n) {
                Ok(mut inner) => node = inner.prev.take(),
                Err(_) => break,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_and_diverge() {
        let mut a = Log::new();
        a.add("x.one", "all".into(), vec![("n".into(), Value::Int(1))]);
        let mut b = a.clone();
        b.add("x.two", "US".into(), vec![]);
        assert_eq!(a.len(), 1);
        assert_eq!(b.len(), 2);
        let mut out = String::new();
        b.write(&mut out);
        assert_eq!(out, r#"[{"code":"x.one","args":{"n":1},"to":"all"},{"code":"x.two","args":{},"to":"US"}]"#);
    }

    #[test]
    fn tails_are_written_from_an_index() {
        let mut a = Log::new();
        for n in 0..5 {
            a.add("x", "all".into(), vec![("n".into(), Value::Int(n))]);
        }
        let mut out = String::new();
        a.write_from(3, &mut out);
        assert_eq!(out, r#"[{"code":"x","args":{"n":3},"to":"all"},{"code":"x","args":{"n":4},"to":"all"}]"#);
        out.clear();
        a.write_from(9, &mut out);
        assert_eq!(out, "[]");
        assert_eq!(a.entries_from(0).len(), 5);
    }

    #[test]
    fn long_logs_drop() {
        let mut a = Log::new();
        for _ in 0..200_000 {
            a.add("x", "all".into(), vec![]);
        }
        drop(a);
    }
}
