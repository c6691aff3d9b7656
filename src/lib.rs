//! fenpress: a static site generator for chess-variant rules and puzzles
//! that proves every diagram right. The binary (`main.rs`) parses the command
//! line and calls one function of this library per command.

pub mod check;
pub mod diagnostic;
pub mod diagram;
pub mod markdown;
pub mod puzzle;
pub mod search;
pub mod serve;
pub mod site;

pub use fenpress_pug as pug;
pub use fenpress_rules as rules;
