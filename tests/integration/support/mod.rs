//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod chromium;
pub mod corpus;
pub mod search_fixture;
pub mod search_site;
pub mod static_server;
