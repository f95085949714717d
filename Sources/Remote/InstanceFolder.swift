import Glibc

/// Where running instances put their `woodshed ctl` sockets: `$XDG_RUNTIME_DIR/woodshed/`, or
/// `/tmp/woodshed-$UID` when that is unset; made with mode 0700, and refused when another
/// user owns it or others may enter it. One socket per instance, `<PID>.sock`, mode 0600.
/// Any thread.
public struct InstanceFolder: Sendable {
    public let path: String

    public init(environment: [String: String]) {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            path = runtime + "/woodshed"
        } else {
            path = "/tmp/woodshed-\(getuid())"
        }
    }

    /// The socket of instance `pid`.
    public func socketPath(pid: Int32) -> String { "\(path)/\(pid).sock" }

    /// Makes the folder (mode 0700) if needed; throws when it is not ours alone.
    public func prepare() throws(ControlSocketError) {
        if mkdir(path, 0o700) != 0 && errno != EEXIST { throw .system("cannot make \(path)", errno) }
        var st = stat()
        guard lstat(path, &st) == 0 else { throw .system("cannot read \(path)", errno) }
        guard st.st_mode & S_IFMT == S_IFDIR, st.st_uid == getuid() else {
            throw .unsafeFolder("\(path) is not a folder of this user")
        }
        guard st.st_mode & 0o077 == 0 else { throw .unsafeFolder("\(path) may be entered by other users (mode \(String(st.st_mode & 0o777, radix: 8)); it must be 700)") }
    }

    /// The PIDs of the sockets in the folder, in increasing order.
    public func socketPIDs() -> [Int32] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var pids: [Int32] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".sock"), let pid = Int32(name.dropLast(5)) { pids.append(pid) }
        }
        return pids.sorted()
    }
}

/// A `woodshed ctl` socket or connection that cannot be used. Any thread.
public enum ControlSocketError: Error, Equatable, CustomStringConvertible {
    case system(String, Int32)
    case unsafeFolder(String)

    public var description: String {
        switch self {
        case .system(let what, let e): "\(what): \(String(cString: strerror(e)))"
        case .unsafeFolder(let what): what
        }
    }
}
