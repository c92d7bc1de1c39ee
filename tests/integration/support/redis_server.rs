//! `redis-server`s of a test's own (Debian's package), on loopback ports of their own, each in a
//! folder of its own, stopped when dropped; shared by path by the tests that need a real Redis.
//!
//! A Redis cannot take a port the system chooses (`port 0` turns TCP off, and a cluster node's bus
//! is its port + 10000), so each picks one at random below the system's range of ephemeral
//! ports (where the system's own choices fall, ports 10000 to 22767, their buses up to 32767),
//! and is started there; it is used only once the server answering on that port says it is the
//! process started (`INFO server`'s `process_id`), and when it could not bind the port (another
//! process holds it) another is picked. Nothing is ever asked of a server another test started.
//!
//!
//! - [`Redis::start`]: one Redis writing nothing to disk;
//! - [`Redis::start_with`]: one with settings of the test's (an append-only file, say), which the
//!   test may kill (`SIGKILL`, [`Redis::kill`]) and start again on the same port and folder
//!   ([`Redis::restart`]), or give a replica ([`Redis::replica`]);
//! - [`Cluster::start`]: a Redis Cluster of three primaries with a replica each, built by
//!   `redis-cli --cluster create`, whose primaries a test may kill ([`Cluster::kill`]);
//! - [`Sentinels::watch`]: three Redis Sentinels watching a primary (`redis-server --sentinel`),
//!   which promote its replica when it dies.
#![allow(
    dead_code,
    reason = "each test that includes this file uses some of it: the example tests read Redis through redis-cli, page_redis through its client"
)]

use std::collections::hash_map::RandomState;
use std::fs;
use std::hash::BuildHasher;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `redis-server` of this test's own, on a port of 127.0.0.1 it alone listens on, in a folder
/// of its own; stopped when dropped.
pub struct Redis {
    child: Option<Child>,
    dir: PathBuf,
    port: u16,
    args: Vec<String>,
    pub url: String,
}

impl Redis {
    /// A Redis that writes nothing to disk (`--save ""`, `--appendonly no`) but its log.
    pub fn start() -> Redis {
        Redis::start_with(&["--save", "", "--appendonly", "no"])
    }

    /// A Redis that writes every change to its append-only file before it answers
    /// (`--appendfsync always`), so that whatever it acknowledged outlives a `SIGKILL` and a
    /// [`Redis::restart`].
    pub fn durable() -> Redis {
        Redis::start_with(&[
            "--appendonly",
            "yes",
            "--appendfsync",
            "always",
            "--save",
            "",
        ])
    }

    /// A Redis with the settings `args` (`--appendonly yes`, `--appendfsync always`...).
    pub fn start_with(args: &[&str]) -> Redis {
        // The port may be another process's (or its cluster bus port): then try another.
        for _ in 0..20 {
            if let Some(redis) = Redis::try_start(args) {
                return redis;
            }
        }
        panic!("redis-server could not bind a port of its own in 20 tries");
    }

    fn try_start(args: &[&str]) -> Option<Redis> {
        let port = pick_port();
        let dir = std::env::temp_dir().join(format!(
            "mcp-elicit-page-redis-{}-{port}",
            std::process::id()
        ));
        fs::create_dir_all(&dir).unwrap();
        let mut redis = Redis {
            child: None,
            dir,
            port,
            args: args.iter().map(|arg| (*arg).to_owned()).collect(),
            url: format!("redis://127.0.0.1:{port}/"),
        };
        redis.run().then_some(redis)
    }

    /// Starts `redis-server` on the port and folder, and waits until it answers there: false
    /// when another process holds the port (or its bus port).
    fn run(&mut self) -> bool {
        let log = self.dir.join("redis.log");
        let child = Command::new("redis-server")
            .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
            .args(["--daemonize", "no"])
            .args(&self.args)
            .arg("--dir")
            .arg(&self.dir)
            .arg("--logfile")
            .arg(&log)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| {
                panic!(
                    "these tests need `redis-server` ({error}): install it (Debian: `apt-get install redis-server`), as .ci/run does"
                )
            });
        self.child = Some(child);
        let started = started(self.child.as_mut().unwrap(), self.port, &log);
        if !started {
            self.child = None;
        }
        started
    }

    /// Its port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// Kills it (`SIGKILL`: no shutdown, nothing flushed that was not on disk already).
    pub fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Stops it where it is (`SIGSTOP`): its connections stay open and nothing answers, as a
    /// machine that froze or lost its network without a reset does, until [`Redis::resume`].
    pub fn pause(&self) {
        self.signal("-STOP");
        // Stopped once the kernel says so (`T` in /proc/PID/stat), not when the signal is sent.
        let stat = format!("/proc/{}/stat", self.child.as_ref().unwrap().id());
        poll(Duration::from_secs(5), Duration::from_millis(5), || {
            let stat = fs::read_to_string(&stat).unwrap_or_default();
            match stat
                .rsplit_once(") ")
                .map(|(_, rest)| rest.starts_with('T'))
            {
                Some(true) => Ok(()),
                _ => Err(format!("redis-server did not stop within 5 s: {stat}")),
            }
        });
    }

    /// Lets it go on after [`Redis::pause`] (`SIGCONT`).
    pub fn resume(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, signal: &str) {
        let child = self.child.as_ref().expect("it runs");
        let status = Command::new("kill")
            .args([signal, &child.id().to_string()])
            .status()
            .expect("kill runs");
        assert!(status.success(), "kill {signal} failed");
    }

    /// Starts it again, after [`Redis::kill`], on the same port and folder (so with the same
    /// append-only file, if it keeps one), and waits until it answers (which a Redis still
    /// loading its file does, with an error to most commands: the store must ride that out too).
    /// The port is the clients' address: should another process have taken it meanwhile (none
    /// of the system's choices falls there), the test fails rather than use that process.
    pub fn restart(&mut self) {
        assert!(self.child.is_none(), "kill it first");
        assert!(
            self.run(),
            "port {} was taken while Redis was down",
            self.port
        );
    }

    /// A replica of this Redis (`--replicaof`), writing nothing to disk, once it is in sync.
    pub fn replica(&self) -> Redis {
        self.replica_through(self.port)
    }

    /// A replica of this Redis that reaches it at `port` (a proxy in front of it, say), once it
    /// is in sync.
    pub fn replica_through(&self, port: u16) -> Redis {
        let replica = Redis::start_with(&[
            "--save",
            "",
            "--appendonly",
            "no",
            "--replicaof",
            "127.0.0.1",
            &port.to_string(),
        ]);
        // In sync on both sides: the replica has the data, and the primary has had its first
        // acknowledgement (until then it counts the replica as syncing, and waits on it for
        // nothing).
        poll(Duration::from_secs(10), Duration::from_millis(20), || {
            let info = cli(replica.port, &["INFO", "replication"]);
            let primary = cli(self.port, &["INFO", "replication"]);
            let online = format!("port={},state=online", replica.port);
            if info.contains("master_link_status:up") && primary.contains(&online) {
                return Ok(());
            }
            Err("the replica did not sync within 10 s".to_owned())
        });
        replica
    }

    /// `redis-cli` on it: its reply as text.
    pub fn cli(&self, args: &[&str]) -> String {
        cli(self.port, args)
    }

    /// Everything it holds, read with `redis-cli`: its keys, and every value (a hash's fields
    /// and values, a string, a sorted set's members), one reply after another. Each byte
    /// `redis-cli` writes as an escape (`\xad`, `\n`) is one `·`, so that what a test searches
    /// for is found only where the store holds it as text, never across an escape (sealed bytes
    /// written `\xad` then `a` do not spell `ada`).
    pub fn everything(&self) -> (String, String) {
        let keys = cli(self.port, &["--no-raw", "--scan"]);
        let mut held = String::new();
        for key in keys.lines().map(|k| k.trim_matches('"')) {
            let reply = match cli(self.port, &["TYPE", key]).trim() {
                "hash" => cli(self.port, &["--no-raw", "HGETALL", key]),
                "string" => cli(self.port, &["--no-raw", "GET", key]),
                _ => cli(self.port, &["--no-raw", "ZRANGE", key, "0", "-1"]),
            };
            held.push_str(&unescaped(&reply));
        }
        (keys, held)
    }
}

/// `redis-cli`'s reply with each escaped byte (`\xHH`, or a backslash and one character) written
/// as one `·`.
fn unescaped(reply: &str) -> String {
    let mut text = String::with_capacity(reply.len());
    let mut chars = reply.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            text.push(c);
            continue;
        }
        if chars.next() == Some('x') {
            chars.next();
            chars.next();
        }
        text.push('·');
    }
    text
}

impl Drop for Redis {
    fn drop(&mut self) {
        self.kill();
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// A Redis Cluster of this test's own: three primaries with a replica each, on ports of 127.0.0.1
/// of their own, each node keeping an append-only file (`everysec`) and failing over after two
/// seconds without its primary (`cluster-node-timeout 2000`); stopped when dropped.
pub struct Cluster {
    nodes: Vec<Redis>,
}

impl Cluster {
    pub fn start() -> Cluster {
        let nodes: Vec<Redis> = (0..6)
            .map(|_| {
                Redis::start_with(&[
                    "--cluster-enabled",
                    "yes",
                    "--cluster-node-timeout",
                    "2000",
                    "--appendonly",
                    "yes",
                    "--save",
                    "",
                ])
            })
            .collect();
        let addresses: Vec<String> = nodes
            .iter()
            .map(|node| format!("127.0.0.1:{}", node.port))
            .collect();
        let created = Command::new("redis-cli")
            .args(["--cluster", "create"])
            .args(&addresses)
            .args(["--cluster-replicas", "1", "--cluster-yes"])
            .output()
            .expect("redis-cli runs (Debian's redis-tools, installed with redis-server)");
        assert!(
            created.status.success(),
            "redis-cli --cluster create failed:\n{}{}",
            String::from_utf8_lossy(&created.stdout),
            String::from_utf8_lossy(&created.stderr)
        );
        let cluster = Cluster { nodes };
        cluster.wait_until_ok();
        // And every replica in sync with its primary.
        poll(Duration::from_secs(30), Duration::from_millis(50), || {
            for node in &cluster.nodes {
                let info = node.cli(&["INFO", "replication"]);
                if !info.contains("role:master") && !info.contains("master_link_status:up") {
                    return Err(format!("a replica did not sync within 30 s:\n{info}"));
                }
            }
            Ok(())
        });
        cluster
    }

    /// The seed URLs, comma separated, as `--redis-cluster` takes them.
    pub fn seeds(&self) -> String {
        self.nodes
            .iter()
            .map(|node| node.url.trim_end_matches('/').to_owned())
            .collect::<Vec<_>>()
            .join(",")
    }

    /// Waits until every live node says `cluster_state:ok` and agrees on three primaries.
    pub fn wait_until_ok(&self) {
        poll(Duration::from_secs(30), Duration::from_millis(100), || {
            let live: Vec<&Redis> = self.nodes.iter().filter(|n| n.child.is_some()).collect();
            let ok = live
                .iter()
                .all(|node| node.cli(&["CLUSTER", "INFO"]).contains("cluster_state:ok"));
            if ok && self.primaries().len() == 3 {
                return Ok(());
            }
            Err(format!(
                "the cluster was not ok within 30 s:\n{}",
                live.first()
                    .map(|n| n.cli(&["CLUSTER", "NODES"]))
                    .unwrap_or_default()
            ))
        });
    }

    /// The ports of the live primaries that serve slots.
    pub fn primaries(&self) -> Vec<u16> {
        let Some(node) = self.nodes.iter().find(|n| n.child.is_some()) else {
            return Vec::new();
        };
        node.cli(&["CLUSTER", "NODES"])
            .lines()
            .filter(|line| line.contains("master") && !line.contains("fail"))
            .filter(|line| line.split(' ').count() > 8)
            .filter_map(|line| {
                let address = line.split(' ').nth(1)?;
                address.split('@').next()?.rsplit(':').next()?.parse().ok()
            })
            .collect()
    }

    /// The port of the primary that serves `key`'s slot now.
    pub fn primary_of(&self, key: &str) -> u16 {
        let node = self
            .nodes
            .iter()
            .find(|n| n.child.is_some())
            .expect("a live node");
        let slot: u16 = node
            .cli(&["CLUSTER", "KEYSLOT", key])
            .trim()
            .parse()
            .expect("a slot");
        for primary in self.primaries() {
            let shards = cli(primary, &["CLUSTER", "NODES"]);
            let me = shards
                .lines()
                .find(|line| line.contains("myself"))
                .unwrap_or_default();
            let serves = me.split(' ').skip(8).any(|range| {
                let mut bounds = range.split('-').map(str::parse::<u16>);
                match (bounds.next(), bounds.next()) {
                    (Some(Ok(low)), Some(Ok(high))) => (low..=high).contains(&slot),
                    (Some(Ok(only)), None) => only == slot,
                    _ => false,
                }
            });
            if serves {
                return primary;
            }
        }
        panic!("no live primary serves slot {slot}");
    }

    /// Kills the node on `port` (`SIGKILL`).
    pub fn kill(&mut self, port: u16) {
        self.node(port).kill();
    }

    /// Starts the node on `port` again, after [`Cluster::kill`], with its folder (its cluster
    /// configuration and append-only file): a primary that was failed over meanwhile comes back
    /// as a replica of the one that took its place.
    pub fn restart(&mut self, port: u16) {
        self.node(port).restart();
    }

    fn node(&mut self, port: u16) -> &mut Redis {
        self.nodes
            .iter_mut()
            .find(|node| node.port == port)
            .expect("a node of this cluster")
    }
}

/// Three Redis Sentinels on ports of 127.0.0.1 of their own (as [`Redis`] picks them), watching one primary as the service `svc`
/// (quorum 2, the primary down after a second without answering); stopped when dropped.
pub struct Sentinels {
    children: Vec<Child>,
    dir: PathBuf,
    pub urls: Vec<String>,
}

impl Sentinels {
    pub fn watch(primary: &Redis) -> Sentinels {
        let dir = std::env::temp_dir().join(format!(
            "mcp-elicit-sentinels-{}-{}",
            std::process::id(),
            primary.port
        ));
        fs::create_dir_all(&dir).unwrap();
        let mut sentinels = Sentinels {
            children: Vec::new(),
            dir,
            urls: Vec::new(),
        };
        for n in 0..3 {
            let (child, port) = (0..20)
                .find_map(|attempt| sentinels.start_one(n, attempt, primary.port))
                .expect("a Sentinel could not bind a port of its own in 20 tries");
            sentinels.children.push(child);
            sentinels.urls.push(format!("redis://127.0.0.1:{port}"));
        }
        // Each knows the primary, its replicas and the other Sentinels.
        poll(Duration::from_secs(20), Duration::from_millis(100), || {
            for url in &sentinels.urls {
                let port: u16 = url.rsplit(':').next().unwrap().parse().unwrap();
                let known = cli(port, &["SENTINEL", "MASTER", "svc"]);
                let count = |field: &str| {
                    let mut lines = known.lines();
                    lines.find(|line| *line == field);
                    lines
                        .next()
                        .and_then(|n| n.parse::<u32>().ok())
                        .unwrap_or(0)
                };
                if count("num-slaves") < 1 || count("num-other-sentinels") < 2 {
                    return Err(format!(
                        "the Sentinel on {port} did not see the replica and the others within 20 s:\n{known}"
                    ));
                }
            }
            Ok(())
        });
        sentinels
    }

    /// Starts Sentinel `n` on a port picked at random, watching the primary on `primary`: it and
    /// its port, or `None` when another process holds that port.
    fn start_one(&self, n: usize, attempt: usize, primary: u16) -> Option<(Child, u16)> {
        let port = pick_port();
        let config = self.dir.join(format!("sentinel-{n}-{attempt}.conf"));
        let log = self.dir.join(format!("sentinel-{n}-{attempt}.log"));
        fs::write(
            &config,
            format!(
                "port {port}\nbind 127.0.0.1\ndir {}\nlogfile {}\n\
                 sentinel monitor svc 127.0.0.1 {primary} 2\n\
                 sentinel down-after-milliseconds svc 1000\n\
                 sentinel failover-timeout svc 5000\n",
                self.dir.display(),
                log.display(),
            ),
        )
        .unwrap();
        let mut child = Command::new("redis-server")
            .arg(&config)
            .arg("--sentinel")
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("redis-server runs as a Sentinel");
        started(&mut child, port, &log).then_some((child, port))
    }

    /// The port of the primary the Sentinels name now.
    pub fn primary(&self) -> u16 {
        let port: u16 = self.urls[0].rsplit(':').next().unwrap().parse().unwrap();
        let named = cli(port, &["SENTINEL", "GET-MASTER-ADDR-BY-NAME", "svc"]);
        named
            .lines()
            .nth(1)
            .and_then(|p| p.parse().ok())
            .expect("a primary")
    }
}

impl Drop for Sentinels {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// Asks `ready` every `pause` until it answers `Ok`, for at most `limit`: past it, the test fails
/// with what `ready` said last.
fn poll(limit: Duration, pause: Duration, mut ready: impl FnMut() -> Result<(), String>) {
    let deadline = Instant::now() + limit;
    loop {
        match ready() {
            Ok(()) => return,
            Err(not_yet) => assert!(Instant::now() < deadline, "{not_yet}"),
        }
        std::thread::sleep(pause);
    }
}

/// A port to try a Redis on: at random from 10000 to 22767, below the system's range of
/// ephemeral ports (32768 and up on Linux), so that neither it nor its cluster bus port (+ 10000)
/// is one the system hands out; another test's Redis may still hold it, which [`started`] finds.
fn pick_port() -> u16 {
    let random = RandomState::new().hash_one(std::time::SystemTime::now());
    10_000 + u16::try_from(random % 12_768).unwrap()
}

/// Waits until `child`, a `redis-server` started on `port` with its log at `log`, answers there
/// as itself (`INFO server` naming its process): true; false when it stopped because another
/// process holds the port (or, for a cluster node, its bus port). Panics when it stopped for
/// another reason, or did not answer within 10 s.
fn started(child: &mut Child, port: u16, log: &Path) -> bool {
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let log = fs::read_to_string(log).unwrap_or_default();
            if log.contains("Address already in use") {
                return false;
            }
            panic!("redis-server stopped ({status}):\n{log}");
        }
        match process_id(port) {
            Some(id) if id == child.id() => return true,
            Some(other) => {
                // Another process's server answers on the port: ours cannot bind it, and stops.
                assert!(
                    Instant::now() < deadline,
                    "port {port} is process {other}'s, and redis-server {} did not stop within 10 s",
                    child.id()
                );
            }
            None => assert!(
                Instant::now() < deadline,
                "redis-server did not answer on port {port} within 10 s"
            ),
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The `process_id` that the Redis answering on `port` gives in `INFO server` (a Redis still
/// loading its data answers it too), or `None` when nothing answers it there.
fn process_id(port: u16) -> Option<u32> {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
    stream
        .set_read_timeout(Some(Duration::from_secs(1)))
        .unwrap();
    stream.write_all(b"INFO server\r\n").ok()?;
    let mut reply = BufReader::new(stream);
    let mut header = String::new();
    reply.read_line(&mut header).ok()?;
    let size: usize = header.strip_prefix('$')?.trim().parse().ok()?;
    let mut body = vec![0; size];
    reply.read_exact(&mut body).ok()?;
    String::from_utf8_lossy(&body)
        .lines()
        .find_map(|line| line.strip_prefix("process_id:"))?
        .trim()
        .parse()
        .ok()
}

/// `redis-cli -p PORT ARGS`: its output as text (empty when it cannot run).
pub fn cli(port: u16, args: &[&str]) -> String {
    let out = Command::new("redis-cli")
        .args(["-p", &port.to_string()])
        .args(args)
        .output();
    String::from_utf8_lossy(&out.expect("redis-cli runs").stdout).into_owned()
}
