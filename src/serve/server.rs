//! The running preview: the listener bound first (so a busy port fails at
//! once), the first build, the HTTP server on a tokio runtime, and a rebuild
//! thread that turns batches of changed paths into new snapshots and
//! messages for the open pages.

use std::collections::BTreeSet;
use std::net::{IpAddr, SocketAddr, TcpListener};
use std::path::{Component, Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc::{Receiver, Sender};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, RwLock};
use std::thread::JoinHandle;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use tokio::sync::{broadcast, watch};

use super::error::ServeError;
use super::events::Message;
use super::reindex::{ReindexHook, Reindexer, Request};
use super::snapshot::{self, Snapshot};
use super::watch::{next_batch, FolderWatcher, Signal};
use crate::site::incremental::{Changed, Site, SiteOptions};
use crate::site::SiteError;

/// How to serve.
#[derive(Debug, Clone)]
pub struct ServeOptions {
    pub content: PathBuf,
    pub bind: IpAddr,
    /// 0 picks a free port.
    pub port: u16,
    /// Warnings count as errors.
    pub strict: bool,
    /// Print what each rebuild did on stderr.
    pub log: bool,
    /// Quiet time that ends a batch of file changes ([`super::watch::QUIET`]
    /// for `fenpress serve`; tests on a loaded machine give more).
    pub quiet: Duration,
    /// Run before each background search re-index (tests; `None` for
    /// `fenpress serve`).
    pub before_reindex: Option<ReindexHook>,
}

/// State shared by the HTTP handlers and the rebuild thread.
pub struct Shared {
    /// Tells pages that a different server (a restart) answers now.
    pub server_id: String,
    snapshot: RwLock<Arc<Snapshot>>,
    /// The overlay of the last build, if it failed.
    failure: RwLock<Option<Message>>,
    pub bus: broadcast::Sender<Message>,
    pub stop: watch::Receiver<bool>,
    rebuilds: AtomicU64,
    /// Background search re-indexes run through.
    pub(super) reindexes: AtomicU64,
    /// Counts the publications that brought the site's own search bundle
    /// (full builds): a re-index asked for before one is stale.
    pub(super) search_epoch: AtomicU64,
    /// Held while a new snapshot is made from the current one and
    /// published: the rebuild and the re-index threads both publish.
    publishing: Mutex<()>,
    /// Open event streams (see [`super::guard::Streams`]).
    pub(super) streams: super::guard::Streams,
}

impl Shared {
    pub fn snapshot(&self) -> Arc<Snapshot> {
        self.snapshot
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    pub fn failure(&self) -> Option<Message> {
        self.failure
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    pub(super) fn publishing(&self) -> MutexGuard<'_, ()> {
        self.publishing
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    pub(super) fn set_snapshot(&self, snapshot: Snapshot) {
        *self
            .snapshot
            .write()
            .unwrap_or_else(PoisonError::into_inner) = Arc::new(snapshot);
    }

    fn set_failure(&self, failure: Option<Message>) {
        *self.failure.write().unwrap_or_else(PoisonError::into_inner) = failure;
    }
}

/// A preview server running in the background; dropping it stops it.
pub struct Server {
    runtime: Option<tokio::runtime::Runtime>,
    addr: SocketAddr,
    shared: Arc<Shared>,
    stop: watch::Sender<bool>,
    signals: Sender<Signal>,
    rebuilder: Option<JoinHandle<()>>,
}

impl Server {
    /// Bind, build the site, start serving and watching.
    pub fn start(options: ServeOptions) -> Result<Server, ServeError> {
        let addr = SocketAddr::new(options.bind, options.port);
        let listener = TcpListener::bind(addr).map_err(|source| {
            if source.kind() == std::io::ErrorKind::AddrInUse {
                ServeError::PortInUse {
                    addr,
                    suggested: options.port.wrapping_add(1).max(1024),
                }
            } else {
                ServeError::Bind { addr, source }
            }
        })?;
        let addr = listener
            .local_addr()
            .map_err(|source| ServeError::Bind { addr, source })?;
        listener
            .set_nonblocking(true)
            .map_err(|source| ServeError::Bind { addr, source })?;

        let content = options.content.clone();
        let real_content = content
            .canonicalize()
            .map_err(|_| SiteError::ContentMissing(content.clone()))?;
        let site_options = SiteOptions {
            content: content.clone(),
            strict: options.strict,
            base_url: Some(format!("http://{addr}/")),
        };
        let (stop, stop_rx) = watch::channel(false);
        let (bus, _) = broadcast::channel(64);
        let started = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos());
        let shared = Arc::new(Shared {
            server_id: format!("{:x}-{}", started, std::process::id()),
            snapshot: RwLock::new(Arc::new(Snapshot::default())),
            failure: RwLock::new(None),
            bus,
            stop: stop_rx,
            rebuilds: AtomicU64::new(0),
            reindexes: AtomicU64::new(0),
            search_epoch: AtomicU64::new(0),
            publishing: Mutex::new(()),
            streams: super::guard::Streams::default(),
        });

        let (signals, signals_rx) = std::sync::mpsc::channel();
        let mut watcher = FolderWatcher::new(signals.clone())?;
        watcher.watch(&real_content)?;
        let reindexer = Reindexer::start(shared.clone(), options.before_reindex.clone())
            .map_err(ServeError::Runtime)?;
        let mut rebuilder = Rebuilder {
            options,
            site_options,
            shared: shared.clone(),
            real_content,
            watcher,
            site: None,
            pending: BTreeSet::new(),
            reindexer,
        };
        // The first build: a missing content folder stops serve; anything
        // else shows in the pages.
        let started = Instant::now();
        match Site::build(rebuilder.site_options.clone()) {
            Err(SiteError::ContentMissing(path)) => {
                return Err(SiteError::ContentMissing(path).into())
            }
            Err(err) => rebuilder.failed_to_build(&err, 1),
            Ok(site) => {
                rebuilder.pend_all(&site);
                rebuilder.built(site, 1, started);
            }
        }

        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .thread_name("fenpress-serve")
            .enable_all()
            .build()
            .map_err(ServeError::Runtime)?;
        let listener = {
            let _guard = runtime.enter();
            tokio::net::TcpListener::from_std(listener)
                .map_err(|source| ServeError::Bind { addr, source })?
        };
        let app = super::http::router(shared.clone());
        let mut stopping = shared.stop.clone();
        runtime.spawn(async move {
            let shutdown = async move {
                let _ = stopping.wait_for(|stopped| *stopped).await;
            };
            // Timeouts and a connection cap: see `limits`.
            let listener = super::limits::GuardedListener::new(listener);
            let app = app.into_make_service_with_connect_info::<super::guard::ClientAddr>();
            if let Err(err) = axum::serve(listener, app)
                .with_graceful_shutdown(shutdown)
                .await
            {
                eprintln!("fenpress serve: the server stopped: {err}");
            }
        });
        let rebuild_thread = std::thread::Builder::new()
            .name("fenpress-rebuild".into())
            .spawn(move || rebuilder.run(signals_rx))
            .map_err(ServeError::Runtime)?;

        Ok(Server {
            runtime: Some(runtime),
            addr,
            shared,
            stop,
            signals,
            rebuilder: Some(rebuild_thread),
        })
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// How many builds ran, the first included.
    pub fn rebuilds(&self) -> u64 {
        self.shared.rebuilds.load(Ordering::SeqCst)
    }

    /// How many background search re-indexes (after edits) ran through.
    pub fn search_reindexes(&self) -> u64 {
        self.shared.reindexes.load(Ordering::SeqCst)
    }

    /// Block until Ctrl-C (or, on Unix, SIGTERM). `ready` runs once the
    /// signal is being listened for, so a Ctrl-C right after it is never
    /// lost.
    pub fn wait_for_ctrl_c(&self, ready: impl FnOnce()) -> Result<(), ServeError> {
        let Some(runtime) = &self.runtime else {
            return Ok(());
        };
        runtime.block_on(async {
            #[cfg(unix)]
            {
                use tokio::signal::unix::{signal, SignalKind};
                let mut interrupt = signal(SignalKind::interrupt()).map_err(ServeError::Runtime)?;
                let mut terminate = signal(SignalKind::terminate()).map_err(ServeError::Runtime)?;
                ready();
                tokio::select! {
                    _ = interrupt.recv() => {}
                    _ = terminate.recv() => {}
                }
                Ok(())
            }
            #[cfg(not(unix))]
            {
                let ctrl_c = tokio::signal::ctrl_c();
                ready();
                ctrl_c.await.map_err(ServeError::Runtime)
            }
        })
    }

    /// Stop serving and watching; open event streams end.
    pub fn stop(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        let _ = self.stop.send(true);
        let _ = self.signals.send(Signal::Stop);
        if let Some(thread) = self.rebuilder.take() {
            let _ = thread.join();
        }
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_timeout(std::time::Duration::from_secs(2));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// The rebuild thread's state: the site in memory and the output paths
/// changed since the last snapshot.
struct Rebuilder {
    options: ServeOptions,
    site_options: SiteOptions,
    shared: Arc<Shared>,
    real_content: PathBuf,
    watcher: FolderWatcher,
    /// `None` until a build runs through (config and theme load).
    site: Option<Site>,
    pending: BTreeSet<String>,
    reindexer: Reindexer,
}

impl Rebuilder {
    fn run(mut self, signals: Receiver<Signal>) {
        while let Some(batch) = next_batch(&signals, self.options.quiet) {
            let paths = self.relative_to_content(batch);
            if paths.is_empty() {
                continue;
            }
            let build = self.shared.rebuilds.load(Ordering::SeqCst) + 1;
            let started = Instant::now();
            match self.site.take() {
                Some(mut site) => match site.rebuild_changed_deferring_search(&paths) {
                    // The files read as before (a save's late second part):
                    // no build, no reload.
                    Ok(changed) if changed == Changed::default() => self.site = Some(site),
                    Ok(changed) => {
                        self.pending.extend(changed.rendered);
                        self.pending.extend(changed.removed);
                        if self.built(site, build, started) {
                            self.request_reindex();
                        }
                    }
                    Err(err) => {
                        self.site = Some(site);
                        self.failed_to_build(&err, build);
                    }
                },
                None => match Site::build(self.site_options.clone()) {
                    Ok(site) => {
                        self.pend_all(&site);
                        self.built(site, build, started);
                    }
                    Err(err) => self.failed_to_build(&err, build),
                },
            }
        }
    }

    /// The watcher's paths as the site knows them (below `--content` as the
    /// user typed it); theme files as they are; hidden files dropped.
    fn relative_to_content(&self, batch: BTreeSet<PathBuf>) -> Vec<PathBuf> {
        let hidden = |p: &Path| {
            p.components().any(|c| match c {
                Component::Normal(s) => s.to_str().is_some_and(|s| s.starts_with('.')),
                _ => false,
            })
        };
        batch
            .into_iter()
            .filter_map(|p| match p.strip_prefix(&self.real_content) {
                Ok(rel) if hidden(rel) => None,
                Ok(rel) => Some(self.site_options.content.join(rel)),
                Err(_) => Some(p),
            })
            .collect()
    }

    /// After a full build, every path of the old and new output may have
    /// changed.
    fn pend_all(&mut self, site: &Site) {
        let output = site.output();
        self.pending.extend(output.files.keys().cloned());
        self.pending.extend(output.copies.keys().cloned());
        self.pending
            .extend(self.shared.snapshot().files.keys().cloned());
    }

    /// A build ran through: publish it unless it has errors (or nothing was
    /// ever published), tell the pages. True when it was published as a
    /// good build.
    fn built(&mut self, site: Site, build: u64, started: Instant) -> bool {
        self.shared.rebuilds.store(build, Ordering::SeqCst);
        if let Some(folder) = site.theme_folder() {
            if let Err(err) = self.watcher.watch(folder) {
                eprintln!("fenpress serve: {err}");
            }
        }
        // Only the errors are shown: their sources are the only ones copied.
        let (diagnostics, warnings) = site.errors_and_warnings();
        let errors = diagnostics.len();
        // A diagram that fails verification is shown failed, with its
        // reason, over the diagram in its page (every diagram shows its
        // status there) and listed in the overlay, and the preview is
        // published; other errors keep the last good build.
        let blocked = site.has_errors();
        let summary = if blocked {
            format!(
                "build failed: {errors} error{}, {warnings} warning{}",
                plural(errors),
                plural(warnings)
            )
        } else {
            format!(
                "{errors} error{}, {warnings} warning{}: each diagram shows its status over it in its page (proved, board only, or failed with the reason)",
                plural(errors),
                plural(warnings)
            )
        };
        let overlay = (errors > 0).then(|| {
            let sources = site.sources_of(&diagnostics);
            Message::overlay(build, summary.clone(), &diagnostics, blocked, &sources)
        });
        let first = self.shared.snapshot().build == 0;
        let took = started.elapsed().as_secs_f64() * 1000.0;
        if !blocked || first {
            let changed = self.publish(&site, build);
            let was_failing = self.shared.failure().is_some();
            if !blocked {
                // Set before the reload, so that a reloaded page is shown
                // the overlay when it connects again.
                self.shared.set_failure(overlay.clone());
                if !changed.is_empty() || was_failing {
                    let _ = self.shared.bus.send(Message::reload(build, &changed));
                }
                if self.options.log && first {
                    eprintln!(
                        "fenpress serve: built {} pages in {took:.0} ms ({warnings} warning{})",
                        site.pages(),
                        plural(warnings)
                    );
                } else if self.options.log {
                    eprintln!(
                        "fenpress serve: build {build}: {} file{} changed in {took:.0} ms ({warnings} warning{})",
                        changed.len(),
                        plural(changed.len()),
                        plural(warnings)
                    );
                }
            }
        }
        if let Some(message) = overlay {
            if self.options.log {
                if let Message::Overlay { errors, .. } = &message {
                    for line in errors {
                        eprintln!("{line}");
                    }
                }
                let still = if blocked {
                    "; still serving the last good build"
                } else {
                    ""
                };
                eprintln!("fenpress serve: build {build}: {summary}{still}");
            }
            self.shared.set_failure(Some(message.clone()));
            let _ = self.shared.bus.send(message);
        }
        self.site = Some(site);
        !blocked
    }

    /// The pending paths as they are in `site`, over the served snapshot;
    /// returns the paths whose contents changed. A publication that brings
    /// the site's own search bundle (after a full build) makes a re-index
    /// asked for before it stale.
    fn publish(&mut self, site: &Site, build: u64) -> Vec<String> {
        let mut roots = vec![self.real_content.clone()];
        roots.extend(site.theme_folder().and_then(|f| f.canonicalize().ok()));
        let bundle = format!("{}/", crate::search::BUNDLE_DIR);
        let _publishing = self.shared.publishing();
        if self.pending.iter().any(|key| key.starts_with(&bundle)) {
            self.shared.search_epoch.fetch_add(1, Ordering::SeqCst);
            self.reindexer.cancel_waiting();
        }
        let old = self.shared.snapshot();
        let (snapshot, changed) = snapshot::next(&old, site, &self.pending, build, &roots);
        self.pending.clear();
        self.shared.set_snapshot(snapshot);
        changed
    }

    /// After the edited pages were published: the search index catches up
    /// on the re-index thread (which reloads the search pages when done).
    fn request_reindex(&mut self) {
        let Some(site) = self.site.as_mut() else {
            return;
        };
        let Some(pages) = site.take_search_backlog() else {
            return;
        };
        let pages_per_bundle = site.pages_per_bundle();
        let epoch = self.shared.search_epoch.load(Ordering::SeqCst);
        self.reindexer.request(Request {
            pages,
            epoch,
            pages_per_bundle,
        });
    }

    /// The build could not run (config, theme): the overlay says why.
    fn failed_to_build(&mut self, err: &SiteError, build: u64) {
        self.shared.rebuilds.store(build, Ordering::SeqCst);
        let summary = "build failed".to_string();
        let message = Message::Overlay {
            build,
            summary,
            errors: vec![format!("error: {err}")],
            blocked: true,
        };
        if self.options.log {
            eprintln!(
                "fenpress serve: build {build} failed: {err}; still serving the last good build"
            );
        }
        self.shared.set_failure(Some(message.clone()));
        let _ = self.shared.bus.send(message);
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}
