import Foundation

/// Where the tinnitus profile is kept, and how it is read and saved. Control thread (disk I/O).
///
/// - `$XDG_CONFIG_HOME/woodshed/tinnitus.json` (`~/.config/...` without it).
/// - Saving is atomic (`AtomicFile.replace`: a temporary file, fsync, rename) and keeps the 5
///   versions before it (`tinnitus.json.bak`, `.bak.2` … `.bak.5`): an earlier match is never lost.
/// - A file that cannot be read or does not parse is never written over: `load` throws
///   `TinnitusProfileError.unreadable` naming the file, line and field, and `save` refuses.
public struct TinnitusProfileStore: Sendable {
    /// `…/woodshed/tinnitus.json`.
    public let url: URL

    public init(url: URL) {
        self.url = url
    }

    /// The store in `$XDG_CONFIG_HOME/woodshed`, or `~/.config/woodshed` without it.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(url: UserFolders.woodshed(.config, environment: environment).appendingPathComponent("tinnitus.json"))
    }

    /// The saved profile; nil when there is none yet.
    public func load() throws(TinnitusProfileError) -> TinnitusProfile? {
        let read: Data?
        do throws(FileProblem) {
            read = try FileAccess.readIfPresent(url.path)
        } catch {
            throw .unreadable(JSONFileError(source: url.path, message: error.message(namingFile: url.path)))
        }
        guard let data = read else { return nil }
        do throws(JSONFileError) {
            return try TinnitusProfile(data: data, source: url.path)
        } catch {
            throw .unreadable(error)
        }
    }

    /// Saves `profile`, the version before becoming backup 1. Refuses, writing nothing, when the
    /// file there cannot be read or does not parse (the user's earlier match stays to be fixed).
    public func save(_ profile: TinnitusProfile) throws(TinnitusProfileError) {
        _ = try load()
        do throws(FileProblem) {
            try AtomicFile.replace(url, with: profile.jsonData())
        } catch {
            throw .cannotWrite(file: url.path, reason: error.reason(forFile: url.path))
        }
    }
}
