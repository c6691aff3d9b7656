//! The fenpress rules core: geometry, positions, moves and legality for
//! chess variants. It knows nothing of pages, files or HTML, and depends on
//! nothing else of fenpress.
