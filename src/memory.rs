//! Memory the allocator has freed but still holds, given back to the
//! system between the big steps of a build. glibc's malloc keeps freed
//! pages of its arenas resident; after the loaded pages are dropped, or a
//! search bundle is built, that is hundreds of MB at 100 times the vchess
//! corpus, which the next step does not reuse (its allocations come from
//! other threads' arenas), so the process's peak grew by it.

/// Below this much freed memory held, nothing is given back: trimming
/// walks every arena (with the consolidation it forces, 5% of a clean
/// corpus build's CPU time, where the freed memory is a few MB).
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const WORTH_RELEASING: usize = 64 << 20;

/// Returns freed memory to the system (`malloc_trim`) when the allocator
/// holds at least [`WORTH_RELEASING`] of it; a no-op elsewhere than glibc.
pub fn release_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallinfo2 only reads the allocator's counters; malloc_trim
    // only hands whole free pages back to the kernel, it does not touch
    // memory in use.
    unsafe {
        if libc::mallinfo2().fordblks >= WORTH_RELEASING {
            libc::malloc_trim(0);
        }
    }
}
