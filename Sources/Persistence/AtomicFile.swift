import Foundation

/// Replaces a file's contents all at once: a crash or a full disk leaves either the old file or
/// the new one, never half of each. Control thread (disk I/O).
enum AtomicFile {
    /// Writes `data` to a temporary file next to `url`, flushes it to disk, renames it over `url`
    /// and flushes the folder. Creates the folder. Throws a one-line reason.
    static func write(_ data: Data, to url: URL) throws(AtomicFileError) {
        let folder = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw AtomicFileError(message: "can't create the folder \(folder.path): \(error.localizedDescription)")
        }
        let temp = folder.appendingPathComponent(".\(url.lastPathComponent).partial-\(getpid())")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw AtomicFileError(message: "can't write \(temp.path): \(String(cString: strerror(errno)))") }
        var failure: String?
        data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in
            var done = 0
            while done < bytes.count {
                let n = Foundation.write(fd, bytes.baseAddress! + done, bytes.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = String(cString: strerror(errno))
                    return
                }
                done += n
            }
        }
        if failure == nil, fsync(fd) != 0 { failure = String(cString: strerror(errno)) }
        close(fd)
        if failure == nil, rename(temp.path, url.path) != 0 { failure = String(cString: strerror(errno)) }
        if let failure {
            unlink(temp.path)
            throw AtomicFileError(message: "can't write \(url.path): \(failure)")
        }
        let dir = open(folder.path, O_RDONLY)
        if dir >= 0 { fsync(dir); close(dir) }
    }
}

/// Why `AtomicFile.write` failed. Any thread.
struct AtomicFileError: Error {
    var message: String
}
