import Foundation
import Testing

@Suite("woodshed playlist: create, add, remove, move, list, shuffle, repeat, rename, delete, with a private XDG_DATA_HOME")
struct PlaylistCommandTests {
    /// A temporary home for the playlists and a folder of (empty) audio files to add.
    struct Place {
        let data: URL
        let music: URL
        var playlists: URL { data.appendingPathComponent("woodshed/playlists") }

        init() throws {
            let root = try E2E.tempDir()
            data = root.appendingPathComponent("data")
            music = root.appendingPathComponent("music")
            try FileManager.default.createDirectory(at: music, withIntermediateDirectories: true)
            for file in ["a.flac", "b.mp3", "c.ogg"] { try Data().write(to: music.appendingPathComponent(file)) }
        }

        /// `woodshed ARGS...` run in the music folder, with XDG_DATA_HOME set to `data`.
        @discardableResult
        func woodshed(_ args: String...) throws -> E2E.Result {
            try E2E.run(E2E.woodshed, args, cwd: music, environment: ["XDG_DATA_HOME": data.path,
                                                                  "XDG_CACHE_HOME": data.deletingLastPathComponent().appendingPathComponent("cache").path])
        }

        func path(_ file: String) -> String { music.appendingPathComponent(file).path }
    }

    @Test("the README's playlist: create warmups, add a.flac b.mp3 c.ogg (absolute paths), list it")
    func createAddList() throws {
        let place = try Place()
        var r = try place.woodshed("playlist", "create", "warmups")
        #expect(r.status == 0 && r.stdout == "created playlist 'warmups'\n", "\(r.stderr)")
        r = try place.woodshed("playlist", "add", "warmups", "a.flac", "b.mp3", "c.ogg")
        #expect(r.status == 0 && r.stdout == "added 3 tracks to 'warmups' (now 3 tracks)\n", "\(r.stderr)")
        #expect(r.stderr == "")
        let file = try String(contentsOf: place.playlists.appendingPathComponent("warmups.json"), encoding: .utf8)
        #expect(file == """
            {
              "schemaVersion": 1,
              "shuffle": false,
              "repeatAll": false,
              "tracks": [
                {"path": "\(place.path("a.flac"))"},
                {"path": "\(place.path("b.mp3"))"},
                {"path": "\(place.path("c.ogg"))"}
              ]
            }

            """)
        // A file that goes away is shown as missing, not dropped.
        try FileManager.default.removeItem(atPath: place.path("b.mp3"))
        r = try place.woodshed("playlist", "list", "warmups")
        #expect(r.status == 0)
        #expect(r.stdout == """
            warmups: 3 tracks; shuffle off, repeat-all off
            1  ok       \(place.path("a.flac"))
            2  missing  \(place.path("b.mp3"))
            3  ok       \(place.path("c.ogg"))

            """)
        r = try place.woodshed("playlist", "list")
        #expect(r.stdout == "warmups  3 tracks\n")
    }

    @Test("a missing file is a warning and is left out; with none there, nothing is added and the command fails")
    func missingFiles() throws {
        let place = try Place()
        try place.woodshed("playlist", "create", "w")
        var r = try place.woodshed("playlist", "add", "w", "a.flac", "nope.wav", "c.ogg")
        #expect(r.status == 0)
        #expect(r.stderr == "Warning: nope.wav: no such file; not added\n")
        #expect(r.stdout == "added 2 tracks to 'w' (now 2 tracks)\n")
        r = try place.woodshed("playlist", "add", "w", "nope.wav")
        #expect(r.status != 0)
        #expect(r.stderr == "Warning: nope.wav: no such file; not added\nError: nothing added to 'w': none of the files is there\n")
        #expect(try place.woodshed("playlist", "list", "w").stdout.hasPrefix("w: 2 tracks;"))
    }

    @Test("remove by number and by file, move, shuffle and repeat: each says what it did, and list shows it")
    func edits() throws {
        let place = try Place()
        try place.woodshed("playlist", "create", "w")
        try place.woodshed("playlist", "add", "w", "a.flac", "b.mp3", "c.ogg", "a.flac")
        var r = try place.woodshed("playlist", "move", "w", "3", "1")
        #expect(r.stdout == "moved track 3 of 'w' to position 1: \(place.path("c.ogg"))\n", "\(r.stderr)")
        r = try place.woodshed("playlist", "remove", "w", "2")
        #expect(r.stdout == "removed track 2 from 'w': \(place.path("a.flac")) (now 3 tracks)\n", "\(r.stderr)")
        r = try place.woodshed("playlist", "remove", "w", "./b.mp3")
        #expect(r.stdout == "removed \(place.path("b.mp3")) from 'w' (now 2 tracks)\n", "\(r.stderr)")
        r = try place.woodshed("playlist", "shuffle", "w", "on")
        #expect(r.stdout == "shuffle is on for 'w'\n")
        r = try place.woodshed("playlist", "repeat", "w", "on")
        #expect(r.stdout == "repeat-all is on for 'w'\n")
        r = try place.woodshed("playlist", "list", "w")
        #expect(r.stdout == """
            w: 2 tracks; shuffle on, repeat-all on
            1  ok       \(place.path("c.ogg"))
            2  ok       \(place.path("a.flac"))

            """)
        #expect(try place.woodshed("playlist", "list").stdout == "w  2 tracks, shuffle, repeat-all\n")
        r = try place.woodshed("playlist", "remove", "w", "7")
        #expect(r.status != 0 && r.stderr == "Error: there is no track 7: 'w' has tracks 1 to 2\n")
        r = try place.woodshed("playlist", "repeat", "w", "maybe")
        #expect(r.status != 0 && r.stderr == "Error: say on or off, not 'maybe'\n")
    }

    @Test("rename and delete; a bad name, a name taken and a missing playlist are one clear line each")
    func renameDeleteAndErrors() throws {
        let place = try Place()
        try place.woodshed("playlist", "create", "a")
        try place.woodshed("playlist", "create", "b")
        var r = try place.woodshed("playlist", "rename", "a", "c")
        #expect(r.status == 0 && r.stdout == "renamed playlist 'a' to 'c'\n")
        r = try place.woodshed("playlist", "rename", "c", "b")
        #expect(r.status != 0)
        #expect(r.stderr == "Error: a playlist named 'b' already exists (\(place.playlists.appendingPathComponent("b.json").path))\n")
        r = try place.woodshed("playlist", "delete", "b")
        #expect(r.stdout == "deleted playlist 'b' (kept as \(place.playlists.appendingPathComponent("b.json.bak").path))\n")
        #expect(try place.woodshed("playlist", "list").stdout == "c  0 tracks\n")
        r = try place.woodshed("playlist", "create", "../evil")
        #expect(r.status != 0)
        #expect(r.stderr == "Error: '../evil' can't be a playlist name: use 1 to 64 letters, digits, '-', '_', '.' and '+', not starting with '.' or '-'\n")
        r = try place.woodshed("playlist", "add", "nothere", "a.flac")
        #expect(r.status != 0)
        #expect(r.stderr == "Error: no playlist named 'nothere' (no file \(place.playlists.appendingPathComponent("nothere.json").path)): "
            + "create it with: woodshed playlist create nothere\n")
    }

    @Test("a corrupt playlist: the error names file, line and field, and the file is left byte for byte")
    func corrupt() throws {
        let place = try Place()
        try place.woodshed("playlist", "create", "w")
        let url = place.playlists.appendingPathComponent("w.json")
        let broken = Data("{\n  \"schemaVersion\": 1,\n  \"tracks\": [\n    {\"path\": 3}\n  ]\n}\n".utf8)
        try broken.write(to: url)
        let r = try place.woodshed("playlist", "add", "w", "a.flac")
        #expect(r.status != 0)
        #expect(r.stderr == "Error: \(url.path):4: tracks[0].path: expected text in quotes, not 3 "
            + "(the playlist is left as it is: fix the file, or delete the playlist to start again)\n")
        #expect(try Data(contentsOf: url) == broken)
        let all = try place.woodshed("playlist", "list")
        #expect(all.status == 0 && all.stdout == "w  (unreadable)\n")
        #expect(all.stderr.hasPrefix("Warning: \(url.path):4: tracks[0].path:"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: place.playlists.path).sorted() == ["w.json"])
    }
}
