import Jobs
import App
import ArgumentParser
import Foundation
import Persistence

/// `add NAME FILE...`. Main thread.
struct PlaylistAdd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add files at the end of a playlist (by absolute path; a file that is not there is left out, with a warning).")

    @Argument(help: "The playlist.") var name: String
    @Argument(help: "Audio files (WAV, FLAC, Ogg, MP3, ...).") var files: [String]

    func validate() throws {
        if files.isEmpty { throw ValidationError("give one or more files to add") }
    }

    func run() throws {
        let n = try PlaylistWords.name(name)
        let store = PlaylistWords.store
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
        print("added \(PlaylistWords.tracks(paths.count)) to '\(n)' (now \(PlaylistWords.tracks(count)))")
    }
}

/// `remove NAME INDEX|FILE`. Main thread.
struct PlaylistRemove: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a track by its number, or every entry of a file (write ./3 for a file named 3).")

    @Argument(help: "The playlist.") var name: String
    @Argument(help: "A track number (from 1) or a file.") var track: String

    func run() throws {
        let n = try PlaylistWords.name(name)
        if let number = Int(track) {
            let (removed, left) = try PlaylistWords.store.edit(n) { (p: inout Playlist) throws(PlaylistError) in
                (try p.remove(number: number, name: n), p.tracks.count)
            }
            print("removed track \(number) from '\(n)': \(removed.path) (now \(PlaylistWords.tracks(left)))")
        } else {
            let path = PlaylistWords.absolute(track)
            let (removed, left) = try PlaylistWords.store.edit(n) { (p: inout Playlist) throws(PlaylistError) in
                (try p.remove(path: path, name: n), p.tracks.count)
            }
            let what = removed == 1 ? "" : " (\(removed) entries)"
            print("removed \(path) from '\(n)'\(what) (now \(PlaylistWords.tracks(left)))")
        }
    }
}

/// `move NAME FROM TO`. Main thread.
struct PlaylistMove: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "move",
                                                    abstract: "Move track FROM to position TO; the others keep their order.")

    @Argument(help: "The playlist.") var name: String
    @Argument(help: "The track's number (from 1).") var from: String
    @Argument(help: "Its new position (from 1).") var to: String

    func run() throws {
        let n = try PlaylistWords.name(name)
        let a = try PlaylistWords.number(from, "FROM"), b = try PlaylistWords.number(to, "TO")
        let path = try PlaylistWords.store.edit(n) { (p: inout Playlist) throws(PlaylistError) in
            try p.move(number: a, to: b, name: n)
            return p.tracks[b - 1].path
        }
        print("moved track \(a) of '\(n)' to position \(b): \(path)")
    }
}

/// `shuffle NAME on|off`. Main thread.
struct PlaylistShuffle: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "shuffle", abstract: "Play the tracks in a random order, or in order.")

    @Argument(help: "The playlist.") var name: String
    @Argument(help: "on or off.") var state: String

    func run() throws {
        let n = try PlaylistWords.name(name), on = try PlaylistWords.onOff(state)
        try PlaylistWords.store.edit(n) { (p: inout Playlist) throws(PlaylistError) in p.shuffle = on }
        print("shuffle is \(on ? "on" : "off") for '\(n)'")
    }
}

/// `repeat NAME on|off`. Main thread.
struct PlaylistRepeat: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "repeat",
                                                    abstract: "Start again after the last track (repeat-all), or stop there.")

    @Argument(help: "The playlist.") var name: String
    @Argument(help: "on or off.") var state: String

    func run() throws {
        let n = try PlaylistWords.name(name), on = try PlaylistWords.onOff(state)
        try PlaylistWords.store.edit(n) { (p: inout Playlist) throws(PlaylistError) in p.repeatAll = on }
        print("repeat-all is \(on ? "on" : "off") for '\(n)'")
    }
}
