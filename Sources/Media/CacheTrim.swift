import Foundation

/// Worker threads (the thread that opens an `AudioSource`). Keeps the decode cache folder
/// within a size: the copies least recently used go first, the one in use is always kept.
///
/// A copy's modification time is its last use: it is set when the copy is written and again
/// each time it is reused (`markUsed`). Removing a copy that another player has open is safe:
/// that player keeps reading it (the file goes only when it closes), and the next open of its
/// source decodes it again. Partial copies (decodes under way) are never counted or removed.
enum CacheTrim {
    /// One complete copy in the folder.
    struct Copy: Equatable {
        var name: String
        var bytes: Int64
        /// Nanoseconds since 1970.
        var lastUsed: Int64
    }

    /// Records that the copy at `path` is being used now.
    static func markUsed(_ path: String) {
        utimensat(AT_FDCWD, path, nil, 0)
    }

    /// Removes the least recently used copies in `directory` until the copies take at most
    /// `limit` bytes, never `keeping` (the copy in use, even when it alone is larger). Returns
    /// the names removed, oldest first.
    @discardableResult
    static func trim(_ directory: String, keeping: String, limit: Int64) -> [String] {
        var copies = self.copies(in: directory)
        var total = copies.reduce(0) { $0 + $1.bytes }
        guard total > limit else { return [] }
        copies.sort { ($0.lastUsed, $0.name) < ($1.lastUsed, $1.name) }
        var removed: [String] = []
        for copy in copies where total > limit && copy.name != keeping {
            guard unlink(directory + "/" + copy.name) == 0 || errno == ENOENT else { continue }
            total -= copy.bytes
            removed.append(copy.name)
        }
        return removed
    }

    /// The complete copies in `directory` (names ending in ".flac": partial copies do not).
    static func copies(in directory: String) -> [Copy] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name in
            guard name.hasSuffix("." + CacheFormat.fileExtension) else { return nil }
            var s = stat()
            guard lstat(directory + "/" + name, &s) == 0, (s.st_mode & S_IFMT) == S_IFREG else { return nil }
            return Copy(name: name, bytes: Int64(s.st_size),
                        lastUsed: Int64(s.st_mtim.tv_sec) * 1_000_000_000 + Int64(s.st_mtim.tv_nsec))
        }
    }
}
