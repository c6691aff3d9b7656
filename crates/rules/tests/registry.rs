//! The registry: all vchess variants by name, with board facts.

use fenpress_rules::{fen, registry, validate::validate_board};

#[test]
fn every_vchess_variant_is_listed() {
    // 173 vchess variants plus orthodox chess.
    assert_eq!(registry::all().count(), 174);
    for name in [
        "chess", "CHESS", "Orda", "orda", "Chess960", "Pacosako", "Gomoku", "Omega",
    ] {
        assert!(registry::lookup(name).is_some(), "{name}");
    }
    let gomoku = registry::lookup("gomoku").unwrap();
    assert_eq!((gomoku.rows, gomoku.cols), (19, 19));
    assert_eq!(registry::lookup("omega").unwrap().hole, Some('x'));
    assert!(registry::lookup("Chess").unwrap().rules().is_some());
    assert!(registry::lookup("Baroque").unwrap().rules().is_some());
    assert!(registry::lookup("Omega").unwrap().rules().is_some());
    assert!(registry::lookup("Empire").unwrap().rules().is_some());
}

#[test]
fn close_names_help_with_typos() {
    assert_eq!(registry::close_names("ordaa").first(), Some(&"Orda"));
    assert!(registry::close_names("baroq").contains(&"Baroque"));
}

#[test]
fn start_positions_validate_as_boards() {
    for info in registry::all() {
        if let Some(rules) = info.rules() {
            // The site's digits add up on wide boards (Atarigo's `93` is
            // twelve squares): either reading may be the one that fits.
            let fits = [fen::DigitReading::Decimal, fen::DigitReading::PerDigit]
                .into_iter()
                .filter_map(|reading| fen::parse_with(rules.start_fen(), reading).ok())
                .any(|setup| validate_board(&info.board_spec(), &setup).is_empty());
            assert!(fits, "{}", info.name);
            let _ = rules.start_position();
        }
    }
}
