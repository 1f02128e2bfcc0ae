//! A seal on text the page keeps in the browser between visits: the text with a digest of it,
//! so that text changed outside gamelab (by hand, by another program, by a damaged store) is
//! known as such when it comes back, and not trusted as the page's own work. A seal is no
//! protection against someone forging it, only against trusting edited data without a word.

use serde_json::{json, Value};

/// Names the sealed format, so older plain text is told apart.
const FORMAT: &str = "gamelab-sealed-1";

/// What came back from the browser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsealed {
    /// The text as the page kept it.
    Intact(String),
    /// Text whose seal does not match it, or text kept without one: not the page's own as far
    /// as anyone can tell.
    Unsealed(String),
}

/// The text with its seal, as one JSON text.
pub fn seal(text: &str) -> String {
    json!({"format": FORMAT, "digest": digest(text), "text": text}).to_string()
}

/// The text inside a seal, and whether the seal holds.
pub fn unseal(kept: &str) -> Unsealed {
    let Ok(value) = serde_json::from_str::<Value>(kept) else {
        return Unsealed::Unsealed(kept.to_string());
    };
    let field = |name: &str| value.get(name).and_then(Value::as_str);
    match (field("format"), field("digest"), field("text")) {
        (Some(FORMAT), Some(d), Some(text)) if d == digest(text) => {
            Unsealed::Intact(text.to_string())
        }
        (Some(FORMAT), _, Some(text)) => Unsealed::Unsealed(text.to_string()),
        _ => Unsealed::Unsealed(kept.to_string()),
    }
}

/// 64-bit FNV-1a of the text, in hex: stable across builds and platforms.
fn digest(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_text_comes_back_intact_and_edited_text_does_not() {
        let base = "[Positions+Nimber]\n0*5 2\n";
        assert_eq!(unseal(&seal(base)), Unsealed::Intact(base.into()));
        // One couple's nimber changed inside the sealed text.
        let edited = seal(base).replace("0*5 2", "0*5 0");
        assert_eq!(
            unseal(&edited),
            Unsealed::Unsealed("[Positions+Nimber]\n0*5 0\n".into())
        );
        // Plain text from before seals, or JSON of another shape: not the page's own.
        assert_eq!(unseal(base), Unsealed::Unsealed(base.into()));
        assert_eq!(
            unseal("{\"a\": 1}"),
            Unsealed::Unsealed("{\"a\": 1}".into())
        );
    }
}
