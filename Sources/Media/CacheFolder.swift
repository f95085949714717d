import Foundation

/// Worker threads. The decode cache folder on disk: creating it, naming the copies in it, and
/// clearing away what an interrupted decode left behind.
enum CacheFolder {
    /// Creates `path` and its missing parents (mode 0700: what one listens to is private).
    /// Throws the system's reason.
    static func create(_ path: String) throws(CacheFolderError) {
        var built = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            built += "/" + component
            if mkdir(built, 0o700) != 0 && errno != EEXIST { throw CacheFolderError(code: errno) }
        }
        var status = stat()
        guard stat(path, &status) == 0 else { throw CacheFolderError(code: errno) }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw CacheFolderError(code: ENOTDIR) }
        guard access(path, W_OK | X_OK) == 0 else { throw CacheFolderError(code: errno) }
    }

    /// The copy's file name: the source's name (made safe, shortened) and a hash of its path,
    /// e.g. "song.ogg-1f0c3a5e9b7d2c41.flac", so one source always has one copy.
    static func entryName(for identity: SourceIdentity) -> String {
        let base = identity.canonicalPath.split(separator: "/").last.map(String.init) ?? "audio"
        let safe = String(base.unicodeScalars.prefix(48).map { scalar in
            scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || "._-".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        let hash = String(identity.pathHash, radix: 16)
        return "\(safe)-\(String(repeating: "0", count: 16 - hash.count))\(hash).\(CacheFormat.fileExtension)"
    }

    /// A fresh name to write `entry` under before it is complete: "ENTRY.partial-PID-RANDOM".
    static func temporaryName(for entry: String) -> String {
        "\(entry)\(partialMarker)\(getpid())-\(String(UInt64.random(in: 0...UInt64.max), radix: 16))"
    }

    /// Removes partial copies of `entry` whose writing process is gone (killed mid-decode).
    /// Partial copies of live processes are left alone: another thread or program may be
    /// writing them right now.
    static func removeLeftovers(of entry: String, in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(entry + partialMarker) {
            let rest = name.dropFirst(entry.count + partialMarker.count)
            guard let pid = rest.split(separator: "-").first.flatMap({ Int32($0) }), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink(directory + "/" + name)
            }
        }
    }

    private static let partialMarker = ".partial-"
}

/// Any thread (a value). Why the cache folder cannot be used: the system's error code.
struct CacheFolderError: Error {
    let code: Int32
    var reason: String { SystemMessage.errno(code) }
}
