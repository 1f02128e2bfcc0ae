//! Node values that stay exact at any size: 64-bit while they fit (fast), big integers once a
//! fire would overflow. The representation is canonical — `Small` exactly when every value fits
//! in an i64 — so equal states compare and hash equal.

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive, Zero};
use std::fmt;

use super::diagram::Diagram;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Values {
    Small(Vec<i64>),
    Big(Vec<BigInt>),
}

impl Values {
    pub fn zeros(n: usize) -> Values {
        Values::Small(vec![0; n])
    }

    pub fn from_i64(values: Vec<i64>) -> Values {
        Values::Small(values)
    }

    /// Builds the canonical form: small when everything fits in an i64.
    pub fn from_big(values: Vec<BigInt>) -> Values {
        let small: Option<Vec<i64>> = values.iter().map(ToPrimitive::to_i64).collect();
        match small {
            Some(small) => Values::Small(small),
            None => Values::Big(values),
        }
    }

    pub fn len(&self) -> usize {
        match self {
            Values::Small(v) => v.len(),
            Values::Big(v) => v.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// True when some value does not fit in 64 bits.
    pub fn is_big(&self) -> bool {
        matches!(self, Values::Big(_))
    }

    pub fn get(&self, index: usize) -> BigInt {
        match self {
            Values::Small(v) => BigInt::from(v[index]),
            Values::Big(v) => v[index].clone(),
        }
    }

    pub fn is_positive(&self, index: usize) -> bool {
        match self {
            Values::Small(v) => v[index] > 0,
            Values::Big(v) => v[index].is_positive(),
        }
    }

    pub fn sign(&self, index: usize) -> std::cmp::Ordering {
        match self {
            Values::Small(v) => v[index].cmp(&0),
            Values::Big(v) => v[index].cmp(&BigInt::zero()),
        }
    }

    pub fn any_positive(&self) -> bool {
        (0..self.len()).any(|i| self.is_positive(i))
    }

    /// Roughly the memory one stored state takes, for the history's size limit.
    pub fn approx_bytes(&self) -> usize {
        match self {
            Values::Small(v) => 24 + 8 * v.len(),
            Values::Big(v) => {
                24 + v
                    .iter()
                    .map(|x| 32 + (x.bits() as usize).div_ceil(8))
                    .sum::<usize>()
            }
        }
    }

    /// The most bits any value takes.
    pub fn max_bits(&self) -> u64 {
        match self {
            Values::Small(_) => 64,
            Values::Big(v) => v.iter().map(BigInt::bits).max().unwrap_or(0),
        }
    }

    /// The value as i64 when it fits.
    pub fn get_i64(&self, index: usize) -> Option<i64> {
        match self {
            Values::Small(v) => Some(v[index]),
            Values::Big(v) => v[index].to_i64(),
        }
    }

    pub fn to_big_vec(&self) -> Vec<BigInt> {
        (0..self.len()).map(|i| self.get(i)).collect()
    }

    pub fn to_strings(&self) -> Vec<String> {
        (0..self.len()).map(|i| self.get(i).to_string()).collect()
    }

    /// The positive nodes with their values: what the next fire fires.
    pub fn positives(&self) -> Vec<(usize, BigInt)> {
        (0..self.len())
            .filter(|&i| self.is_positive(i))
            .map(|i| (i, self.get(i)))
            .collect()
    }

    /// Sum of the positive values (the layer sum printed by the firing-sequence graph).
    pub fn positive_sum(&self) -> BigInt {
        match self {
            Values::Small(v) => BigInt::from(
                v.iter()
                    .filter(|&&x| x > 0)
                    .map(|&x| x as i128)
                    .sum::<i128>(),
            ),
            Values::Big(v) => v.iter().filter(|x| x.is_positive()).sum(),
        }
    }

    /// Node `i` fires alone (the numbers game's move); `i` must be positive.
    pub fn fire_node(&self, graph: &Diagram, i: usize) -> Values {
        match self {
            Values::Small(v) => match fire_node_small(graph, v, i) {
                Some(next) => Values::Small(next),
                None => Values::from_big(fire_node_big(graph, &self.to_big_vec(), i)),
            },
            Values::Big(v) => Values::from_big(fire_node_big(graph, v, i)),
        }
    }

    /// One concurrent fire: `v'_j = (v_j > 0 ? −v_j : v_j) + Σ_{i ~ j, v_i > 0} −a_ji·v_i`
    /// (the seed's rule, `v' = v − A·v⁺`, where every edge is −1 both ways).
    pub fn fire(&self, graph: &Diagram) -> Values {
        match self {
            Values::Small(v) => match fire_small(graph, v) {
                Some(next) => Values::Small(next),
                None => Values::from_big(fire_big(graph, &self.to_big_vec())),
            },
            Values::Big(v) => Values::from_big(fire_big(graph, v)),
        }
    }
}

impl fmt::Display for Values {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.to_strings().join(", "))
    }
}

/// The fire in 64 bits; `None` when any partial sum leaves the i64 range.
/// v' = v − A·v⁺ in i64; None if a value would leave i64.
fn fire_small(graph: &Diagram, v: &[i64]) -> Option<Vec<i64>> {
    let mut next = Vec::with_capacity(v.len());
    for (j, &own) in v.iter().enumerate() {
        let mut x = if own > 0 { -own } else { own };
        for &(i, gain) in graph.gains(j) {
            if v[i] > 0 {
                x = x.checked_add(gain.checked_mul(v[i])?)?;
            }
        }
        next.push(x);
    }
    Some(next)
}

fn fire_big(graph: &Diagram, v: &[BigInt]) -> Vec<BigInt> {
    v.iter()
        .enumerate()
        .map(|(j, own)| {
            let mut x = if own.is_positive() { -own } else { own.clone() };
            for &(i, gain) in graph.gains(j) {
                if v[i].is_positive() {
                    x += &v[i] * gain;
                }
            }
            x
        })
        .collect()
}

/// One node fires alone: its value v becomes −v and each node j next to it gains −a_ji·v.
fn fire_node_small(graph: &Diagram, v: &[i64], i: usize) -> Option<Vec<i64>> {
    let mut next = v.to_vec();
    let fired = v[i];
    next[i] = fired.checked_neg()?;
    for &(j, gain) in graph.gives(i) {
        next[j] = next[j].checked_add(gain.checked_mul(fired)?)?;
    }
    Some(next)
}

fn fire_node_big(graph: &Diagram, v: &[BigInt], i: usize) -> Vec<BigInt> {
    let mut next = v.to_vec();
    let fired = v[i].clone();
    next[i] = -&fired;
    for &(j, gain) in graph.gives(i) {
        next[j] += &fired * gain;
    }
    next
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ValueError {
    Empty,
    NotAnInteger(String),
    OutOfRange(String),
    /// More than `MAX_INPUT_DIGITS` digits (the text shortened, the digit count).
    TooLong(String, usize),
}

/// The most digits a value given as text may have. Decimal conversion costs time quadratic in
/// the digits (4 million took 20 s), and no play needs more: a value grows by about one digit
/// every three layers at most, and plays stop at `play::MAX_VALUE_BITS`.
pub const MAX_INPUT_DIGITS: usize = 100_000;

impl fmt::Display for ValueError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ValueError::Empty => write!(f, "no value given: type a whole number such as 3 or -2"),
            ValueError::NotAnInteger(s) => {
                write!(f, "'{s}' is not a whole number: type digits with an optional minus sign, such as 3 or -2")
            }
            ValueError::OutOfRange(s) => write!(
                f,
                "{s} is out of range: a node value must lie between -9223372036854775808 and 9223372036854775807"
            ),
            ValueError::TooLong(s, digits) => write!(
                f,
                "{s} has {digits} digits: a value has at most {MAX_INPUT_DIGITS}"
            ),
        }
    }
}

impl std::error::Error for ValueError {}

/// Parses a decimal integer of any length (optional sign, digits only).
pub fn parse_integer(text: &str) -> Result<BigInt, ValueError> {
    let t = text.trim();
    if t.is_empty() {
        return Err(ValueError::Empty);
    }
    let digits = t.strip_prefix(['-', '+']).unwrap_or(t);
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ValueError::NotAnInteger(shorten(t)));
    }
    if digits.len() > MAX_INPUT_DIGITS {
        return Err(ValueError::TooLong(shorten(t), digits.len()));
    }
    t.parse::<BigInt>()
        .map_err(|_| ValueError::NotAnInteger(shorten(t)))
}

/// Parses a value typed for a node: any integer that fits in a signed 64-bit integer.
pub fn parse_node_value(text: &str) -> Result<i64, ValueError> {
    let big = parse_integer(text)?;
    big.to_i64()
        .ok_or_else(|| ValueError::OutOfRange(shorten(text.trim())))
}

/// Keeps error messages readable when someone pastes a novel.
fn shorten(text: &str) -> String {
    crate::echo::echo(text)
}
