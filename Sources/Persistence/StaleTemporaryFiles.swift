import Foundation

/// The temporary files of saves cut short: `.NAME.partial-PID` next to `NAME`, written by
/// process PID and renamed over `NAME` when complete. One left behind by a process that is gone
/// (or whose PID now belongs to another program) is litter, and the next save of `NAME` removes
/// it; one of a running Woodshed is its save in progress, and is kept. Control thread (disk I/O).
public enum StaleTemporaryFiles {
    /// `.NAME.partial-PID` beside `url`, for this process.
    public static func temporaryURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())")
    }

    /// Whether process `pid` is running and is a Woodshed (its `/proc/PID/comm` is
    /// "woodshed"), or is this process: its temporary files may be a save in progress. Where
    /// there is no `/proc`, a running process of any name counts.
    public static func isLiveWoodshed(pid: Int32) -> Bool {
        if pid == getpid() { return true }
        guard pid > 0 else { return false }
        if FileManager.default.fileExists(atPath: "/proc/self/comm") {
            guard let comm = try? FileAccess.read("/proc/\(pid)/comm") else { return false }
            return String(decoding: comm, as: UTF8.self).trimmingCharacters(in: .newlines) == "woodshed"
        }
        return kill(pid, 0) == 0 || errno == EPERM
    }

    /// Removes the temporary files beside each of `urls` whose writer is not a live Woodshed
    /// (see `isLiveWoodshed`). Best effort: a file that cannot be removed is left.
    public static func remove(for urls: [URL]) {
        guard let folder = urls.first?.deletingLastPathComponent() else { return }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for url in urls {
            let prefix = ".\(url.lastPathComponent).partial-"
            for name in names where name.hasPrefix(prefix) {
                guard let pid = Int32(name.dropFirst(prefix.count)), !isLiveWoodshed(pid: pid) else { continue }
                unlink(folder.appendingPathComponent(name).path)
            }
        }
    }
}
