//! Save-to-reload latency of `fenpress serve` as a whole process: the time
//! from writing a rules page to the `reload` event naming it on the event
//! stream (debounce and rebuild included). Several servers run at once on
//! copies of a site; saves alternate between them.

use std::io::{BufRead, BufReader, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use crate::{BenchError, Env};

const EVENTS_PATH: &str = "/__fenpress/events";
/// The page saved: a rules page with diagrams, present in every copy.
const PAGE: &str = "rules/Orda/en.pug";
const URL: &str = "\"/en/rules/Orda/\"";

/// One running `fenpress serve` over its own copy of a site.
pub struct Server {
    name: String,
    child: Child,
    content: PathBuf,
    original: String,
    events: BufReader<TcpStream>,
    took: Vec<f64>,
    first_build: f64,
}

/// Copies `site` and starts `bin serve` on it; returns once the server
/// answers on its event stream (after its first build).
pub fn start(env: &Env, bin: &Path, site: &Path, name: &str) -> Result<Server, BenchError> {
    let content = env.out_dir(&format!("serve-{}", sanitize(name)));
    crate::empty(&content)?;
    crate::scale::copy_tree(site, &content)?;
    let port = std::net::TcpListener::bind("127.0.0.1:0")?
        .local_addr()?
        .port();
    let started = Instant::now();
    let child = Command::new(bin)
        .args(["serve", "--content"])
        .arg(&content)
        .args(["--port", &port.to_string()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| BenchError::Spawn {
            cmd: format!("{} serve", bin.display()),
            source: e,
        })?;
    let deadline = Instant::now() + Duration::from_secs(600);
    let stream = loop {
        match TcpStream::connect(("127.0.0.1", port)) {
            Ok(s) => break s,
            Err(_) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => return Err(e.into()),
        }
    };
    let mut stream = stream;
    write!(
        stream,
        "GET {EVENTS_PATH} HTTP/1.0\r\nHost: localhost\r\n\r\n"
    )?;
    let original = std::fs::read_to_string(content.join(PAGE))?;
    let mut server = Server {
        name: name.to_string(),
        child,
        content,
        original,
        events: BufReader::new(stream),
        took: Vec::new(),
        first_build: 0.0,
    };
    if !server.wait_until(Duration::from_secs(600), |event, _| event == "hello") {
        return Err(BenchError::Setup(format!("{name}: no hello event")));
    }
    server.first_build = started.elapsed().as_secs_f64();
    Ok(server)
}

fn sanitize(name: &str) -> String {
    name.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect()
}

impl Server {
    /// Saves the page (a new line each time) and waits for its reload.
    fn save(&mut self, i: usize) -> Result<(), BenchError> {
        let text = format!("{}\np Benchmark edit number {i}.\n", self.original);
        let saved = Instant::now();
        std::fs::write(self.content.join(PAGE), text)?;
        if !self.wait_until(Duration::from_secs(120), |event, data| {
            event == "reload" && data.contains(URL)
        }) {
            return Err(BenchError::Setup(format!(
                "{}: no reload after save {i}",
                self.name
            )));
        }
        self.took.push(saved.elapsed().as_secs_f64() * 1000.0);
        Ok(())
    }

    /// Reads events until `wanted(name, data)`; false on timeout or close.
    fn wait_until(&mut self, timeout: Duration, wanted: impl Fn(&str, &str) -> bool) -> bool {
        let deadline = Instant::now() + timeout;
        let mut name = String::new();
        let mut line = String::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() || self.events.get_ref().set_read_timeout(Some(left)).is_err() {
                return false;
            }
            line.clear();
            match self.events.read_line(&mut line) {
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

impl Drop for Server {
    fn drop(&mut self) {
        // Our own child, ended by its handle.
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.content);
    }
}

/// Saves alternate between `servers`, `saves` each, 600 ms apart (past
/// the previous save's search re-index); prints each one's figures.
pub fn alternate_saves(
    title: &str,
    servers: &mut [Server],
    saves: usize,
) -> Result<(), BenchError> {
    for i in 0..saves {
        for s in servers.iter_mut() {
            std::thread::sleep(Duration::from_millis(600));
            s.save(i)?;
        }
    }
    println!(
        "\n## {title}  (load average {})",
        crate::run::load_average()
    );
    println!(
        "{:<34} {:>6} {:>12} {:>9} {:>9} {:>9} {:>12}",
        "server", "saves", "median ms", "min ms", "p90 ms", "max ms", "first build s"
    );
    for s in servers.iter() {
        let mut t = s.took.clone();
        t.sort_by(f64::total_cmp);
        let n = t.len();
        if n == 0 {
            continue;
        }
        println!(
            "{:<34} {n:>6} {:>12.1} {:>9.1} {:>9.1} {:>9.1} {:>12.2}",
            s.name,
            t[n / 2],
            t[0],
            t[n * 9 / 10],
            t[n - 1],
            s.first_build
        );
    }
    Ok(())
}

/// Save-to-reload at 10x the corpus (target: median under 100 ms); with
/// `$FENPRESS_BENCH_PREV_BIN` (an earlier fenpress binary), that one side
/// by side, saves alternating.
pub fn bench(env: &Env) -> Result<(), BenchError> {
    let site = crate::scale::site(env, 10)?;
    let mut servers = Vec::new();
    if let Some(prev) = std::env::var_os("FENPRESS_BENCH_PREV_BIN") {
        let prev = PathBuf::from(prev);
        let name = match prev.file_name().and_then(|n| n.to_str()) {
            Some(file) => format!("serve 10x, {file}"),
            None => "serve 10x, previous".to_string(),
        };
        servers.push(start(env, &prev, &site, &name)?);
    }
    servers.push(start(env, &env.fenpress, &site, "serve 10x, now")?);
    alternate_saves(
        "serve save-to-reload at 10x the corpus",
        &mut servers,
        env.runs.max(11),
    )
}
