//! gamelab's global allocator: small blocks come from free lists, one per size class.
//!
//! Sprouts' canonization makes and drops millions of small vectors (boundaries, regions, lands).
//! A general allocator (glibc's natively, dlmalloc in wasm) spends about a fifth of a search's
//! time on them; here a block of at most [`LARGEST`] bytes is popped from its class's list (or cut
//! from a chunk) and pushed back when freed, knowing its size from the caller. Anything larger,
//! or more strictly aligned, goes to the system allocator. Freed small blocks stay with their
//! class, so a class holds at most what it held at its peak.
//!
//! In wasm without threads there is one set of lists. Natively each thread has its own; a block
//! freed by another thread than the one that made it simply joins the freeing thread's lists,
//! and a thread that ends hands its lists to a shared pool that the others draw from when theirs
//! run dry, so the memory of ended threads is used again.

use std::alloc::{GlobalAlloc, Layout, System};
use std::ptr::null_mut;

/// Class step and alignment: every small block is a multiple of two words (16 bytes natively, 8
/// in wasm) and aligned to it.
const STEP: usize = 2 * size_of::<usize>();
/// The largest block served from the lists.
const LARGEST: usize = 512;
const CLASSES: usize = LARGEST / STEP;
/// Fresh small blocks are cut from chunks of this size taken from the system allocator.
const CHUNK: usize = 64 * 1024;

/// The class of a layout the lists serve, or None for the system allocator's.
fn class_of(layout: Layout) -> Option<usize> {
    let size = layout.size();
    (size <= LARGEST && layout.align() <= STEP).then(|| size.max(1).div_ceil(STEP) - 1)
}

fn class_size(class: usize) -> usize {
    (class + 1) * STEP
}

/// Free lists for every class, linked through each block's first word, and the unused rest of
/// the newest chunk.
struct Lists {
    heads: [*mut u8; CLASSES],
    /// The last block of each non-empty list (valid only while its head is not null).
    tails: [*mut u8; CLASSES],
    chunk_next: *mut u8,
    chunk_left: usize,
}

impl Lists {
    const fn new() -> Self {
        Lists {
            heads: [null_mut(); CLASSES],
            tails: [null_mut(); CLASSES],
            chunk_next: null_mut(),
            chunk_left: 0,
        }
    }

    /// Pops a block of the class, if its list has one.
    ///
    /// # Safety
    /// Every block on the lists is a free block of its class.
    unsafe fn pop(&mut self, class: usize) -> Option<*mut u8> {
        let head = self.heads[class];
        if head.is_null() {
            return None;
        }
        // SAFETY: a free block holds the next block's address in its first word.
        self.heads[class] = unsafe { head.cast::<*mut u8>().read() };
        Some(head)
    }

    /// # Safety
    /// `block` is a free block of the class, owned by no list.
    unsafe fn push(&mut self, block: *mut u8, class: usize) {
        if self.heads[class].is_null() {
            self.tails[class] = block;
        }
        // SAFETY: the block is free and at least one word long.
        unsafe { block.cast::<*mut u8>().write(self.heads[class]) };
        self.heads[class] = block;
    }

    /// Moves the other lists' blocks of one class onto this one's, in constant time.
    #[cfg_attr(
        all(target_arch = "wasm32", not(target_feature = "atomics")),
        expect(dead_code, reason = "one thread: no pool")
    )]
    fn take_class(&mut self, other: &mut Lists, class: usize) {
        let head = std::mem::replace(&mut other.heads[class], null_mut());
        if head.is_null() {
            return;
        }
        // SAFETY: the other list's tail is its last free block; it now links to this list.
        unsafe {
            other.tails[class]
                .cast::<*mut u8>()
                .write(self.heads[class])
        };
        if self.heads[class].is_null() {
            self.tails[class] = other.tails[class];
        }
        self.heads[class] = head;
    }

    /// Gives what is left of the chunk to the classes it fits, so that nothing is stranded.
    fn retire_chunk(&mut self) {
        while self.chunk_left >= STEP {
            let class = self.chunk_left.min(LARGEST) / STEP - 1;
            let block = self.chunk_next;
            // SAFETY: the block lies within the chunk's unused rest and is owned by no list.
            unsafe {
                self.chunk_next = block.add(class_size(class));
                self.push(block, class);
            }
            self.chunk_left -= class_size(class);
        }
    }

    /// A fresh block of the class cut from the chunk (a new one if the old is used up); null if
    /// the system has no memory left.
    #[cold]
    #[inline(never)]
    fn cut(&mut self, class: usize) -> *mut u8 {
        let size = class_size(class);
        if self.chunk_left < size {
            self.retire_chunk();
            // SAFETY: a valid, non-zero layout.
            let chunk = unsafe { System.alloc(Layout::from_size_align_unchecked(CHUNK, STEP)) };
            if chunk.is_null() {
                out_of_memory::refused(CHUNK);
                return null_mut();
            }
            self.chunk_next = chunk;
            self.chunk_left = CHUNK;
        }
        let block = self.chunk_next;
        // SAFETY: `size` bytes are left in the chunk.
        self.chunk_next = unsafe { block.add(size) };
        self.chunk_left -= size;
        block
    }
}

/// The global allocator (installed in lib.rs).
pub struct SmallAlloc;

// The lists' fast paths are left for the compiler to inline where vectors grow and drop: calling
// them instead made the site's wasm 60 KB smaller but its searches 13 % slower.
unsafe impl GlobalAlloc for SmallAlloc {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        match class_of(layout) {
            Some(class) => lists::alloc(class),
            None => refused_if_null(unsafe { System.alloc(layout) }, layout.size()),
        }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        match class_of(layout) {
            // SAFETY: the block was handed out for this class and is free from now on.
            Some(class) => unsafe { lists::free(ptr, class) },
            None => unsafe { System.dealloc(ptr, layout) },
        }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller's layout is valid and `new_size` keeps it valid.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        match (class_of(layout), class_of(new_layout)) {
            (Some(old), Some(new)) if old == new => ptr,
            (None, None) => {
                refused_if_null(unsafe { System.realloc(ptr, layout, new_size) }, new_size)
            }
            _ => {
                let moved = unsafe { self.alloc(new_layout) };
                if !moved.is_null() {
                    // SAFETY: both blocks hold at least this many bytes and do not overlap.
                    unsafe {
                        std::ptr::copy_nonoverlapping(ptr, moved, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                }
                moved
            }
        }
    }
}

/// Passes `block` on, unless the system refused the memory (null): then `out_of_memory`.
#[inline(always)]
fn refused_if_null(block: *mut u8, size: usize) -> *mut u8 {
    if block.is_null() {
        out_of_memory::refused(size);
    }
    block
}

/// When the system refuses memory, Rust aborts with a bare "memory allocation failed". Natively
/// gamelab says instead what ran out and ends with exit status 3 (a budget: the machine's);
/// in the page a hook the page sets (a notice in every game) runs before the module stops.
/// Either happens once: a second refusal (the message itself failing) aborts as before.
pub mod out_of_memory {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

    static HAPPENED: AtomicBool = AtomicBool::new(false);
    /// The page's hook, as a `fn(usize)` (0: none).
    static HOOK: AtomicUsize = AtomicUsize::new(0);

    /// Sets what runs when the system refuses memory (the page: a notice in every game).
    pub fn set_hook(hook: fn(usize)) {
        HOOK.store(hook as usize, Ordering::Relaxed);
    }

    #[cold]
    pub(super) fn refused(size: usize) {
        if HAPPENED.swap(true, Ordering::Relaxed) {
            return;
        }
        match HOOK.load(Ordering::Relaxed) {
            0 => {
                #[cfg(unix)]
                say_and_exit(size);
            }
            hook => {
                // SAFETY: only `set_hook` stores here, and it stores a `fn(usize)`.
                let hook: fn(usize) = unsafe { std::mem::transmute::<usize, fn(usize)>(hook) };
                hook(size);
            }
        }
    }

    /// Writes the message with no allocation (the heap is what failed) and exits with 3.
    #[cfg(unix)]
    fn say_and_exit(size: usize) {
        extern "C" {
            fn write(fd: i32, buf: *const u8, count: usize) -> isize;
            fn _exit(status: i32) -> !;
        }
        let mut line = [0u8; 160];
        let mut len = 0;
        let mut put = |bytes: &[u8]| {
            let n = bytes.len().min(line.len() - len);
            line[len..len + n].copy_from_slice(&bytes[..n]);
            len += n;
        };
        put(b"gamelab: out of memory: the system refused ");
        let mib = size.div_ceil(1 << 20);
        let mut digits = [0u8; 20];
        let mut at = digits.len();
        let mut n = mib;
        loop {
            at -= 1;
            digits[at] = b'0' + (n % 10) as u8;
            n /= 10;
            if n == 0 {
                break;
            }
        }
        put(&digits[at..]);
        put(b" MiB more; give the work a smaller budget or input\n");
        // SAFETY: `line` holds `len` initialised bytes; _exit ends the process at once (no
        // handlers that could allocate).
        unsafe {
            write(2, line.as_ptr(), len);
            _exit(3);
        }
    }
}

/// One set of lists: a wasm module without threads runs on one thread, so no call can overlap
/// another (each Web Worker has its own memory and its own lists).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
mod lists {
    use super::Lists;
    use std::cell::UnsafeCell;

    struct Only(UnsafeCell<Lists>);
    // SAFETY: single-threaded wasm (above).
    unsafe impl Sync for Only {}
    static LISTS: Only = Only(UnsafeCell::new(Lists::new()));

    pub(super) fn alloc(class: usize) -> *mut u8 {
        // SAFETY: one thread, and nothing below re-enters the allocator's lists.
        let lists = unsafe { &mut *LISTS.0.get() };
        unsafe { lists.pop(class) }.unwrap_or_else(|| lists.cut(class))
    }

    /// # Safety
    /// `block` was handed out for this class and is free from now on.
    pub(super) unsafe fn free(block: *mut u8, class: usize) {
        // SAFETY: as in `alloc`.
        unsafe { (*LISTS.0.get()).push(block, class) }
    }
}

/// Each thread's own lists, and a pool of the lists of threads that ended.
#[cfg(not(all(target_arch = "wasm32", not(target_feature = "atomics"))))]
mod lists {
    use super::{Lists, CLASSES};
    use std::cell::UnsafeCell;
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::Mutex;

    struct Pool(Lists);
    // SAFETY: the pool's blocks belong to no thread; the mutex guards them.
    unsafe impl Send for Pool {}
    static POOL: Mutex<Pool> = Mutex::new(Pool(Lists::new()));
    /// Whether the pool may hold blocks of a class, so that a thread whose list is empty takes
    /// the lock only when there is something to take.
    static POOL_HAS: [AtomicBool; CLASSES] = [const { AtomicBool::new(false) }; CLASSES];

    struct ThreadLists(UnsafeCell<Lists>);

    impl Drop for ThreadLists {
        fn drop(&mut self) {
            let lists = self.0.get_mut();
            lists.retire_chunk();
            let mut pool = pool();
            for (class, pool_has) in POOL_HAS.iter().enumerate() {
                if !lists.heads[class].is_null() {
                    pool.0.take_class(lists, class);
                    pool_has.store(true, Ordering::Release);
                }
            }
        }
    }

    thread_local! {
        static LISTS: ThreadLists = const { ThreadLists(UnsafeCell::new(Lists::new())) };
    }

    /// The pool; a poisoned lock (a panic elsewhere while it was held cannot happen: nothing
    /// under it panics) is taken as it is.
    fn pool() -> std::sync::MutexGuard<'static, Pool> {
        POOL.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Refills an empty class from the pool, or cuts a fresh block.
    fn refill(lists: &mut Lists, class: usize) -> *mut u8 {
        if POOL_HAS[class].load(Ordering::Acquire) {
            let mut pool = pool();
            lists.take_class(&mut pool.0, class);
            POOL_HAS[class].store(false, Ordering::Release);
            drop(pool);
            // SAFETY: the pool's blocks are free blocks of their class.
            if let Some(block) = unsafe { lists.pop(class) } {
                return block;
            }
        }
        lists.cut(class)
    }

    pub(super) fn alloc(class: usize) -> *mut u8 {
        LISTS
            .try_with(|own| {
                // SAFETY: the thread's own lists; nothing below re-enters them.
                let lists = unsafe { &mut *own.0.get() };
                unsafe { lists.pop(class) }.unwrap_or_else(|| refill(lists, class))
            })
            // The thread's lists are gone (it is ending): serve from the pool.
            .unwrap_or_else(|_| {
                let mut pool = pool();
                unsafe { pool.0.pop(class) }.unwrap_or_else(|| pool.0.cut(class))
            })
    }

    /// # Safety
    /// `block` was handed out for this class and is free from now on.
    pub(super) unsafe fn free(block: *mut u8, class: usize) {
        let kept = LISTS.try_with(|own| {
            // SAFETY: as in `alloc`; the block is free.
            unsafe { (*own.0.get()).push(block, class) }
        });
        if kept.is_err() {
            let mut pool = pool();
            // SAFETY: the block is free; the pool takes it.
            unsafe { pool.0.push(block, class) };
            POOL_HAS[class].store(true, Ordering::Release);
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn classes_cover_small_layouts_only() {
        let layout = |size, align| Layout::from_size_align(size, align).unwrap();
        assert_eq!(class_of(layout(0, 1)), Some(0));
        assert_eq!(class_of(layout(STEP, 1)), Some(0));
        assert_eq!(class_of(layout(STEP + 1, 1)), Some(1));
        assert_eq!(class_of(layout(LARGEST, STEP)), Some(CLASSES - 1));
        assert_eq!(class_of(layout(LARGEST + 1, 1)), None);
        assert_eq!(class_of(layout(8, 2 * STEP)), None);
        for size in 1..=LARGEST {
            assert!(class_size(class_of(layout(size, 1)).unwrap()) >= size);
        }
    }

    /// A vector whose bytes say who made it, so that any block handed out twice shows.
    fn marked(seed: usize, len: usize) -> Vec<u8> {
        (0..len).map(|i| (seed * 31 + i) as u8).collect()
    }

    fn intact(v: &[u8], seed: usize) -> bool {
        v.iter()
            .enumerate()
            .all(|(i, &b)| b == (seed * 31 + i) as u8)
    }

    #[test]
    fn blocks_survive_growth_and_other_threads() {
        // Vectors grow through every class and past the largest (realloc), are sent to another
        // thread that checks and frees them, and threads end and start again (the pool).
        for round in 0..4 {
            let (send, receive) = mpsc::channel::<(usize, Vec<u8>)>();
            let makers: Vec<_> = (0..3)
                .map(|maker| {
                    let send = send.clone();
                    std::thread::spawn(move || {
                        for k in 0..3000 {
                            let seed = (round * 3 + maker) * 10_000 + k;
                            let len = (seed * 7919) % (LARGEST + 200);
                            let mut v = Vec::new();
                            for b in marked(seed, len) {
                                v.push(b);
                            }
                            send.send((seed, v)).unwrap();
                        }
                    })
                })
                .collect();
            drop(send);
            let checker = std::thread::spawn(move || {
                let mut kept = Vec::new();
                for (seed, v) in receive {
                    assert!(intact(&v, seed), "block of {seed} overwritten");
                    kept.push((seed, v));
                    if kept.len() > 64 {
                        let (seed, v) = kept.swap_remove(seed % 64);
                        assert!(intact(&v, seed), "block of {seed} overwritten while held");
                    }
                }
                kept.iter().all(|(seed, v)| intact(v, *seed))
            });
            for maker in makers {
                maker.join().unwrap();
            }
            assert!(checker.join().unwrap());
        }
    }
}
