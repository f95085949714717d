import Jobs
import App
import ArgumentParser
import Foundation
import Persistence

/// `woodshed playlist ACTION ...`: named playlists kept in `$XDG_DATA_HOME/woodshed/playlists/`,
/// one JSON file each. Main thread.
struct PlaylistSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "playlist",
        abstract: "Create, edit and list named playlists.",
        discussion: """
            Examples:
              woodshed playlist create warmups
              woodshed playlist add warmups a.flac b.mp3 c.ogg
              woodshed playlist move warmups 3 1
              woodshed playlist remove warmups 2
              woodshed playlist shuffle warmups on
              woodshed playlist list warmups
              woodshed playlist play warmups --then-noise brown:15m
            Tracks are numbered from 1. Files are stored by absolute path.
            Saved in $XDG_DATA_HOME/woodshed/playlists/NAME.json (~/.local/share/...);
            each change keeps the version before as NAME.json.bak: see
            docs/noise-and-playlists.md.
            """,
        subcommands: [PlaylistCreate.self, PlaylistRename.self, PlaylistDelete.self, PlaylistAdd.self, PlaylistRemove.self,
                      PlaylistMove.self, PlaylistList.self, PlaylistShuffle.self, PlaylistRepeat.self, PlaylistPlay.self])
}

/// What the playlist actions share: the store, names, paths and switches as the user types them.
/// Main thread.
enum PlaylistWords {
    static var store: PlaylistStore { PlaylistStore() }

    static func name(_ text: String) throws -> PlaylistName { try PlaylistName(text) }

    /// A file as the user typed it, made absolute from the current folder (`..` and `.` removed).
    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    /// `on` or `off`.
    static func onOff(_ text: String) throws -> Bool {
        switch text.lowercased() {
        case "on": return true
        case "off": return false
        default: throw ValidationErrorMessage("say on or off, not '\(text)'")
        }
    }

    /// A track number from 1; `what` names it in the error.
    static func number(_ text: String, _ what: String) throws -> Int {
        guard let n = Int(text), n >= 1 else { throw ValidationErrorMessage("\(what) must be a track number (from 1), not '\(text)'") }
        return n
    }

    /// "1 track", "3 tracks".
    static func tracks(_ n: Int) -> String { plural(n, "track") }
}

/// `create NAME`. Main thread.
struct PlaylistCreate: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "create", abstract: "Create an empty playlist.")

    @Argument(help: "Its name: letters, digits, '-', '_', '.', '+'.") var name: String

    func run() throws {
        let n = try PlaylistWords.name(name)
        try PlaylistWords.store.create(n)
        print("created playlist '\(n)'")
    }
}

/// `rename OLD NEW`. Main thread.
struct PlaylistRename: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a playlist.")

    @Argument(help: "The playlist.") var name: String
    @Argument(help: "Its new name.") var newName: String

    func run() throws {
        let old = try PlaylistWords.name(name), new = try PlaylistWords.name(newName)
        try PlaylistWords.store.rename(old, to: new)
        print("renamed playlist '\(old)' to '\(new)'")
    }
}

/// `delete NAME`. Main thread.
struct PlaylistDelete: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "delete",
                                                    abstract: "Delete a playlist (its file is kept as NAME.json.bak until the next change).")

    @Argument(help: "The playlist.") var name: String

    func run() throws {
        let n = try PlaylistWords.name(name)
        let store = PlaylistWords.store
        try store.delete(n)
        print("deleted playlist '\(n)' (kept as \(store.backupURL(for: n).path))")
    }
}

/// `list [NAME]`. Main thread.
struct PlaylistList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list",
                                                    abstract: "List the playlists, or the tracks of one and whether each file is there now.")

    @Argument(help: "A playlist (default: all playlists).") var name: String?

    func run() throws {
        let store = PlaylistWords.store
        if let name {
            let n = try PlaylistWords.name(name)
            print(Self.tracks(of: try store.load(n), name: n))
            return
        }
        let names = store.names()
        guard !names.isEmpty else {
            print("no playlists yet (create one: woodshed playlist create NAME)")
            return
        }
        let width = names.map(\.text.count).max() ?? 0
        for n in names {
            let padded = n.text.padding(toLength: width, withPad: " ", startingAt: 0)
            do {
                let p = try store.load(n)
                print("\(padded)  \(Self.summary(of: p))")
            } catch {
                print("\(padded)  (unreadable)")
                writeStderr("Warning: \(error)\n")
            }
        }
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
            return "\(pad)\(number)  \(found ? "ok     " : "missing")  \(t.path)"
        }
        return ([heading] + lines).joined(separator: "\n")
    }
}
