//! Plain JSON values and a writer that prints them byte for byte as Python's
//! `json.dumps(value, separators=(",", ":"))` does (ASCII only, keys in
//! insertion order), so `to_json` of a native state equals the Python
//! engine's. Reading goes through `serde_json` (see [`Value::parse`]).

use std::borrow::Cow;
use std::fmt::Write as _;

/// A key or string: static text costs nothing to clone.
pub type Text = Cow<'static, str>;

/// A JSON value. Objects keep their keys in insertion order (Python dicts do).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    Null,
    Bool(bool),
    Int(i64),
    /// An integer outside `i64` (a seed may be any Python int), as decimal text.
    Big(String),
    Float(f64),
    Str(Text),
    List(Vec<Value>),
    Obj(Vec<(Text, Value)>),
}

impl Value {
    /// An object from `(key, value)` pairs.
    pub fn obj<const N: usize>(pairs: [(&'static str, Value); N]) -> Value {
        Value::Obj(pairs.into_iter().map(|(k, v)| (Cow::Borrowed(k), v)).collect())
    }

    /// A string value from static text.
    pub const fn s(text: &'static str) -> Value {
        Value::Str(Cow::Borrowed(text))
    }

    /// A list of integers.
    pub fn ints<T: Copy + Into<i64>>(items: &[T]) -> Value {
        Value::List(items.iter().map(|&x| Value::Int(x.into())).collect())
    }

    /// The value under `key` of an object (`None` for other values).
    pub fn get(&self, key: &str) -> Option<&Value> {
        match self {
            Value::Obj(pairs) => pairs.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// `json.dumps(self, separators=(",", ":"))`.
    pub fn dumps(&self) -> String {
        let mut out = String::with_capacity(256);
        self.write(&mut out);
        out
    }

    /// Append the compact JSON of `self` to `out`.
    pub fn write(&self, out: &mut String) {
        match self {
            Value::Null => out.push_str("null"),
            Value::Bool(true) => out.push_str("true"),
            Value::Bool(false) => out.push_str("false"),
            Value::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Value::Big(text) => out.push_str(text),
            Value::Float(x) => write_float(*x, out),
            Value::Str(text) => write_str(text, out),
            Value::List(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
            Value::Obj(pairs) => {
                out.push('{');
                for (i, (k, v)) in pairs.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_str(k, out);
                    out.push(':');
                    v.write(out);
                }
                out.push('}');
            }
        }
    }

    /// Parse JSON text (keys keep their order; any integer size is kept).
    /// A number too large for a float (`1e400`) is refused: Python reads
    /// it as infinity and writes `Infinity` back, which is not JSON.
    pub fn parse(text: &str) -> Result<Value, String> {
        let v: serde_json::Value = serde_json::from_str(text).map_err(|e| format!("not JSON: {e}"))?;
        Value::from_serde(v)
    }

    /// Convert a `serde_json` value (built with `preserve_order` and
    /// `arbitrary_precision`, so nothing is reordered or rounded).
    pub fn from_serde(v: serde_json::Value) -> Result<Value, String> {
        Ok(match v {
            serde_json::Value::Null => Value::Null,
            serde_json::Value::Bool(b) => Value::Bool(b),
            serde_json::Value::Number(n) => {
                if let Some(i) = n.as_i64() {
                    Value::Int(i)
                } else {
                    let text = n.to_string();
                    if text.bytes().all(|b| b.is_ascii_digit() || b == b'-') {
                        Value::Big(text)
                    } else {
                        let x: f64 = text.parse().unwrap_or(f64::NAN);
                        if !x.is_finite() {
                            return Err(format!("not JSON: the number {text} is out of a float's range"));
                        }
                        Value::Float(x)
                    }
                }
            }
            serde_json::Value::String(s) => Value::Str(Cow::Owned(s)),
            serde_json::Value::Array(items) => {
                Value::List(items.into_iter().map(Value::from_serde).collect::<Result<_, _>>()?)
            }
            serde_json::Value::Object(map) => Value::Obj(
                map.into_iter()
                    .map(|(k, v)| Ok((Cow::Owned(k), Value::from_serde(v)?)))
                    .collect::<Result<_, String>>()?,
            ),
        })
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::Int(n)
    }
}
impl From<i32> for Value {
    fn from(n: i32) -> Value {
        Value::Int(n.into())
    }
}
impl From<u8> for Value {
    fn from(n: u8) -> Value {
        Value::Int(n.into())
    }
}
impl From<i8> for Value {
    fn from(n: i8) -> Value {
        Value::Int(n.into())
    }
}
impl From<usize> for Value {
    fn from(n: usize) -> Value {
        Value::Int(n as i64)
    }
}
impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}
impl From<&'static str> for Value {
    fn from(s: &'static str) -> Value {
        Value::Str(Cow::Borrowed(s))
    }
}
impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::Str(Cow::Owned(s))
    }
}
impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(v: Option<T>) -> Value {
        v.map_or(Value::Null, Into::into)
    }
}
impl<T: Into<Value>> From<Vec<T>> for Value {
    fn from(v: Vec<T>) -> Value {
        Value::List(v.into_iter().map(Into::into).collect())
    }
}

/// A JSON string as Python writes it with `ensure_ascii=True`.
pub fn write_str(text: &str, out: &mut String) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            ' '..='~' => out.push(c),
            _ => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
        }
    }
    out.push('"');
}

/// A float as Python's `repr` writes it (the shortest text that reads back).
fn write_float(x: f64, out: &mut String) {
    if x.is_nan() {
        out.push_str("NaN");
    } else if x.is_infinite() {
        out.push_str(if x > 0.0 { "Infinity" } else { "-Infinity" });
    } else if x != 0.0 && (x.abs() >= 1e16 || x.abs() < 1e-4) {
        // Python switches to exponent form here: 1e+16, 1.5e-05.
        let text = format!("{x:e}");
        let (mant, exp) = text.split_once('e').unwrap_or((&text, "0"));
        let exp: i32 = exp.parse().unwrap_or(0);
        let _ = write!(out, "{mant}e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs());
    } else {
        let text = format!("{x}");
        out.push_str(&text);
        if !text.contains('.') {
            out.push_str(".0");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn writes_like_python() {
        let v = Value::obj([
            ("a", Value::Int(-3)),
            ("b", Value::List(vec![Value::Null, Value::Bool(true), Value::s("Ü\"x\n")])),
            ("c", Value::Float(0.5)),
            ("d", Value::Float(2.0)),
            ("e", Value::Float(1e16)),
            ("f", Value::Str("😀".into())),
        ]);
        assert_eq!(v.dumps(), r#"{"a":-3,"b":[null,true,"\u00dc\"x\n"],"c":0.5,"d":2.0,"e":1e+16,"f":"\ud83d\ude00"}"#);
    }

    #[test]
    fn parses_in_order_and_any_size() {
        let text = r#"{"z":1,"a":[123456789012345678901234567890,-2],"m":"\u00e9"}"#;
        let v = Value::parse(text).unwrap();
        assert_eq!(v.dumps(), text);
    }
}
