import Foundation

/// The folder of named playlists, one file each, and how they are read and changed. Control
/// thread (disk I/O).
///
/// - `$XDG_DATA_HOME/woodshed/playlists/NAME.json` (`~/.local/share/...` without it): one file
///   per playlist, so a broken file spoils only its own playlist, and a rename is a rename.
/// - Saving is atomic (`AtomicFile`: a temporary file in the same folder, fsync, rename, fsync
///   of the folder), and the 5 versions before are kept: `NAME.json.bak` (the last), then
///   `NAME.json.bak.2` … `.bak.5`. Deleting a playlist moves its file to `NAME.json.bak`
///   (shifting the others): a step back is always possible by hand.
/// - A file that cannot be read or does not parse is never written over: `load` and `edit`
///   throw `PlaylistError.unreadable` naming the file, line and field, and leave it as it is.
public struct PlaylistStore: Sendable {
    /// `…/woodshed/playlists`.
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// The store in `$XDG_DATA_HOME/woodshed/playlists`, or `~/.local/share/woodshed/playlists`
    /// when `XDG_DATA_HOME` is unset or empty.
    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(folder: UserFolders.woodshed(.data, environment: environment).appendingPathComponent("playlists"))
    }

    /// `<folder>/<name>.json`.
    public func url(for name: PlaylistName) -> URL {
        folder.appendingPathComponent("\(name.text).json")
    }

    /// `<folder>/<name>.json.bak`: the version before the last change, or the deleted playlist
    /// (backup 1); `.json.bak.N` for the older ones.
    public func backupURL(for name: PlaylistName, generation: Int = 1) -> URL {
        BackupGenerations.url(of: url(for: name), generation: generation)
    }

    /// The playlists there are, by name (files `NAME.json` with a valid name; backups and
    /// temporary files are not playlists). None when the folder does not exist yet.
    public func names() -> [PlaylistName] {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.compactMap { file -> PlaylistName? in
            guard file.hasSuffix(".json") else { return nil }
            return try? PlaylistName(String(file.dropLast(5)))
        }.sorted()
    }

    /// Whether a file for `name` exists (readable or not).
    public func exists(_ name: PlaylistName) -> Bool {
        FileManager.default.fileExists(atPath: url(for: name).path)
    }

    /// The playlist `name`. Throws `notFound` without its file, `unreadable` when the file
    /// cannot be read or does not parse.
    public func load(_ name: PlaylistName) throws(PlaylistError) -> Playlist {
        guard let saved = try existing(name) else { throw .notFound(name: name.text, file: url(for: name).path) }
        return saved.playlist
    }

    /// A new empty playlist `name`; throws `exists` if there is one (readable or not).
    @discardableResult
    public func create(_ name: PlaylistName) throws(PlaylistError) -> Playlist {
        guard !exists(name) else { throw .exists(name: name.text, file: url(for: name).path) }
        let playlist = Playlist()
        try write(playlist.jsonData(), to: url(for: name))
        return playlist
    }

    /// Loads `name`, lets `change` change it, and saves it if it changed (keeping the version
    /// before as backup 1); returns what `change` returns. Nothing is written when loading
    /// or `change` throws.
    @discardableResult
    public func edit<T>(_ name: PlaylistName, _ change: (inout Playlist) throws(PlaylistError) -> T) throws(PlaylistError) -> T {
        guard let saved = try existing(name) else { throw .notFound(name: name.text, file: url(for: name).path) }
        var playlist = saved.playlist
        let result = try change(&playlist)
        let data = playlist.jsonData()
        guard data != saved.data else { return result }
        do throws(JSONFileError) {
            guard try Playlist(data: data, source: url(for: name).path) == playlist else {
                throw JSONFileError(source: url(for: name).path, message: "would not read back as it is")
            }
        } catch {
            throw .cannotWrite(file: url(for: name).path, reason: "\(error)")
        }
        try write(data, to: url(for: name))
        return result
    }

    /// Gives playlist `old` the name `new` (its file and backups), without reading it: a file
    /// that does not parse moves as it is. Throws `notFound` or `exists`.
    public func rename(_ old: PlaylistName, to new: PlaylistName) throws(PlaylistError) {
        let from = url(for: old), to = url(for: new)
        guard exists(old) else { throw .notFound(name: old.text, file: from.path) }
        guard old != new else { return }
        // link(2) fails if the new name is taken, where rename(2) would replace it.
        guard link(from.path, to.path) == 0 else {
            if errno == EEXIST { throw .exists(name: new.text, file: to.path) }
            throw .cannotWrite(file: to.path, reason: String(cString: strerror(errno)))
        }
        guard unlink(from.path) == 0 else {
            let why = String(cString: strerror(errno))
            unlink(to.path)
            throw .cannotWrite(file: from.path, reason: why)
        }
        BackupGenerations.rename(from: from, to: to)
    }

    /// Deletes playlist `name`: its file becomes backup 1, `NAME.json.bak` (the backups
    /// before shift, the oldest is dropped). Throws `notFound`.
    public func delete(_ name: PlaylistName) throws(PlaylistError) {
        let file = url(for: name)
        guard exists(name) else { throw .notFound(name: name.text, file: file.path) }
        do throws(FileProblem) {
            try BackupGenerations.retire(file)
        } catch {
            throw .cannotWrite(file: file.path, reason: error.reason(forFile: file.path))
        }
    }

    /// The saved file's bytes and contents; nil when there is none.
    func existing(_ name: PlaylistName) throws(PlaylistError) -> (data: Data, playlist: Playlist)? {
        let path = url(for: name).path
        do throws(JSONFileError) {
            return try FileAccess.readJSONIfPresent(path) { data throws(JSONFileError) in try Playlist(data: data, source: path) }
                .map { ($0.data, $0.value) }
        } catch {
            throw .unreadable(error)
        }
    }

    /// Saves `data` as `url`, the version there before becoming backup 1.
    private func write(_ data: Data, to url: URL) throws(PlaylistError) {
        do throws(FileProblem) {
            try AtomicFile.replace(url, with: data)
        } catch {
            throw .cannotWrite(file: url.path, reason: error.reason(forFile: url.path))
        }
    }
}
