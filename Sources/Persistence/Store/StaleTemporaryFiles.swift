import Foundation

/// The temporary files of writes cut short: `.NAME.partial-PID` next to `NAME`, written by
/// process PID and renamed over `NAME` when complete — a store's save (`AtomicFile`) or a
/// render's sound file. One left behind by a process that is gone (or whose PID now belongs to
/// another program) is litter, removed by the next write there; one of a running Woodshed is
/// its write in progress, and is kept. The one clean-up of such files. Control thread (disk I/O).
public enum StaleTemporaryFiles {
    /// A Woodshed process's command name, as `/proc/PID/comm` gives it.
    static let processName = "woodshed"

    /// `.NAME.partial-PID` beside `url`, for this process.
    public static func temporaryURL(for url: URL) -> URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())")
    }

    /// The writer's PID when `name` is a temporary file's name (`.` + a name + `.partial-` +
    /// digits, nothing else), else nil.
    public static func writerPID(inName name: String) -> Int32? {
        guard name.hasPrefix("."), let dash = name.lastIndex(of: "-") else { return nil }
        let head = name[..<dash], digits = name[name.index(after: dash)...]
        // "." + at least one character + ".partial"
        guard head.hasSuffix(".partial"), head.count > ".partial".count + 1,
              !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }),
              let pid = Int32(digits), pid > 0 else { return nil }
        return pid
    }

    /// `NAME` for a temporary file's name `.NAME.partial-PID`, else nil.
    public static func targetName(ofTemporary name: String) -> String? {
        guard writerPID(inName: name) != nil, let r = name.range(of: ".partial-", options: .backwards) else { return nil }
        return String(name[name.index(after: name.startIndex)..<r.lowerBound])
    }

    /// Whether process `pid` is running and is a Woodshed (its `/proc/PID/comm` is
    /// "woodshed"), or is this process: its temporary files may be a write in progress. A
    /// running process whose name cannot be read counts too (it may be a Woodshed).
    public static func isLiveWoodshed(pid: Int32) -> Bool {
        if pid == getpid() { return true }
        guard pid > 0, kill(pid, 0) == 0 || errno == EPERM else { return false }
        let fd = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return errno != ENOENT }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return true }
        return String(decoding: buffer.prefix(n), as: UTF8.self).trimmingCharacters(in: .newlines) == processName
    }

    /// Removes the temporary files beside each of `urls` whose writer is not a live Woodshed
    /// (see `isLiveWoodshed`). Best effort: a file that cannot be removed is left.
    public static func remove(for urls: [URL]) {
        guard let folder = urls.first?.deletingLastPathComponent() else { return }
        let wanted = Set(urls.map(\.lastPathComponent))
        removeStale(in: folder.path, includingOwn: false) { name in targetName(ofTemporary: name).map(wanted.contains) ?? false }
    }

    /// Removes every regular file in `folder` named `.NAME.partial-PID` whose writer is not a
    /// live Woodshed — and, with `includingOwn`, this process's own (a render calls this before
    /// it starts writing, so any file of its PID is an earlier process's). Links, other names,
    /// and a folder that cannot be read are left as they are. Returns the names removed, sorted.
    @discardableResult
    public static func removeStale(in folder: String, includingOwn: Bool, where matches: (String) -> Bool = { _ in true }) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        var names: [String] = []
        while let entry = readdir(dir) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        closedir(dir)
        var removed: [String] = []
        for name in names.sorted() {
            guard let pid = writerPID(inName: name), matches(name),
                  (includingOwn && pid == getpid()) || !isLiveWoodshed(pid: pid) else { continue }
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
            var s = stat()
            guard lstat(path, &s) == 0, (s.st_mode & S_IFMT) == S_IFREG, unlink(path) == 0 else { continue }
            removed.append(name)
        }
        return removed
    }
}
