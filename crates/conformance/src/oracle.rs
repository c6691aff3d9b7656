//! The vchess side: a long-running `node tools/conformance/oracle_server.mjs`
//! spoken to in JSON lines, so a playout costs no process start per position.
//! Finds node and `../shared`, and says precisely why when it cannot.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

use serde_json::{json, Value};

/// Why the oracle cannot answer.
#[derive(Debug, thiserror::Error)]
pub enum OracleError {
    #[error("node is not installed (or FENPRESS_NODE does not run): {0}")]
    NodeMissing(String),
    #[error("the shared vchess oracle is missing: {0} not found (set FENPRESS_SHARED)")]
    SharedMissing(PathBuf),
    #[error("the oracle process failed: {0}")]
    Io(#[from] std::io::Error),
    #[error("the oracle answered something unreadable: {0}")]
    Protocol(String),
    #[error("the oracle refused `{request}`: {message}")]
    Refused { request: String, message: String },
}

/// A piece in a vchess move: square, color (`w`, `b`, ...) and piece letter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VPiece {
    pub square: String,
    pub color: String,
    pub piece: String,
}

/// A move as vchess lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VMove {
    pub start: String,
    pub end: String,
    pub vanish: Vec<VPiece>,
    pub appear: Vec<VPiece>,
    /// What `play()` changed on the board: the pieces that were on a square
    /// it changed, and those there after.
    pub board_vanish: Vec<VPiece>,
    pub board_appear: Vec<VPiece>,
    /// Paco Sako: the piece released, the turn goes on.
    pub released: Option<String>,
    /// Apocalypse: a move that may turn out impossible.
    pub speculative: bool,
    /// The same side moves again after it (a set-up's first step: Janggi's
    /// first swap), as after a Paco Sako release.
    pub keeps_turn: bool,
    /// Dice: the piece type the move rolls for the opponent.
    pub roll: Option<String>,
    /// Chakart: the egg's effect the move met (`kingboo`, `daisy`...).
    pub effect: Option<String>,
    /// vchess's notation, when asked for.
    pub notation: Option<String>,
    /// Leaves below the move (from `divide`).
    pub nodes: Option<u64>,
}

/// What loading a FEN gave.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The FEN vchess completed (board-only FENs get default fields).
    pub fen: String,
    /// Whether vchess accepted it (IsGoodFen and IsGoodPosition).
    pub accepted: bool,
}

/// The repository root (this crate lives in `crates/conformance`).
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .canonicalize()
        .unwrap_or_else(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../.."))
}

/// The shared folder: `$FENPRESS_SHARED` (relative to the repository root),
/// else `../shared` beside the repository root.
pub fn shared_dir() -> PathBuf {
    let root = repo_root();
    match std::env::var_os("FENPRESS_SHARED") {
        Some(p) => root.join(p),
        None => root.join("../shared"),
    }
}

/// The node executable: `$FENPRESS_NODE` or `node`.
pub fn node_program() -> String {
    std::env::var("FENPRESS_NODE").unwrap_or_else(|_| "node".into())
}

/// Whether node runs here.
pub fn node_available() -> Result<(), OracleError> {
    let prog = node_program();
    match Command::new(&prog)
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
    {
        Ok(s) if s.success() => Ok(()),
        Ok(s) => Err(OracleError::NodeMissing(format!(
            "`{prog} --version` exited {s}"
        ))),
        Err(e) => Err(OracleError::NodeMissing(format!("`{prog}`: {e}"))),
    }
}

/// Whether the shared vchess oracle is present.
pub fn shared_available() -> Result<(), OracleError> {
    let harness = shared_dir().join("tools/vchess-oracle/vchess_oracle.mjs");
    if harness.is_file() {
        Ok(())
    } else {
        Err(OracleError::SharedMissing(harness))
    }
}

/// A running oracle process.
pub struct Oracle {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
    line: String,
}

impl Oracle {
    /// Starts the server; fails if node or the shared folder is missing.
    pub fn start() -> Result<Oracle, OracleError> {
        node_available()?;
        shared_available()?;
        let script = repo_root().join("tools/conformance/oracle_server.mjs");
        let mut child = Command::new(node_program())
            .arg(&script)
            .env("FENPRESS_SHARED", shared_dir())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()?;
        let stdin = child
            .stdin
            .take()
            .ok_or_else(|| OracleError::Protocol("no stdin".into()))?;
        let stdout = child
            .stdout
            .take()
            .ok_or_else(|| OracleError::Protocol("no stdout".into()))?;
        Ok(Oracle {
            child,
            stdin,
            stdout: BufReader::new(stdout),
            line: String::new(),
        })
    }

    /// One request, one answer (`ok: true` checked).
    pub fn request(&mut self, req: &Value) -> Result<Value, OracleError> {
        let text = req.to_string();
        writeln!(self.stdin, "{text}")?;
        self.stdin.flush()?;
        self.line.clear();
        if self.stdout.read_line(&mut self.line)? == 0 {
            return Err(OracleError::Protocol(format!(
                "the oracle exited while answering `{text}`"
            )));
        }
        let answer: Value = serde_json::from_str(&self.line)
            .map_err(|e| OracleError::Protocol(format!("{e}: {}", self.line.trim())))?;
        if answer["ok"] != Value::Bool(true) {
            return Err(OracleError::Refused {
                request: text,
                message: answer["error"].as_str().unwrap_or("?").to_string(),
            });
        }
        Ok(answer)
    }

    /// vchess's start FEN of a variant (`GenRandInitFen({randomness: 0})`).
    pub fn init(&mut self, variant: &str) -> Result<String, OracleError> {
        let a = self.request(&json!({"cmd": "init", "variant": variant}))?;
        str_field(&a, "fen")
    }

    /// Loads a position (empty FEN: the start).
    pub fn load(&mut self, variant: &str, fen: &str) -> Result<Loaded, OracleError> {
        self.load_with(variant, fen, false)
    }

    /// Loads a position; `force`: even one vchess's own checks refuse.
    pub fn load_with(
        &mut self,
        variant: &str,
        fen: &str,
        force: bool,
    ) -> Result<Loaded, OracleError> {
        let a =
            self.request(&json!({"cmd": "load", "variant": variant, "fen": fen, "force": force}))?;
        Ok(Loaded {
            fen: str_field(&a, "fen")?,
            accepted: a["loaded"] == Value::Bool(true),
        })
    }

    /// The legal moves and `getCurrentScore()` (`*` while the game goes on).
    pub fn moves(&mut self, notation: bool) -> Result<(Vec<VMove>, String), OracleError> {
        let a = self.request(&json!({"cmd": "moves", "notation": notation}))?;
        Ok((moves_field(&a)?, str_field(&a, "score")?))
    }

    /// Moves, `getFen()` and score in one request.
    pub fn here(&mut self) -> Result<(Vec<VMove>, String, String), OracleError> {
        let a = self.request(&json!({"cmd": "here"}))?;
        Ok((
            moves_field(&a)?,
            str_field(&a, "fen")?,
            str_field(&a, "score")?,
        ))
    }

    /// Plays the move of index `index` in the last `moves` list; the FEN after.
    pub fn play(&mut self, index: usize) -> Result<String, OracleError> {
        let a = self.request(&json!({"cmd": "play", "index": index}))?;
        str_field(&a, "fen")
    }

    /// Takes back the last move played; the FEN after.
    pub fn undo(&mut self) -> Result<String, OracleError> {
        let a = self.request(&json!({"cmd": "undo"}))?;
        str_field(&a, "fen")
    }

    /// `getFen()` and `getCurrentScore()`.
    pub fn fen(&mut self) -> Result<(String, String), OracleError> {
        let a = self.request(&json!({"cmd": "fen"}))?;
        Ok((str_field(&a, "fen")?, str_field(&a, "score")?))
    }

    /// Leaves of the move tree `depth` plies deep.
    pub fn perft(&mut self, depth: u32, stop_at_end: bool) -> Result<u64, OracleError> {
        let a = self.request(&json!({"cmd": "perft", "depth": depth, "stopAtEnd": stop_at_end}))?;
        a["nodes"]
            .as_u64()
            .ok_or_else(|| OracleError::Protocol(format!("no nodes in {a}")))
    }

    /// Each legal move with its leaves `depth - 1` plies below, and the score.
    pub fn divide(
        &mut self,
        depth: u32,
        stop_at_end: bool,
    ) -> Result<(Vec<VMove>, String), OracleError> {
        let a =
            self.request(&json!({"cmd": "divide", "depth": depth, "stopAtEnd": stop_at_end}))?;
        Ok((moves_field(&a)?, str_field(&a, "score")?))
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        // Our own child only: closing stdin ends it; kill in case it hangs.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn str_field(a: &Value, key: &str) -> Result<String, OracleError> {
    a[key]
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| OracleError::Protocol(format!("no `{key}` in {a}")))
}

fn moves_field(a: &Value) -> Result<Vec<VMove>, OracleError> {
    let list = a["moves"]
        .as_array()
        .ok_or_else(|| OracleError::Protocol(format!("no moves in {a}")))?;
    list.iter().map(vmove).collect()
}

fn vmove(m: &Value) -> Result<VMove, OracleError> {
    let bad = || OracleError::Protocol(format!("unreadable move {m}"));
    let pieces = |key: &str| -> Result<Vec<VPiece>, OracleError> {
        m[key]
            .as_array()
            .ok_or_else(bad)?
            .iter()
            .map(|p| {
                let f = |i: usize| p[i].as_str().map(str::to_string).ok_or_else(bad);
                Ok(VPiece {
                    square: f(0)?,
                    color: f(1)?,
                    piece: f(2)?,
                })
            })
            .collect()
    };
    Ok(VMove {
        start: m["s"].as_str().ok_or_else(bad)?.to_string(),
        end: m["e"].as_str().ok_or_else(bad)?.to_string(),
        vanish: pieces("v")?,
        appear: pieces("a")?,
        board_vanish: pieces("bv")?,
        board_appear: pieces("ba")?,
        released: m["released"].as_str().map(str::to_string),
        speculative: m["speculative"] == Value::Bool(true),
        keeps_turn: m["kept"] == Value::Bool(true),
        roll: m["roll"].as_str().map(str::to_string),
        effect: m["effect"].as_str().map(str::to_string),
        notation: m["n"].as_str().map(str::to_string),
        nodes: m["nodes"].as_u64(),
    })
}
