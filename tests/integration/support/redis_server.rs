//! A `redis-server` of a test's own (Debian's package), started on a free loopback port with no
//! persistence and stopped when dropped; shared by path by the tests that need a real Redis.

use std::fs;
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A `redis-server` of this test's own, on a free port of 127.0.0.1, writing nothing to disk
/// (`--save ""`, `--appendonly no`) but its log, in a folder of its own; stopped when dropped.
pub struct Redis {
    child: Child,
    dir: PathBuf,
    pub url: String,
}

impl Redis {
    pub fn start() -> Redis {
        // The port is free when chosen, and may be taken before Redis binds it: then try another.
        for _ in 0..5 {
            if let Some(redis) = Redis::try_start() {
                return redis;
            }
        }
        panic!("redis-server could not bind a free port in five tries");
    }

    fn try_start() -> Option<Redis> {
        let port = {
            let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
            listener.local_addr().unwrap().port()
        };
        let dir = std::env::temp_dir().join(format!(
            "mcp-elicit-page-redis-{}-{port}",
            std::process::id()
        ));
        fs::create_dir_all(&dir).unwrap();
        let log = dir.join("redis.log");
        let child = Command::new("redis-server")
            .args(["--port", &port.to_string(), "--bind", "127.0.0.1"])
            .args(["--save", "", "--appendonly", "no", "--daemonize", "no"])
            .arg("--dir")
            .arg(&dir)
            .arg("--logfile")
            .arg(&log)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|error| {
                let _ = fs::remove_dir_all(&dir);
                panic!(
                    "these tests need `redis-server` ({error}): install it (Debian: `apt-get install redis-server`), as .ci/run does"
                )
            });
        let mut redis = Redis {
            child,
            dir,
            url: format!("redis://127.0.0.1:{port}/"),
        };
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if ping(port) {
                return Some(redis);
            }
            if let Some(status) = redis.child.try_wait().unwrap() {
                let log = fs::read_to_string(&log).unwrap_or_default();
                if log.contains("Address already in use") {
                    return None;
                }
                panic!("redis-server stopped ({status}):\n{log}");
            }
            assert!(
                Instant::now() < deadline,
                "redis-server did not answer PING on port {port} within 10 s"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Redis {
    /// Everything it holds, read with `redis-cli`: its keys, and every value (a hash's fields
    /// and values, a string, a sorted set's members), one reply after another.
    #[allow(
        dead_code,
        reason = "the example tests read Redis so; page_redis through its client"
    )]
    pub fn everything(&self) -> (String, String) {
        let port = self.url.trim_end_matches('/').rsplit(':').next().unwrap();
        let cli = |args: &[&str]| {
            let out = Command::new("redis-cli")
                .args(["-p", port, "--no-raw"])
                .args(args)
                .output();
            String::from_utf8_lossy(&out.expect("redis-cli runs").stdout).into_owned()
        };
        let keys = cli(&["--scan"]);
        let mut held = String::new();
        for key in keys.lines().map(|k| k.trim_matches('"')) {
            match cli(&["TYPE", key]).trim() {
                "hash" => held.push_str(&cli(&["HGETALL", key])),
                "string" => held.push_str(&cli(&["GET", key])),
                _ => held.push_str(&cli(&["ZRANGE", key, "0", "-1"])),
            }
        }
        (keys, held)
    }
}

impl Drop for Redis {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = fs::remove_dir_all(&self.dir);
    }
}

/// Whether a Redis answers PING on `port`.
fn ping(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    stream
        .set_read_timeout(Some(Duration::from_secs(1)))
        .unwrap();
    let mut reply = [0; 7];
    stream.write_all(b"PING\r\n").is_ok()
        && stream.read_exact(&mut reply).is_ok()
        && &reply == b"+PONG\r\n"
}
