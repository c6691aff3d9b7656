//! Memory the allocator has freed but still holds, given back to the
//! system between the big steps of a build. glibc's malloc keeps freed
//! pages of its arenas resident; after the loaded pages are dropped, or a
//! search bundle is built, that is hundreds of MB at 100 times the vchess
//! corpus, which the next step does not reuse (its allocations come from
//! other threads' arenas), so the process's peak grew by it.

/// Returns freed memory to the system (`malloc_trim`); a no-op elsewhere
/// than glibc.
pub fn release_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only hands whole free pages back to the kernel;
    // it does not touch memory in use.
    unsafe {
        libc::malloc_trim(0);
    }
}
