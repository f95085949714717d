import Foundation
import Persistence

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

    /// A fresh name to write `entry` under before it is complete: ".ENTRY-RANDOM.partial-PID",
    /// a temporary file's name as `StaleTemporaryFiles` knows it (RANDOM: two threads of one
    /// process may decode the same source at once).
    static func temporaryName(for entry: String) -> String {
        ".\(entry)-\(String(UInt64.random(in: 0...UInt64.max), radix: 16)).partial-\(getpid())"
    }

    /// Removes partial copies of `entry` whose writer is not a live Woodshed (killed
    /// mid-decode), with the one clean-up of such files (`StaleTemporaryFiles`). Partial copies
    /// of live ones are left alone: another thread or program may be writing them right now.
    static func removeLeftovers(of entry: String, in directory: String) {
        StaleTemporaryFiles.removeStale(in: directory, includingOwn: false) { $0.hasPrefix(".\(entry)-") }
    }
}

/// Any thread (a value). Why the cache folder cannot be used: the system's error code.
struct CacheFolderError: Error {
    let code: Int32
    var reason: String { SystemMessage.errno(code) }
}
