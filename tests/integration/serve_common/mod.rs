//! Helpers for the `serve` integration tests: a fixture content folder in a
//! temp dir, a server on a free loopback port, a raw HTTP/1.0 client and an
//! event-stream reader. Every wait is bounded.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fenpress::serve::{ServeOptions, Server, EVENTS_PATH};

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
        Events { reader }
    }

    /// The next event within `timeout`, or `None`.
    pub fn next(&mut self, timeout: Duration) -> Option<Event> {
        let deadline = Instant::now() + timeout;
        let (mut name, mut data) = (String::new(), String::new());
        let mut line = String::new();
        loop {
            if Instant::now() >= deadline {
                return None;
            }
            // A timed-out read may leave a partial line in `line`: keep it.
            match self.reader.read_line(&mut line) {
                Ok(0) => return None,
                Ok(_) if !line.ends_with('\n') => continue,
                Ok(_) => {}
                Err(_) => continue,
            }
            let text = line.trim_end_matches(['\r', '\n']).to_string();
            line.clear();
            if text.is_empty() {
                if !name.is_empty() {
                    let data = serde_json::from_str(&data).expect("event data is JSON");
                    return Some(Event { name, data });
                }
                continue;
            }
            if let Some(v) = text.strip_prefix("event:") {
                name = v.trim().to_string();
            } else if let Some(v) = text.strip_prefix("data:") {
                data.push_str(v.trim());
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
