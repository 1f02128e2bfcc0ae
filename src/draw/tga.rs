//! Uncompressed true-colour Truevision TGA: an 18-byte header, then B, G, R
//! pixels row by row from the top (descriptor 0x20). The reader also takes bottom-up files.

use super::raster::Raster;
use super::Rgb;

const HEADER_LEN: usize = 18;
const TRUE_COLOUR: u8 = 2;
const TOP_LEFT: u8 = 0x20;

/// The file bytes of `image`: 18 + 3·w·h bytes.
pub fn encode(image: &Raster) -> Vec<u8> {
    let (w, h) = (image.width(), image.height());
    let mut bytes = Vec::with_capacity(HEADER_LEN + 3 * image.pixels().len());
    bytes.extend_from_slice(&[0, 0, TRUE_COLOUR, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    bytes.extend_from_slice(&(w as u16).to_le_bytes());
    bytes.extend_from_slice(&(h as u16).to_le_bytes());
    bytes.extend_from_slice(&[24, TOP_LEFT]);
    for &Rgb(r, g, b) in image.pixels() {
        bytes.extend_from_slice(&[b, g, r]);
    }
    bytes
}

/// Reads an uncompressed 24-bit true-colour TGA, top-down or bottom-up.
pub fn decode(bytes: &[u8]) -> Result<Raster, String> {
    if bytes.len() < HEADER_LEN {
        return Err(format!(
            "a TGA file has an 18-byte header; this one has {} bytes",
            bytes.len()
        ));
    }
    let id_length = bytes[0] as usize;
    if bytes[1] != 0 || bytes[2] != TRUE_COLOUR {
        return Err(format!(
            "only uncompressed true-colour TGA (colour-map type 0, image type 2) is read; this file has {} and {}",
            bytes[1], bytes[2]
        ));
    }
    if bytes[16] != 24 {
        return Err(format!(
            "only 24-bit pixels are read; this file has {}-bit pixels",
            bytes[16]
        ));
    }
    let width = u16::from_le_bytes([bytes[12], bytes[13]]) as u32;
    let height = u16::from_le_bytes([bytes[14], bytes[15]]) as u32;
    let descriptor = bytes[17];
    if descriptor & 0x10 != 0 {
        return Err("right-to-left TGA files are not read".to_string());
    }
    let start = HEADER_LEN + id_length;
    let needed = 3 * (width as usize) * (height as usize);
    let data = bytes.get(start..start + needed).ok_or_else(|| {
        format!(
            "the TGA file is truncated: {width}×{height} pixels need {needed} bytes of pixel data"
        )
    })?;
    let mut pixels: Vec<Rgb> = data
        .chunks_exact(3)
        .map(|p| Rgb(p[2], p[1], p[0]))
        .collect();
    if descriptor & TOP_LEFT == 0 {
        let rows: Vec<Vec<Rgb>> = pixels
            .chunks(width as usize)
            .rev()
            .map(<[Rgb]>::to_vec)
            .collect();
        pixels = rows.concat();
    }
    Raster::from_pixels(width, height, pixels)
        .ok_or_else(|| "the TGA file has no pixels".to_string())
}
