//! The build's memory, step by step, for finding what grows at scale:
//! with `FENPRESS_MEMORY_LOG` set, each timed step of `build` prints to
//! stderr the resident memory after it and the peak during it (Linux
//! only: read from `/proc/self/status`, the peak reset through
//! `/proc/self/clear_refs` before each step). Unset, it costs nothing.

use std::sync::OnceLock;

/// Whether `FENPRESS_MEMORY_LOG` asks for the log (read once).
fn wanted() -> bool {
    static WANTED: OnceLock<bool> = OnceLock::new();
    *WANTED.get_or_init(|| std::env::var_os("FENPRESS_MEMORY_LOG").is_some_and(|v| !v.is_empty()))
}

/// A `kB` field of `/proc/self/status` (`VmRSS`, `VmHWM`), in MB.
fn status_mb(field: &str) -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: f64 = line[field.len()..]
        .trim_start_matches(':')
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    Some(kb / 1024.0)
}

/// Before a step: the peak is reset so the next [`after`] gives the
/// step's own peak.
pub(super) fn before() {
    if wanted() {
        // "5" resets VmHWM to the current resident size.
        let _ = std::fs::write("/proc/self/clear_refs", "5");
    }
}

/// After a step: `memory <step>: peak <MB> MB, resident after <MB> MB`.
pub(super) fn after(step: &str) {
    if !wanted() {
        return;
    }
    if let (Some(peak), Some(now)) = (status_mb("VmHWM"), status_mb("VmRSS")) {
        eprintln!(
            "memory {step}: peak {peak:.1} MB, resident after {now:.1} MB{}",
            heap_in_use()
        );
    }
}

/// `, heap in use <MB> MB`: what the allocator has handed out and not got
/// back (glibc's `mallinfo2`, every arena), so that memory freed but kept
/// by the allocator shows apart from live data.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn heap_in_use() -> String {
    // SAFETY: mallinfo2 only reads the allocator's own statistics.
    let info = unsafe { libc::mallinfo2() };
    let mb = |b: usize| b as f64 / (1024.0 * 1024.0);
    format!(
        ", heap in use {:.1} MB (arenas {:.1} MB, mmapped {:.1} MB)",
        mb(info.uordblks + info.hblkhd),
        mb(info.arena),
        mb(info.hblkhd)
    )
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn heap_in_use() -> String {
    String::new()
}
