//! Asking Linux for 2 MiB pages under the transposition table. A big table is probed at random,
//! so with 4 KiB pages nearly every probe also misses the TLB and walks the page tables; with
//! huge pages (transparent huge pages in "madvise" mode, as on this project's machines) the 4 × 4
//! solve runs markedly faster. Elsewhere (other systems, wasm) this does nothing.

/// Advises huge pages for the whole of `v`'s reserved, still untouched capacity: the advice has
/// to come before the first write, which is what places the pages.
#[cfg(target_os = "linux")]
pub fn advise<T>(v: &mut Vec<T>) {
    const HUGE: usize = 2 << 20;
    const MADV_HUGEPAGE: i32 = 14;
    extern "C" {
        fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
    }
    let bytes = v.capacity() * std::mem::size_of::<T>();
    let begin = v.as_mut_ptr() as usize;
    // Only whole huge pages inside the allocation.
    let start = begin.next_multiple_of(HUGE);
    let end = (begin + bytes) / HUGE * HUGE;
    if end > start {
        // SAFETY: the range lies inside `v`'s own allocation, and MADV_HUGEPAGE only changes
        // how the kernel backs those pages, never their contents; a refusal is harmless (the
        // table is just slower), so the result is not checked.
        unsafe {
            madvise(start as *mut std::ffi::c_void, end - start, MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
pub fn advise<T>(_v: &mut Vec<T>) {}
