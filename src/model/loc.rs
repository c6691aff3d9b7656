//! The one source-location type: where a character sits in a content file.
//! It is defined by the Pug front end (the lowest layer that reports
//! positions) and shared here, so every layer speaks of the same `Loc`.

pub use fenpress_pug::Loc;
