//! The course's remote protocol on a byte stream: one JSON value after another, with or
//! without whitespace between them. `read_value` takes the next value off a stream without ever
//! holding more than `max_bytes` of it, so a peer that sends a 100 MB line or a value that never
//! ends costs at most that much memory. Whitespace before a value is legal JSON of any length
//! (the course's reference client sends 5,000 spaces before every message): it is skipped, not
//! kept, and does not count against the value's limit; only `MAX_SPACE_BYTES` of it, and the
//! caller's clock (a read time-out on the socket), bound that work. `call_in` reads a call as a client receives it. No network code here: the CLI's
//! server and clients put sockets around it.

use std::io::{BufRead, ErrorKind};

use serde_json::Value;

use super::json;
use super::referee::{Call, Method};

/// The most bytes one message may take (a call or a reply is a few hundred bytes; a name 22).
pub const MAX_MESSAGE_BYTES: usize = 1 << 20;

/// The most whitespace read before one value: far more than any peer sends (the reference
/// client sends 5,000 spaces), few enough to read in well under a second.
pub const MAX_SPACE_BYTES: usize = 64 << 20;

/// Why no value could be read.
#[derive(Debug, PartialEq, Eq)]
pub enum WireError {
    /// The stream ended before a value began: the peer closed the connection.
    Closed,
    /// The stream ended in the middle of a value.
    Cut,
    /// The value went past the limit, in bytes.
    TooLarge(usize),
    /// The whitespace before a value went past `MAX_SPACE_BYTES`.
    TooMuchSpace(usize),
    /// The bytes are not one well-formed JSON value.
    Malformed(String),
    /// Reading failed: a time-out (the socket's) or a broken connection.
    Io(ErrorKind, String),
}

impl std::fmt::Display for WireError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            WireError::Closed => write!(f, "it closed the connection"),
            WireError::Cut => write!(f, "it closed the connection in the middle of a message"),
            WireError::TooLarge(max) => write!(f, "its message is longer than {max} bytes"),
            WireError::TooMuchSpace(max) => {
                write!(
                    f,
                    "it sent more than {max} bytes of whitespace before a message"
                )
            }
            WireError::Malformed(e) => write!(f, "it sent ill-formed JSON ({e})"),
            WireError::Io(ErrorKind::WouldBlock | ErrorKind::TimedOut, _) => {
                write!(f, "it sent nothing in time")
            }
            WireError::Io(_, e) => write!(f, "the connection failed: {e}"),
        }
    }
}

/// Where the scan of a value stands.
#[derive(Clone, Copy)]
enum Scan {
    /// Whitespace before the value.
    Before,
    /// Inside brackets or braces: their depth, and whether in a string (and after a backslash).
    Nested {
        depth: usize,
        string: bool,
        escaped: bool,
    },
    /// A string at the top: whether after a backslash.
    Text { escaped: bool },
    /// A number or a literal (true, false, null): ends at a delimiter, or as soon as a literal
    /// is complete (a client may send `false` and wait for the next call, without a newline).
    Word,
}

fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

impl Scan {
    /// What a value beginning with `b` is (None: no value begins so).
    fn opening(b: u8) -> Option<Scan> {
        match b {
            b'[' | b'{' => Some(Scan::Nested {
                depth: 1,
                string: false,
                escaped: false,
            }),
            b'"' => Some(Scan::Text { escaped: false }),
            b'-' | b'0'..=b'9' | b'a'..=b'z' | b'A'..=b'Z' => Some(Scan::Word),
            _ => None,
        }
    }
}

/// Reads the next JSON value from `stream`: a value of at most `max_bytes` bytes, after at most
/// `MAX_SPACE_BYTES` of whitespace; never more than the value (and one delimiter after a number)
/// is taken off the stream.
pub fn read_value(stream: &mut impl BufRead, max_bytes: usize) -> Result<Value, WireError> {
    let mut value: Vec<u8> = Vec::new();
    let (mut space, mut taken) = (0usize, 0usize);
    let mut scan = Scan::Before;
    loop {
        let chunk = match stream.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == ErrorKind::Interrupted => continue,
            Err(e) => return Err(WireError::Io(e.kind(), e.to_string())),
        };
        if chunk.is_empty() {
            return match scan {
                Scan::Before => Err(WireError::Closed),
                Scan::Word => parse(&value),
                _ => Err(WireError::Cut),
            };
        }
        let mut used = 0;
        let mut done = false;
        for &b in chunk {
            used += 1;
            let over = if matches!(scan, Scan::Before) && is_space(b) {
                space += 1;
                (space > MAX_SPACE_BYTES).then_some(WireError::TooMuchSpace(MAX_SPACE_BYTES))
            } else {
                taken += 1;
                (taken > max_bytes).then_some(WireError::TooLarge(max_bytes))
            };
            if let Some(error) = over {
                stream.consume(used - 1);
                return Err(error);
            }
            scan = match scan {
                Scan::Before if is_space(b) => Scan::Before,
                Scan::Before => match Scan::opening(b) {
                    Some(scan) => scan,
                    None => {
                        stream.consume(used);
                        return Err(WireError::Malformed(format!(
                            "a message cannot begin with {:?}",
                            b as char
                        )));
                    }
                },
                Scan::Nested {
                    depth,
                    string: true,
                    escaped,
                } => Scan::Nested {
                    depth,
                    string: b != b'"' || escaped,
                    escaped: b == b'\\' && !escaped,
                },
                Scan::Nested { depth, .. } => {
                    let depth = match b {
                        b'[' | b'{' => depth + 1,
                        b']' | b'}' => depth - 1,
                        _ => depth,
                    };
                    done = depth == 0;
                    Scan::Nested {
                        depth,
                        string: b == b'"',
                        escaped: false,
                    }
                }
                Scan::Text { escaped } => {
                    done = b == b'"' && !escaped;
                    Scan::Text {
                        escaped: b == b'\\' && !escaped,
                    }
                }
                Scan::Word if is_space(b) || b"[]{},\"".contains(&b) => {
                    // The delimiter is taken off the stream but is not part of the value.
                    stream.consume(used);
                    return parse(&value);
                }
                Scan::Word => Scan::Word,
            };
            if !matches!(scan, Scan::Before) {
                value.push(b);
            }
            if matches!(scan, Scan::Word) && matches!(&value[..], b"true" | b"false" | b"null") {
                done = true;
            }
            if done {
                break;
            }
        }
        stream.consume(used);
        if done {
            return parse(&value);
        }
    }
}

fn parse(bytes: &[u8]) -> Result<Value, WireError> {
    serde_json::from_slice(bytes).map_err(|e| WireError::Malformed(e.to_string()))
}

/// A message as it goes on the wire: compact JSON and a newline.
pub fn line(value: &Value) -> Vec<u8> {
    let mut bytes = value.to_string().into_bytes();
    bytes.push(b'\n');
    bytes
}

/// Reads a call as a client receives it, `["method-name", [arg]]`.
pub fn call_in(value: &Value) -> Result<Call, String> {
    let parts = value
        .as_array()
        .filter(|p| p.len() == 2)
        .ok_or_else(|| format!("{} is not a call [\"method\", [args]]", json::short(value)))?;
    let method = parts[0]
        .as_str()
        .and_then(Method::parse)
        .ok_or_else(|| format!("{} is not a method", json::short(&parts[0])))?;
    let arg = parts[1]
        .as_array()
        .filter(|a| a.len() == 1)
        .map(|a| &a[0])
        .ok_or_else(|| format!("{} must hold one argument", json::short(&parts[1])))?;
    Ok(match method {
        Method::Setup => Call::Setup(json::equations(arg, "the equations")?),
        Method::PebbleOrTrades => Call::PebbleOrTrades(json::turn_state(arg, "the turn state")?),
        Method::Cards => Call::Cards(json::turn_state(arg, "the turn state")?),
        Method::Win => Call::Win(
            arg.as_bool()
                .ok_or_else(|| format!("win takes true or false, not {}", json::short(arg)))?,
        ),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Cursor, Read};

    fn all(text: &str) -> Vec<Result<Value, WireError>> {
        let mut stream = BufReader::with_capacity(3, Cursor::new(text.as_bytes().to_vec()));
        let mut out = Vec::new();
        loop {
            match read_value(&mut stream, 100) {
                Err(WireError::Closed) => return out,
                r => out.push(r),
            }
        }
    }

    #[test]
    fn values_follow_one_another_with_or_without_newlines() {
        let got = all(" \"Adam\"\n[\"setup\",[[]]]false[1,{\"a\":\"]\\\"\"}] 12 null");
        let want = [
            serde_json::json!("Adam"),
            serde_json::json!(["setup", [[]]]),
            serde_json::json!(false),
            serde_json::json!([1, {"a": "]\""}]),
            serde_json::json!(12),
            Value::Null,
        ];
        assert_eq!(got.len(), want.len());
        for (g, w) in got.iter().zip(want) {
            assert_eq!(g.as_ref().unwrap(), &w);
        }
    }

    #[test]
    fn a_literal_needs_no_delimiter_after_it() {
        // The reader must not wait for a byte after `false`: the stream has none.
        let mut stream = BufReader::new(Cursor::new(b"false".to_vec()));
        assert_eq!(read_value(&mut stream, 100), Ok(Value::Bool(false)));
    }

    #[test]
    fn bad_messages_are_named() {
        assert!(matches!(all("[false,,]")[0], Err(WireError::Malformed(_))));
        assert!(matches!(all("]")[0], Err(WireError::Malformed(_))));
        assert!(matches!(all("{oops]")[0], Err(WireError::Malformed(_))));
        assert_eq!(all("[1, 2")[0], Err(WireError::Cut));
        assert_eq!(all("\"never closed")[0], Err(WireError::Cut));
    }

    /// A first byte, then one byte for ever (a line that never ends); counts what was read.
    struct Endless(u8, u8, usize);
    impl Read for Endless {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            buf.fill(self.1);
            if self.2 == 0 {
                buf[0] = self.0;
            }
            self.2 += buf.len();
            Ok(buf.len())
        }
    }

    #[test]
    fn an_endless_message_is_refused_at_the_limit() {
        for (first, then) in [(b'[', b'['), (b'"', b'a'), (b'7', b'7')] {
            let mut stream = BufReader::new(Endless(first, then, 0));
            let got = read_value(&mut stream, MAX_MESSAGE_BYTES);
            assert_eq!(got, Err(WireError::TooLarge(MAX_MESSAGE_BYTES)));
            // What was read off the stream is the limit and one buffer, not more.
            assert!(stream.get_ref().2 <= MAX_MESSAGE_BYTES + 8192);
        }
        let mut stream = BufReader::new(Endless(b' ', b' ', 0));
        let got = read_value(&mut stream, MAX_MESSAGE_BYTES);
        assert_eq!(got, Err(WireError::TooMuchSpace(MAX_SPACE_BYTES)));
        assert!(stream.get_ref().2 <= MAX_SPACE_BYTES + 8192);
    }

    #[test]
    fn whitespace_before_a_value_does_not_count_against_its_limit() {
        // As the course's reference client sends every message: 5,000 spaces first.
        let spaced = format!(
            "{}\"Adam\"{}[\"x\"]{}false",
            " ".repeat(5000),
            "\n".repeat(5000),
            " ".repeat(4095)
        );
        let mut stream = BufReader::new(Cursor::new(spaced.into_bytes()));
        assert_eq!(read_value(&mut stream, 22), Ok(serde_json::json!("Adam")));
        assert_eq!(read_value(&mut stream, 22), Ok(serde_json::json!(["x"])));
        assert_eq!(read_value(&mut stream, 22), Ok(Value::Bool(false)));
        // The value itself still has its limit.
        let mut long = BufReader::new(Cursor::new(
            format!("   \"{}\"", "a".repeat(30)).into_bytes(),
        ));
        assert_eq!(read_value(&mut long, 22), Err(WireError::TooLarge(22)));
    }

    #[test]
    fn the_reference_misbehaving_messages_are_refused_as_ill_formed() {
        // A bare word that is not JSON, and a literal cut short after 4,095 spaces.
        for text in ["void\n", &format!("{}fals\n", " ".repeat(4095))] {
            let mut stream = BufReader::new(Cursor::new(text.as_bytes().to_vec()));
            assert!(
                matches!(read_value(&mut stream, 100), Err(WireError::Malformed(_))),
                "{text:.20}"
            );
        }
    }

    #[test]
    fn calls_read_back_as_they_were_written() {
        let call = Call::Win(true);
        assert_eq!(call_in(&json::call_out(&call)), Ok(call));
        assert!(call_in(&serde_json::json!(["win", [1]])).is_err());
        assert!(call_in(&serde_json::json!(["dance", [true]])).is_err());
        assert!(call_in(&serde_json::json!(["win", true])).is_err());
    }
}
