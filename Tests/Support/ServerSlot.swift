import Foundation

/// A claim on one of a few fixed JACK server names, shared by every test process of this user
/// on the machine through `flock` on a file in `/tmp`. Any thread; the claim is held until
/// `release()` (or until the process exits, when the kernel drops the lock).
///
/// Why fixed names: jackd registers each server in one shared-memory registry with room for
/// eight servers (`MAX_SERVERS` in JACK's shm.c). An entry is freed when its jackd exits
/// cleanly, or when a server *of the same name* registers again and finds the old PID gone.
/// A jackd that is killed with SIGKILL or crashes leaves its entry behind, so unique random
/// names leak entries until jackd says "too many servers already active", and parallel test
/// suites alone could ask for nine servers at once. A small pool of reused names bounds both:
/// at most `count` test servers run at once, and a stale entry of ours is reclaimed the next
/// time its name is used.
public final class ServerSlot: @unchecked Sendable {
    /// How many test servers may run at once: two registry entries are left for the user's own
    /// server and for `make run`.
    public static let count = 6

    /// The server name for `jackd -n`.
    public let name: String
    private let lock = NSLock()
    private var fd: Int32

    private init(name: String, fd: Int32) {
        self.name = name
        self.fd = fd
    }

    /// Claims a free name, skipping those in `avoid`; waits up to `timeout` seconds for one.
    public static func claim(avoiding avoid: Set<String> = [], timeout: TimeInterval = 150) throws -> ServerSlot {
        let dir = "/tmp/woodshed-test-jack-slots-\(getuid())"
        mkdir(dir, 0o700)
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            for i in 0..<count {
                let name = "woodshed-test-\(i)"
                if avoid.contains(name) { continue }
                let fd = open("\(dir)/\(name).lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
                if fd < 0 { throw JackToolError("cannot open \(dir)/\(name).lock: \(String(cString: strerror(errno)))") }
                if flock(fd, LOCK_EX | LOCK_NB) == 0 { return ServerSlot(name: name, fd: fd) }
                close(fd)
            }
            usleep(100_000)
        } while Date() < deadline
        throw JackToolError("no free JACK test server name within \(Int(timeout)) s: \(count) test servers are already running")
    }

    /// Gives the name back. Idempotent.
    public func release() {
        lock.lock(); defer { lock.unlock() }
        guard fd >= 0 else { return }
        flock(fd, LOCK_UN)
        close(fd)
        fd = -1
    }

    deinit { release() }
}
