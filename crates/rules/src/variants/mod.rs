//! One module per variant whose move rules the core has. A variant close to
//! chess is a [`chesslike::ChessLikeSpec`]: a list of pieces as data.

pub mod alice;
pub mod apocalypse;
pub mod asian;
pub mod avalam;
pub mod ball;
pub mod baroque;
pub mod borrowed;
pub mod chakart;
pub mod checkered;
pub mod chess;
pub mod chesslike;
pub mod dynamo;
pub mod effects;
pub mod emergo;
pub mod fanorona;
pub mod football;
pub mod forward;
pub mod fugue;
pub mod hamilton;
pub mod hands;
pub mod interweave;
pub mod konane;
pub mod maxima;
pub mod orda;
pub mod pacosako;
pub mod rococo;
pub mod stones;
pub mod turns;
pub mod yote;
