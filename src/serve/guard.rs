//! What the preview lets in: requests whose `Host` names this machine
//! (a page of another site that rebinds its name to 127.0.0.1 sends its
//! own name, and is refused), and a bounded number of event streams per
//! client and in total (each holds a connection for as long as the page is
//! open; without a cap, a few thousand locked every other request out).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

/// Event streams one client address may hold open (a browser holds one
/// per open page).
pub const MAX_STREAMS_PER_CLIENT: usize = 32;

/// Event streams open at most, all clients together: well below the
/// connection cap, so pages are still served with every stream taken.
pub const MAX_STREAMS: usize = 256;

/// Whether a request's `Host` header names this machine: `localhost` (or
/// a name under `.localhost`) or an IP address (a rebinding attack needs
/// a domain name of its own), with any port. A request without one (not a
/// browser's) is let in.
pub fn host_allowed(host: Option<&str>) -> bool {
    let Some(host) = host else {
        return true;
    };
    let host = host.trim();
    // `[::1]:1111`, `127.0.0.1:1111`, `localhost:1111`, `localhost`.
    let name = if let Some(rest) = host.strip_prefix('[') {
        match rest.split_once(']') {
            Some((ip, port)) if port.is_empty() || port.starts_with(':') => {
                return ip.parse::<std::net::Ipv6Addr>().is_ok()
            }
            _ => return false,
        }
    } else {
        match host.rsplit_once(':') {
            Some((name, port)) if port.chars().all(|c| c.is_ascii_digit()) => name,
            Some(_) => return false,
            None => host,
        }
    };
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    name == "localhost" || name.ends_with(".localhost") || name.parse::<IpAddr>().is_ok()
}

/// The address of the client of a connection, for the handlers.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddr(pub IpAddr);

impl
    axum::extract::connect_info::Connected<
        axum::serve::IncomingStream<'_, super::limits::GuardedListener>,
    > for ClientAddr
{
    fn connect_info(
        stream: axum::serve::IncomingStream<'_, super::limits::GuardedListener>,
    ) -> Self {
        ClientAddr(stream.remote_addr().ip())
    }
}

/// The open event streams, by client address.
#[derive(Default)]
pub struct Streams {
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

/// One open stream, counted until dropped.
pub struct StreamTicket {
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
    client: IpAddr,
}

impl Streams {
    /// A ticket for one more stream of `client`, if neither cap is reached.
    pub fn admit(&self, client: IpAddr) -> Option<StreamTicket> {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let total: usize = open.values().sum();
        let mine = open.get(&client).copied().unwrap_or(0);
        if total >= MAX_STREAMS || mine >= MAX_STREAMS_PER_CLIENT {
            return None;
        }
        *open.entry(client).or_default() += 1;
        Some(StreamTicket {
            open: self.open.clone(),
            client,
        })
    }

    /// Streams open now.
    pub fn count(&self) -> usize {
        self.open
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .values()
            .sum()
    }
}

impl Drop for StreamTicket {
    fn drop(&mut self) {
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.client);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_this_machines_names_are_hosts() {
        for good in [
            None,
            Some("localhost"),
            Some("localhost:1111"),
            Some("LOCALHOST.:1111"),
            Some("site.localhost:8080"),
            Some("127.0.0.1:1111"),
            Some("[::1]:1111"),
            Some("192.168.1.5:1111"),
        ] {
            assert!(host_allowed(good), "{good:?}");
        }
        for bad in [
            Some("evil.example:1111"),
            Some("localhost.evil.example"),
            Some("evil.example"),
            Some("[::1]x"),
            Some("localhost:abc"),
            Some(""),
        ] {
            assert!(!host_allowed(bad), "{bad:?}");
        }
    }

    #[test]
    fn streams_are_capped_per_client_and_in_total() {
        let streams = Streams::default();
        let a: IpAddr = "127.0.0.1".parse().unwrap();
        let mut held: Vec<StreamTicket> = (0..MAX_STREAMS_PER_CLIENT)
            .map(|_| streams.admit(a).unwrap())
            .collect();
        assert!(streams.admit(a).is_none());
        held.pop();
        assert!(
            streams.admit(a).is_some(),
            "a closed stream frees its place"
        );
        drop(held);
        assert_eq!(streams.count(), 0);
        let mut all = Vec::new();
        for i in 0..MAX_STREAMS {
            let client = IpAddr::from([127, 0, (i / 200) as u8, (i % 200) as u8 + 1]);
            all.push(streams.admit(client).unwrap());
        }
        assert!(streams.admit("127.9.9.9".parse().unwrap()).is_none());
    }
}
