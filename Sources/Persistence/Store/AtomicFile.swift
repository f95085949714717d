import Foundation

/// The one way Woodshed saves a file: its contents are replaced all at once, so a crash or a
/// full disk leaves either the old file or the new one, never half of each; and the versions
/// it replaces are kept as backups (see `BackupGenerations`). Control thread (disk I/O).
public enum AtomicFile {
    /// Writes `data` to a temporary file next to `url` (`.NAME.partial-PID`), flushes it to
    /// disk, renames it over `url` and flushes the folder. Only where a regular file is or may
    /// be (`OutputTarget`): a symbolic link is written through (the file it leads to is
    /// replaced, in its own folder); a folder, device, FIFO or socket is refused. Creates the
    /// folder when `creatingFolder` (Woodshed's own folders); a folder the user named
    /// (`creatingFolder: false`) must exist. Removes the temporary files earlier saves of
    /// `url` left behind (`StaleTemporaryFiles`). Keeps no backup: use `replace` for a file the
    /// user would miss. `modified`: the time to give the file (a backup keeps its version's
    /// time); nil: now.
    public static func write(_ data: Data, to given: URL, modified: timespec? = nil,
                             creatingFolder: Bool = true) throws(FileProblem) {
        if creatingFolder { try FileAccess.createFolder(given.deletingLastPathComponent()) }
        let url = URL(fileURLWithPath: try OutputTarget.resolve(given.path))
        let folder = url.deletingLastPathComponent()
        StaleTemporaryFiles.remove(for: [url])
        let temp = StaleTemporaryFiles.temporaryURL(for: url)
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FileProblem("can't write", given.path, errno: errno) }
        var failure: Int32?
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var done = 0
            while done < bytes.count {
                let n = Foundation.write(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                done += n
            }
        }
        if failure == nil, let time = modified {
            let times = [time, time]   // accessed, modified
            if futimens(fd, times) != 0 { failure = errno }
        }
        if failure == nil, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == nil, rename(temp.path, url.path) != 0 { failure = errno }
        if let failure {
            unlink(temp.path)
            throw FileProblem("can't write", given.path, errno: failure)
        }
        let dir = open(folder.path, O_RDONLY | O_CLOEXEC)
        if dir >= 0 { fsync(dir); close(dir) }
    }

    /// Saves `data` as the file at `url`, keeping the version it replaces as backup 1 and
    /// shifting the older ones (`BackupGenerations.shift`): at most `backups` are kept, the
    /// oldest dropped. Writes nothing, and returns false, when the file already holds `data`
    /// (so backups rotate only when the content changes). Throws, writing nothing, when the
    /// file there cannot be read.
    @discardableResult
    public static func replace(_ url: URL, with data: Data,
                               backups: Int = BackupGenerations.kept) throws(FileProblem) -> Bool {
        try FileAccess.createFolder(url.deletingLastPathComponent())
        _ = try OutputTarget.resolve(url.path)   // never read a FIFO or a device as the old version
        let old = try FileAccess.readIfPresent(url.path)
        guard old != data else { return false }
        StaleTemporaryFiles.remove(for: [url] + (1...max(backups, 1)).map { BackupGenerations.url(of: url, generation: $0) })
        if let old {
            var info = stat()
            let time = stat(url.path, &info) == 0 ? info.st_mtim : nil
            try BackupGenerations.shift(url, keeping: backups)
            try write(old, to: BackupGenerations.url(of: url, generation: 1), modified: time)
        }
        try write(data, to: url)
        return true
    }
}
