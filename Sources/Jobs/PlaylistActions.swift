import App
import Foundation
import Persistence

/// What each `woodshed playlist ACTION` does to the playlists in `store`: each returns the text
/// to print (warnings go to stderr as it works), or throws a one-line error. Main thread.
public struct PlaylistActions {
    public let store: PlaylistStore

    public init(store: PlaylistStore = PlaylistStore()) {
        self.store = store
    }

    /// `create NAME`: an empty playlist.
    public func create(_ name: String) throws -> String {
        let n = try PlaylistWords.name(name)
        try store.create(n)
        return "created playlist '\(n)'"
    }

    /// `rename OLD NEW`.
    public func rename(_ name: String, to newName: String) throws -> String {
        let old = try PlaylistWords.name(name), new = try PlaylistWords.name(newName)
        try store.rename(old, to: new)
        return "renamed playlist '\(old)' to '\(new)'"
    }

    /// `delete NAME`: its file is kept as NAME.json.bak until the next change.
    public func delete(_ name: String) throws -> String {
        let n = try PlaylistWords.name(name)
        try store.delete(n)
        return "deleted playlist '\(n)' (kept as \(store.backupURL(for: n).path))"
    }

    /// `add NAME FILE...`: files at the end, by absolute path; a file that is not there (or a
    /// folder) is left out with a warning.
    public func add(_ name: String, files: [String]) throws -> String {
        let n = try PlaylistWords.name(name)
        _ = try store.load(n)  // a missing or broken playlist first, before any warning about files
        var paths: [String] = []
        for file in files {
            let path = PlaylistWords.absolute(file)
            var isFolder: ObjCBool = false
            if !FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
                writeStderr("Warning: \(file): no such file; not added\n")
            } else if isFolder.boolValue {
                writeStderr("Warning: \(file): is a folder, not a file; not added\n")
            } else {
                paths.append(path)
            }
        }
        guard !paths.isEmpty else { throw ValidationErrorMessage("nothing added to '\(n)': none of the files is there") }
        let count = try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in
            p.append(paths: paths)
            return p.tracks.count
        }
        return "added \(PlaylistWords.tracks(paths.count)) to '\(n)' (now \(PlaylistWords.tracks(count)))"
    }

    /// `remove NAME INDEX|FILE`: a track by its number, or every entry of a file.
    public func remove(_ name: String, track: String) throws -> String {
        let n = try PlaylistWords.name(name)
        if let number = Int(track) {
            let (removed, left) = try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in
                (try p.remove(number: number, name: n), p.tracks.count)
            }
            return "removed track \(number) from '\(n)': \(removed.path) (now \(PlaylistWords.tracks(left)))"
        }
        let path = PlaylistWords.absolute(track)
        let (removed, left) = try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in
            (try p.remove(path: path, name: n), p.tracks.count)
        }
        let what = removed == 1 ? "" : " (\(removed) entries)"
        return "removed \(path) from '\(n)'\(what) (now \(PlaylistWords.tracks(left)))"
    }

    /// `move NAME FROM TO`: the others keep their order.
    public func move(_ name: String, from: String, to: String) throws -> String {
        let n = try PlaylistWords.name(name)
        let a = try PlaylistWords.number(from, "FROM"), b = try PlaylistWords.number(to, "TO")
        let path = try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in
            try p.move(number: a, to: b, name: n)
            return p.tracks[b - 1].path
        }
        return "moved track \(a) of '\(n)' to position \(b): \(path)"
    }

    /// `shuffle NAME on|off`.
    public func shuffle(_ name: String, _ state: String) throws -> String {
        let n = try PlaylistWords.name(name), on = try PlaylistWords.onOff(state)
        try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in p.shuffle = on }
        return "shuffle is \(on ? "on" : "off") for '\(n)'"
    }

    /// `repeat NAME on|off`.
    public func repeatAll(_ name: String, _ state: String) throws -> String {
        let n = try PlaylistWords.name(name), on = try PlaylistWords.onOff(state)
        try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in p.repeatAll = on }
        return "repeat-all is \(on ? "on" : "off") for '\(n)'"
    }

    /// `list [NAME]`: the playlists (an unreadable one with a warning), or the tracks of one.
    public func list(_ name: String?) throws -> String {
        if let name {
            let n = try PlaylistWords.name(name)
            return Self.tracks(of: try store.load(n), name: n)
        }
        let names = store.names()
        guard !names.isEmpty else { return "no playlists yet (create one: woodshed playlist create NAME)" }
        let width = names.map(\.text.count).max() ?? 0
        return names.map { n in
            let padded = n.text.padding(toLength: width, withPad: " ", startingAt: 0)
            do {
                return "\(padded)  \(Self.summary(of: try store.load(n)))"
            } catch {
                writeStderr("Warning: \(error)\n")
                return "\(padded)  (unreadable)"
            }
        }.joined(separator: "\n")
    }

    /// "3 tracks", with ", shuffle" and ", repeat-all" when on.
    static func summary(of p: Playlist) -> String {
        PlaylistWords.tracks(p.tracks.count) + (p.shuffle ? ", shuffle" : "") + (p.repeatAll ? ", repeat-all" : "")
    }

    /// A heading, then one line per track: number, `ok` or `missing` (now), path.
    static func tracks(of p: Playlist, name: PlaylistName) -> String {
        let heading = "\(name): \(PlaylistWords.tracks(p.tracks.count)); shuffle \(p.shuffle ? "on" : "off"), repeat-all \(p.repeatAll ? "on" : "off")"
        guard !p.tracks.isEmpty else { return heading + "\n(no tracks yet: woodshed playlist add \(name) FILE...)" }
        let width = String(p.tracks.count).count
        let lines = p.tracks.enumerated().map { i, t in
            let number = String(i + 1), pad = String(repeating: " ", count: width - number.count)
            var isFolder: ObjCBool = false
            let found = FileManager.default.fileExists(atPath: t.path, isDirectory: &isFolder) && !isFolder.boolValue
            return "\(pad)\(number)  \(found ? "ok     " : "missing")  \(t.path.escapingControlCharacters())"
        }
        return ([heading] + lines).joined(separator: "\n")
    }
}
