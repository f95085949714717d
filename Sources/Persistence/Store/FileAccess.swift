import Foundation

/// Reading a whole file and making a folder, with failures as a `FileProblem` in words (the
/// system's reason, not Foundation's "The operation could not be completed"). Control thread
/// (disk I/O).
public enum FileAccess {
    /// The bytes of the file at `path`. Throws "can't read PATH: REASON" ("No such file or
    /// directory", "Permission denied", "Is a directory").
    public static func read(_ path: String) throws(FileProblem) -> Data {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileProblem("can't read", path, errno: errno) }
        defer { close(fd) }
        var data = Data()
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileProblem("can't read", path, errno: errno)
            }
            if n == 0 { return data }
            data.append(contentsOf: chunk[0..<n])
        }
    }

    /// The bytes of the file at `path`, or nil when there is no file there (nor, maybe, its
    /// folder). Throws when there is one that cannot be read.
    public static func readIfPresent(_ path: String) throws(FileProblem) -> Data? {
        do throws(FileProblem) {
            return try read(path)
        } catch {
            if [ENOENT, ENOTDIR].map(FileProblem.reason(errno:)).contains(error.reason) { return nil }
            throw error
        }
    }

    /// The bytes of the JSON file at `path` and what `parse` makes of them; nil when there is no
    /// file. A file that cannot be read, or that `parse` refuses, is one `JSONFileError` naming it.
    static func readJSONIfPresent<T>(_ path: String,
                                     parse: (Data) throws(JSONFileError) -> T) throws(JSONFileError) -> (data: Data, value: T)? {
        let read: Data?
        do throws(FileProblem) {
            read = try readIfPresent(path)
        } catch {
            throw JSONFileError(source: path, message: error.message(namingFile: path))
        }
        guard let data = read else { return nil }
        return (data, try parse(data))
    }

    /// Makes the folder at `url` and the folders above it that are missing. Throws "can't
    /// create the folder PATH: REASON", where a part of the path that is a file is named:
    /// "…: /home/me/notes is a file, not a folder".
    public static func createFolder(_ url: URL) throws(FileProblem) {
        let path = url.standardizedFileURL.path
        var sofar = ""
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            sofar += "/" + part
            if mkdir(sofar, 0o755) == 0 { continue }
            let code = errno
            var info = stat()
            if stat(sofar, &info) == 0 {
                if (info.st_mode & S_IFMT) == S_IFDIR { continue }
                throw FileProblem("can't create the folder", path, reason: "\(sofar) is a file, not a folder")
            }
            throw FileProblem("can't create the folder", path, errno: code)
        }
    }

    /// The bytes of a JSON file of ours, or a `JSONFileError` naming it by `source` (the path
    /// as the user gave it; `path` itself by default) and saying why it can't be read.
    public static func readJSONFile(_ path: String, source: String? = nil) throws(JSONFileError) -> Data {
        do throws(FileProblem) {
            return try read(path)
        } catch {
            throw JSONFileError(source: source ?? path, message: error.message(namingFile: path))
        }
    }
}
