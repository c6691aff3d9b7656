//! Headless Chromium driven over the DevTools protocol, for browser tests:
//! open a page, wait for a condition, read values out of it, and collect the
//! console errors, uncaught exceptions and bytes downloaded while it ran.

use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tungstenite::{Message, WebSocket};

/// Names Debian and others give the browser, tried in order (`$CHROMIUM` first).
const BINARIES: &[&str] = &["chromium", "chromium-browser", "google-chrome"];

pub fn find_binary() -> Option<String> {
    let candidates = std::env::var("CHROMIUM")
        .ok()
        .into_iter()
        .chain(BINARIES.iter().map(|s| s.to_string()));
    for candidate in candidates {
        let ok = Command::new(&candidate)
            .arg("--version")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        if ok {
            return Some(candidate);
        }
    }
    None
}

/// The browser for a test, or `None` after a notice when there is none;
/// in CI (`CI` set) a missing Chromium fails the test: `.ci/run` installs it.
pub fn binary_or_skip(test: &str) -> Option<String> {
    match find_binary() {
        Some(binary) => Some(binary),
        None if std::env::var_os("CI").is_some() => {
            panic!("{test}: Chromium is required in CI (apt-get install chromium)")
        }
        None => {
            eprintln!("notice: {test} skipped: no Chromium (apt-get install chromium)");
            None
        }
    }
}

pub struct Browser {
    child: Child,
    socket: WebSocket<TcpStream>,
    next_id: u64,
    events: Vec<Value>,
    /// Worker sessions attached automatically, with the tab session they
    /// belong to: a worker's downloads and errors count for its page.
    children: std::collections::HashMap<String, String>,
    _profile: tempfile::TempDir,
}

/// What happened while a page was open.
#[derive(Debug, Default)]
pub struct PageReport {
    /// Console errors, uncaught exceptions and browser log errors.
    pub errors: Vec<String>,
    /// (URL, bytes on the wire) for every response the page received.
    pub downloads: Vec<(String, u64)>,
}

impl PageReport {
    pub fn bytes(&self) -> u64 {
        self.downloads.iter().map(|(_, b)| b).sum()
    }
    pub fn bytes_where(&self, keep: impl Fn(&str) -> bool) -> u64 {
        self.downloads
            .iter()
            .filter(|(u, _)| keep(u))
            .map(|(_, b)| b)
            .sum()
    }
}

pub struct Tab<'a> {
    browser: &'a mut Browser,
    session: String,
    target: String,
}

impl Browser {
    pub fn launch(binary: &str) -> Result<Self, String> {
        let profile = tempfile::tempdir().map_err(|e| e.to_string())?;
        let child = Command::new(binary)
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--disable-sync",
                "--remote-debugging-port=0",
                "about:blank",
            ])
            .arg(format!("--user-data-dir={}", profile.path().display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start {binary}: {e}"))?;
        let mut browser_child = ChildGuard(Some(child));
        let ws_url = wait_for_devtools(profile.path(), Duration::from_secs(30))?;
        let addr = ws_url
            .trim_start_matches("ws://")
            .split('/')
            .next()
            .unwrap_or_default()
            .to_string();
        let stream = TcpStream::connect(&addr).map_err(|e| format!("connect {addr}: {e}"))?;
        let (socket, _) =
            tungstenite::client(ws_url.as_str(), stream).map_err(|e| format!("websocket: {e}"))?;
        socket
            .get_ref()
            .set_read_timeout(Some(Duration::from_millis(100)))
            .map_err(|e| e.to_string())?;
        Ok(Self {
            child: browser_child.0.take().ok_or("browser process lost")?,
            socket,
            next_id: 0,
            events: Vec::new(),
            children: std::collections::HashMap::new(),
            _profile: profile,
        })
    }

    /// Sends a command and waits (bounded) for its answer, keeping the events
    /// that arrive meanwhile.
    fn call(
        &mut self,
        session: Option<&str>,
        method: &str,
        params: Value,
    ) -> Result<Value, String> {
        let id = self.send(session, method, params)?;
        let deadline = Instant::now() + Duration::from_secs(30);
        while Instant::now() < deadline {
            let Some(value) = self.receive()? else {
                continue;
            };
            if value["id"] == json!(id) {
                if let Some(error) = value.get("error") {
                    return Err(format!("{method}: {error}"));
                }
                return Ok(value["result"].clone());
            }
            self.events.push(value);
        }
        Err(format!("{method}: no answer in 30 s"))
    }

    /// Sends a command without waiting for its answer.
    fn send(&mut self, session: Option<&str>, method: &str, params: Value) -> Result<u64, String> {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({ "id": id, "method": method, "params": params });
        if let Some(session) = session {
            message["sessionId"] = json!(session);
        }
        self.socket
            .send(Message::text(message.to_string()))
            .map_err(|e| format!("{method}: {e}"))?;
        Ok(id)
    }

    fn receive(&mut self) -> Result<Option<Value>, String> {
        let value = self.read()?;
        if let Some(event) = &value {
            if event["method"] == json!("Target.attachedToTarget") {
                // A worker of the tab, paused until we listen to it.
                let child = event["params"]["sessionId"]
                    .as_str()
                    .unwrap_or("")
                    .to_string();
                let parent = event["sessionId"].as_str().unwrap_or("").to_string();
                for method in [
                    "Runtime.enable",
                    "Network.enable",
                    "Runtime.runIfWaitingForDebugger",
                ] {
                    self.send(Some(&child), method, json!({}))?;
                }
                self.children.insert(child, parent);
            }
        }
        Ok(value)
    }

    fn read(&mut self) -> Result<Option<Value>, String> {
        match self.socket.read() {
            Ok(Message::Text(text)) => serde_json::from_str(text.as_str())
                .map(Some)
                .map_err(|e| e.to_string()),
            Ok(_) => Ok(None),
            Err(tungstenite::Error::Io(e))
                if matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                ) =>
            {
                Ok(None)
            }
            Err(e) => Err(format!("devtools connection: {e}")),
        }
    }

    /// Opens `url` in a fresh tab with JavaScript on or off.
    pub fn open(&mut self, url: &str, javascript: bool) -> Result<Tab<'_>, String> {
        self.events.clear();
        let target = self.call(None, "Target.createTarget", json!({ "url": "about:blank" }))?;
        let target = target["targetId"]
            .as_str()
            .ok_or("no targetId")?
            .to_string();
        let attached = self.call(
            None,
            "Target.attachToTarget",
            json!({ "targetId": target, "flatten": true }),
        )?;
        let session = attached["sessionId"]
            .as_str()
            .ok_or("no sessionId")?
            .to_string();
        for domain in [
            "Runtime.enable",
            "Log.enable",
            "Network.enable",
            "Page.enable",
        ] {
            self.call(Some(&session), domain, json!({}))?;
        }
        self.call(
            Some(&session),
            "Target.setAutoAttach",
            json!({ "autoAttach": true, "waitForDebuggerOnStart": true, "flatten": true }),
        )?;
        if !javascript {
            self.call(
                Some(&session),
                "Emulation.setScriptExecutionDisabled",
                json!({ "value": true }),
            )?;
        }
        self.call(Some(&session), "Page.navigate", json!({ "url": url }))?;
        Ok(Tab {
            browser: self,
            session,
            target,
        })
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.socket.close(None);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Kills the browser if launching fails half-way.
struct ChildGuard(Option<Child>);
impl Drop for ChildGuard {
    fn drop(&mut self) {
        if let Some(child) = self.0.as_mut() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Chromium writes the port and path of its DevTools endpoint to
/// `DevToolsActivePort` in the profile once it listens.
fn wait_for_devtools(profile: &Path, timeout: Duration) -> Result<String, String> {
    let deadline = Instant::now() + timeout;
    let file = profile.join("DevToolsActivePort");
    while Instant::now() < deadline {
        if let Ok(text) = std::fs::read_to_string(&file) {
            let mut lines = text.lines();
            if let (Some(port), Some(path)) = (lines.next(), lines.next()) {
                return Ok(format!("ws://127.0.0.1:{}{}", port.trim(), path.trim()));
            }
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    Err("Chromium did not open its DevTools port".into())
}

impl Tab<'_> {
    /// Evaluates a JavaScript expression in the page; returns its JSON value.
    pub fn eval(&mut self, expression: &str) -> Result<Value, String> {
        let result = self.browser.call(
            Some(&self.session.clone()),
            "Runtime.evaluate",
            json!({ "expression": expression, "returnByValue": true, "awaitPromise": true }),
        )?;
        if let Some(exception) = result.get("exceptionDetails") {
            return Err(format!("{expression}: {exception}"));
        }
        Ok(result["result"]["value"].clone())
    }

    /// Emulates the reader's colour scheme (`prefers-color-scheme`), as a
    /// system set to dark or light mode does.
    pub fn emulate_color_scheme(&mut self, scheme: &str) -> Result<(), String> {
        self.browser.call(
            Some(&self.session.clone()),
            "Emulation.setEmulatedMedia",
            json!({ "features": [{ "name": "prefers-color-scheme", "value": scheme }] }),
        )?;
        Ok(())
    }

    /// Lays the page out for a screen `width`×`height` CSS pixels wide, as
    /// a phone (`mobile`: the viewport meta tag counts) or a desktop.
    pub fn set_viewport(&mut self, width: u32, height: u32, mobile: bool) -> Result<(), String> {
        self.browser.call(
            Some(&self.session.clone()),
            "Emulation.setDeviceMetricsOverride",
            json!({ "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile }),
        )?;
        Ok(())
    }

    /// Types `text` into the focused element, as a keyboard would.
    pub fn type_text(&mut self, text: &str) -> Result<(), String> {
        self.browser.call(
            Some(&self.session.clone()),
            "Input.insertText",
            json!({ "text": text }),
        )?;
        Ok(())
    }

    /// Presses and releases `Enter` or `Tab`, with the browser's default
    /// action (submitting a form, following a link, moving the focus).
    pub fn press(&mut self, key: &str) -> Result<(), String> {
        let (code, text) = match key {
            "Enter" => (13, "\r"),
            "Tab" => (9, ""),
            other => return Err(format!("press: no key code for {other:?}")),
        };
        let session = self.session.clone();
        for kind in ["down", "up"] {
            let kind = match (kind, text.is_empty()) {
                ("down", true) => "rawKeyDown",
                ("down", false) => "keyDown",
                _ => "keyUp",
            };
            self.browser.call(
                Some(&session),
                "Input.dispatchKeyEvent",
                json!({
                    "type": kind,
                    "key": key,
                    "code": key,
                    "windowsVirtualKeyCode": code,
                    "text": text,
                }),
            )?;
        }
        Ok(())
    }

    /// Polls `expression` until it is true, for at most `timeout`.
    pub fn wait_for(&mut self, expression: &str, timeout: Duration) -> Result<(), String> {
        let deadline = Instant::now() + timeout;
        while Instant::now() < deadline {
            if self.eval(expression).unwrap_or(Value::Null) == Value::Bool(true) {
                return Ok(());
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Err(format!("timed out waiting for {expression}"))
    }

    /// Clicks at a point of the viewport (CSS pixels) as a mouse does: it
    /// moves there, presses and releases the left button. The page gets
    /// trusted events, hit-tested like a real click.
    pub fn click_at(&mut self, x: f64, y: f64) -> Result<(), String> {
        for (kind, button, buttons) in [
            ("mouseMoved", "none", 0),
            ("mousePressed", "left", 1),
            ("mouseReleased", "left", 0),
        ] {
            self.browser.call(
                Some(&self.session.clone()),
                "Input.dispatchMouseEvent",
                json!({ "type": kind, "x": x, "y": y, "button": button,
                        "buttons": buttons, "clickCount": 1 }),
            )?;
        }
        Ok(())
    }

    /// Presses and releases a key, as the keyboard does (`Enter` submits a
    /// form, `Tab` moves focus): `Enter`, `Escape`, `Tab`, `Space` or an
    /// arrow (`ArrowUp`, ...), with Shift held if `shift`.
    pub fn press_key(&mut self, key: &str, shift: bool) -> Result<(), String> {
        let (key_value, code, text) = match key {
            "Enter" => ("Enter", 13, "\r"),
            "Escape" => ("Escape", 27, ""),
            "Tab" => ("Tab", 9, ""),
            "Space" => (" ", 32, " "),
            "ArrowLeft" => ("ArrowLeft", 37, ""),
            "ArrowUp" => ("ArrowUp", 38, ""),
            "ArrowRight" => ("ArrowRight", 39, ""),
            "ArrowDown" => ("ArrowDown", 40, ""),
            other => return Err(format!("press_key: no key code for {other:?}")),
        };
        let modifiers = if shift { 8 } else { 0 };
        for kind in ["keyDown", "keyUp"] {
            let mut params = json!({ "type": kind, "key": key_value, "code": key,
                "windowsVirtualKeyCode": code, "modifiers": modifiers });
            if kind == "keyDown" && !text.is_empty() {
                params["text"] = json!(text);
            }
            self.browser.call(
                Some(&self.session.clone()),
                "Input.dispatchKeyEvent",
                params,
            )?;
        }
        Ok(())
    }

    /// Types `text` into the focused element, as an input method does.
    pub fn insert_text(&mut self, text: &str) -> Result<(), String> {
        self.browser
            .call(
                Some(&self.session.clone()),
                "Input.insertText",
                json!({ "text": text }),
            )
            .map(|_| ())
    }

    /// Lets pending events arrive for `quiet`, closes the tab and reports.
    pub fn close(self, quiet: Duration) -> Result<PageReport, String> {
        let until = Instant::now() + quiet;
        while Instant::now() < until {
            if let Some(event) = self.browser.receive()? {
                self.browser.events.push(event);
            }
        }
        let mut sessions = vec![self.session.clone()];
        sessions.extend(
            self.browser
                .children
                .iter()
                .filter(|(_, parent)| **parent == self.session)
                .map(|(child, _)| child.clone()),
        );
        let report = report(&self.browser.events, &sessions);
        self.browser.call(
            None,
            "Target.closeTarget",
            json!({ "targetId": self.target }),
        )?;
        Ok(report)
    }
}

fn report(events: &[Value], sessions: &[String]) -> PageReport {
    let mut report = PageReport::default();
    let mut urls = std::collections::HashMap::new();
    let ours = |e: &&Value| sessions.iter().any(|s| e["sessionId"] == json!(s));
    for event in events.iter().filter(ours) {
        let params = &event["params"];
        match event["method"].as_str().unwrap_or("") {
            "Runtime.consoleAPICalled"
                if matches!(params["type"].as_str(), Some("error" | "assert")) =>
            {
                let args: Vec<String> = params["args"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .map(|a| {
                        a["value"]
                            .as_str()
                            .map(str::to_string)
                            .unwrap_or_else(|| a["description"].to_string())
                    })
                    .collect();
                report
                    .errors
                    .push(format!("console.error: {}", args.join(" ")));
            }
            "Runtime.exceptionThrown" => {
                let details = &params["exceptionDetails"];
                report.errors.push(format!(
                    "uncaught: {} {}",
                    details["text"], details["exception"]["description"]
                ));
            }
            "Log.entryAdded" if params["entry"]["level"] == json!("error") => {
                report.errors.push(format!(
                    "log: {} {}",
                    params["entry"]["text"], params["entry"]["url"]
                ));
            }
            "Network.responseReceived" => {
                urls.insert(
                    (
                        event["sessionId"].to_string(),
                        params["requestId"].to_string(),
                    ),
                    params["response"]["url"].as_str().unwrap_or("").to_string(),
                );
            }
            "Network.loadingFinished" => {
                let url = urls
                    .get(&(
                        event["sessionId"].to_string(),
                        params["requestId"].to_string(),
                    ))
                    .cloned()
                    .unwrap_or_default();
                let bytes = params["encodedDataLength"].as_f64().unwrap_or(0.0) as u64;
                report.downloads.push((url, bytes));
            }
            "Network.loadingFailed" => {
                report.errors.push(format!(
                    "network: {} {}",
                    params["errorText"], params["requestId"]
                ));
            }
            _ => {}
        }
    }
    report
}
