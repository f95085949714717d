import Glibc

/// The Unix socket a running instance listens on for `woodshed ctl`: `<PID>.sock` in the
/// `InstanceFolder`, mode 0600; a connection from another user (`SO_PEERCRED`) is closed at
/// once. Each connection sends OSC packets framed by `StreamFraming` and gets the replies of
/// `ControlRequests`. The control loop polls `descriptor` (and each connection's). Removed
/// when the instance ends. Control thread.
public final class ControlSocket {
    public let path: String
    public let descriptor: Int32
    private var closed = false
    /// Connections refused because another user made them.
    public private(set) var refused = 0

    /// Listens on `folder`'s socket for `pid` (a stale socket of a dead instance with the same
    /// PID is replaced).
    public init(folder: InstanceFolder, pid: Int32 = getpid()) throws(ControlSocketError) {
        try folder.prepare()
        path = folder.socketPath(pid: pid)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .system("cannot open a Unix socket", errno) }
        unlink(path)
        let old = umask(0o177)
        let bound = UnixAddress.with(path) { bind(fd, $0, $1) }
        umask(old)
        guard bound == 0, chmod(path, 0o600) == 0, listen(fd, 8) == 0 else {
            let e = bound == nil ? ENAMETOOLONG : errno
            Glibc.close(fd)
            throw .system("cannot listen on \(path)", e)
        }
        descriptor = fd
    }

    deinit { close() }

    /// Stops listening and removes the socket (idempotent): the end of the instance.
    public func close() {
        guard !closed else { return }
        closed = true
        unlink(path)
        Glibc.close(descriptor)
    }

    /// The next waiting connection from this user; nil when none waits. Connections of other
    /// users are closed and counted.
    public func accept() -> ControlConnection? {
        while true {
            let fd = Glibc.accept(descriptor, nil, nil)
            guard fd >= 0 else { return nil }
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            if UnixAddress.peerUID(fd) == getuid() { return ControlConnection(descriptor: fd) }
            refused += 1
            Glibc.close(fd)
        }
    }
}

/// One `woodshed ctl` connection on the instance's side: bytes in until whole packets are
/// there, replies out. Control thread.
public final class ControlConnection {
    public let descriptor: Int32
    private var buffer: [UInt8] = []

    init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// The whole packets read so far; nil when the peer closed, sent garbage or failed.
    public func read() -> [[UInt8]]? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if n > 0 { buffer += chunk[0..<n]; continue }
            if n < 0 && (errno == EAGAIN || errno == EINTR) { break }
            return nil
        }
        return try? StreamFraming.take(from: &buffer)
    }

    /// Sends the replies (each framed); false when the peer is gone.
    @discardableResult
    public func send(_ messages: [OSCMessage]) -> Bool {
        let bytes = messages.flatMap { StreamFraming.frame($0.encoded()) }
        var sent = 0
        while sent < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + sent, $0.count - sent, Int32(MSG_NOSIGNAL)) }
            if n > 0 { sent += n; continue }
            if n < 0 && errno == EINTR { continue }
            if n < 0 && errno == EAGAIN { var p = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0); _ = poll(&p, 1, 100); continue }
            return false
        }
        return true
    }
}
