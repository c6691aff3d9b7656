//! Latency of `fenpress serve`: from saving one rules page of the corpus
//! site to the reload event on the event stream (debounce and incremental
//! rebuild included). Run with `cargo bench --bench serve_latency`; the
//! corpus is `$FENPRESS_SHARED/corpus/vchess` or `../shared/corpus/vchess`
//! beside the workspace, copied to a temp folder first.

use std::io::{BufRead, BufReader, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use fenpress::serve::{ServeOptions, Server, EVENTS_PATH};

const SAVES: usize = 21;
/// A rules page with diagrams; `FENPRESS_BENCH_PAGE` picks another.
const PAGE: &str = "rules/Orda/en.pug";

fn main() {
    let page_name = std::env::var("FENPRESS_BENCH_PAGE").unwrap_or_else(|_| PAGE.into());
    let corpus = corpus(&page_name);
    let dir = tempfile::tempdir().expect("temp dir");
    let content = dir.path().join("vchess");
    copy_tree(&corpus, &content);

    let started = Instant::now();
    let server = Server::start(ServeOptions {
        content: content.clone(),
        bind: "127.0.0.1".parse().expect("address"),
        port: 0,
        strict: false,
        log: false,
        quiet: fenpress::serve::watch::QUIET,
        before_reindex: None,
    })
    .expect("serve starts");
    println!(
        "first build of {}: {:.0} ms",
        corpus.display(),
        started.elapsed().as_secs_f64() * 1000.0
    );

    let mut events = Events::connect(server.addr());
    events.wait_for("hello", Duration::from_secs(30));
    let page = content.join(&page_name);
    let original = std::fs::read_to_string(&page).expect("corpus page");
    let url = format!(
        "\"/en/rules/{}/\"",
        page_name.split('/').nth(1).unwrap_or("Orda")
    );
    let mut took = Vec::new();
    for i in 0..SAVES {
        // Past the previous save's search re-index (about 0.25 s on the corpus).
        std::thread::sleep(Duration::from_millis(600));
        let text = format!("{original}\np Benchmark edit number {i}.\n");
        let saved = Instant::now();
        std::fs::write(&page, text).expect("save");
        // The reload of the edited page itself (the search index of the
        // previous save may still announce its own reload).
        if !events.wait_for_reload_of(&url, Duration::from_secs(30)) {
            panic!("no reload event after save {i}");
        }
        took.push(saved.elapsed().as_secs_f64() * 1000.0);
    }
    took.sort_by(f64::total_cmp);
    let median = took[took.len() / 2];
    println!(
        "save → reload event over {SAVES} saves of {page_name}: median {median:.1} ms, min {:.1} ms, p90 {:.1} ms, max {:.1} ms (target ≤ 100 ms; debounce {} ms included); {} builds",
        took[0],
        took[took.len() * 9 / 10],
        took[took.len() - 1],
        fenpress::serve::watch::QUIET.as_millis(),
        server.rebuilds(),
    );
    server.stop();
}

#[path = "../tests/integration/shared_dir/mod.rs"]
mod shared_dir;

fn corpus(page: &str) -> PathBuf {
    let corpus = shared_dir::vchess().expect("no corpus (set FENPRESS_SHARED)");
    assert!(
        corpus.join(page).is_file(),
        "no corpus at {} (set FENPRESS_SHARED)",
        corpus.display()
    );
    corpus
}

fn copy_tree(from: &Path, to: &Path) {
    for entry in walkdir::WalkDir::new(from) {
        let entry = entry.expect("walk corpus");
        let target = to.join(entry.path().strip_prefix(from).expect("below corpus"));
        if entry.file_type().is_dir() {
            std::fs::create_dir_all(&target).expect("mkdir");
        } else if entry.file_type().is_file() {
            std::fs::copy(entry.path(), &target).expect("copy");
        }
    }
}

struct Events {
    reader: BufReader<TcpStream>,
}

impl Events {
    fn connect(addr: SocketAddr) -> Events {
        let mut stream = TcpStream::connect(addr).expect("connect");
        write!(
            stream,
            "GET {EVENTS_PATH} HTTP/1.0\r\nHost: localhost\r\n\r\n"
        )
        .expect("request");
        Events {
            reader: BufReader::new(stream),
        }
    }

    /// Waits for a `reload` event whose data names `needle`.
    fn wait_for_reload_of(&mut self, needle: &str, timeout: Duration) -> bool {
        self.wait_until(timeout, |name, data| {
            name == "reload" && data.contains(needle)
        })
    }

    /// Waits for an event named `name`.
    fn wait_for(&mut self, name: &str, timeout: Duration) -> bool {
        self.wait_until(timeout, |event, _| event == name)
    }

    /// Reads events until `wanted(name, data line)`; false on timeout or
    /// close.
    fn wait_until(&mut self, timeout: Duration, wanted: impl Fn(&str, &str) -> bool) -> bool {
        let deadline = Instant::now() + timeout;
        let mut name = String::new();
        let mut line = String::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return false;
            }
            self.reader
                .get_ref()
                .set_read_timeout(Some(left))
                .expect("timeout");
            line.clear();
            match self.reader.read_line(&mut line) {
                Ok(0) | Err(_) => return false,
                Ok(_) => {
                    if let Some(event) = line.strip_prefix("event: ") {
                        name = event.trim_end().to_string();
                    } else if let Some(data) = line.strip_prefix("data: ") {
                        if wanted(&name, data) {
                            return true;
                        }
                    }
                }
            }
        }
    }
}
