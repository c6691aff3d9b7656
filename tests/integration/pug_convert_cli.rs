//! `fenpress convert`: output on stdout, `file:line:col: level[code]: message`
//! on stderr, exit 1 on page errors and 2 on unreadable files, every file
//! processed.

use std::process::Command;

fn run(args: &[&std::path::Path], html: bool) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_fenpress"));
    cmd.arg("convert");
    if html {
        cmd.args(["--to", "html"]);
    }
    let out = cmd.args(args).output().expect("fenpress runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn converts_reports_and_sets_exit_codes() {
    let dir = tempfile::tempdir().expect("temp dir");
    let good = dir.path().join("good.pug");
    std::fs::write(&good, "p\n  | Hi\n  Li x\nfigure.diagram-container\n  .diagram\n    | fen:k/K a1:\n  figcaption The *end*.\n").expect("write");
    let bad = dir.path().join("bad.pug");
    std::fs::write(&bad, "p= x\np\n  | #{y}\n").expect("write");
    let binary = dir.path().join("bin.pug");
    std::fs::write(&binary, b"p \xff\xfe\n").expect("write");
    let missing = dir.path().join("missing.pug");

    let (code, out, err) = run(&[&good], false);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("```diagram\nfen: k/K\nmarks: [a1]\n"), "{out}");
    assert!(
        err.contains("good.pug:3:3: warning[pug-repair]: capitalised tag `Li`"),
        "{err}"
    );

    let (code, out, _) = run(&[&good], true);
    assert_eq!(code, 0);
    assert!(out.contains("<figure class=\"diagram\"><div data-fen=\"k/K\"></div><figcaption>The *end*.</figcaption></figure>"), "{out}");

    let (code, out, err) = run(&[&bad, &good], false);
    assert_eq!(code, 1);
    assert!(out.contains("Hi"), "later files are still converted");
    assert!(err.contains("bad.pug:1:2: error[pug-unsupported]"), "{err}");
    assert!(err.contains("bad.pug:3:5: error[pug-unsupported]"), "{err}");

    let (code, _, err) = run(&[&missing, &binary, &bad], false);
    assert_eq!(code, 2);
    assert!(err.contains("missing.pug"), "{err}");
    assert!(
        err.contains("bin.pug") && err.contains("not UTF-8"),
        "{err}"
    );
    assert!(err.contains("bad.pug:1:2"), "{err}");
}
