//! The search re-index of `serve`, off the rebuild thread: a save reloads
//! its page at once and the search index catches up behind it. One
//! re-index runs at a time; pages edited while it runs are indexed by one
//! more run after it (a newer request replaces one still waiting), never by
//! a queue of runs. The bundles are swapped into the served snapshot whole,
//! so a search page never sees half of an index.

use std::fmt;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::thread::JoinHandle;

use super::events::Message;
use super::server::Shared;
use super::snapshot;
use crate::search::{self, SearchPage};

/// Called on the re-index thread before each re-index: tests hold a
/// re-index open with it, to save pages while it runs.
#[derive(Clone)]
pub struct ReindexHook(pub Arc<dyn Fn() + Send + Sync>);

impl fmt::Debug for ReindexHook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("ReindexHook")
    }
}

/// What to index: every page of the site as one build left it.
pub struct Request {
    pub pages: Vec<Arc<SearchPage>>,
    /// [`Shared::search_epoch`] when asked: a full build since then brought
    /// its own index, and this one would be older.
    pub epoch: u64,
    /// The site's `search.pages_per_bundle`.
    pub pages_per_bundle: usize,
}

#[derive(Default)]
struct Slot {
    waiting: Option<Request>,
    stopping: bool,
}

#[derive(Default)]
struct Queue {
    slot: Mutex<Slot>,
    wake: Condvar,
}

impl Queue {
    fn lock(&self) -> std::sync::MutexGuard<'_, Slot> {
        self.slot.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The re-index thread and its one-place queue; dropping it lets the thread
/// end (after the run in progress, whose result is then dropped).
pub struct Reindexer {
    queue: Arc<Queue>,
    _thread: JoinHandle<()>,
}

impl Reindexer {
    pub fn start(shared: Arc<Shared>, hook: Option<ReindexHook>) -> std::io::Result<Reindexer> {
        let queue = Arc::new(Queue::default());
        let thread_queue = queue.clone();
        let thread = std::thread::Builder::new()
            .name("fenpress-search".into())
            .spawn(move || run(&thread_queue, &shared, hook))?;
        Ok(Reindexer {
            queue,
            _thread: thread,
        })
    }

    /// Index `request` after the run in progress, in place of any request
    /// still waiting.
    pub fn request(&self, request: Request) {
        self.queue.lock().waiting = Some(request);
        self.queue.wake.notify_one();
    }

    /// Forget a request still waiting (a full build indexed everything).
    pub fn cancel_waiting(&self) {
        self.queue.lock().waiting = None;
    }
}

impl Drop for Reindexer {
    fn drop(&mut self) {
        self.queue.lock().stopping = true;
        self.queue.wake.notify_one();
    }
}

fn run(queue: &Queue, shared: &Shared, hook: Option<ReindexHook>) {
    lower_priority();
    loop {
        let request = {
            let mut slot = queue.lock();
            loop {
                if slot.stopping {
                    return;
                }
                if let Some(request) = slot.waiting.take() {
                    break request;
                }
                slot = queue
                    .wake
                    .wait(slot)
                    .unwrap_or_else(PoisonError::into_inner);
            }
        };
        if let Some(ReindexHook(hook)) = &hook {
            hook();
        }
        let epoch = request.epoch;
        let built = search::build_bundles_from(request.pages, request.pages_per_bundle);
        if queue.lock().stopping {
            return;
        }
        match built {
            Ok(bundles) => publish(shared, epoch, bundles.files),
            Err(err) => eprintln!("fenpress serve: search index not rebuilt: {err}"),
        }
        shared.reindexes.fetch_add(1, Ordering::SeqCst);
    }
}

/// Swap the new bundles in, unless a full build since brought newer ones,
/// and reload the search pages whose bundle changed (with the build
/// served, so an open overlay stays).
fn publish(shared: &Shared, epoch: u64, files: Vec<(String, Vec<u8>)>) {
    let _publishing = shared.publishing();
    if shared.search_epoch.load(Ordering::SeqCst) != epoch {
        return;
    }
    let old = shared.snapshot();
    let prefix = format!("{}/", search::BUNDLE_DIR);
    let (next, changed) = snapshot::with_bundles(&old, &prefix, files);
    shared.set_snapshot(next);
    if !changed.is_empty() {
        let _ = shared.bus.send(Message::reload(old.build, &changed));
    }
}

/// The re-index yields the cores to the rebuild of the next save (and to
/// the HTTP server) on a busy machine. On Linux the nice value is the
/// thread's, and Pagefind's worker threads, started from this one,
/// inherit it.
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its arguments; `who` 0 is this thread.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}
