//! From a request's raw path to a file of the in-memory output. Only exact
//! keys of the output are ever served: a path that tries to leave the tree
//! (`..`, `%2e%2e`, encoded slashes or backslashes, empty segments as in
//! `//etc`) is refused before any lookup, and a folder serves its
//! `index.html` or nothing (no listing).

/// Where a request path leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Route {
    /// The output file with this key (`en/rules/Chess/index.html`).
    File(String),
    /// A folder asked for without its trailing `/`: redirect here.
    Redirect(String),
    NotFound,
    /// A path that tries to leave the output tree.
    Forbidden,
}

/// Resolve `raw` (the request's path, still percent-encoded) against the
/// output, whose keys `has` recognises.
pub fn resolve(raw: &str, has: impl Fn(&str) -> bool) -> Route {
    let Some(rest) = raw.strip_prefix('/') else {
        return Route::Forbidden;
    };
    let folder = rest.is_empty() || rest.ends_with('/');
    let mut segments = Vec::new();
    let body = rest.strip_suffix('/').unwrap_or(rest);
    if !body.is_empty() {
        for segment in body.split('/') {
            let Some(decoded) = percent_decode(segment) else {
                return Route::Forbidden;
            };
            if decoded.is_empty()
                || decoded == "."
                || decoded == ".."
                || decoded.contains(['/', '\\', '\0'])
            {
                return Route::Forbidden;
            }
            segments.push(decoded);
        }
    }
    let key = segments.join("/");
    if folder {
        let index = if key.is_empty() {
            "index.html".to_string()
        } else {
            format!("{key}/index.html")
        };
        return if has(&index) {
            Route::File(index)
        } else {
            Route::NotFound
        };
    }
    if has(&key) {
        Route::File(key)
    } else if has(&format!("{key}/index.html")) {
        Route::Redirect(format!("{raw}/"))
    } else {
        Route::NotFound
    }
}

/// `%xx` escapes decoded; `None` for a bad escape or bytes that are not
/// UTF-8.
fn percent_decode(segment: &str) -> Option<String> {
    let bytes = segment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = bytes.get(i + 1..i + 3)?;
            let hex = std::str::from_utf8(hex).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// The Content-Type of an output file, from its extension.
pub fn content_type(key: &str) -> &'static str {
    let ext = key.rsplit_once('.').map_or("", |(_, e)| e);
    match ext.to_ascii_lowercase().as_str() {
        "html" => "text/html; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "js" => "text/javascript; charset=utf-8",
        "json" => "application/json",
        "xml" => "application/xml",
        "txt" => "text/plain; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "gif" => "image/gif",
        "webp" => "image/webp",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "woff" => "font/woff",
        "pdf" => "application/pdf",
        "wasm" => "application/wasm",
        // Pagefind's bundle: its wasm (`wasm.en.pagefind`) and its gzipped
        // index chunks (`.pf_meta`, `.pf_index`, `.pf_fragment`, `.pf_filter`).
        "pagefind" => "application/octet-stream",
        e if e.starts_with("pf_") => "application/octet-stream",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn site(key: &str) -> bool {
        matches!(
            key,
            "index.html" | "en/index.html" | "en/rules/Chess/index.html" | "static/a b.css"
        )
    }

    #[test]
    fn pages_folders_and_redirects() {
        assert_eq!(resolve("/", site), Route::File("index.html".into()));
        assert_eq!(resolve("/en/", site), Route::File("en/index.html".into()));
        assert_eq!(
            resolve("/en/rules/Chess/index.html", site),
            Route::File("en/rules/Chess/index.html".into())
        );
        assert_eq!(resolve("/en", site), Route::Redirect("/en/".into()));
        assert_eq!(
            resolve("/static/a%20b.css", site),
            Route::File("static/a b.css".into())
        );
        assert_eq!(resolve("/en/rules/", site), Route::NotFound);
        assert_eq!(resolve("/static/", site), Route::NotFound);
        assert_eq!(resolve("/nope", site), Route::NotFound);
    }

    #[test]
    fn search_bundle_types() {
        assert_eq!(
            content_type("pagefind/fr/pagefind.js"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type("x/y.wasm"), "application/wasm");
        for key in [
            "pagefind/fr/wasm.fr.pagefind",
            "pagefind/fr/pagefind.fr_1a2b.pf_meta",
            "pagefind/fr/index/fr_1a2b.pf_index",
            "pagefind/fr/fragment/fr_1a2b.pf_fragment",
        ] {
            assert_eq!(content_type(key), "application/octet-stream", "{key}");
        }
        assert_eq!(
            content_type("pagefind/fr/pagefind-entry.json"),
            "application/json"
        );
    }

    #[test]
    fn traversal_is_forbidden() {
        for raw in [
            "/../etc/passwd",
            "/en/../../etc/passwd",
            "/%2e%2e/etc/passwd",
            "/%2E%2E/%2E%2E/etc/passwd",
            "/en/%2e%2e%2fen/index.html",
            "/..%2f..%2fetc/passwd",
            "/..%5c..%5cetc/passwd",
            "//etc/passwd",
            "/en//index.html",
            "/./index.html",
            "/%00",
            "/%zz",
            "/%",
            "etc/passwd",
            "/%ff",
        ] {
            assert_eq!(resolve(raw, |_| true), Route::Forbidden, "{raw}");
        }
    }
}
