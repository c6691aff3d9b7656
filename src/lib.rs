//! fenpress: a static site generator for chess-variant rules and puzzles
//! that proves every diagram right. The binary (`main.rs`) parses the command
//! line and runs one command of the command layer (`cmd`) over this library.

pub mod check;
pub mod cmd;
pub mod content;
pub mod diagnostic;
pub mod diagram;
pub mod markdown;
pub mod memory;
pub mod model;
pub mod puzzle;
pub mod report;
pub mod search;
pub mod serve;
pub mod site;
pub mod unsafe_markup;
pub mod words;

pub use fenpress_pug as pug;
pub use fenpress_rules as rules;
