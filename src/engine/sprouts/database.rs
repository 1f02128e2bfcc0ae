//! The database of losing couples (land → nimber): a compact open-addressing table
//! (about 40–90 bytes a couple: two bytes a symbol), `.spr` text files, merging with a
//! coherence check, filters.

use std::collections::HashMap;
use std::fmt;

use super::children::check_computable;
use super::notation::{parse_written, Notation};
use super::position::Land;
use super::symbols::{words, Sym};
use crate::engine::stop::Stop;

/// Glop 2.2's header line for a nimber database.
pub const SPR_HEADER: &str = "[Positions+Nimber]";
/// gamelab's version line (a comment for other readers).
pub const SPR_VERSION_LINE: &str = "# gamelab sprouts database, version 1";
/// Nimbers above this are an error (as in Glop).
pub const MAX_NIMBER: u8 = 250;

/// Losing couples: each stored land has exactly one nimber.
#[derive(Clone, Default)]
pub struct Database {
    /// Entries back to back: the length (two symbols, low half first), the land's flat symbols,
    /// the nimber.
    arena: Vec<Sym>,
    /// Open addressing: 0 is empty, otherwise an entry's offset in `arena` plus one.
    slots: Vec<u32>,
    count: usize,
}

impl fmt::Debug for Database {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Database({} couples)", self.count)
    }
}

fn hash(symbols: &[Sym]) -> u64 {
    // FxHash-style: fast, and good enough for keys that are never adversarial.
    let mut h: u64 = symbols.len() as u64;
    for word in words(symbols) {
        h = (h.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    h ^ (h >> 29)
}

/// A couple already stored with another nimber.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Disagreement {
    pub stored: u8,
    pub offered: u8,
}

impl Database {
    pub fn new() -> Database {
        Database::default()
    }

    pub fn len(&self) -> usize {
        self.count
    }

    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Bytes held by the table and its entries.
    pub fn memory_bytes(&self) -> usize {
        self.arena.capacity() * std::mem::size_of::<Sym>()
            + self.slots.capacity() * 4
            + std::mem::size_of::<Self>()
    }

    fn entry(&self, offset: usize) -> (&[Sym], u8) {
        let len = self.arena[offset] as usize | (self.arena[offset + 1] as usize) << 16;
        let symbols = &self.arena[offset + 2..offset + 2 + len];
        (symbols, self.arena[offset + 2 + len] as u8)
    }

    /// The slot holding `symbols`, or the empty slot where they would go.
    fn find_slot(&self, symbols: &[Sym]) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = hash(symbols) as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 || self.entry(slot as usize - 1).0 == symbols {
                return i;
            }
            i = (i + 1) & mask;
        }
    }

    /// The nimber of a land, if stored.
    pub fn get(&self, land: &Land) -> Option<u8> {
        self.get_symbols(land.symbols())
    }

    pub fn get_symbols(&self, symbols: &[Sym]) -> Option<u8> {
        if self.slots.is_empty() {
            return None;
        }
        match self.slots[self.find_slot(symbols)] {
            0 => None,
            slot => Some(self.entry(slot as usize - 1).1),
        }
    }

    pub fn contains(&self, land: &Land) -> bool {
        self.get(land).is_some()
    }

    /// Stores (land → nimber). `Ok(true)` if new, `Ok(false)` if already there with this nimber,
    /// `Err` (and no change) if it is stored with another nimber.
    pub fn insert(&mut self, land: &Land, nimber: u8) -> Result<bool, Disagreement> {
        let symbols = land.symbols();
        if (self.count + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let i = self.find_slot(symbols);
        if self.slots[i] != 0 {
            let stored = self.entry(self.slots[i] as usize - 1).1;
            return if stored == nimber {
                Ok(false)
            } else {
                Err(Disagreement {
                    stored,
                    offered: nimber,
                })
            };
        }
        let offset = self.arena.len();
        let len = symbols.len() as u32;
        self.arena
            .extend_from_slice(&[len as Sym, (len >> 16) as Sym]);
        self.arena.extend_from_slice(symbols);
        self.arena.push(nimber as Sym);
        self.slots[i] = offset as u32 + 1;
        self.count += 1;
        Ok(true)
    }

    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(64);
        self.slots = vec![0; size];
        let mut offset = 0;
        while offset < self.arena.len() {
            let (symbols, _) = self.entry(offset);
            let len = symbols.len();
            let i = self.find_slot(&self.arena[offset + 2..offset + 2 + len]);
            self.slots[i] = offset as u32 + 1;
            offset += len + 3;
        }
    }

    /// Every couple in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (Land, u8)> + '_ {
        self.raw_iter()
            .filter_map(|(symbols, n)| Land::from_flat(symbols).map(|land| (land, n)))
    }

    fn raw_iter(&self) -> impl Iterator<Item = (&[Sym], u8)> + '_ {
        let mut offset = 0;
        std::iter::from_fn(move || {
            if offset >= self.arena.len() {
                return None;
            }
            let (symbols, n) = self.entry(offset);
            offset += symbols.len() + 3;
            Some((symbols, n))
        })
    }

    pub fn clear(&mut self) {
        *self = Database::new();
    }

    /// The base without the given couples (those a check refuted), and how many were removed.
    pub fn without(&self, refuted: &[(Land, u8)]) -> (Database, usize) {
        let mut out = Database::new();
        let mut removed = 0;
        for (land, n) in self.iter() {
            if refuted.iter().any(|(l, m)| *l == land && *m == n) {
                removed += 1;
            } else {
                let _ = out.insert(&land, n);
            }
        }
        (out, removed)
    }

    /// The couples that pass a filter, as a new database.
    pub fn filtered(&self, filter: &Filter) -> Database {
        let mut out = Database::new();
        for (land, n) in self.iter() {
            if filter.keeps(&land, n) {
                let _ = out.insert(&land, n);
            }
        }
        out
    }

    /// The `.spr` text: header, version line, one `position nimber` per line (2.x notation).
    pub fn to_spr(&self) -> String {
        let mut out = String::with_capacity(self.count * 32 + 64);
        out.push_str(SPR_HEADER);
        out.push('\n');
        out.push_str(SPR_VERSION_LINE);
        out.push('\n');
        for (land, n) in self.iter() {
            out.push_str(&land.write(Notation::Glop2));
            out.push(' ');
            out.push_str(&n.to_string());
            out.push('\n');
        }
        out
    }

    /// Loads one or several `.spr` files into this base (load = merge). Every file is
    /// read and every couple compared with the base and with the other files first; on any
    /// error or disagreement nothing changes.
    pub fn merge(&mut self, files: &[(&str, &str)]) -> Result<MergeReport, MergeError> {
        self.merge_until(files, &Stop::never())
    }

    /// The same, giving up (nothing changed) when `stop` asks: a file of millions of lines
    /// takes seconds to read.
    pub fn merge_until(
        &mut self,
        files: &[(&str, &str)],
        stop: &Stop,
    ) -> Result<MergeReport, MergeError> {
        let mut incoming: Vec<(usize, Land, u8)> = Vec::new();
        let mut read = vec![0; files.len()];
        for (f, (name, text)) in files.iter().enumerate() {
            let entries = parse_spr_until(text, stop)
                .map_err(|error| MergeError::File {
                    file: name.to_string(),
                    error,
                })?
                .ok_or(MergeError::Stopped)?;
            read[f] = entries.len();
            for entry in entries {
                incoming.extend(entry.as_written.map(|land| (f, land, entry.nimber)));
                incoming.push((f, entry.land, entry.nimber));
            }
        }
        let mut seen: HashMap<&Land, (usize, u8)> = HashMap::new();
        let mut conflicts = Vec::new();
        for (i, (f, land, n)) in incoming.iter().enumerate() {
            if i % STOP_EVERY_LINES == 0 && stop.requested() {
                return Err(MergeError::Stopped);
            }
            if let Some(stored) = self.get(land) {
                if stored != *n {
                    conflicts.push(Conflict {
                        position: land.write(Notation::Glop2),
                        first: ("main base".into(), stored),
                        second: (files[*f].0.into(), *n),
                    });
                    continue;
                }
            }
            match seen.get(land) {
                Some(&(g, m)) if m != *n => conflicts.push(Conflict {
                    position: land.write(Notation::Glop2),
                    first: (files[g].0.into(), m),
                    second: (files[*f].0.into(), *n),
                }),
                Some(_) => {}
                None => {
                    seen.insert(land, (*f, *n));
                }
            }
        }
        if !conflicts.is_empty() {
            return Err(MergeError::Conflicts(conflicts));
        }
        let mut report = MergeReport { read, added: 0 };
        for (_, land, n) in &incoming {
            if let Ok(true) = self.insert(land, *n) {
                report.added += 1;
            }
        }
        Ok(report)
    }

    /// A base made of the couples of one `.spr` text; a text that gives one position two
    /// nimbers is refused, as `merge` refuses it.
    pub fn from_spr(text: &str) -> Result<Database, MergeError> {
        let mut db = Database::new();
        db.merge(&[("the base", text)])?;
        Ok(db)
    }
}

/// Which couples a filter keeps; `None` bounds are open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    pub lives_min: Option<u32>,
    pub lives_max: Option<u32>,
    pub nimber_min: Option<u8>,
    pub nimber_max: Option<u8>,
}

impl Filter {
    pub fn keeps(&self, land: &Land, nimber: u8) -> bool {
        let lives = land.lives();
        self.lives_min.is_none_or(|m| lives >= m)
            && self.lives_max.is_none_or(|m| lives <= m)
            && self.nimber_min.is_none_or(|m| nimber >= m)
            && self.nimber_max.is_none_or(|m| nimber <= m)
    }
}

/// What a successful merge did: couples (lines) read from each file, couples new to the base
/// (a line whose written form differs from our canonical form adds both).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MergeReport {
    pub read: Vec<usize>,
    pub added: usize,
}

/// One position with two different nimbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    pub position: String,
    pub first: (String, u8),
    pub second: (String, u8),
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.first.0 == self.second.0 {
            return write!(
                f,
                "{}: nimber {} and nimber {} both in {}",
                self.position, self.first.1, self.second.1, self.first.0
            );
        }
        write!(
            f,
            "{}: nimber {} in {} but {} in {}",
            self.position, self.first.1, self.first.0, self.second.1, self.second.0
        )
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MergeError {
    File {
        file: String,
        error: SprError,
    },
    Conflicts(Vec<Conflict>),
    /// The caller's `Stop` asked before the files were read.
    Stopped,
}

impl fmt::Display for MergeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MergeError::File { file, error } => write!(f, "{file}: {error}; nothing was loaded"),
            MergeError::Conflicts(list) => {
                write!(
                    f,
                    "the bases disagree on {} position(s); nothing was loaded:",
                    list.len()
                )?;
                for c in list {
                    write!(f, "\n  {c}")?;
                }
                Ok(())
            }
            MergeError::Stopped => {
                f.write_str("stopped before the bases were read; nothing was loaded")
            }
        }
    }
}

/// A `.spr` text that is not a valid database: the line (1-based) and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SprError {
    pub line: usize,
    pub message: String,
}

impl fmt::Display for SprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// One line of a `.spr` file: the land in our canonical form, the land exactly as written when
/// that differs (Glop's canonizer is not idempotent, so both may be met), and the nimber.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SprEntry {
    pub land: Land,
    pub as_written: Option<Land>,
    pub nimber: u8,
}

/// Lines read between looks at a `Stop`.
const STOP_EVERY_LINES: usize = 1024;

/// Reads a `.spr` text into couples (single lands).
pub fn parse_spr(text: &str) -> Result<Vec<SprEntry>, SprError> {
    Ok(parse_spr_until(text, &Stop::never())?.unwrap_or_default())
}

/// The same, or `None` when `stop` asks first.
pub fn parse_spr_until(text: &str, stop: &Stop) -> Result<Option<Vec<SprEntry>>, SprError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut lines = text.lines().enumerate();
    let fail = |line: usize, message: String| {
        Err(SprError {
            line: line + 1,
            message,
        })
    };
    match lines.next() {
        Some((_, header)) if header.trim() == SPR_HEADER => {}
        Some((i, header)) => {
            let shown: String = header.chars().take(40).collect();
            return fail(i, format!("not a Sprouts nimber database: the first line should be {SPR_HEADER}, found '{shown}'"));
        }
        None => {
            return fail(
                0,
                format!("empty file: a Sprouts nimber database starts with {SPR_HEADER}"),
            )
        }
    }
    let mut out = Vec::new();
    for (i, line) in lines {
        if i % STOP_EVERY_LINES == 0 && stop.requested() {
            return Ok(None);
        }
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        if let Some(comment) = line.strip_prefix('#') {
            if let Some(version) = comment
                .trim()
                .strip_prefix("gamelab sprouts database, version ")
            {
                if version.trim() != "1" {
                    return fail(
                        i,
                        format!(
                            "database version {} is newer than this program reads (1)",
                            version.trim()
                        ),
                    );
                }
            }
            continue;
        }
        let Some((text, nimber)) = line.rsplit_once(char::is_whitespace) else {
            return fail(i, "expected 'position nimber'".into());
        };
        let nimber: u8 = match nimber.parse::<u16>() {
            Ok(n) if n <= MAX_NIMBER as u16 => n as u8,
            _ => {
                return fail(
                    i,
                    format!("'{nimber}' is not a nimber from 0 to {MAX_NIMBER}"),
                )
            }
        };
        let written = match parse_written(text.trim()) {
            Ok(p) => p,
            Err(e) => return fail(i, format!("invalid position: {e}")),
        };
        let position = match written.canonical() {
            Ok(p) => p,
            Err(e) => return fail(i, format!("invalid position: {e}")),
        };
        if let Err(e) = check_computable(&position) {
            return fail(i, e.0);
        }
        match position.lands() {
            [] if nimber == 0 => {}
            [] => return fail(i, format!("the empty position has nimber 0, not {nimber}")),
            [land] => {
                let literal = written.literal();
                let as_written = match literal.lands() {
                    [same] if same == land => None,
                    [other] => Some(other.clone()),
                    _ => None,
                };
                out.push(SprEntry {
                    land: land.clone(),
                    as_written,
                    nimber,
                });
            }
            _ => {
                return fail(
                    i,
                    "a database entry is a single land (this position has several)".into(),
                )
            }
        }
    }
    Ok(Some(out))
}
