import Foundation

/// Which version of a file is on disk, as stat(2) tells it without reading the file: its size,
/// device and inode, and its modification and status-change times to the nanosecond. The same
/// stamp at the same path means the same bytes, as `make` and `git` assume: writing the file,
/// replacing it or even setting its modification time back changes the status-change time.
/// Any thread (a value); `of(path:)` calls stat.
public struct FileStamp: Hashable, Sendable, Codable {
    public var size: Int64
    public var device: UInt64
    public var inode: UInt64
    /// Modification time, nanoseconds since 1970.
    public var modified: Int64
    /// Status-change time, nanoseconds since 1970.
    public var changed: Int64

    public init(size: Int64, device: UInt64, inode: UInt64, modified: Int64, changed: Int64) {
        self.size = size
        self.device = device
        self.inode = inode
        self.modified = modified
        self.changed = changed
    }

    /// The stamp of what stat(2) or fstat(2) filled in.
    init(_ s: stat) {
        self.init(size: Int64(s.st_size), device: UInt64(s.st_dev), inode: UInt64(s.st_ino),
                  modified: Int64(s.st_mtim.tv_sec) * 1_000_000_000 + Int64(s.st_mtim.tv_nsec),
                  changed: Int64(s.st_ctim.tv_sec) * 1_000_000_000 + Int64(s.st_ctim.tv_nsec))
    }

    /// The stamp of the regular file at `path` (symbolic links followed).
    public static func of(path: String) throws(FileFingerprintError) -> FileStamp {
        var s = stat()
        guard stat(path, &s) == 0 else { throw FileFingerprintError(path: path, reason: String(cString: strerror(errno))) }
        guard (s.st_mode & S_IFMT) == S_IFREG else { throw FileFingerprintError(path: path, reason: "not a regular file") }
        return FileStamp(s)
    }
}
