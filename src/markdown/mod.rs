//! Markdown to HTML with pulldown-cmark; ```diagram blocks are handed to the
//! diagram step instead of being printed as code.
