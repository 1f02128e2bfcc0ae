//! The table's memory: taken zeroed from the system, so that a big table costs nothing until
//! the search touches it (the pages are zero-filled by the kernel as they are first written,
//! under the search's own budget), and refused with a message rather than an abort when the
//! system has not that much to give.
//!
//! On Linux the memory is an anonymous mapping with 2 MiB pages advised: a big table is probed
//! at random, so with 4 KiB pages nearly every probe also misses the TLB and walks the page
//! tables; with huge pages (transparent huge pages in "madvise" mode, as on this project's
//! machines) the 4 × 4 solve runs markedly faster. Elsewhere (wasm, other systems) it comes from
//! the global allocator, zeroed.

use std::ptr::NonNull;

/// A fixed-length slice of `T` that starts zeroed. `T` must be plain data for which all-zero
/// bytes are a valid value (the table's buckets are integers only).
pub struct Zeroed<T: Copy> {
    ptr: NonNull<T>,
    len: usize,
}

// SAFETY: `Zeroed` owns its memory as a `Vec` would; `T: Copy` holds no references to share.
unsafe impl<T: Copy + Send> Send for Zeroed<T> {}
unsafe impl<T: Copy + Sync> Sync for Zeroed<T> {}

impl<T: Copy> Zeroed<T> {
    /// `len` zeroed values, or a message when the system refuses the memory.
    ///
    /// # Safety
    /// All-zero bytes must be a valid `T`.
    pub unsafe fn new(len: usize) -> Result<Zeroed<T>, String> {
        let bytes = len
            .checked_mul(size_of::<T>())
            .filter(|&b| b > 0 && b <= isize::MAX as usize)
            .ok_or_else(|| format!("a table of {len} entries cannot be addressed"))?;
        let ptr = system::allocate(bytes, align_of::<T>()).ok_or_else(|| {
            format!(
                "the system refused {} MiB for the table",
                bytes.div_ceil(1 << 20)
            )
        })?;
        Ok(Zeroed {
            ptr: ptr.cast(),
            len,
        })
    }
}

impl<T: Copy> std::ops::Deref for Zeroed<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // SAFETY: `ptr` holds `len` initialised (zeroed or written) values for self's lifetime.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Copy> std::ops::DerefMut for Zeroed<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        // SAFETY: as in `deref`, and `&mut self` makes the access unique.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T: Copy> Drop for Zeroed<T> {
    fn drop(&mut self) {
        // SAFETY: the memory came from `system::allocate` with these very arguments.
        unsafe { system::free(self.ptr.cast(), self.len * size_of::<T>(), align_of::<T>()) }
    }
}

#[cfg(target_os = "linux")]
mod system {
    use std::ffi::c_void;
    use std::ptr::NonNull;

    const PROT_READ: i32 = 1;
    const PROT_WRITE: i32 = 2;
    const MAP_PRIVATE: i32 = 2;
    const MAP_ANONYMOUS: i32 = 0x20;
    const MAP_FAILED: *mut c_void = !0 as *mut c_void;
    const MADV_HUGEPAGE: i32 = 14;
    const HUGE: usize = 2 << 20;

    extern "C" {
        fn mmap(
            addr: *mut c_void,
            len: usize,
            prot: i32,
            flags: i32,
            fd: i32,
            off: i64,
        ) -> *mut c_void;
        fn munmap(addr: *mut c_void, len: usize) -> i32;
        fn madvise(addr: *mut c_void, len: usize, advice: i32) -> i32;
    }

    /// Fresh zero pages (page-aligned, which covers any alignment a table asks for).
    pub fn allocate(bytes: usize, _align: usize) -> Option<NonNull<u8>> {
        // SAFETY: an anonymous private mapping touches no existing memory; failure is checked.
        let at = unsafe {
            mmap(
                std::ptr::null_mut(),
                bytes,
                PROT_READ | PROT_WRITE,
                MAP_PRIVATE | MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if at == MAP_FAILED {
            return None;
        }
        // Only whole huge pages inside the mapping; the advice comes before the first write,
        // which is what places the pages. A refusal is harmless (the table is just slower).
        let start = (at as usize).next_multiple_of(HUGE);
        let end = (at as usize + bytes) / HUGE * HUGE;
        if end > start {
            // SAFETY: the range lies inside the mapping just made; the advice changes only how
            // the kernel backs it, never its contents.
            unsafe { madvise(start as *mut c_void, end - start, MADV_HUGEPAGE) };
        }
        NonNull::new(at.cast())
    }

    /// # Safety
    /// `ptr` and `bytes` are those of one earlier `allocate`.
    pub unsafe fn free(ptr: NonNull<u8>, bytes: usize, _align: usize) {
        munmap(ptr.as_ptr().cast(), bytes);
    }
}

#[cfg(not(target_os = "linux"))]
mod system {
    use std::alloc::{alloc_zeroed, dealloc, Layout};
    use std::ptr::NonNull;

    pub fn allocate(bytes: usize, align: usize) -> Option<NonNull<u8>> {
        let layout = Layout::from_size_align(bytes, align).ok()?;
        // SAFETY: the layout is non-zero in size (checked by the caller); null is checked.
        NonNull::new(unsafe { alloc_zeroed(layout) })
    }

    /// # Safety
    /// `ptr`, `bytes` and `align` are those of one earlier `allocate`.
    pub unsafe fn free(ptr: NonNull<u8>, bytes: usize, align: usize) {
        dealloc(
            ptr.as_ptr(),
            Layout::from_size_align_unchecked(bytes, align),
        );
    }
}
