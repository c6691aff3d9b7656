//! A tiny static file server on 127.0.0.1 for browser tests: GET only, one
//! thread per connection, `Connection: close`, never a file outside its root.
//! It stops when dropped, and by itself after a fixed lifetime.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use fenpress::serve::route::{self, Route};

const LIFETIME: Duration = Duration::from_secs(300);

/// (request path, body bytes sent) for every file served.
pub type ServedLog = Arc<Mutex<Vec<(String, u64)>>>;

/// Every request target answered 404.
type MissingLog = Arc<Mutex<Vec<String>>>;

pub struct StaticServer {
    addr: SocketAddr,
    served: ServedLog,
    missing: MissingLog,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl StaticServer {
    pub fn start(root: &Path) -> std::io::Result<Self> {
        let listener = TcpListener::bind("127.0.0.1:0")?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let stop = Arc::new(AtomicBool::new(false));
        let root = root.to_path_buf();
        let flag = Arc::clone(&stop);
        let served: ServedLog = Arc::default();
        let log = Arc::clone(&served);
        let missing: MissingLog = Arc::default();
        let missing_log = Arc::clone(&missing);
        let thread = std::thread::spawn(move || {
            let started = Instant::now();
            while !flag.load(Ordering::Relaxed) && started.elapsed() < LIFETIME {
                match listener.accept() {
                    Ok((stream, _)) => {
                        let root = root.clone();
                        let log = Arc::clone(&log);
                        let missing = Arc::clone(&missing_log);
                        std::thread::spawn(move || {
                            let _ = serve(stream, &root, &log, &missing);
                        });
                    }
                    Err(_) => std::thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        Ok(Self {
            addr,
            served,
            missing,
            stop,
            thread: Some(thread),
        })
    }

    /// `http://127.0.0.1:PORT` + `path`.
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{}", self.addr, path)
    }

    /// Takes the log of files served since the last call.
    pub fn take_served(&self) -> Vec<(String, u64)> {
        self.served
            .lock()
            .map(|mut log| std::mem::take(&mut *log))
            .unwrap_or_default()
    }

    /// Every request answered 404 so far: a page asking for a file the
    /// site does not have.
    pub fn missing(&self) -> Vec<String> {
        self.missing
            .lock()
            .map(|log| log.clone())
            .unwrap_or_default()
    }
}

impl Drop for StaticServer {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

fn serve(
    mut stream: TcpStream,
    root: &Path,
    log: &Mutex<Vec<(String, u64)>>,
    missing: &Mutex<Vec<String>>,
) -> std::io::Result<()> {
    stream.set_nonblocking(false)?;
    stream.set_read_timeout(Some(Duration::from_secs(5)))?;
    let mut request = Vec::new();
    let mut buf = [0u8; 4096];
    while !request.windows(4).any(|w| w == b"\r\n\r\n") && request.len() < 16 * 1024 {
        let n = stream.read(&mut buf)?;
        if n == 0 {
            return Ok(());
        }
        request.extend_from_slice(&buf[..n]);
    }
    let head = String::from_utf8_lossy(&request);
    let mut parts = head.split_whitespace();
    let (method, target) = (parts.next().unwrap_or(""), parts.next().unwrap_or(""));
    let file = if method == "GET" {
        resolve(root, target)
    } else {
        None
    };
    match file.and_then(|f| std::fs::read(&f).ok().map(|body| (f, body))) {
        Some((file, body)) => {
            let header = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                route::content_type(&file.to_string_lossy()),
                body.len()
            );
            stream.write_all(header.as_bytes())?;
            stream.write_all(&body)?;
            if let Ok(mut log) = log.lock() {
                log.push((target.to_string(), body.len() as u64));
            }
        }
        None => {
            if let Ok(mut missing) = missing.lock() {
                missing.push(target.to_string());
            }
            let body = b"not found";
            let header = format!(
                "HTTP/1.1 404 Not Found\r\nContent-Type: text/plain\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            stream.write_all(header.as_bytes())?;
            stream.write_all(body)?;
        }
    }
    stream.flush()
}

/// The file for a request target: query and fragment dropped, then the
/// path resolved by `fenpress serve`'s own router (`..`, encoded slashes
/// and the like refused; a folder served by its `index.html`).
fn resolve(root: &Path, target: &str) -> Option<PathBuf> {
    let path = target.split(['?', '#']).next()?;
    let has = |key: &str| root.join(key).is_file();
    match route::resolve(path, has) {
        Route::File(key) => Some(root.join(key)),
        // `serve` redirects a folder asked for without its `/`; static hosts
        // serve its index directly, and so does this one.
        Route::Redirect(_) => match route::resolve(&format!("{path}/"), has) {
            Route::File(key) => Some(root.join(key)),
            _ => None,
        },
        Route::NotFound | Route::Forbidden => None,
    }
}
