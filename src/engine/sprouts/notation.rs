//! Reading and writing positions in Glop 1.0's notation (terminators `.` `}` `]` `!`) and in
//! Glop 2.x's (separators `.` `|` `+`, runs of spots as `0*k`)

use std::fmt;

use super::position::{Land, Position, Tree};
use super::symbols::*;

/// Which notation to write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Notation {
    /// Glop 1.0: `0.0.0.}]!`
    #[default]
    Glop10,
    /// Glop 2.x: `0*3`
    Glop2,
}

/// A malformed position string: where (1-based character index) and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub at: usize,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at character {}: {}", self.at, self.message)
    }
}

impl std::error::Error for ParseError {}

/// The most vertices one written position may hold (a land past about 32,000 lives is refused
/// later anyway): keeps a long line, or `0*k` runs, from taking memory without bound.
pub const MAX_POSITION_VERTICES: usize = 100_000;

/// Counts `more` vertices into `total`, refusing a position past `MAX_POSITION_VERTICES`.
fn count_vertices(total: &mut usize, more: usize, at: usize) -> Result<(), ParseError> {
    *total += more;
    if *total > MAX_POSITION_VERTICES {
        return error(
            at,
            format!("too many vertices (a position holds at most {MAX_POSITION_VERTICES})"),
        );
    }
    Ok(())
}

fn error<T>(at: usize, message: impl Into<String>) -> Result<T, ParseError> {
    Err(ParseError {
        at,
        message: message.into(),
    })
}

/// A vertex as written, with the character index where it starts.
#[derive(Clone, Copy, Debug)]
enum Written {
    Digit(Sym),
    Lower(usize),
    Upper(usize),
}

type WrittenBoundary = Vec<(Written, usize)>;
type WrittenLand = Vec<Vec<WrittenBoundary>>;

/// A position exactly as written: lands of regions of boundaries, letter names kept
/// (lower-case names are per boundary). Validated, not canonized.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WrittenPosition {
    pub lands: Vec<Tree>,
}

impl WrittenPosition {
    /// The same position in canonical form (lower-case names made global first), or
    /// a message when the engine's letter names cannot hold it (never a silently wrong form).
    pub fn canonical(&self) -> Result<Position, String> {
        let mut lands = Vec::new();
        for land in &self.lands {
            // Lower-case names are local to a boundary, so regions linked by no upper-case name
            // are apart already: split first, and each part needs only its own names.
            for part in super::canon::split(land.clone()) {
                let prepared =
                    super::canon::try_globalize_lower(part).ok_or_else(too_many_names)?;
                if !super::canon::names_suffice(&prepared) {
                    return Err(too_many_names());
                }
                super::canon::canonical_lands(prepared, &mut lands);
            }
        }
        Ok(Position::from_lands(lands))
    }

    /// The lands exactly as written (no reduction, no renaming), sorted. Glop's canonizer is not
    /// idempotent: a land Glop produced may canonize again to another string, so a database
    /// file's own strings are kept as keys too.
    pub fn literal(&self) -> Position {
        Position::from_lands(
            self.lands
                .iter()
                .map(|tree| Land::from_tree(tree))
                .collect(),
        )
    }

    /// Writes the position back, letters as they were named.
    pub fn write(&self, notation: Notation) -> String {
        write_trees(&self.lands, notation)
    }
}

/// Reads either notation: a string with a `!` (other than `!` itself) is Glop 1.0, so that
/// text after the `!` is pointed at, not read as 2.x.
pub fn parse_written(text: &str) -> Result<WrittenPosition, ParseError> {
    let chars: Vec<char> = text.trim().chars().collect();
    let offset = text.chars().take_while(|c| c.is_whitespace()).count();
    let lands = if chars.is_empty() {
        return error(1, "empty position (the empty position is written !)");
    } else if chars == ['!'] {
        Vec::new()
    } else if chars.contains(&'!') {
        parse_glop10(&chars, offset)?
    } else {
        parse_glop2(&chars, offset)?
    };
    validate(lands)
}

fn too_many_names() -> String {
    format!(
        "this land has more letters than the engine can name (at most {} vertices met in two regions or twice in one boundary)",
        super::symbols::UPPER_CAPACITY
    )
}

/// Reads a position in either notation and canonizes it.
pub fn parse_position(text: &str) -> Result<Position, ParseError> {
    parse_written(text)?
        .canonical()
        .map_err(|message| ParseError { at: 1, message })
}

fn parse_vertex(
    chars: &[char],
    i: &mut usize,
    offset: usize,
) -> Result<Option<Written>, ParseError> {
    let at = *i + offset + 1;
    let c = chars[*i];
    let written = match c {
        '0' => Written::Digit(SPOT),
        '1' => Written::Digit(ONE),
        '2' => Written::Digit(TWO),
        'a'..='l' => Written::Lower(c as usize - 'a' as usize),
        'A'..='Y' => Written::Upper(c as usize - 'A' as usize),
        // SPOTS writes the extended upper-case names n(k) where Glop writes Z(k).
        'm' | 'Z' | 'n' if c != 'n' || chars.get(*i + 1) == Some(&'(') => {
            let k = parse_extended(chars, i, offset)?;
            *i -= 1; // parse_extended leaves i after ')'; the caller advances by one
            if c == 'm' {
                Written::Lower(k - 1)
            } else {
                Written::Upper(k - 1)
            }
        }
        '3' => return error(at, "3 (a dead vertex) never appears in a position"),
        '-' | '=' | '#' => return error(at, format!("{c} is an internal name, not a vertex")),
        'n'..='z' | '@' | '{' => {
            return error(
                at,
                format!("{c}: surfaces are not supported (positions on the plane only)"),
            )
        }
        _ => return Ok(None),
    };
    Ok(Some(written))
}

/// The vertex at `i` with its character index, counted into `vertices`; anything else is
/// unexpected there (`expected` says what may stand there).
fn read_vertex(
    chars: &[char],
    i: &mut usize,
    offset: usize,
    vertices: &mut usize,
    expected: &str,
) -> Result<(Written, usize), ParseError> {
    let at = *i + offset + 1;
    let c = chars[*i];
    match parse_vertex(chars, i, offset)? {
        Some(v) => {
            count_vertices(vertices, 1, at)?;
            Ok((v, at))
        }
        None => Err(unexpected(c, at, expected)),
    }
}

/// Reads `m(k)`, `Z(k)` or `n(k)` starting at the letter; leaves `i` after the closing parenthesis.
fn parse_extended(chars: &[char], i: &mut usize, offset: usize) -> Result<usize, ParseError> {
    let letter = chars[*i];
    *i += 1;
    if chars.get(*i) != Some(&'(') {
        return error(
            *i + offset + 1,
            format!("expected ( after {letter} (extended name {letter}(k))"),
        );
    }
    *i += 1;
    let start = *i;
    while chars.get(*i).is_some_and(|c| c.is_ascii_digit()) {
        *i += 1;
    }
    let digits: String = chars[start..*i].iter().collect();
    if chars.get(*i) != Some(&')') {
        return error(
            *i + offset + 1,
            format!("expected digits and ) in {letter}(k)"),
        );
    }
    *i += 1;
    let capacity = if letter == 'm' {
        LOWER_CAPACITY
    } else {
        UPPER_CAPACITY
    };
    match digits.parse::<usize>() {
        Ok(k) if (1..=capacity).contains(&k) => Ok(k),
        _ => error(
            start + offset + 1,
            format!("{letter}(k) needs k from 1 to {capacity}"),
        ),
    }
}

fn unexpected(c: char, at: usize, expected: &str) -> ParseError {
    ParseError {
        at,
        message: format!("unexpected '{c}', expected {expected}"),
    }
}

fn parse_glop10(chars: &[char], offset: usize) -> Result<Vec<WrittenLand>, ParseError> {
    let mut lands = Vec::new();
    let mut land: WrittenLand = Vec::new();
    let mut region: Vec<WrittenBoundary> = Vec::new();
    let mut boundary: WrittenBoundary = Vec::new();
    let mut vertices = 0;
    let mut i = 0;
    while i < chars.len() {
        let at = i + offset + 1;
        let c = chars[i];
        match c {
            '.' => {
                if boundary.is_empty() {
                    return error(at, "empty boundary: expected a vertex before '.'");
                }
                region.push(std::mem::take(&mut boundary));
            }
            '}' => {
                if !boundary.is_empty() {
                    return error(at, "expected '.' to end the boundary before '}'");
                }
                if region.is_empty() {
                    return error(at, "empty region: expected a boundary before '}'");
                }
                land.push(std::mem::take(&mut region));
            }
            ']' => {
                if !boundary.is_empty() || !region.is_empty() {
                    return error(at, "expected '.' and '}' to end the region before ']'");
                }
                if land.is_empty() {
                    return error(at, "empty land: expected a region before ']'");
                }
                lands.push(std::mem::take(&mut land));
            }
            '!' => {
                if i + 1 != chars.len() {
                    return error(at + 1, "'!' ends the position; nothing may follow it");
                }
                if !boundary.is_empty() || !region.is_empty() || !land.is_empty() {
                    return error(at, "expected the land to end with ']' before '!'");
                }
            }
            '*' => {
                return error(
                    at,
                    "the 0*k abbreviation belongs to the 2.x notation, not to 1.0 (ending in !)",
                )
            }
            _ => boundary.push(read_vertex(
                chars,
                &mut i,
                offset,
                &mut vertices,
                "a vertex (0 1 2 a-l A-Y) or one of . } ] !",
            )?),
        }
        i += 1;
    }
    Ok(lands)
}

fn parse_glop2(chars: &[char], offset: usize) -> Result<Vec<WrittenLand>, ParseError> {
    let mut lands = Vec::new();
    let mut land: WrittenLand = Vec::new();
    let mut region: Vec<WrittenBoundary> = Vec::new();
    let mut boundary: WrittenBoundary = Vec::new();
    let mut vertices = 0;
    let mut i = 0;
    let close_boundary = |boundary: &mut WrittenBoundary,
                          region: &mut Vec<WrittenBoundary>,
                          at: usize,
                          sep: char| {
        if boundary.is_empty() {
            return error(
                at,
                format!("empty boundary: expected a vertex before '{sep}'"),
            );
        }
        region.push(std::mem::take(boundary));
        Ok(())
    };
    while i < chars.len() {
        let at = i + offset + 1;
        let c = chars[i];
        match c {
            '.' => close_boundary(&mut boundary, &mut region, at, '.')?,
            '|' => {
                close_boundary(&mut boundary, &mut region, at, '|')?;
                land.push(std::mem::take(&mut region));
            }
            '+' => {
                close_boundary(&mut boundary, &mut region, at, '+')?;
                land.push(std::mem::take(&mut region));
                lands.push(std::mem::take(&mut land));
            }
            '*' => {
                let zero_alone =
                    boundary.len() == 1 && matches!(boundary[0].0, Written::Digit(SPOT));
                if !zero_alone {
                    return error(at, "'*' must follow a lone 0 (0*k is k untouched spots)");
                }
                i += 1;
                let start = i;
                while chars.get(i).is_some_and(|c| c.is_ascii_digit()) {
                    i += 1;
                }
                let digits: String = chars[start..i].iter().collect();
                let count = match digits.parse::<usize>() {
                    Ok(k) if (1..=MAX_SPOTS).contains(&k) => k,
                    _ => {
                        return error(
                            start + offset + 1,
                            format!("expected a count from 1 to {MAX_SPOTS} after 0*"),
                        )
                    }
                };
                count_vertices(&mut vertices, count - 1, start + offset + 1)?;
                let spot = boundary[0];
                for _ in 1..count {
                    region.push(vec![spot]);
                }
                i -= 1;
            }
            '}' | ']' => {
                return error(
                    at,
                    format!("'{c}' belongs to the 1.0 notation: a 1.0 position ends with !"),
                )
            }
            '!' => {
                return error(
                    at,
                    "'!' alone is the empty position; a 1.0 position ends with !",
                )
            }
            _ => boundary.push(read_vertex(
                chars,
                &mut i,
                offset,
                &mut vertices,
                "a vertex (0 1 2 a-l A-Y) or one of . | + *",
            )?),
        }
        i += 1;
    }
    close_boundary(&mut boundary, &mut region, chars.len() + offset + 1, '+').map_err(|_| {
        ParseError {
            at: chars.len() + offset,
            message: "the position ends with an empty boundary".into(),
        }
    })?;
    land.push(region);
    lands.push(land);
    Ok(lands)
}

/// Checks the rules of and turns written names into symbol codes.
fn validate(lands: Vec<WrittenLand>) -> Result<WrittenPosition, ParseError> {
    let mut out = Vec::with_capacity(lands.len());
    for land in lands {
        // Upper-case letters: where each occurs (region index, character index).
        let mut upper: std::collections::BTreeMap<usize, Vec<(usize, usize)>> = Default::default();
        for (r, region) in land.iter().enumerate() {
            for boundary in region {
                for &(v, at) in boundary {
                    if let Written::Upper(k) = v {
                        upper.entry(k).or_default().push((r, at));
                    }
                }
            }
        }
        for (k, places) in &upper {
            let name = upper_name(*k);
            if places.len() > 2 {
                return error(
                    places[2].1,
                    format!(
                        "upper-case letter {name} occurs {} times in its land (at most twice)",
                        places.len()
                    ),
                );
            }
            if places.len() == 2 && places[0].0 == places[1].0 {
                return error(
                    places[1].1,
                    format!("upper-case letter {name} occurs twice in one region: a vertex met twice in one boundary is written in lower-case"),
                );
            }
        }
        let mut tree: Tree = Vec::with_capacity(land.len());
        for region in land {
            let mut out_region = Vec::with_capacity(region.len());
            for boundary in region {
                if boundary.len() > 1 {
                    if let Some(&(_, at)) = boundary
                        .iter()
                        .find(|(v, _)| matches!(v, Written::Digit(SPOT)))
                    {
                        return error(at, "an untouched spot 0 is always alone in its boundary");
                    }
                }
                let mut lower: std::collections::BTreeMap<usize, Vec<usize>> = Default::default();
                for &(v, at) in &boundary {
                    if let Written::Lower(k) = v {
                        lower.entry(k).or_default().push(at);
                    }
                }
                for (k, places) in &lower {
                    if places.len() != 2 {
                        let name = lower_name(*k);
                        return error(
                            places[0],
                            format!("lower-case letter {name} occurs {} time(s) in its boundary (exactly twice: a lower-case letter is a vertex met twice in the same boundary)", places.len()),
                        );
                    }
                }
                let symbols = boundary
                    .iter()
                    .map(|&(v, _)| match v {
                        Written::Digit(d) => d,
                        Written::Lower(k) => LOWER_FIRST + k as Sym,
                        Written::Upper(k) if upper[&k].len() == 1 => TWO,
                        Written::Upper(k) => UPPER_FIRST + k as Sym,
                    })
                    .collect();
                out_region.push(symbols);
            }
            tree.push(out_region);
        }
        out.push(tree);
    }
    Ok(WrittenPosition { lands: out })
}

fn lower_name(k: usize) -> String {
    if k < 12 {
        char::from(b'a' + k as u8).to_string()
    } else {
        format!("m({})", k + 1)
    }
}

fn upper_name(k: usize) -> String {
    if k < 25 {
        char::from(b'A' + k as u8).to_string()
    } else {
        format!("Z({})", k + 1)
    }
}

/// How letters are named in one written position: compact (`a`, `A`) unless one of them needs
/// the extended form (`m(13)`, `Z(26)`), and then all of that case are extended.
struct Names {
    extended_lower: bool,
    extended_upper: bool,
}

impl Names {
    fn of(mut symbols: impl Iterator<Item = Sym> + Clone) -> Names {
        Names {
            extended_lower: symbols
                .clone()
                .any(|s| is_lower(s) && s >= LOWER_FIRST + 12),
            extended_upper: symbols.any(|s| is_upper(s) && s >= UPPER_FIRST + 25),
        }
    }

    fn vertex(&self, out: &mut String, s: Sym) {
        match s {
            SPOT => out.push('0'),
            ONE => out.push('1'),
            TWO => out.push('2'),
            DEAD => out.push('3'),
            TEMP_FIRST => out.push('-'),
            TEMP_SECOND => out.push('='),
            NEW_VERTEX => out.push('#'),
            s if is_lower(s) && !self.extended_lower => {
                out.push(char::from(b'a' + (s - LOWER_FIRST) as u8))
            }
            s if is_lower(s) => out.push_str(&format!("m({})", s - LOWER_FIRST + 1)),
            s if is_upper(s) && !self.extended_upper => {
                out.push(char::from(b'A' + (s - UPPER_FIRST) as u8))
            }
            s => out.push_str(&format!("Z({})", s - UPPER_FIRST + 1)),
        }
    }

    /// One land in Glop 2.x's notation: regions joined by `|`, boundaries by `.`, two or more
    /// boundaries that are a lone spot each as `0*k`.
    fn glop2_land<'a, R>(&self, out: &mut String, regions: impl Iterator<Item = R>)
    where
        R: Iterator<Item = &'a [Sym]>,
    {
        for (r, region) in regions.enumerate() {
            if r > 0 {
                out.push('|');
            }
            let mut boundaries = region.peekable();
            let mut first = true;
            while let Some(boundary) = boundaries.next() {
                if !first {
                    out.push('.');
                }
                first = false;
                if boundary == [SPOT] {
                    let mut run = 1;
                    while boundaries.next_if(|b| *b == [SPOT]).is_some() {
                        run += 1;
                    }
                    if run >= 2 {
                        out.push_str(&format!("0*{run}"));
                        continue;
                    }
                }
                boundary.iter().for_each(|&s| self.vertex(out, s));
            }
        }
    }
}

/// Writes lands (as trees) in a notation. Names are compact unless one needs the extended form.
pub fn write_trees(lands: &[Tree], notation: Notation) -> String {
    if lands.is_empty() {
        return "!".to_string();
    }
    let names = Names::of(lands.iter().flatten().flatten().flatten().copied());
    let mut out = String::new();
    match notation {
        Notation::Glop10 => {
            for land in lands {
                for region in land {
                    for boundary in region {
                        boundary.iter().for_each(|&s| names.vertex(&mut out, s));
                        out.push('.');
                    }
                    out.push('}');
                }
                out.push(']');
            }
            out.push('!');
        }
        Notation::Glop2 => {
            for (l, land) in lands.iter().enumerate() {
                if l > 0 {
                    out.push('+');
                }
                let regions = land.iter().map(|region| region.iter().map(Vec::as_slice));
                names.glop2_land(&mut out, regions);
            }
        }
    }
    out
}

/// Appends `position` in Glop 2.x's notation to `out`, what `position.write(Notation::Glop2)`
/// gives, read in place from the flat lands: no tree and no string per position (the move
/// order compares these strings for many couples of every node).
pub fn append_glop2(position: &Position, out: &mut String) {
    let lands = position.lands();
    if lands.is_empty() {
        out.push('!');
        return;
    }
    let names = Names::of(lands.iter().flat_map(|land| land.symbols().iter().copied()));
    for (l, land) in lands.iter().enumerate() {
        if l > 0 {
            out.push('+');
        }
        names.glop2_land(out, land.regions());
    }
}

impl Land {
    pub fn write(&self, notation: Notation) -> String {
        write_trees(&[self.tree()], notation)
    }
}

impl Position {
    pub fn write(&self, notation: Notation) -> String {
        let trees: Vec<Tree> = self.lands().iter().map(Land::tree).collect();
        write_trees(&trees, notation)
    }

    /// Reads either notation and canonizes.
    pub fn parse(text: &str) -> Result<Position, ParseError> {
        parse_position(text)
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.write(Notation::Glop10))
    }
}

/// Converts a 2.x string to 1.0 by the textual rule of (no validation).
pub fn glop2_to_glop10(text: &str) -> String {
    if text == "!" {
        return "!".into();
    }
    let mut expanded = String::new();
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '0' && chars.get(i + 1) == Some(&'*') {
            let mut j = i + 2;
            let mut count = 0usize;
            while j < chars.len() && chars[j].is_ascii_digit() {
                count = count
                    .saturating_mul(10)
                    .saturating_add(chars[j] as usize - '0' as usize);
                j += 1;
            }
            expanded.push_str(&vec!["0"; count.min(10_000)].join("."));
            i = j;
        } else {
            expanded.push(chars[i]);
            i += 1;
        }
    }
    expanded.replace('|', ".}").replace('+', ".}]") + ".}]!"
}
