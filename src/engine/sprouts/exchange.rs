//! Couples as 16-bit words, the way the members of a team pass their losses (and the page its
//! base) to one another: each couple is its land's flat symbols (ending with `END_LAND`) then the
//! nimber as one word. No text and no canonization on either side: the lands are canonical
//! already, and the receiver only checks that they are well formed.

use super::database::MAX_NIMBER;
use super::position::Land;
use super::symbols::{Sym, END_LAND};

/// The words of `couples`, one after the other.
pub fn encode<'a>(couples: impl IntoIterator<Item = (&'a Land, u8)>) -> Vec<Sym> {
    let mut words = Vec::new();
    for (land, nimber) in couples {
        words.extend_from_slice(land.symbols());
        words.push(Sym::from(nimber));
    }
    words
}

/// The couples of `words`, or what is wrong with them (the couple's index and why).
pub fn decode(words: &[Sym]) -> Result<Vec<(Land, u8)>, String> {
    let mut couples = Vec::new();
    let mut rest = words;
    while !rest.is_empty() {
        let index = couples.len();
        let Some(end) = rest.iter().position(|&w| w == END_LAND) else {
            return Err(format!("couple {index}: the land never ends"));
        };
        let Some(&nimber) = rest.get(end + 1) else {
            return Err(format!("couple {index}: no nimber after the land"));
        };
        let land = Land::from_flat(&rest[..=end])
            .ok_or_else(|| format!("couple {index}: not a well-formed land"))?;
        let nimber = u8::try_from(nimber)
            .ok()
            .filter(|&n| n <= MAX_NIMBER)
            .ok_or_else(|| {
                format!("couple {index}: {nimber} is not a nimber from 0 to {MAX_NIMBER}")
            })?;
        couples.push((land, nimber));
        rest = &rest[end + 2..];
    }
    Ok(couples)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::sprouts::Position;

    fn lands(text: &str) -> Vec<Land> {
        Position::parse(text).unwrap().into_lands()
    }

    #[test]
    fn couples_come_back_as_they_went() {
        let mut couples: Vec<(Land, u8)> = lands("0.0.0.0.A.}0.0.0.0.A.}]0.1a2a.}]!")
            .into_iter()
            .zip([0, 3])
            .collect();
        couples.extend(lands("0*7").into_iter().map(|l| (l, MAX_NIMBER)));
        let words = encode(couples.iter().map(|(l, n)| (l, *n)));
        assert_eq!(decode(&words).unwrap(), couples);
        assert_eq!(decode(&[]).unwrap(), vec![]);
    }

    #[test]
    fn broken_words_are_refused_by_name() {
        let land = &lands("0.0.}]!")[0];
        let words = encode([(land, 1)]);
        let cut = &words[..words.len() - 1];
        assert!(decode(cut).unwrap_err().contains("no nimber"));
        assert!(decode(&words[..2]).unwrap_err().contains("never ends"));
        let mut big = words.clone();
        *big.last_mut().unwrap() = 251;
        assert!(decode(&big).unwrap_err().contains("not a nimber"));
        assert!(decode(&[END_LAND, 0]).unwrap_err().contains("well-formed"));
    }
}
