//! `fenpress perft` and `fenpress moves` from the outside.

use std::process::Command;

fn fenpress(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .args(args)
        .output()
        .expect("runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn perft_prints_the_count_last() {
    let (code, out, _) = fenpress(&["perft", "chess", "start", "3"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("8902"));
    let (code, out, _) = fenpress(&["perft", "Orda", "start", "2", "--divide"]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l == "g1f3: 28"), "{out}");
    assert_eq!(out.lines().last(), Some("560"));
}

#[test]
fn moves_lists_coordinates_and_san() {
    let (code, out, _) = fenpress(&["moves", "chess", "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]);
    assert_eq!(code, 0);
    assert!(out.lines().any(|l| l == "e1g1 O-O"), "{out}");
    assert!(out.lines().any(|l| l == "h1h8 Rh8+"), "{out}");
}

#[test]
fn bad_input_exits_2_with_a_reason() {
    let (code, _, err) = fenpress(&["perft", "ordaa", "start", "1"]);
    assert_eq!(code, 2);
    assert!(err.contains("did you mean Orda"), "{err}");
    let (code, _, err) = fenpress(&["moves", "chess", "8/8/8/8 w"]);
    assert_eq!(code, 2);
    assert!(err.contains("the board has 4 rows, expected 8"), "{err}");
}
