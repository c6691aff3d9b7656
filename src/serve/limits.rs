//! What one client may hold of the preview server: connections are capped
//! in number, and each is closed when it goes `IDLE` without the server
//! writing to it (an idle keep-alive, a request sent a byte at a time, a
//! reader that stops reading) or reads too much before an answer.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

/// Open connections at most; past it a new connection is closed at once
/// (the pages of a preview need a few: a browser opens six per host).
pub const MAX_CONNECTIONS: usize = 2048;

/// A connection the server has not written to for this long is closed: the
/// event stream writes a keep-alive every 15 s, a page is answered at once.
pub const IDLE: Duration = Duration::from_secs(30);

/// An event stream that carried no message (keep-alives aside) for this
/// long is ended by the server, as an idle request is closed: its slot
/// (see `guard::Streams`) is freed even when the client stopped reading,
/// and a live page's `EventSource` reconnects by itself (its `hello`
/// reloads the page only if a build came meanwhile).
pub const STREAM_IDLE: Duration = Duration::from_secs(600);

/// The stream idle time of this process: `STREAM_IDLE`, or
/// `FENPRESS_SERVE_STREAM_IDLE_MS` (for the tests).
pub fn stream_idle() -> Duration {
    std::env::var("FENPRESS_SERVE_STREAM_IDLE_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(STREAM_IDLE, Duration::from_millis)
}

/// Bytes a connection may send between two answers: a GET request's head
/// is far smaller, and this bounds what a connection holds in memory.
pub const MAX_UNANSWERED_BYTES: usize = 64 * 1024;

/// The idle time of this process: `IDLE`, or `FENPRESS_SERVE_IDLE_MS` (the
/// tests set it to a few hundred milliseconds).
pub fn idle() -> Duration {
    std::env::var("FENPRESS_SERVE_IDLE_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(IDLE, Duration::from_millis)
}

/// A TCP listener whose connections are [`Guarded`].
pub struct GuardedListener {
    inner: TcpListener,
    open: Arc<AtomicUsize>,
    idle: Duration,
}

impl GuardedListener {
    pub fn new(inner: TcpListener) -> GuardedListener {
        GuardedListener {
            inner,
            open: Arc::new(AtomicUsize::new(0)),
            idle: idle(),
        }
    }
}

impl axum::serve::Listener for GuardedListener {
    type Io = Guarded;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Guarded, SocketAddr) {
        loop {
            match self.inner.accept().await {
                Ok((stream, addr)) => {
                    // Dropped (closed) at once when too many are open.
                    if self.open.load(Ordering::Relaxed) >= MAX_CONNECTIONS {
                        continue;
                    }
                    let _ = stream.set_nodelay(true);
                    self.open.fetch_add(1, Ordering::Relaxed);
                    return (Guarded::new(stream, self.open.clone(), self.idle), addr);
                }
                // Out of file descriptors and the like: wait, then go on
                // (a client closing early is no reason to stop serving).
                Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.inner.local_addr()
    }
}

/// A connection with a write-idle deadline and a cap on unanswered bytes.
pub struct Guarded {
    stream: TcpStream,
    open: Arc<AtomicUsize>,
    idle: Duration,
    deadline: Pin<Box<Sleep>>,
    unanswered: usize,
}

impl Guarded {
    fn new(stream: TcpStream, open: Arc<AtomicUsize>, idle: Duration) -> Guarded {
        Guarded {
            stream,
            open,
            idle,
            deadline: Box::pin(tokio::time::sleep(idle)),
            unanswered: 0,
        }
    }

    /// `Err` once the deadline passed; else registers the waker on it.
    fn check_deadline(&mut self, cx: &mut Context<'_>) -> io::Result<()> {
        match self.deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "no answer written for too long",
            )),
            Poll::Pending => Ok(()),
        }
    }
}

impl Drop for Guarded {
    fn drop(&mut self) {
        self.open.fetch_sub(1, Ordering::Relaxed);
    }
}

impl AsyncRead for Guarded {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        if let Err(e) = this.check_deadline(cx) {
            return Poll::Ready(Err(e));
        }
        let before = buf.filled().len();
        let polled = Pin::new(&mut this.stream).poll_read(cx, buf);
        if let Poll::Ready(Ok(())) = &polled {
            this.unanswered += buf.filled().len() - before;
            if this.unanswered > MAX_UNANSWERED_BYTES {
                return Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::InvalidData,
                    "too much sent without an answer",
                )));
            }
        }
        polled
    }
}

impl AsyncWrite for Guarded {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        data: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let polled = Pin::new(&mut this.stream).poll_write(cx, data);
        match &polled {
            Poll::Ready(Ok(n)) if *n > 0 => {
                // An answer went out: the client may ask again, for as long.
                this.unanswered = 0;
                let next = Instant::now() + this.idle;
                this.deadline.as_mut().reset(next);
            }
            Poll::Pending => {
                // A reader that stopped reading.
                if let Err(e) = this.check_deadline(cx) {
                    return Poll::Ready(Err(e));
                }
            }
            _ => {}
        }
        polled
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}
