//! The client-side search index, one per language.
