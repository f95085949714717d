import Foundation

/// The earlier versions of a saved file, newest first: `NAME.bak` is backup 1 (the version
/// before the last save; the one backup earlier Woodsheds kept has this name, so it stays
/// backup 1), then `NAME.bak.2` … `NAME.bak.5`. Each keeps the modification time of its
/// version (when that version was saved). Control thread (disk I/O).
public enum BackupGenerations {
    /// How many earlier versions a store keeps.
    public static let kept = 5

    /// One backup on disk. Any thread (a value).
    public struct Backup: Equatable, Sendable {
        /// 1 for the newest.
        public var generation: Int
        public var url: URL
        /// When this version was saved.
        public var saved: Date
    }

    /// `NAME.bak` for generation 1, `NAME.bak.N` for the older ones.
    public static func url(of url: URL, generation: Int) -> URL {
        let name = url.lastPathComponent + (generation == 1 ? ".bak" : ".bak.\(generation)")
        return url.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// The backups of `url` there are, newest first (a missing generation is skipped).
    public static func list(_ url: URL, keeping: Int = kept) -> [Backup] {
        (1...max(keeping, 1)).compactMap { n in
            let backup = self.url(of: url, generation: n)
            var info = stat()
            guard stat(backup.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            let time = info.st_mtim
            return Backup(generation: n, url: backup,
                          saved: Date(timeIntervalSince1970: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9))
        }
    }

    /// Makes room for a new backup 1: drops backup `keeping` (the oldest kept) and renames
    /// each other one a generation older.
    static func shift(_ url: URL, keeping: Int) throws(FileProblem) {
        guard keeping > 0 else { return }
        let oldest = self.url(of: url, generation: keeping)
        if unlink(oldest.path) != 0, errno != ENOENT { throw FileProblem("can't remove", oldest.path, errno: errno) }
        for n in stride(from: keeping - 1, through: 1, by: -1) {
            let from = self.url(of: url, generation: n), to = self.url(of: url, generation: n + 1)
            if Foundation.rename(from.path, to.path) != 0, errno != ENOENT { throw FileProblem("can't rename", from.path, errno: errno) }
        }
    }

    /// Moves the file at `url` into backup 1 (shifting the others): a deleted file stays
    /// one step back.
    public static func retire(_ url: URL, keeping: Int = kept) throws(FileProblem) {
        try shift(url, keeping: keeping)
        guard Foundation.rename(url.path, self.url(of: url, generation: 1).path) == 0 else {
            throw FileProblem("can't rename", url.path, errno: errno)
        }
        syncFolder(of: url)
    }

    /// Gives the backups of `old` the name of `new` (a renamed file keeps its history), each
    /// where `new` has none of that generation.
    public static func rename(from old: URL, to new: URL, keeping: Int = kept) {
        for n in 1...max(keeping, 1) {
            let from = url(of: old, generation: n), to = url(of: new, generation: n)
            if FileManager.default.fileExists(atPath: from.path) && !FileManager.default.fileExists(atPath: to.path) {
                _ = Foundation.rename(from.path, to.path)
            }
        }
        syncFolder(of: new)
    }

    /// Flushes the folder of `url` (its renames) to disk.
    static func syncFolder(of url: URL) {
        let fd = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
        if fd >= 0 { fsync(fd); close(fd) }
    }
}
