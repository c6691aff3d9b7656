//! `fenpress init DIR` gives a site that checks clean with every warning
//! denied and builds; its own variant (variants/Nightriders.yaml) proves
//! its page's diagrams; `variant show` and `perft --content` see it.

use std::process::Command;

fn fenpress(args: &[&str]) -> (i32, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_fenpress"))
        .args(args)
        .output()
        .expect("fenpress runs");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code().unwrap_or(-1), text)
}

#[test]
fn init_then_check_and_build_succeed() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    let s = site.to_str().unwrap();
    let (code, text) = fenpress(&["init", s]);
    assert_eq!(code, 0, "{text}");
    let (code, text) = fenpress(&["check", "--content", s, "--deny", "warnings"]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("4 fully verified"), "{text}");
    let out = dir.path().join("public");
    let (code, text) = fenpress(&["build", "--content", s, "--out", out.to_str().unwrap()]);
    assert_eq!(code, 0, "{text}");
    assert!(out.join("en/rules/Nightriders/index.html").is_file());
    // A second init into the same folder refuses.
    let (code, text) = fenpress(&["init", s]);
    assert_eq!(code, 2, "{text}");
    // The site's own variant, on the command line.
    let (code, text) = fenpress(&["variant", "show", "Nightriders", "--content", s]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("betza: NN"), "{text}");
    let (code, text) = fenpress(&["perft", "Nightriders", "start", "1", "--content", s]);
    assert_eq!(code, 0, "{text}");
    // 16 pawn moves, and each nightrider rides two lines: b1-a3 and
    // b1-c3-d5 to the capture on e7 (g1 the same on the other wing).
    assert_eq!(text.trim().lines().last(), Some("24"), "{text}");
}

#[test]
fn a_bad_variant_definition_is_an_error_at_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    std::fs::create_dir_all(site.join("variants")).unwrap();
    std::fs::write(
        site.join("variants/Broken.yaml"),
        "board: 8x8\npieces:\n  - { letter: k, betza: Kq, royal: true }\nstart: k7/8/8/8/8/8/8/7K w 0\n",
    )
    .unwrap();
    let (code, text) = fenpress(&["check", "--content", site.to_str().unwrap()]);
    assert_eq!(code, 1, "{text}");
    assert!(text.contains("Broken.yaml:3:"), "{text}");
    assert!(text.contains("variant-definition"), "{text}");
}

#[test]
fn an_imported_fairy_stockfish_section_is_a_site_variant() {
    let dir = tempfile::tempdir().unwrap();
    let ini = dir.path().join("variants.ini");
    std::fs::write(
        &ini,
        "[mycapa:chess]\nmaxFile = j\ncustomPiece1 = a:BN\ncustomPiece2 = c:RN\n\
         startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\n\
         promotionPieceTypes = qrbnac\n",
    )
    .unwrap();
    let (code, yaml) = fenpress(&["variant", "import", ini.to_str().unwrap(), "mycapa"]);
    assert_eq!(code, 0, "{yaml}");
    let site = dir.path().join("site");
    std::fs::create_dir_all(site.join("variants")).unwrap();
    std::fs::write(site.join("variants/Mycapa.yaml"), &yaml).unwrap();
    let (code, text) = fenpress(&[
        "perft",
        "Mycapa",
        "start",
        "2",
        "--content",
        site.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{text}");
    // Capablanca chess: 28 first moves, 784 after the reply.
    assert_eq!(text.trim().lines().last(), Some("784"), "{text}");
    let (code, text) = fenpress(&["variant", "import", ini.to_str().unwrap(), "nosuch"]);
    assert_eq!(code, 2, "{text}");
}

#[test]
fn a_misspelled_variant_folder_suggests_the_site_s_variant() {
    let dir = tempfile::tempdir().unwrap();
    let site = dir.path().join("site");
    fenpress::cmd::init::init(&site).unwrap();
    std::fs::rename(
        site.join("rules/Nightriders"),
        site.join("rules/Nightrider"),
    )
    .unwrap();
    let (code, text) = fenpress(&["check", site.to_str().unwrap()]);
    assert_eq!(code, 0, "{text}");
    assert!(text.contains("unknown variant `Nightrider`"), "{text}");
    assert!(text.contains("did you mean Nightriders"), "{text}");
}
