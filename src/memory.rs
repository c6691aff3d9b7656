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
    {
        // Asking glibc how much it holds free (`mallinfo2`) is itself a
        // walk of every arena's bins, after consolidating them: about 3%
        // of a clean corpus build's CPU time. The process cannot hold
        // WORTH_RELEASING freed bytes without being resident for at least
        // that much, which one read of /proc tells far more cheaply.
        if resident_bytes().is_some_and(|rss| rss < WORTH_RELEASING) {
            return;
        }
        // SAFETY: mallinfo2 only reads the allocator's counters; malloc_trim
        // only hands whole free pages back to the kernel, it does not touch
        // memory in use.
        unsafe {
            if libc::mallinfo2().fordblks >= WORTH_RELEASING {
                libc::malloc_trim(0);
            }
        }
    }
}

/// The process's resident size, from `/proc/self/statm` (its second field,
/// in pages); `None` where that cannot be read.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn resident_bytes() -> Option<usize> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: usize = statm.split_whitespace().nth(1)?.parse().ok()?;
    // SAFETY: sysconf only reads a system constant.
    let page = unsafe { libc::sysconf(libc::_SC_PAGESIZE) };
    Some(pages * usize::try_from(page).ok().filter(|&p| p > 0)?)
}

#[cfg(all(test, target_os = "linux", target_env = "gnu"))]
mod tests {
    #[test]
    fn the_resident_size_is_read_and_holds_what_was_touched() {
        let before = super::resident_bytes().expect("statm is readable on Linux");
        // Touch 32 MB so that it is resident: the reading must grow by it.
        let block = vec![1u8; 32 << 20];
        let after = super::resident_bytes().unwrap();
        assert!(block.iter().step_by(4096).all(|&b| b == 1));
        assert!(
            after >= before + (24 << 20),
            "resident {before} then {after} after touching 32 MB"
        );
    }
}
