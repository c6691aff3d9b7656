//! Definitions read at run time give their memory back (issue 35): `serve`
//! re-reads an edited definition on every save, so anything a definition
//! leaks grows a preview session without bound. A counting allocator,
//! which this test binary alone uses, measures the bytes still live after
//! each reading: once the process-wide lazies are built, they must stop
//! growing.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::path::Path;

use fenpress_rules::definition::{compile_definition, import_ini};
use fenpress_rules::legal;
use fenpress_rules::registry::Registry;

/// The system allocator, counting the bytes the current thread holds:
/// per thread, so that the test harness's own threads do not blur the
/// figure.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

fn count(delta: isize) {
    // `try_with`: the slot is gone while the thread is torn down.
    let _ = LIVE.try_with(|live| live.set(live.get() + delta));
}

// SAFETY: every call is forwarded to `System` unchanged; only a counter
// is updated beside it.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc_zeroed(layout) };
        if !p.is_null() {
            count(layout.size() as isize);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        count(-(layout.size() as isize));
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            count(new_size as isize - layout.size() as isize);
        }
        p
    }
}

#[global_allocator]
static COUNTING: Counting = Counting;

fn live() -> isize {
    LIVE.with(Cell::get)
}

/// Bytes still live after `rounds` more calls of `work`, once two warm-up
/// calls have built whatever is built once per process.
fn growth(rounds: usize, mut work: impl FnMut(usize)) -> isize {
    work(0);
    work(1);
    let before = live();
    for round in 2..rounds + 2 {
        work(round);
    }
    live() - before
}

/// Every built-in definition file: they use every key between them
/// (holes, named pieces, armies chosen by the FEN, drops and their
/// regions, goals, castlers, extinction...).
fn builtin_definitions() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let mut files: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("the built-in definitions")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a readable definition");
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (format!("variants/{name}"), text)
        })
        .collect();
    files.sort();
    files
}

#[test]
fn a_site_redefining_its_variants_gives_the_old_ones_back() {
    let files = builtin_definitions();
    assert!(files.len() >= 50, "{} definitions", files.len());
    let mut site = Registry::builtin();
    // Each round edits every file as a save in `serve` does (a changed
    // comment: the same text is not read again) and redefines it.
    let edited: Vec<[String; 2]> = files
        .iter()
        .map(|(_, text)| [format!("{text}\n# a\n"), format!("{text}\n# b\n")])
        .collect();
    let grown = growth(180, |round| {
        for ((file, _), texts) in files.iter().zip(&edited) {
            site.define(file, &texts[round % 2])
                .expect("a built-in definition reads");
        }
    });
    // 180 rounds of 57 definitions: before, each reading leaked its names,
    // Betza strings, start FEN and lists (megabytes in all).
    assert!(grown <= 0, "{grown} bytes still live after 180 rounds");
    // The site still plays what it read last.
    let capa = site.rules("Capablanca").expect("redefined");
    assert_eq!(legal::perft(&*capa, &mut capa.start_position(), 1), 28);
}

#[test]
fn compiling_a_definition_ten_thousand_times_leaks_nothing() {
    // Grand: a 10x10 board, named pieces, promotion to lost pieces only.
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("variants");
    let text = std::fs::read_to_string(dir.join("Grand.yaml")).expect("Grand's definition");
    let grown = growth(10_000, |round| {
        // A new String each time: the rules outlive nothing borrowed.
        let owned = format!("{text}\n# {round}\n");
        let rules = compile_definition(&owned, "variants/Grand.yaml").expect("Grand compiles");
        drop(owned);
        drop(rules);
    });
    assert!(grown <= 0, "{grown} bytes still live after 10,000 readings");
}

#[test]
fn importing_fairy_stockfish_sections_leaks_nothing() {
    // Sections written for this test (not Fairy-Stockfish's file): a
    // custom board and pieces, a built-in parent with hands and promoted
    // pieces, a race to a region, drop-only stones on a holed board.
    let ini = "[capa:chess]\nmaxFile = j\narchbishop = a\nchancellor = c\ncastlingKingsideFile = i\n\
startFen = rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1\npromotionPieceTypes = qrbnac\n\
[zh:crazyhouse]\n\
[race]\nmaxRank = 3\nmaxFile = c\ncustomPiece1 = n:mN\nstartFen = nnn/3/NNN w\nflagPiece = n\n\
flagRegionWhite = *3\nflagRegionBlack = *1\nflagPieceCount = 3\n\
[holes]\nmaxRank = 3\nmaxFile = 4\nimmobile = p\nstartFen = 1*2/4/4[PPPPPpppp] w - - 0 1\npieceDrops = true\nconnectN = 3\n";
    let sections = ["capa", "zh", "race", "holes"];
    for s in sections {
        import_ini(ini, s).unwrap_or_else(|e| panic!("[{s}]: {e}"));
    }
    let grown = growth(2_000, |round| {
        let spec = import_ini(ini, sections[round % sections.len()]).expect("imports");
        drop(spec);
    });
    assert!(grown <= 0, "{grown} bytes still live after 2,000 imports");
}
