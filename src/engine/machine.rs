//! What the machine can give: searches size their tables to it when the caller does not.

/// Bytes of memory the system could give now without swapping, where it says (Linux's
/// MemAvailable); None elsewhere (a browser, other systems).
pub fn available_bytes() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}
