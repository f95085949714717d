import Foundation

/// `$XDG_CONFIG_HOME/woodshed/alarms.json` (`~/.config/...` without it): reading it, changing it
/// atomically with the version before kept as `alarms.json.bak` (`AtomicFile.replace`), and
/// telling whether it changed since it was read. Control thread (disk I/O).
///
/// A file that cannot be read or does not parse is never written over: `load` and `edit`
/// throw `AlarmError.unreadable` naming the file, the line and the field.
public struct AlarmStore: Sendable {
    public let url: URL

    public init(url: URL) { self.url = url }

    /// The store in `$XDG_CONFIG_HOME/woodshed/alarms.json`.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(url: UserFolders.woodshed(.config, environment: environment).appendingPathComponent("alarms.json"))
    }

    /// The alarms; none when there is no file yet.
    public func load() throws(AlarmError) -> AlarmBook {
        try existing()?.book ?? AlarmBook()
    }

    /// Loads the alarms, lets `change` change them, and saves them if they changed; returns what
    /// `change` returns. Nothing is written when loading or `change` throws.
    @discardableResult
    public func edit<T>(_ change: (inout AlarmBook) throws(AlarmError) -> T) throws(AlarmError) -> T {
        let saved = try existing()
        var book = saved?.book ?? AlarmBook()
        let result = try change(&book)
        let data = book.jsonData()
        guard data != saved?.data else { return result }
        do throws(FileProblem) {
            try AtomicFile.replace(url, with: data)
        } catch {
            throw .cannotWrite(file: url.path, reason: error.reason(forFile: url.path))
        }
        return result
    }

    /// What identifies the file's current version (inode, size, modification time); nil
    /// without a file. A version differs after any save, since each is a new file renamed in.
    public func version() -> AlarmFileVersion? {
        var st = stat()
        guard stat(url.path, &st) == 0 else { return nil }
        return AlarmFileVersion(inode: UInt64(st.st_ino), size: Int64(st.st_size),
                                modified: Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec))
    }

    func existing() throws(AlarmError) -> (data: Data, book: AlarmBook)? {
        let path = url.path
        do throws(JSONFileError) {
            return try FileAccess.readJSONIfPresent(path) { data throws(JSONFileError) in try AlarmBook(data: data, source: path) }
                .map { ($0.data, $0.value) }
        } catch {
            throw .unreadable(error)
        }
    }
}
