import Foundation

/// Where a file Woodshed writes may go: only where a regular file is, or may be created. Every
/// writer asks it first (`AtomicFile.write`, the render's `SoundFileWriter`, the practice log's
/// CSV, takes, the stores). Any thread (reads only lstat, stat, readlink).
///
/// - A regular file, or no file in an existing folder: written there.
/// - A symbolic link (to a file, or to a name not yet there): written through — the file it
///   leads to is replaced (temporary file and rename in *that* file's folder) and the link
///   stays a link: people keep their configuration as links into a dotfiles folder.
/// - A folder, a device (`/dev/null`, `/dev/stdout`), a FIFO or a socket: refused, nothing
///   written.
/// - A missing folder: refused; a folder the user names is never created.
/// - `-`: refused, not taken for a file of that name. A command that can stream to standard
///   output handles `-` itself before asking; none of the files written here can stream (a WAV's
///   or FLAC's header is written last, libsndfile cannot write them to a pipe).
public enum OutputTarget {
    /// The path to write to (rename onto): `path` itself, or for a symbolic link the path the
    /// links lead to. Throws "can't write PATH: REASON", PATH as given: "it is a folder, not a
    /// file", "it is a device, not a file", "it is a FIFO (named pipe), not a file", "it is a
    /// socket, not a file", "folder 'F' does not exist", "'F' is a file, not a folder", "a part of 'F' is a file, not a
    /// folder".
    public static func resolve(_ path: String) throws(FileProblem) -> String {
        if path == "-" {
            throw FileProblem("can't write", path, reason: "standard output is not a file here (write to a file, e.g. ./- for one named '-')")
        }
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                let code = errno
                guard code == ENOENT || code == ENOTDIR else { throw FileProblem("can't write", path, errno: code) }
                try checkFolder(of: current, naming: path)
                return current
            }
            switch info.st_mode & S_IFMT {
            case S_IFREG: return current
            case S_IFLNK:
                var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
                let n = readlink(current, &buffer, buffer.count - 1)
                guard n >= 0 else { throw FileProblem("can't write", path, errno: errno) }
                let target = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
                current = target.hasPrefix("/") ? target : folder(of: current) + "/" + target
            default:
                throw FileProblem("can't write", path, reason: "it is \(kind(info.st_mode)), not a file")
            }
        }
        throw FileProblem("can't write", path, errno: ELOOP)
    }

    /// "a folder", "a device", "a FIFO (named pipe)", "a socket" for a file type in `st_mode`.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a folder"
        case S_IFCHR, S_IFBLK: "a device"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    /// The folder part of `path`: "." for a bare name, "/" at the top.
    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Throws unless the folder `path` would be created in exists and is a folder.
    private static func checkFolder(of path: String, naming given: String) throws(FileProblem) {
        let dir = folder(of: path)
        var info = stat()
        guard stat(dir, &info) == 0 else {
            if errno == ENOTDIR { throw FileProblem("can't write", given, reason: "a part of '\(dir)' is a file, not a folder") }
            throw FileProblem("can't write", given, reason: "folder '\(dir)' does not exist")
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw FileProblem("can't write", given, reason: "'\(dir)' is a file, not a folder")
        }
    }
}
