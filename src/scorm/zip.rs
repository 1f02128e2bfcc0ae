//! A zip archive written in one go (PKWARE's APPNOTE, the parts every reader takes): each file
//! deflated (raw DEFLATE: miniz_oxide's for `add`; the page passes the browser's own to
//! `put_deflated`), or stored when that is no smaller, with its CRC-32; then the central
//! directory. No zip64: an archive stays far below 4 GiB and 65,535 files, and both refuse
//! what would not.

use crate::draw::png::crc32;

/// Most bytes one archive holds (under zip's 32-bit offsets, with room to spare).
pub const MOST_BYTES: usize = 1 << 31;

/// An archive being written.
#[derive(Default)]
pub struct Zip {
    out: Vec<u8>,
    directory: Vec<u8>,
    files: u16,
}

/// 1980-01-01 00:00 in DOS form: the same archive from the same files, whenever it is made.
const DOS_DATE: u16 = (1 << 5) | 1;
const DOS_TIME: u16 = 0;

impl Zip {
    pub fn new() -> Zip {
        Zip::default()
    }

    /// Adds a file under `path` (forward slashes, no leading `/` or `..`), deflated here.
    pub fn add(&mut self, path: &str, data: &[u8]) -> Result<(), String> {
        let deflated = miniz_oxide::deflate::compress_to_vec(data, 9);
        self.put_deflated(path, data, &deflated)
    }

    /// Adds a file under `path` whose raw DEFLATE form, `deflated`, was made elsewhere.
    pub fn put_deflated(&mut self, path: &str, data: &[u8], deflated: &[u8]) -> Result<(), String> {
        if path.is_empty()
            || path.starts_with('/')
            || path.split('/').any(|part| part.is_empty() || part == "..")
            || path.len() > 255
        {
            return Err(format!("\"{path}\" is no path inside an archive"));
        }
        if self.files == u16::MAX || self.out.len() + 2 * data.len() + 1024 > MOST_BYTES {
            return Err(format!("the archive would be over {} MB", MOST_BYTES >> 20));
        }
        let crc = crc32(data);
        let (method, body): (u16, &[u8]) = if deflated.len() < data.len() {
            (8, deflated)
        } else {
            (0, data)
        };
        let offset = self.out.len() as u32;
        let name = path.as_bytes();
        // The local header.
        put32(&mut self.out, 0x0403_4b50);
        put16(&mut self.out, 20); // version needed: 2.0 (deflate)
        put16(&mut self.out, 1 << 11); // names are UTF-8
        put16(&mut self.out, method);
        put16(&mut self.out, DOS_TIME);
        put16(&mut self.out, DOS_DATE);
        put32(&mut self.out, crc);
        put32(&mut self.out, body.len() as u32);
        put32(&mut self.out, data.len() as u32);
        put16(&mut self.out, name.len() as u16);
        put16(&mut self.out, 0);
        self.out.extend_from_slice(name);
        self.out.extend_from_slice(body);
        // Its entry in the central directory.
        let d = &mut self.directory;
        put32(d, 0x0201_4b50);
        put16(d, 20); // made by: 2.0, MS-DOS attributes
        put16(d, 20);
        put16(d, 1 << 11);
        put16(d, method);
        put16(d, DOS_TIME);
        put16(d, DOS_DATE);
        put32(d, crc);
        put32(d, body.len() as u32);
        put32(d, data.len() as u32);
        put16(d, name.len() as u16);
        put16(d, 0); // extra
        put16(d, 0); // comment
        put16(d, 0); // disk
        put16(d, 0); // internal attributes
        put32(d, 0); // external attributes
        put32(d, offset);
        d.extend_from_slice(name);
        self.files += 1;
        Ok(())
    }

    /// The archive's bytes.
    pub fn finish(mut self) -> Vec<u8> {
        let start = self.out.len() as u32;
        let size = self.directory.len() as u32;
        self.out.append(&mut self.directory);
        put32(&mut self.out, 0x0605_4b50);
        put16(&mut self.out, 0);
        put16(&mut self.out, 0);
        put16(&mut self.out, self.files);
        put16(&mut self.out, self.files);
        put32(&mut self.out, size);
        put32(&mut self.out, start);
        put16(&mut self.out, 0);
        self.out
    }
}

fn put16(out: &mut Vec<u8>, value: u16) {
    out.extend_from_slice(&value.to_le_bytes());
}

fn put32(out: &mut Vec<u8>, value: u32) {
    out.extend_from_slice(&value.to_le_bytes());
}
