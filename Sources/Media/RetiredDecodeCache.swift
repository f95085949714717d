import Foundation
import Synchronization

/// The opening thread (a worker or the main thread). The decode cache of earlier versions
/// (`$XDG_CACHE_HOME/woodshed/decoded`, else `~/.cache/woodshed/decoded`): whole decoded
/// copies of Ogg Vorbis and Opus files as 24-bit FLAC, up to 4 GiB. Every format is now read in
/// place, so the folder is removed, once per run: its copies ("NAME-HASH.flac"), the partial
/// copies of processes that are gone (a live one may still be writing), then the folder itself
/// if nothing else is left in it.
public enum RetiredDecodeCache {
    /// The folder: `$XDG_CACHE_HOME/woodshed/decoded` when XDG_CACHE_HOME is an absolute path,
    /// else `$HOME/.cache/woodshed/decoded` (the user's home from the system without HOME).
    public static func directory(environment: [String: String]) -> URL {
        let base: URL
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
            base = URL(fileURLWithPath: cache, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = URL(fileURLWithPath: home, isDirectory: true).appendingPathComponent(".cache", isDirectory: true)
        }
        return base.appendingPathComponent("woodshed", isDirectory: true).appendingPathComponent("decoded", isDirectory: true)
    }

    /// Removes the folder's copies and dead partial copies, then the folder when empty; the
    /// names removed, sorted. Anything else in it is left alone.
    @discardableResult
    public static func remove(_ directory: URL) -> [String] {
        let folder = directory.path
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return [] }
        var removed: [String] = []
        for name in names.sorted() where isCopy(name) || isDeadPartial(name) {
            if unlink(folder + "/" + name) == 0 { removed.append(name) }
        }
        rmdir(folder)
        return removed
    }

    /// `remove` of the folder the environment names, the first time it is called in this process.
    public static func removeOnce(environment: [String: String]) {
        let first = done.withLock { done -> Bool in
            defer { done = true }
            return !done
        }
        if first { remove(directory(environment: environment)) }
    }

    private static let done = Mutex(false)
    private static let partialMarker = ".partial-"

    /// A complete copy: "NAME-HASH.flac", HASH 16 hexadecimal digits.
    private static func isCopy(_ name: String) -> Bool {
        guard name.hasSuffix(".flac") else { return false }
        let stem = name.dropLast(5)
        guard let dash = stem.lastIndex(of: "-") else { return false }
        let hash = stem[stem.index(after: dash)...]
        return hash.count == 16 && hash.allSatisfy(\.isHexDigit)
    }

    /// A partial copy ("COPY.partial-PID-RANDOM") whose writing process is gone.
    private static func isDeadPartial(_ name: String) -> Bool {
        guard let marker = name.range(of: partialMarker), isCopy(String(name[..<marker.lowerBound])) else { return false }
        guard let pid = name[marker.upperBound...].split(separator: "-").first.flatMap({ Int32($0) }), pid > 0 else {
            return false
        }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}
