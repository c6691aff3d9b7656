//! The HTTP side: the output's files from the current snapshot (HTML pages
//! get the live-reload script), and the event stream. Never touches the
//! file system, so nothing outside the output can be served.

use std::convert::Infallible;
use std::sync::Arc;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use tokio::sync::{broadcast, mpsc};
use tokio_stream::wrappers::ReceiverStream;

use super::events::{Message, EVENTS_PATH};
use super::route::{content_type, resolve, Route};
use super::server::Shared;

const LIVERELOAD_JS: &str = include_str!("livereload.js");

pub fn router(shared: Arc<Shared>) -> Router {
    Router::new()
        .route(EVENTS_PATH, get(events))
        .fallback(file)
        .layer(axum::middleware::from_fn(check_host))
        .with_state(shared)
}

/// Refuses a request whose `Host` is not a name of this machine (DNS
/// rebinding: see [`super::guard::host_allowed`]).
async fn check_host(request: axum::extract::Request, next: axum::middleware::Next) -> Response {
    let host = request
        .headers()
        .get(header::HOST)
        .map(|h| h.to_str().unwrap_or("\u{0}"));
    if !super::guard::host_allowed(host) {
        return plain(
            StatusCode::MISDIRECTED_REQUEST,
            "this preview answers only to localhost and IP addresses\n",
        );
    }
    next.run(request).await
}

async fn file(State(shared): State<Arc<Shared>>, method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return plain(StatusCode::METHOD_NOT_ALLOWED, "only GET and HEAD\n");
    }
    let snapshot = shared.snapshot();
    let (status, key) = match resolve(uri.path(), |k| snapshot.files.contains_key(k)) {
        Route::File(key) => (StatusCode::OK, key),
        Route::Redirect(to) => {
            let mut response = StatusCode::MOVED_PERMANENTLY.into_response();
            if let Ok(to) = HeaderValue::from_str(&to) {
                response.headers_mut().insert(header::LOCATION, to);
            }
            return response;
        }
        Route::Forbidden => return plain(StatusCode::FORBIDDEN, "forbidden\n"),
        Route::NotFound if snapshot.files.contains_key("404.html") => {
            (StatusCode::NOT_FOUND, "404.html".to_string())
        }
        // Not even a 404 page: nothing built yet; the script still shows
        // the overlay and reloads once the site builds.
        Route::NotFound => {
            let page = format!(
                "<!DOCTYPE html><html><head><meta charset=\"utf-8\"><title>Not found</title></head><body><p>Not found.</p>{}</body></html>",
                script(&shared.server_id, snapshot.build)
            );
            return html(StatusCode::NOT_FOUND, Bytes::from(page), &method);
        }
    };
    let Some(bytes) = snapshot.files.get(&key) else {
        return plain(StatusCode::NOT_FOUND, "not found\n");
    };
    let kind = content_type(&key);
    if kind.starts_with("text/html") {
        let mut injected = statuses_script(snapshot.statuses.get(&key));
        injected.push_str(&script(&shared.server_id, snapshot.build));
        let page = inject(bytes, &injected);
        return html(status, Bytes::from(page), &method);
    }
    respond(status, kind, bytes.clone(), &method)
}

fn html(status: StatusCode, body: Bytes, method: &Method) -> Response {
    respond(status, "text/html; charset=utf-8", body, method)
}

fn plain(status: StatusCode, text: &'static str) -> Response {
    respond(
        status,
        "text/plain; charset=utf-8",
        Bytes::from_static(text.as_bytes()),
        &Method::GET,
    )
}

fn respond(status: StatusCode, kind: &'static str, body: Bytes, method: &Method) -> Response {
    let length = body.len();
    let body = if method == Method::HEAD {
        Body::empty()
    } else {
        Body::from(body)
    };
    let mut response = (status, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    response
}

/// The live-reload script for a page of snapshot `build`.
fn script(server: &str, build: u64) -> String {
    format!("<script data-server=\"{server}\" data-build=\"{build}\">\n{LIVERELOAD_JS}</script>\n")
}

/// The page's diagram statuses for the live-reload script, which shows
/// each over its diagram (serve only: a built page never holds them). The
/// JSON sits in a data block, with `<` escaped so that a reason cannot end
/// it.
fn statuses_script(statuses: Option<&Vec<super::snapshot::DiagramStatus>>) -> String {
    let Some(list) = statuses else {
        return String::new();
    };
    let json = serde_json::to_string(list)
        .unwrap_or_else(|_| "[]".into())
        .replace('<', "\\u003c");
    format!("<script type=\"application/json\" id=\"fenpress-statuses\">{json}</script>\n")
}

/// `page` with `script` before its last `</body>` (or at its end).
pub fn inject(page: &[u8], script: &str) -> Vec<u8> {
    let at = rfind_ignore_case(page, b"</body>").unwrap_or(page.len());
    let mut out = Vec::with_capacity(page.len() + script.len());
    out.extend_from_slice(&page[..at]);
    out.extend_from_slice(script.as_bytes());
    out.extend_from_slice(&page[at..]);
    out
}

fn rfind_ignore_case(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    if needle.len() > haystack.len() {
        return None;
    }
    (0..=haystack.len() - needle.len())
        .rev()
        .find(|&i| haystack[i..i + needle.len()].eq_ignore_ascii_case(needle))
}

/// The event stream: `hello` (and the overlay if the last build failed),
/// then every message of later builds, until the client leaves, the
/// server stops, or no message came for `limits::stream_idle()`.
async fn events(
    State(shared): State<Arc<Shared>>,
    axum::extract::ConnectInfo(client): axum::extract::ConnectInfo<super::guard::ClientAddr>,
) -> Response {
    let Some(ticket) = shared.streams.admit(client.0) else {
        return plain(
            StatusCode::TOO_MANY_REQUESTS,
            "too many open live-reload streams\n",
        );
    };
    // Subscribe before reading the state, so no build falls between.
    let mut bus = shared.bus.subscribe();
    let mut first = vec![Message::Hello {
        server: shared.server_id.clone(),
        build: shared.snapshot().build,
    }];
    first.extend(shared.failure());
    let mut stop = shared.stop.clone();
    let (tx, rx) = mpsc::channel(16);
    let idle = super::limits::stream_idle();
    tokio::spawn(async move {
        // Counted while the stream is open.
        let _ticket = ticket;
        for message in first {
            if tx.send(Ok(event(&message))).await.is_err() {
                return;
            }
        }
        loop {
            let message = tokio::select! {
                _ = stop.wait_for(|stopped| *stopped) => return,
                _ = tx.closed() => return,
                // No message for too long: ended, its slot freed.
                _ = tokio::time::sleep(idle) => return,
                received = bus.recv() => match received {
                    Ok(message) => message,
                    // Too slow to follow: reload whatever it shows.
                    Err(broadcast::error::RecvError::Lagged(_)) => Message::Reload {
                        build: shared.snapshot().build,
                        all: true,
                        changed: Vec::new(),
                    },
                    Err(broadcast::error::RecvError::Closed) => return,
                },
            };
            if tx.send(Ok(event(&message))).await.is_err() {
                return;
            }
        }
    });
    let stream: ReceiverStream<Result<Event, Infallible>> = ReceiverStream::new(rx);
    let mut response = Sse::new(stream)
        .keep_alive(KeepAlive::default())
        .into_response();
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

fn event(message: &Message) -> Event {
    Event::default().event(message.name()).data(message.data())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_are_a_json_block_no_reason_can_end() {
        use super::super::snapshot::DiagramStatus;
        let list = vec![
            DiagramStatus::of(&crate::model::Status::Proved),
            DiagramStatus::of(&crate::model::Status::Failed(
                "</script><script>alert(1)</script>".into(),
            )),
        ];
        let html = statuses_script(Some(&list));
        assert_eq!(html.matches("</script>").count(), 1, "{html}");
        assert!(html.contains(r#"{"status":"proved","word":"fully verified"}"#));
        assert!(html.contains(r#""status":"failed""#));
        assert_eq!(statuses_script(None), "");
    }

    #[test]
    fn script_goes_before_the_last_body_end() {
        let page = b"<html><body><p>x</p></BODY></html>";
        let out = inject(page, "<script></script>");
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "<html><body><p>x</p><script></script></BODY></html>"
        );
        assert_eq!(inject(b"<p>", "<s>"), b"<p><s>".to_vec());
    }
}
