pub mod search_fixture;
