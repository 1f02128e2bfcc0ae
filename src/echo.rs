//! What someone typed, said back in a message: cut to a readable length, so a pasted novel in an
//! option, a link or a field gives a message of a line, not a page 45,000 pixels wide.

/// Characters of the input a message repeats.
pub const ECHO_CHARS: usize = 40;

/// `text` as a message repeats it: whole up to `ECHO_CHARS` characters, else its start, an
/// ellipsis and its length.
pub fn echo(text: &str) -> String {
    let length = text.chars().count();
    if length <= ECHO_CHARS {
        return text.to_string();
    }
    let head: String = text.chars().take(ECHO_CHARS).collect();
    format!("{head}… ({length} characters)")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_input_is_repeated_whole_and_long_input_cut() {
        assert_eq!(echo("E8x"), "E8x");
        let long = "x".repeat(5000);
        let said = echo(&long);
        assert!(said.starts_with(&"x".repeat(ECHO_CHARS)));
        assert!(said.ends_with("… (5000 characters)"));
        assert!(said.chars().count() < 70);
        // Cut by characters, never inside one.
        assert!(echo(&"é".repeat(100)).starts_with(&"é".repeat(ECHO_CHARS)));
    }
}
