//! Clang's `-ast-dump=json`, parsed by serde_json (why serde_json, and
//! why into this tree rather than `serde_json::Value`: docs/weft-cc.md).
//! Objects keep their keys in order, because the dump leaves out a
//! location's file when it is the same as the previous location printed, so
//! order carries meaning; nesting is as deep as the program's expressions,
//! bounded by `MAX_DEPTH` as the tree is built.
use std::fmt;

use serde::de::{DeserializeSeed, Deserializer, Error, MapAccess, SeqAccess, Visitor};

#[derive(Debug, Clone, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    Num(f64),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

impl Json {
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(fields) => fields.iter().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    pub fn str(&self, key: &str) -> Option<&str> {
        match self.get(key) {
            Some(Json::Str(s)) => Some(s),
            _ => None,
        }
    }

    pub fn num(&self, key: &str) -> Option<usize> {
        match self.get(key) {
            Some(Json::Num(n)) if *n >= 0.0 => Some(*n as usize),
            _ => None,
        }
    }

    /// An AST node's children (`inner`), empty when it has none.
    pub fn inner(&self) -> &[Json] {
        match self.get("inner") {
            Some(Json::Arr(v)) => v,
            _ => &[],
        }
    }

    pub fn kind(&self) -> &str {
        self.str("kind").unwrap_or("")
    }
}

/// The deepest nesting read (the AST walks recurse as deep).
pub const MAX_DEPTH: usize = 100_000;

/// Stack for a thread that parses and walks a dump of `MAX_DEPTH`.
pub const STACK_BYTES: usize = 1 << 30;

pub fn parse(text: &str) -> Result<Json, String> {
    let mut de = serde_json::Deserializer::from_str(text);
    // (serde_json's own bound is 128 levels; `Level` bounds the depth instead.)
    de.disable_recursion_limit();
    let v = Level(0).deserialize(&mut de).map_err(|e| e.to_string())?;
    de.end().map_err(|e| e.to_string())?;
    Ok(v)
}

/// Builds the value at nesting depth `.0` from serde_json's events.
struct Level(usize);

impl<'de> DeserializeSeed<'de> for Level {
    type Value = Json;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Json, D::Error> {
        // Clang nests as deep as the program's expressions; weft-cc runs on a
        // large stack (main.rs) and this bound keeps within it.
        if self.0 > MAX_DEPTH {
            return Err(D::Error::custom("nesting too deep"));
        }
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Level {
    type Value = Json;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_unit<E>(self) -> Result<Json, E> {
        Ok(Json::Null)
    }
    fn visit_bool<E>(self, b: bool) -> Result<Json, E> {
        Ok(Json::Bool(b))
    }
    fn visit_u64<E>(self, n: u64) -> Result<Json, E> {
        Ok(Json::Num(n as f64))
    }
    fn visit_i64<E>(self, n: i64) -> Result<Json, E> {
        Ok(Json::Num(n as f64))
    }
    fn visit_f64<E>(self, n: f64) -> Result<Json, E> {
        Ok(Json::Num(n))
    }
    fn visit_str<E>(self, s: &str) -> Result<Json, E> {
        Ok(Json::Str(s.to_string()))
    }
    fn visit_string<E>(self, s: String) -> Result<Json, E> {
        Ok(Json::Str(s))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Json, A::Error> {
        let mut items = Vec::new();
        while let Some(v) = a.next_element_seed(Level(self.0 + 1))? {
            items.push(v);
        }
        Ok(Json::Arr(items))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Json, A::Error> {
        let mut fields = Vec::new();
        while let Some(k) = a.next_key::<String>()? {
            fields.push((k, a.next_value_seed(Level(self.0 + 1))?));
        }
        Ok(Json::Obj(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_keep_order() {
        let v = parse(r#"{"b": 1, "a": [true, null, "x\"y\u0041"], "c": {}}"#).unwrap();
        match &v {
            Json::Obj(f) => assert_eq!(f.iter().map(|(k, _)| k.as_str()).collect::<Vec<_>>(), ["b", "a", "c"]),
            _ => panic!("not an object"),
        }
        assert_eq!(v.num("b"), Some(1));
        assert_eq!(v.get("a"), Some(&Json::Arr(vec![Json::Bool(true), Json::Null, Json::Str("x\"yA".into())])));
    }

    #[test]
    fn errors_are_values() {
        assert!(parse("{\"a\": }").is_err());
        assert!(parse("[1, 2").is_err());
        assert!(parse("\"abc").is_err());
        assert!(parse("[1] [2]").is_err());
        assert!(parse("").is_err());
        let deep = std::thread::Builder::new()
            .stack_size(STACK_BYTES)
            .spawn(|| {
                (
                    parse(&"[".repeat(MAX_DEPTH + 10)).is_err(),
                    parse(&format!("{}{}", "[".repeat(5000), "]".repeat(5000))).is_ok(),
                    parse(&format!("[\"{}\"]", "[".repeat(MAX_DEPTH + 10))).is_ok(),
                )
            })
            .unwrap()
            .join()
            .unwrap();
        assert_eq!(deep, (true, true, true));
    }
}
