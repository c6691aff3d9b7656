//! `fenpress serve` safety: nothing outside the output is served, no folder
//! listing, many requests at once all answered, a busy port is a clear
//! error, Ctrl-C stops it.

use crate::serve_common;

use std::process::Command;
use std::sync::{Arc, Barrier};
use std::time::{Duration, Instant};

use fenpress::serve::EVENTS_PATH;
use serve_common::*;

#[test]
fn traversal_is_refused() {
    let fx = Fixture::start();
    // A secret beside the content folder, and a symlink to it inside.
    let secret = fx.dir.path().join("secret.png");
    std::fs::write(&secret, "TOP SECRET").unwrap();
    #[cfg(unix)]
    {
        let alpha = fx.page("Alpha");
        std::os::unix::fs::symlink(&secret, alpha.with_file_name("leak.png")).unwrap();
        let mut events = fx.events();
        events.expect("hello");
        let text = alpha_with_image();
        std::fs::write(&alpha, text).unwrap();
        events.expect("reload");
        let leak = fx.get("/en/rules/Alpha/leak.png");
        assert!(matches!(leak.status, 403 | 404), "{}", leak.status);
        assert!(!leak.body.contains("TOP SECRET"));
    }
    for path in [
        "/../secret.png",
        "/../../../../etc/passwd",
        "/en/../../secret.png",
        "/%2e%2e/secret.png",
        "/%2E%2E/%2e%2e/etc/passwd",
        "/en%2f..%2f..%2fsecret.png",
        "/..%5c..%5csecret.png",
        "/%2fetc/passwd",
        "//etc/passwd",
        "/etc/passwd",
        "/en/rules/Alpha/../../../../secret.png",
        "/./en/",
        "/%00",
    ] {
        let response = fx.get(path);
        assert!(
            matches!(response.status, 403 | 404),
            "{path}: {}",
            response.status
        );
        assert!(!response.body.contains("TOP SECRET"), "{path}");
        assert!(!response.body.contains("root:"), "{path}");
    }
    // No listing: a folder without index.html is a 404; one with it serves it.
    assert_eq!(fx.get("/static/").status, 404);
    assert_eq!(fx.get("/en/rules/Alpha/").status, 200);
    let redirect = fx.get("/en/rules/Alpha");
    assert_eq!(redirect.status, 301);
    assert!(redirect.headers.contains("/en/rules/Alpha/"));
}

fn alpha_with_image() -> String {
    alpha("Now with an image.\n\n![leak](leak.png)", DIAGRAM_OK)
}

#[test]
fn two_hundred_concurrent_requests_all_succeed() {
    let fx = Fixture::start();
    let addr = fx.addr();
    let paths = [
        "/en/rules/Alpha/",
        "/en/rules/Beta/",
        "/en/",
        "/static/fenpress.css",
    ];
    let n = 200;
    let barrier = Arc::new(Barrier::new(n));
    let started = Instant::now();
    let threads: Vec<_> = (0..n)
        .map(|i| {
            let barrier = barrier.clone();
            let path = paths[i % paths.len()];
            std::thread::spawn(move || {
                barrier.wait();
                let r = get(addr, path);
                (r.status, r.body.len())
            })
        })
        .collect();
    let results: Vec<(u16, usize)> = threads.into_iter().map(|t| t.join().unwrap()).collect();
    let ok = results
        .iter()
        .filter(|(s, len)| *s == 200 && *len > 0)
        .count();
    assert_eq!(ok, n, "{results:?}");
    assert!(started.elapsed() < WAIT);
}

#[test]
fn a_busy_port_is_a_clear_error() {
    let fx = Fixture::start();
    let port = fx.addr().port().to_string();
    let output = Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .args(["serve", "--port", &port, "--content"])
        .arg(fx.content())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("already in use"), "{stderr}");
    assert!(stderr.contains("--port"), "{stderr}");
}

#[cfg(unix)]
#[test]
fn ctrl_c_stops_cleanly() {
    let fx = Fixture::start();
    let mut serve = ServeChild::spawn(&fx, &[]);
    let port = serve.addr.port();
    assert!(
        serve
            .ready_line
            .contains(&format!("http://127.0.0.1:{port}/")),
        "{}",
        serve.ready_line
    );
    let addr = serve.addr;
    assert_eq!(get(addr, "/en/").status, 200);
    // An open event stream must not keep it alive.
    let mut events = Events::connect(addr);
    events.expect("hello");
    let status = Command::new("kill")
        .args(["-INT", &serve.child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(status) = serve.child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        if Instant::now() > deadline {
            panic!("serve did not stop on Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// One raw request with the `Host` header given: its status code.
fn status_with_host(addr: std::net::SocketAddr, path: &str, host: &str) -> u16 {
    use std::io::{Read, Write};
    let mut stream = std::net::TcpStream::connect(addr).expect("connect");
    stream.set_read_timeout(Some(WAIT)).unwrap();
    write!(stream, "GET {path} HTTP/1.0\r\nHost: {host}\r\n\r\n").unwrap();
    let mut head = [0u8; 12];
    stream.read_exact(&mut head).expect("a status line");
    String::from_utf8_lossy(&head[9..12]).parse().unwrap_or(0)
}

/// A page of another site whose name was rebound to 127.0.0.1 sends its
/// own name as `Host`: refused (issue 41), pages and the event stream
/// alike; this machine's names are served.
#[test]
fn requests_for_other_hosts_are_refused() {
    let fx = Fixture::start();
    let addr = fx.server.addr();
    let port = addr.port();
    for host in [
        "evil.example",
        &format!("evil.example:{port}"),
        "localhost.evil.example",
    ] {
        assert_eq!(status_with_host(addr, "/en/", host), 421, "{host}");
        assert_eq!(status_with_host(addr, EVENTS_PATH, host), 421, "{host}");
    }
    for host in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        "[::1]".into(),
    ] {
        assert_eq!(status_with_host(addr, "/en/", &host), 200, "{host}");
    }
}

/// Event streams are capped per client: past the cap a stream is refused
/// with 429 at once, and pages are still served (2,100 open streams
/// locked every other request out).
#[test]
fn event_streams_are_capped_per_client() {
    let fx = Fixture::start();
    let addr = fx.server.addr();
    let held: Vec<Events> = (0..fenpress::serve::guard::MAX_STREAMS_PER_CLIENT)
        .map(|_| Events::connect(addr))
        .collect();
    assert_eq!(status_with_host(addr, EVENTS_PATH, "localhost"), 429);
    assert_eq!(fx.get("/en/").status, 200);
    drop(held);
    // A closed stream frees its place (once the server sees it closed).
    let deadline = Instant::now() + WAIT;
    while status_with_host(addr, EVENTS_PATH, "localhost") != 200 {
        assert!(Instant::now() < deadline, "streams were not freed");
        std::thread::sleep(Duration::from_millis(50));
    }
}
