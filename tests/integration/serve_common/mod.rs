//! Helpers for the `serve` integration tests: a fixture content folder in a
//! temp dir, a server on a free loopback port, a raw HTTP/1.0 client and an
//! event-stream reader. Every wait is bounded.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use std::sync::{Arc, Condvar, Mutex, PoisonError};

use fenpress::serve::{ReindexHook, ServeOptions, Server, EVENTS_PATH};

pub const WAIT: Duration = Duration::from_secs(20);

pub const DIAGRAM_OK: &str = "```diagram\nfen: 4k3/8/8/8/8/8/8/4K3\n```\n";
/// Parses as YAML but has no `fen:`: an error of the page.
pub const DIAGRAM_BROKEN: &str = "```diagram\ncaption: where is the board\n```\n";

pub struct Fixture {
    pub dir: tempfile::TempDir,
    pub server: Server,
}

impl Fixture {
    /// Content with rules pages Alpha (one diagram) and Beta, and a home page.
    pub fn start() -> Fixture {
        Fixture::start_with(None)
    }

    /// [`Fixture::start`], each background search re-index passing `gate`
    /// first.
    pub fn start_gated(gate: &Arc<ReindexGate>) -> Fixture {
        Fixture::start_with(Some(gate.hook()))
    }

    fn start_with(before_reindex: Option<ReindexHook>) -> Fixture {
        let dir = tempfile::tempdir().expect("temp dir");
        let fixture_content = dir.path().join("content");
        let rules = |v: &str, body: &str| {
            let folder = fixture_content.join("rules").join(v);
            std::fs::create_dir_all(&folder).unwrap();
            std::fs::write(folder.join("en.md"), body).unwrap();
        };
        rules("Alpha", &alpha("First text of Alpha.", DIAGRAM_OK));
        rules("Beta", "# Beta\n\nBeta is here.\n");
        std::fs::create_dir_all(fixture_content.join("pages/home")).unwrap();
        std::fs::write(
            fixture_content.join("pages/home/en.md"),
            "---\ntitle: Home\n---\nWelcome.\n",
        )
        .unwrap();
        let server = Server::start(ServeOptions {
            content: fixture_content,
            bind: "127.0.0.1".parse().unwrap(),
            port: 0,
            strict: false,
            log: false,
            // Ten times `serve`'s: under a loaded test machine one save's
            // steps can be that far apart, and the tests count rebuilds.
            quiet: Duration::from_millis(300),
            before_reindex,
        })
        .expect("serve starts");
        Fixture { dir, server }
    }

    pub fn content(&self) -> PathBuf {
        self.dir.path().join("content")
    }

    pub fn page(&self, variant: &str) -> PathBuf {
        self.content().join("rules").join(variant).join("en.md")
    }

    pub fn addr(&self) -> SocketAddr {
        self.server.addr()
    }

    pub fn get(&self, path: &str) -> Response {
        get(self.addr(), path)
    }

    pub fn events(&self) -> Events {
        Events::connect(self.addr())
    }
}

pub fn alpha(text: &str, diagram: &str) -> String {
    format!("# Alpha\n\n{text}\n\n{diagram}\nMore of Alpha.\n")
}

pub struct Response {
    pub status: u16,
    pub headers: String,
    pub body: String,
}

/// One raw request; `path` is sent exactly as given.
pub fn get(addr: SocketAddr, path: &str) -> Response {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(WAIT)).unwrap();
    stream.set_write_timeout(Some(WAIT)).unwrap();
    write!(stream, "GET {path} HTTP/1.0\r\nHost: localhost\r\n\r\n").unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).expect("read response");
    let raw = String::from_utf8_lossy(&raw).into_owned();
    let (head, body) = raw.split_once("\r\n\r\n").unwrap_or((&raw, ""));
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    Response {
        status,
        headers: head.to_string(),
        body: body.to_string(),
    }
}

/// One open event stream.
pub struct Events {
    reader: BufReader<TcpStream>,
    /// What was read of an event not yet complete: a call that times out
    /// mid-event leaves it here for the next call (lost, the next event's
    /// data would be read onto the rest of this one's).
    line: String,
    name: String,
    data: String,
}

#[derive(Debug, Clone)]
pub struct Event {
    pub name: String,
    pub data: serde_json::Value,
}

impl Events {
    pub fn connect(addr: SocketAddr) -> Events {
        let mut stream = TcpStream::connect(addr).expect("connect");
        write!(
            stream,
            "GET {EVENTS_PATH} HTTP/1.0\r\nHost: localhost\r\nAccept: text/event-stream\r\n\r\n"
        )
        .unwrap();
        stream
            .set_read_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let mut reader = BufReader::new(stream);
        let deadline = Instant::now() + WAIT;
        let mut line = String::new();
        // The response head.
        loop {
            line.clear();
            match reader.read_line(&mut line) {
                Ok(0) => panic!("event stream closed before its head"),
                Ok(_) if line == "\r\n" => break,
                Ok(_) => assert!(!line.starts_with("HTTP/1.0 4"), "{line}"),
                Err(_) => assert!(Instant::now() < deadline, "no event stream head"),
            }
        }
        Events {
            reader,
            line: String::new(),
            name: String::new(),
            data: String::new(),
        }
    }

    /// The next event within `timeout`, or `None`.
    pub fn next(&mut self, timeout: Duration) -> Option<Event> {
        let deadline = Instant::now() + timeout;
        loop {
            if Instant::now() >= deadline {
                return None;
            }
            // A timed-out read may leave a partial line in `line`: kept.
            match self.reader.read_line(&mut self.line) {
                Ok(0) => return None,
                Ok(_) if !self.line.ends_with('\n') => continue,
                Ok(_) => {}
                Err(_) => continue,
            }
            let text = self.line.trim_end_matches(['\r', '\n']).to_string();
            self.line.clear();
            if text.is_empty() {
                // An event ends at a blank line, named or not.
                let name = std::mem::take(&mut self.name);
                let data = std::mem::take(&mut self.data);
                if !name.is_empty() {
                    let data = serde_json::from_str(&data)
                        .unwrap_or_else(|e| panic!("event data is JSON ({e}): {data}"));
                    return Some(Event { name, data });
                }
                continue;
            }
            if let Some(v) = text.strip_prefix("event:") {
                self.name = v.trim().to_string();
            } else if let Some(v) = text.strip_prefix("data:") {
                self.data.push_str(v.trim());
            }
        }
    }

    /// Skip events until one named `name` comes (within [`WAIT`]).
    /// The first `reload` of a build newer than `build`: an edit of pages
    /// sends a second reload of its own build once the search index is
    /// rebuilt, which a test of the next save must not take for its own.
    pub fn reload_after(&mut self, build: u64) -> Event {
        let deadline = Instant::now() + WAIT;
        while Instant::now() < deadline {
            if let Some(event) = self.next(deadline - Instant::now()) {
                if event.name == "reload" && event.data["build"].as_u64() > Some(build) {
                    return event;
                }
            }
        }
        panic!("no `reload` of a build after {build} within {WAIT:?}");
    }

    pub fn expect(&mut self, name: &str) -> Event {
        let deadline = Instant::now() + WAIT;
        while Instant::now() < deadline {
            if let Some(event) = self.next(deadline - Instant::now()) {
                if event.name == name {
                    return event;
                }
            }
        }
        panic!("no `{name}` event within {WAIT:?}");
    }
}

/// Write `text` to `path` the way many editors save: a temp file beside it,
/// renamed over it.
pub fn save_by_rename(path: &Path, text: &str) {
    let tmp = path.with_extension("md.tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, path).unwrap();
}

/// A `fenpress serve` child process on a free port (so its memory and its
/// signals are its own), up once it printed its address; killed on drop.
pub struct ServeChild {
    pub child: Child,
    pub addr: SocketAddr,
    /// The line that said where it serves.
    pub ready_line: String,
}

impl ServeChild {
    /// `fenpress serve --content <fixture>` with `env` set.
    pub fn spawn(fx: &Fixture, env: &[(&str, &str)]) -> ServeChild {
        // A free port: bind one and let it go.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut child = Command::new(env!("CARGO_BIN_EXE_fenpress"))
            .args(["serve", "--port", &port.to_string(), "--content"])
            .arg(fx.content())
            .envs(env.iter().copied())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stderr = BufReader::new(child.stderr.take().unwrap());
        let mut line = String::new();
        while !line.contains("Ctrl-C") {
            line.clear();
            assert!(
                stderr.read_line(&mut line).unwrap() > 0,
                "serve ended early"
            );
        }
        // Keep draining its stderr so it never blocks on a full pipe.
        std::thread::spawn(move || for _ in stderr.lines() {});
        ServeChild {
            child,
            addr: format!("127.0.0.1:{port}").parse().unwrap(),
            ready_line: line,
        }
    }
}

impl Drop for ServeChild {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A turnstile for serve's background search re-indexes: each waits at it
/// until the test lets one through, so a test can save pages while a
/// re-index is in progress. Every wait is bounded.
#[derive(Default)]
pub struct ReindexGate {
    /// (re-indexes the test let through and not yet used, re-indexes that
    /// arrived at the gate)
    state: Mutex<(usize, usize)>,
    turn: Condvar,
}

impl ReindexGate {
    pub fn closed() -> Arc<ReindexGate> {
        Arc::new(ReindexGate::default())
    }

    fn hook(self: &Arc<Self>) -> ReindexHook {
        let gate = self.clone();
        ReindexHook(Arc::new(move || gate.pass()))
    }

    /// On the re-index thread: arrive, and wait for a pass (at most twice
    /// [`WAIT`], longer than any wait of the test).
    fn pass(&self) {
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        state.1 += 1;
        self.turn.notify_all();
        let (mut state, _) = self
            .turn
            .wait_timeout_while(state, 2 * WAIT, |s| s.0 == 0)
            .unwrap_or_else(PoisonError::into_inner);
        state.0 = state.0.saturating_sub(1);
    }

    /// Let `n` more re-indexes through.
    pub fn allow(&self, n: usize) {
        self.state.lock().unwrap_or_else(PoisonError::into_inner).0 += n;
        self.turn.notify_all();
    }

    /// Waits until `n` re-indexes arrived at the gate (within [`WAIT`]).
    pub fn wait_arrived(&self, n: usize) {
        let state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        let (state, _) = self
            .turn
            .wait_timeout_while(state, WAIT, |s| s.1 < n)
            .unwrap_or_else(PoisonError::into_inner);
        assert!(state.1 >= n, "{} re-index(es) arrived, not {n}", state.1);
    }

    /// How many re-indexes arrived at the gate so far.
    pub fn arrived(&self) -> usize {
        self.state.lock().unwrap_or_else(PoisonError::into_inner).1
    }
}

/// Waits until `server` ran `n` background re-indexes (within [`WAIT`]).
pub fn wait_for_reindexes(server: &Server, n: u64) {
    let deadline = Instant::now() + WAIT;
    while server.search_reindexes() < n {
        assert!(
            Instant::now() < deadline,
            "{} re-index(es) within {WAIT:?}, not {n}",
            server.search_reindexes()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
