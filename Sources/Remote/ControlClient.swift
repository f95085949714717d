import Glibc

/// `woodshed ctl`'s side: finds the running instance through the sockets of the
/// `InstanceFolder` (a stale socket of a killed instance is removed), checks that the
/// instance runs as this user, sends one request and reads the replies. Main thread.
public struct ControlClient {
    public let folder: InstanceFolder
    /// How long to wait for the instance's answer, in milliseconds.
    public var timeoutMilliseconds: Int32 = 2000

    public init(folder: InstanceFolder) { self.folder = folder }

    /// Sends `message` to the one running instance (or to `instance`, a PID) and returns its
    /// reply: `/woodshed/state`. Throws `ControlClientError` in one line.
    public func request(_ message: OSCMessage, instance: Int32? = nil) throws(ControlClientError) -> OSCMessage {
        var alive: [(pid: Int32, fd: Int32)] = []
        for pid in instance.map({ [$0] }) ?? folder.socketPIDs() {
            if let fd = connectTo(pid) { alive.append((pid, fd)) }
        }
        guard let first = alive.first else {
            throw instance.map { .noSuchInstance($0, folder.path) } ?? .noInstance(folder.path)
        }
        guard alive.count == 1 else {
            for a in alive { close(a.fd) }
            throw .several(alive.map(\.pid))
        }
        let fd = first.fd
        defer { close(fd) }
        guard UnixAddress.peerUID(fd) == getuid() else { throw .notOurs(first.pid) }
        let frame = StreamFraming.frame(message.encoded())
        let sent = frame.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        guard sent == frame.count else { throw .lost(first.pid) }
        var buffer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            if let packets = try? StreamFraming.take(from: &buffer), let packet = packets.first {
                guard let reply = try? OSCMessage(decoding: packet) else { throw .lost(first.pid) }
                if reply.address == "/woodshed/error" { throw .refused(reply.arguments.first?.text ?? "refused") }
                return reply
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&p, 1, timeoutMilliseconds) == 1 else { throw .noAnswer(first.pid) }
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { throw .lost(first.pid) }
            buffer += chunk[0..<n]
        }
    }

    /// A connection to instance `pid`; nil when none answers there (a stale socket is removed).
    private func connectTo(_ pid: Int32) -> Int32? {
        let path = folder.socketPath(pid: pid)
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return nil }
        let ok = UnixAddress.with(path) { connect(fd, $0, $1) } == 0
        if ok { return fd }
        let e = errno
        close(fd)
        if e == ECONNREFUSED && kill(pid, 0) != 0 && errno == ESRCH { unlink(path) }
        return nil
    }
}

/// Why `woodshed ctl` could not reach an instance or was refused. Any thread.
public enum ControlClientError: Error, Equatable, CustomStringConvertible {
    case noInstance(String)
    case noSuchInstance(Int32, String)
    case several([Int32])
    case notOurs(Int32)
    case noAnswer(Int32)
    case lost(Int32)
    case refused(String)

    public var description: String {
        switch self {
        case .noInstance(let folder): "no running woodshed instance (no socket answers in \(folder))"
        case .noSuchInstance(let pid, let folder): "no running woodshed instance with PID \(pid) (no socket answers at \(folder)/\(pid).sock)"
        case .several(let pids): "\(pids.count) woodshed instances run (PIDs \(pids.map(String.init).joined(separator: ", "))): choose one with --instance PID"
        case .notOurs(let pid): "the socket of PID \(pid) belongs to another user; refused"
        case .noAnswer(let pid): "woodshed (PID \(pid)) did not answer within 2 s"
        case .lost(let pid): "the connection to woodshed (PID \(pid)) broke"
        case .refused(let line): line
        }
    }
}
