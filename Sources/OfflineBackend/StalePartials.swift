#if canImport(Glibc)
import Glibc
#endif

/// Removes the partial files (see `PartialFile`) no render is writing any more: those a render
/// left when it was killed, or lost its terminal before it handled hang-ups. Tens of MB each,
/// hidden by their leading dot. Called at the start of a render into their folder. Control
/// thread.
public enum StalePartials {
    /// A woodshed process's command name, as `/proc/PID/comm` gives it.
    static let processName = "woodshed"

    /// Removes each regular file in `folder` named `.NAME.partial-PID` whose PID no process has,
    /// or one that is not woodshed (the PID was reused), or this process (which has not started
    /// writing). A running woodshed's partial file is left alone. Returns the names removed,
    /// sorted. Other files, and a folder that cannot be read, are left as they are.
    @discardableResult
    public static func remove(in folder: String) -> [String] {
        guard let dir = opendir(folder) else { return [] }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            names.append(name)
        }
        closedir(dir)
        var removed: [String] = []
        for name in names.sorted() {
            guard let pid = PartialFile.pid(inName: name), !isWoodshed(pid: pid) else { continue }
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + name
            var s = stat()
            guard lstat(path, &s) == 0, (s.st_mode & S_IFMT) == S_IFREG, unlink(path) == 0 else { continue }
            removed.append(name)
        }
        return removed
    }

    /// True when another process `pid` runs and is woodshed, or runs and its name cannot be read
    /// (it may be a render: its file is kept).
    static func isWoodshed(pid: Int32) -> Bool {
        if pid == getpid() { return false }
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        let fd = open("/proc/\(pid)/comm", O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return errno != ENOENT }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 64)
        let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard n > 0 else { return true }
        let comm = String(decoding: buffer.prefix(n), as: UTF8.self)
        return comm == processName + "\n" || comm == processName
    }
}
