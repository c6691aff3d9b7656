//! Running whole processes and measuring them: wall time, CPU time and peak
//! memory of each child (from `wait4`, so a child's figures are its own),
//! alternating runs of several contenders, medians and ratios printed.

use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::BenchError;

/// One command line, run with its output discarded (kept in a log file so
/// a failure can be shown).
#[derive(Debug, Clone)]
pub struct Cmd {
    pub program: PathBuf,
    pub args: Vec<String>,
    pub cwd: Option<PathBuf>,
    /// Text written to the child's standard input (UCI commands).
    pub stdin: Option<String>,
    /// Environment variables set for the child.
    pub env: Vec<(String, String)>,
}

impl Cmd {
    pub fn new(program: impl Into<PathBuf>, args: &[&str]) -> Cmd {
        Cmd {
            program: program.into(),
            args: args.iter().map(|a| a.to_string()).collect(),
            cwd: None,
            stdin: None,
            env: Vec::new(),
        }
    }

    pub fn env(mut self, key: &str, value: impl Into<String>) -> Cmd {
        self.env.push((key.to_string(), value.into()));
        self
    }

    pub fn arg(mut self, a: impl Into<String>) -> Cmd {
        self.args.push(a.into());
        self
    }

    pub fn cwd(mut self, dir: impl Into<PathBuf>) -> Cmd {
        self.cwd = Some(dir.into());
        self
    }

    pub fn stdin(mut self, text: impl Into<String>) -> Cmd {
        self.stdin = Some(text.into());
        self
    }

    fn describe(&self) -> String {
        format!("{} {}", self.program.display(), self.args.join(" "))
    }
}

/// What one run of a process (or of a chain of them) cost.
#[derive(Debug, Clone, Copy, Default)]
pub struct Sample {
    pub wall: Duration,
    pub cpu: Duration,
    /// Peak resident memory, in KiB (the largest of a chain's processes).
    pub peak_kib: u64,
}

/// The outcome of one child: its cost and what it printed.
pub struct Ran {
    pub sample: Sample,
    pub stdout: String,
    pub stderr: String,
}

/// Runs `cmd`, waits for it with `wait4` and fails on a non-zero exit,
/// unless `allow_fail` (fenpress exits 1 when the sources have errors,
/// which a bench of a site with unknown variants expects).
pub fn run(cmd: &Cmd, allow_fail: bool) -> Result<Ran, BenchError> {
    let out = std::env::temp_dir().join(format!("fenpress-bench-{}.out", std::process::id()));
    let err = std::env::temp_dir().join(format!("fenpress-bench-{}.err", std::process::id()));
    let mut command = Command::new(&cmd.program);
    command
        .args(&cmd.args)
        .stdout(std::fs::File::create(&out)?)
        .stderr(std::fs::File::create(&err)?)
        .stdin(if cmd.stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        });
    if let Some(dir) = &cmd.cwd {
        command.current_dir(dir);
    }
    command.envs(cmd.env.iter().map(|(k, v)| (k, v)));
    let start = Instant::now();
    let mut child = command.spawn().map_err(|e| BenchError::Spawn {
        cmd: cmd.describe(),
        source: e,
    })?;
    if let (Some(text), Some(mut input)) = (&cmd.stdin, child.stdin.take()) {
        use std::io::Write;
        input.write_all(text.as_bytes())?;
    }
    let (status, usage) = wait4(child.id())?;
    let wall = start.elapsed();
    let stdout = std::fs::read_to_string(&out).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    let _ = std::fs::remove_file(&out);
    let _ = std::fs::remove_file(&err);
    let exited_ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    let exited_one = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 1;
    if !(exited_ok || allow_fail && exited_one) {
        let tail: String = stderr
            .lines()
            .rev()
            .take(8)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect::<Vec<_>>()
            .join("\n");
        return Err(BenchError::Failed {
            cmd: cmd.describe(),
            status,
            tail,
        });
    }
    Ok(Ran {
        sample: Sample {
            wall,
            cpu: usage.0,
            peak_kib: usage.1,
        },
        stdout,
        stderr,
    })
}

/// Waits for `pid`, returning its raw status, CPU time and peak RSS (KiB).
fn wait4(pid: u32) -> Result<(i32, (Duration, u64)), BenchError> {
    let mut status = 0;
    // SAFETY: rusage is plain data, zero is a valid value; wait4 writes it.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    loop {
        // SAFETY: pid is our own child, both pointers are valid.
        let r = unsafe { libc::wait4(pid as libc::pid_t, &mut status, 0, &mut usage) };
        if r == pid as libc::pid_t {
            break;
        }
        let e = std::io::Error::last_os_error();
        if e.kind() != std::io::ErrorKind::Interrupted {
            return Err(e.into());
        }
    }
    let tv = |t: libc::timeval| Duration::new(t.tv_sec as u64, t.tv_usec as u32 * 1000);
    let cpu = tv(usage.ru_utime) + tv(usage.ru_stime);
    Ok((status, (cpu, usage.ru_maxrss as u64)))
}

/// A contender: how to get ready for one run (untimed: emptying an output
/// folder) and the processes the run is made of (timed, summed).
pub struct Contender {
    pub name: String,
    pub prepare: Box<dyn Fn() -> Result<(), BenchError>>,
    pub steps: Vec<Cmd>,
    pub allow_fail: bool,
}

impl Contender {
    pub fn new(name: impl Into<String>, steps: Vec<Cmd>) -> Contender {
        Contender {
            name: name.into(),
            prepare: Box::new(|| Ok(())),
            steps,
            allow_fail: false,
        }
    }

    pub fn prepare(mut self, f: impl Fn() -> Result<(), BenchError> + 'static) -> Contender {
        self.prepare = Box::new(f);
        self
    }

    pub fn allow_fail(mut self) -> Contender {
        self.allow_fail = true;
        self
    }

    /// One timed run: every step in turn.
    pub fn once(&self) -> Result<Sample, BenchError> {
        (self.prepare)()?;
        let mut total = Sample::default();
        for step in &self.steps {
            let s = run(step, self.allow_fail)?.sample;
            total.wall += s.wall;
            total.cpu += s.cpu;
            total.peak_kib = total.peak_kib.max(s.peak_kib);
        }
        Ok(total)
    }
}

/// The samples of each contender, in the contenders' order.
pub struct Table {
    pub title: String,
    pub rows: Vec<(String, Vec<Sample>)>,
}

/// Runs every contender `runs` times, alternating (round i starts with
/// contender i mod n, so neither always runs first on a warm cache), after
/// one untimed warm-up round.
pub fn alternate(
    title: &str,
    contenders: &[Contender],
    runs: usize,
    warmup: bool,
) -> Result<Table, BenchError> {
    if warmup {
        for c in contenders {
            c.once()?;
        }
    }
    let n = contenders.len();
    let mut rows: Vec<(String, Vec<Sample>)> = contenders
        .iter()
        .map(|c| (c.name.clone(), Vec::new()))
        .collect();
    for round in 0..runs {
        for k in 0..n {
            let i = (round + k) % n;
            let s = contenders[i].once()?;
            rows[i].1.push(s);
        }
    }
    Ok(Table {
        title: title.to_string(),
        rows,
    })
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    match xs.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => xs[n / 2],
        n => (xs[n / 2 - 1] + xs[n / 2]) / 2.0,
    }
}

/// The median wall time of a row, in seconds.
pub fn median_wall(samples: &[Sample]) -> f64 {
    median(samples.iter().map(|s| s.wall.as_secs_f64()).collect())
}

impl Table {
    /// Medians per contender and the ratio of each to the first row.
    pub fn print(&self) {
        println!("\n## {}  (load average {})", self.title, load_average());
        println!(
            "{:<34} {:>5} {:>10} {:>10} {:>10} {:>10} {:>8}",
            "contender", "runs", "median s", "min s", "cpu s", "peak MB", "ratio"
        );
        let base = self.rows.first().map(|(_, s)| median_wall(s));
        for (name, samples) in &self.rows {
            let wall = median_wall(samples);
            let min = samples
                .iter()
                .map(|s| s.wall.as_secs_f64())
                .fold(f64::INFINITY, f64::min);
            let cpu = median(samples.iter().map(|s| s.cpu.as_secs_f64()).collect());
            let peak = samples.iter().map(|s| s.peak_kib).max().unwrap_or(0) as f64 / 1024.0;
            let ratio = base.map(|b| wall / b).unwrap_or(f64::NAN);
            println!(
                "{name:<34} {:>5} {wall:>10.3} {min:>10.3} {cpu:>10.3} {peak:>10.0} {ratio:>8.2}",
                samples.len()
            );
        }
    }
}

/// The 1, 5 and 15 minute load averages, as the kernel prints them.
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}
