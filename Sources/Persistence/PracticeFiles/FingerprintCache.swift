import Foundation

/// The fingerprints already taken, so that opening an unchanged file reads none of it: one
/// small JSON file per audio path in `$XDG_CACHE_HOME/woodshed/fingerprints/`, holding the
/// path, the file's stamp when it was hashed and its fingerprint. Control thread (disk I/O).
///
/// A cache: an entry whose path, stamp, length or rate differs from the file's now, or that is
/// missing or unreadable, is a miss (the file is hashed again and the entry replaced); writing
/// is best effort (a failure costs only a hash next time). Deleting the folder loses nothing.
public struct FingerprintCache: Sendable {
    /// `…/woodshed/fingerprints`.
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The cache in `$XDG_CACHE_HOME/woodshed/fingerprints`, or `~/.cache/woodshed/fingerprints`
    /// when `XDG_CACHE_HOME` is unset or empty.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(folder: UserFolders.woodshed(.cache, environment: environment).appendingPathComponent("fingerprints"))
    }

    /// The fingerprint taken of the file at `path` (absolute, standardized) when it had this
    /// stamp, `frames` frames and `rate`; nil when there is none.
    public func fingerprint(path: String, stamp: FileStamp, frames: Int64, rate: Int) -> FileFingerprint? {
        guard let fingerprint = fingerprint(path: path, stamp: stamp), fingerprint.frames == frames, fingerprint.rate == rate
        else { return nil }
        return fingerprint
    }

    /// The fingerprint taken of the file at `path` (absolute, standardized) when it had this
    /// stamp, whatever its length and rate (for shell completion, which does not open the
    /// audio); nil when there is none.
    public func fingerprint(path: String, stamp: FileStamp) -> FileFingerprint? {
        guard let data = FileManager.default.contents(atPath: url(for: path).path),
              let entry = try? JSONDecoder().decode(Entry.self, from: data),
              entry.path == path, entry.stamp == stamp,
              let fingerprint = FileFingerprint(entry.fingerprint), fingerprint.size == stamp.size
        else { return nil }
        return fingerprint
    }

    /// Remembers that the file at `path` had `fingerprint` when it had `stamp`. Best effort.
    public func remember(_ fingerprint: FileFingerprint, path: String, stamp: FileStamp) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var data = try? encoder.encode(Entry(path: path, stamp: stamp, fingerprint: fingerprint.description)) else { return }
        data.append(0x0A)
        // Atomic (a half-written entry would only be a miss, but costs nothing to avoid), with
        // no backups: an entry is derived from the audio file, so a lost one is hashed again.
        try? AtomicFile.write(data, to: url(for: path))
    }

    /// `<folder>/<FNV-1a of the path, 16 hex digits>.json`.
    func url(for path: String) -> URL {
        var hasher = FNV1a()
        Array(path.utf8).withUnsafeBytes { hasher.add($0) }
        let hex = String(hasher.value, radix: 16)
        return folder.appendingPathComponent(String(repeating: "0", count: 16 - hex.count) + hex + ".json")
    }

    /// One cached fingerprint, as stored.
    struct Entry: Codable, Equatable {
        var path: String
        var stamp: FileStamp
        var fingerprint: String
    }
}
