//! Delegation of [`crate::rules::Rules`] methods to an inner rules value.
//!
//! Many variants are "chess plus something": a [`super::chesslike::ChessLike`]
//! does the moving and the variant adds drops, placements or promotions.
//! Their `impl Rules` would otherwise repeat the same one-line forwards;
//! `forward_rules!(field => geometry, kinds, ...)` written inside the impl
//! writes them, one method per name, each calling the same method of
//! `self.field`. Only methods whose signature does not depend on the
//! variant are listed; a variant writes the others itself.

/// Writes, inside an `impl Rules for X`, the named methods as calls to the
/// same method of `self.$inner`.
macro_rules! forward_rules {
    ($inner:ident => $($method:ident),+ $(,)?) => {
        $( $crate::variants::forward::forward_rules!(@method $inner $method); )+
    };
    (@method $inner:ident geometry) => {
        fn geometry(&self) -> &$crate::geometry::Geometry {
            self.$inner.geometry()
        }
    };
    (@method $inner:ident start_fen) => {
        fn start_fen(&self) -> &str {
            self.$inner.start_fen()
        }
    };
    (@method $inner:ident kinds) => {
        fn kinds(&self, color: $crate::color::Color) -> $crate::piece::KindSet {
            self.$inner.kinds(color)
        }
    };
    (@method $inner:ident royal_kinds) => {
        fn royal_kinds(&self) -> $crate::piece::KindSet {
            self.$inner.royal_kinds()
        }
    };
    (@method $inner:ident piece_name) => {
        fn piece_name(&self, piece: $crate::piece::Piece) -> String {
            self.$inner.piece_name(piece)
        }
    };
    (@method $inner:ident royals_per_side) => {
        fn royals_per_side(&self) -> Option<usize> {
            self.$inner.royals_per_side()
        }
    };
    (@method $inner:ident fen_style) => {
        fn fen_style(&self) -> $crate::fen::FenStyle {
            self.$inner.fen_style()
        }
    };
    (@method $inner:ident royal_attacked) => {
        fn royal_attacked(
            &self,
            pos: &$crate::position::Position,
            color: $crate::color::Color,
        ) -> bool {
            self.$inner.royal_attacked(pos, color)
        }
    };
    (@method $inner:ident pinned) => {
        fn pinned(
            &self,
            pos: &$crate::position::Position,
        ) -> Option<$crate::rules::Pins> {
            self.$inner.pinned(pos)
        }
    };
    (@method $inner:ident play) => {
        fn play(
            &self,
            pos: &mut $crate::position::Position,
            mv: &$crate::moves::Move,
        ) -> $crate::position::Undo {
            self.$inner.play(pos, mv)
        }
    };
    (@method $inner:ident variant_outcome) => {
        fn variant_outcome(
            &self,
            pos: &$crate::position::Position,
        ) -> Option<$crate::rules::Outcome> {
            self.$inner.variant_outcome(pos)
        }
    };
    (@method $inner:ident stalemate_outcome) => {
        fn stalemate_outcome(&self, pos: &$crate::position::Position) -> $crate::rules::Outcome {
            self.$inner.stalemate_outcome(pos)
        }
    };
    (@method $inner:ident promotions) => {
        fn promotions(&self, color: $crate::color::Color) -> &[$crate::piece::Kind] {
            self.$inner.promotions(color)
        }
    };
    (@method $inner:ident position_problems) => {
        fn position_problems(
            &self,
            pos: &$crate::position::Position,
            offset_of: &dyn Fn($crate::square::Square) -> usize,
            out: &mut Vec<$crate::validate::Problem>,
        ) {
            self.$inner.position_problems(pos, offset_of, out)
        }
    };
}

pub(crate) use forward_rules;

/// Writes, inside an `impl Rules for X`, the FEN fields of a variant whose
/// only field after en passant is a reserve of digits laid out as
/// `$reserve` (a `[(Color, Kind); N]`): read with
/// [`crate::variants::hands::drops::read_reserve_field`], written with
/// [`crate::variants::hands::drops::write_reserve_field`].
macro_rules! reserve_fields {
    ($reserve:expr) => {
        fn read_variant_fields(
            &self,
            fields: &[$crate::fen::Field],
            state: &mut $crate::position::State,
            problems: &mut Vec<$crate::validate::Problem>,
        ) {
            $crate::variants::hands::drops::read_reserve_field(fields, &$reserve, state, problems);
        }
        fn write_variant_fields(&self, pos: &$crate::position::Position) -> (String, String) {
            $crate::variants::hands::drops::write_reserve_field(pos, &$reserve)
        }
    };
}

pub(crate) use reserve_fields;
