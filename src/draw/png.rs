//! A minimal PNG writer: 8-bit RGB rows, compressed with zlib (miniz_oxide). The pictures are
//! mostly white, so they shrink about a hundredfold; the TGA is the original's format.

use super::raster::Raster;
use super::Rgb;

pub fn encode(image: &Raster) -> Vec<u8> {
    let (w, h) = (image.width(), image.height());
    let mut raw = Vec::with_capacity((1 + 3 * w as usize) * h as usize);
    for row in image.pixels().chunks(w as usize) {
        raw.push(0); // filter type: none
        for &Rgb(r, g, b) in row {
            raw.extend_from_slice(&[r, g, b]);
        }
    }
    let mut out = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A];
    let mut header = Vec::with_capacity(13);
    header.extend_from_slice(&w.to_be_bytes());
    header.extend_from_slice(&h.to_be_bytes());
    header.extend_from_slice(&[8, 2, 0, 0, 0]); // depth 8, RGB, deflate, no filter, no interlace
    chunk(&mut out, b"IHDR", &header);
    chunk(
        &mut out,
        b"IDAT",
        &miniz_oxide::deflate::compress_to_vec_zlib(&raw, 6),
    );
    chunk(&mut out, b"IEND", &[]);
    out
}

fn chunk(out: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    out.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = out.len();
    out.extend_from_slice(kind);
    out.extend_from_slice(data);
    let crc = crc32(&out[start..]);
    out.extend_from_slice(&crc.to_be_bytes());
}

/// CRC-32 (the polynomial PNG and zip share), a byte at a time from a table made at compile
/// time: a site's module of a MB or two is checked in a few milliseconds.
pub fn crc32(data: &[u8]) -> u32 {
    !data.iter().fold(!0u32, |crc, &byte| {
        CRC_TABLE[((crc ^ byte as u32) & 0xFF) as usize] ^ (crc >> 8)
    })
}

const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut n = 0;
    while n < 256 {
        let mut crc = n as u32;
        let mut bit = 0;
        while bit < 8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
            bit += 1;
        }
        table[n] = crc;
        n += 1;
    }
    table
};
