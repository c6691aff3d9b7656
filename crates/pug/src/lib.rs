//! The fenpress Pug front end: parses the Pug that vchess rule pages use into
//! a syntax tree with source positions, and converts it to Markdown. It knows
//! nothing of chess.
