import Foundation
import Testing
@testable import Persistence

@Suite("Playlists: one JSON file per name, atomic saves with one backup, a broken file left alone")
struct PlaylistStoreTests {
    func withStore(_ body: (PlaylistStore) throws -> Void) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(PlaylistStore(folder: folder.appendingPathComponent("data/woodshed/playlists")))
    }

    func name(_ text: String) -> PlaylistName { try! PlaylistName(text) }

    /// The folder's files, sorted (hidden ones too: no temporary file may be left).
    func files(_ store: PlaylistStore) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: store.folder.path).sorted()
    }

    static let example = """
        {
          "schemaVersion": 1,
          "shuffle": true,
          "repeatAll": false,
          "tracks": [
            {"path": "/music/a.flac"},
            {"path": "/music/b \\"live\\".mp3", "_note": "the slow one"}
          ],
          "_about": "warm-ups before the gig"
        }

        """

    static let examplePlaylist = Playlist(
        tracks: [.init(path: "/music/a.flac"), .init(path: "/music/b \"live\".mp3", comments: ["_note": "the slow one"])],
        shuffle: true, repeatAll: false, comments: ["_about": "warm-ups before the gig"])

    @Test("the folder is $XDG_DATA_HOME/woodshed/playlists, else ~/.local/share/woodshed/playlists; NAME.json and NAME.json.bak")
    func folder() {
        #expect(PlaylistStore(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/me"]).folder.path == "/x/data/woodshed/playlists")
        #expect(PlaylistStore(environment: ["XDG_DATA_HOME": "", "HOME": "/home/me"]).folder.path == "/home/me/.local/share/woodshed/playlists")
        let store = PlaylistStore(folder: URL(fileURLWithPath: "/p"))
        #expect(store.url(for: name("warmups")).path == "/p/warmups.json")
        #expect(store.backupURL(for: name("warmups")).path == "/p/warmups.json.bak")
    }

    @Test("the file format: written in a fixed order, read back to the same playlist, comments kept")
    func format() throws {
        #expect(String(decoding: PlaylistStoreTests.examplePlaylist.jsonData(), as: UTF8.self) == PlaylistStoreTests.example)
        #expect(try Playlist(data: Data(PlaylistStoreTests.example.utf8), source: "x.json") == PlaylistStoreTests.examplePlaylist)
        #expect(String(decoding: Playlist().jsonData(), as: UTF8.self)
            == "{\n  \"schemaVersion\": 1,\n  \"shuffle\": false,\n  \"repeatAll\": false,\n  \"tracks\": []\n}\n")
        // shuffle and repeatAll may be left out
        #expect(try Playlist(data: Data(#"{"schemaVersion": 1, "tracks": [{"path": "/a"}]}"#.utf8), source: "x.json")
            == Playlist(tracks: [.init(path: "/a")]))
    }

    @Test("create, add, load: a round trip through the file; create refuses a name taken")
    func roundTrip() throws {
        try withStore { store in
            let n = name("warmups")
            #expect(store.names() == [])
            #expect(try store.create(n) == Playlist())
            #expect(store.names() == [n])
            try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in
                p.append(paths: ["/music/a.flac", "/music/b \"live\".mp3"])
                p.tracks[1].comments["_note"] = "the slow one"
                p.shuffle = true
                p.comments["_about"] = "warm-ups before the gig"
            }
            #expect(try store.load(n) == PlaylistStoreTests.examplePlaylist)
            #expect(try String(contentsOf: store.url(for: n), encoding: .utf8) == PlaylistStoreTests.example)
            #expect(throws: PlaylistError.exists(name: "warmups", file: store.url(for: n).path)) { try store.create(n) }
            #expect(try store.load(n) == PlaylistStoreTests.examplePlaylist)
        }
    }

    @Test("each change replaces the file atomically and keeps the one before, byte for byte, as .bak; no change writes nothing")
    func backup() throws {
        try withStore { store in
            let n = name("warmups")
            try store.create(n)
            let empty = try Data(contentsOf: store.url(for: n))
            try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in p.append(paths: ["/a.flac"]) }
            let one = try Data(contentsOf: store.url(for: n))
            #expect(try Data(contentsOf: store.backupURL(for: n)) == empty)
            try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in p.repeatAll = true }
            let two = try Data(contentsOf: store.url(for: n))
            #expect(try Data(contentsOf: store.backupURL(for: n)) == one)
            // The same again: nothing changes, so nothing is written (the backup stays the one before).
            try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in p.repeatAll = true }
            #expect(try Data(contentsOf: store.url(for: n)) == two)
            #expect(try Data(contentsOf: store.backupURL(for: n)) == one)
            // An edit that throws writes nothing.
            #expect(throws: PlaylistError.noSuchTrack(name: "warmups", number: 5, count: 1)) {
                try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in
                    p.shuffle = true
                    try p.remove(number: 5, name: n)
                }
            }
            #expect(try Data(contentsOf: store.url(for: n)) == two)
            #expect(try Data(contentsOf: store.backupURL(for: n, generation: 2)) == empty)
            #expect(try files(store) == ["warmups.json", "warmups.json.bak", "warmups.json.bak.2"])
        }
    }

    @Test("text that is not JSON: the exact error with line and column, the file untouched and never saved over")
    func corruptSyntax() throws {
        try withStore { store in
            let n = name("warmups")
            try store.create(n)
            let url = store.url(for: n)
            let broken = Data("{\n  \"schemaVersion\": 1,\n  \"tracks\": [\n    {\"path\" \"/a.flac\"}\n  ]\n}\n".utf8)
            try broken.write(to: url)
            let expected = PlaylistError.unreadable(JSONFileError(source: url.path, line: 4, column: 13, message: "not valid JSON: invalid value"))
            #expect(throws: expected) { try store.load(n) }
            #expect(throws: expected) {
                try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in p.append(paths: ["/b.flac"]) }
            }
            #expect(expected.description == "\(url.path):4:13: not valid JSON: invalid value "
                + "(the playlist is left as it is: fix the file, or delete the playlist to start again)")
            #expect(try Data(contentsOf: url) == broken)
            #expect(try files(store) == ["warmups.json"])
        }
    }

    @Test("a wrong field: the error names file, line and field; the file is untouched")
    func corruptField() throws {
        try withStore { store in
            let n = name("warmups")
            try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true)
            let url = store.url(for: n)
            func expectError(_ text: String, line: Int?, column: Int? = nil, field: String?, _ message: String) throws {
                try Data(text.utf8).write(to: url)
                #expect(throws: PlaylistError.unreadable(JSONFileError(source: url.path, field: field, line: line, column: column, message: message))) {
                    try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in p.shuffle.toggle() }
                }
                #expect(try Data(contentsOf: url) == Data(text.utf8))
            }
            try expectError("{\n  \"schemaVersion\": 1,\n  \"tracks\": [\n    {\"path\": \"/a.flac\"},\n    {\"path\": 3}\n  ]\n}\n",
                            line: 5, field: "tracks[1].path", "expected text in quotes, not 3")
            try expectError("{\n  \"schemaVersion\": 1,\n  \"tracks\": [\n    {\"path\": \"a.flac\"}\n  ]\n}\n",
                            line: 4, field: "tracks[0].path", "\"a.flac\" is not an absolute path (one starting with /)")
            try expectError("{\n  \"schemaVersion\": 1,\n  \"tracks\": [\n    {\"pth\": \"/a.flac\"}\n  ]\n}\n",
                            line: 4, field: "tracks[0].pth",
                            "not a known field; the fields here are path (comments start with \"_\" or \"comment\")")
            try expectError("{\n  \"schemaVersion\": 1,\n  \"tracks\": [\n    {}\n  ]\n}\n",
                            line: 4, field: "tracks[0]", "\"path\" is required, but missing")
            try expectError("{\"schemaVersion\": 1,\n \"shuffle\": \"yes\", \"tracks\": []}\n",
                            line: 2, field: "shuffle", "expected true or false, not \"yes\"")
            try expectError("{\"schemaVersion\": 2, \"tracks\": []}\n",
                            line: 1, field: "schemaVersion", "2 is newer than this woodshed understands (1)")
            try expectError("{\"schemaVersion\": 1}\n", line: nil, field: "tracks", "required, but missing (write [] for none)")
            try expectError("{\n  \"schemaVersion\": 1,\n  \"tracks\": [\n", line: 4, column: 1, field: nil,
                            "not valid JSON: unexpected end of file during JSON parse")
            #expect(try files(store) == ["warmups.json"])
        }
    }

    @Test("names are plain file names: letters, digits, - _ . +, not starting with . or -, at most 64")
    func names() throws {
        for good in ["warmups", "Warm-ups_2.0+", "übung", "練習", "a", String(repeating: "x", count: 64)] {
            #expect(throws: Never.self) { try PlaylistName(good) }
        }
        for bad in ["", ".", "..", ".hidden", "-x", "a/b", "../x", "a b", "a\nb", "a\\b", "a*", "a:b", "a\u{0}",
                    String(repeating: "x", count: 65)] {
            #expect(throws: PlaylistError.badName(bad)) { try PlaylistName(bad) }
        }
        #expect(PlaylistError.badName("a/b").description
            == "'a/b' can't be a playlist name: use 1 to 64 letters, digits, '-', '_', '.' and '+', not starting with '.' or '-'")
        // Only NAME.json files with a valid name are playlists.
        try withStore { store in
            try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true)
            for file in ["b.json", "a.json", "a.json.bak", ".a.json.partial-1", "notes.txt", "-x.json", "c d.json"] {
                try Data("{}".utf8).write(to: store.folder.appendingPathComponent(file))
            }
            #expect(store.names() == [name("a"), name("b")])
        }
    }

    @Test("rename moves the file and its backup as they are; a name taken or missing is refused, changing nothing")
    func rename() throws {
        try withStore { store in
            let a = name("a"), b = name("b"), c = name("c")
            try store.create(a)
            try store.edit(a) { (p: inout Playlist) throws(PlaylistError) in p.append(paths: ["/x.flac"]) }
            let saved = try Data(contentsOf: store.url(for: a)), backup = try Data(contentsOf: store.backupURL(for: a))
            try store.rename(a, to: b)
            #expect(try files(store) == ["b.json", "b.json.bak"])
            #expect(try Data(contentsOf: store.url(for: b)) == saved)
            #expect(try Data(contentsOf: store.backupURL(for: b)) == backup)
            try store.create(c)
            #expect(throws: PlaylistError.exists(name: "c", file: store.url(for: c).path)) { try store.rename(b, to: c) }
            #expect(throws: PlaylistError.notFound(name: "a", file: store.url(for: a).path)) { try store.rename(a, to: c) }
            #expect(try Data(contentsOf: store.url(for: b)) == saved)
            #expect(try store.load(c) == Playlist())
            // A file that does not parse moves as it is.
            try Data("{oops".utf8).write(to: store.url(for: c))
            try store.rename(c, to: a)
            #expect(try Data(contentsOf: store.url(for: a)) == Data("{oops".utf8))
        }
    }

    @Test("delete keeps the file as NAME.json.bak (the backup before becomes .bak.2); the playlist is gone from the list")
    func delete() throws {
        try withStore { store in
            let n = name("warmups")
            try store.create(n)
            try store.edit(n) { (p: inout Playlist) throws(PlaylistError) in p.append(paths: ["/a.flac"]) }
            let last = try Data(contentsOf: store.url(for: n))
            try store.delete(n)
            #expect(store.names() == [])
            #expect(try files(store) == ["warmups.json.bak", "warmups.json.bak.2"])
            #expect(try Data(contentsOf: store.backupURL(for: n)) == last)
            #expect(try Data(contentsOf: store.backupURL(for: n, generation: 2)) == Playlist().jsonData())
            #expect(throws: PlaylistError.notFound(name: "warmups", file: store.url(for: n).path)) { try store.delete(n) }
            #expect(throws: PlaylistError.notFound(name: "warmups", file: store.url(for: n).path)) { try store.load(n) }
        }
    }

    @Test("remove by number or by file (every entry), move keeps the others in order; wrong numbers are named")
    func editing() throws {
        let n = name("w")
        var p = Playlist()
        p.append(paths: ["/a", "/b", "/c", "/b", "/d"])
        #expect(try p.remove(number: 1, name: n).path == "/a")
        #expect(p.paths == ["/b", "/c", "/b", "/d"])
        #expect(try p.remove(path: "/b", name: n) == 2)
        #expect(p.paths == ["/c", "/d"])
        p.append(paths: ["/e", "/f"])
        try p.move(number: 4, to: 1, name: n)
        #expect(p.paths == ["/f", "/c", "/d", "/e"])
        try p.move(number: 1, to: 3, name: n)
        #expect(p.paths == ["/c", "/d", "/f", "/e"])
        #expect(throws: PlaylistError.noSuchTrack(name: "w", number: 5, count: 4)) { try p.move(number: 5, to: 1, name: n) }
        #expect(throws: PlaylistError.noSuchTrack(name: "w", number: 0, count: 4)) { try p.remove(number: 0, name: n) }
        #expect(throws: PlaylistError.notInPlaylist(name: "w", path: "/zz")) { try p.remove(path: "/zz", name: n) }
        #expect(PlaylistError.noSuchTrack(name: "w", number: 5, count: 4).description == "there is no track 5: 'w' has tracks 1 to 4")
        #expect(PlaylistError.noSuchTrack(name: "w", number: 1, count: 0).description == "there is no track 1: 'w' has no tracks")
    }

    @Test("the line of a field in JSON text, for errors")
    func fieldLines() {
        let text = Data("{\n \"a\": {\"x\": [1,\n 2, [3, \"]\"], {\"y\":\n true}]},\n \"b\": \"q\\\"{\"\n,\"c\": 5}".utf8)
        #expect(JSONFieldLine.line(of: "a", in: text) == 2)
        #expect(JSONFieldLine.line(of: "a.x[1]", in: text) == 3)
        #expect(JSONFieldLine.line(of: "a.x[3].y", in: text) == 4)
        #expect(JSONFieldLine.line(of: "b", in: text) == 5)
        #expect(JSONFieldLine.line(of: "c", in: text) == 6)
        #expect(JSONFieldLine.line(of: "a.x[9]", in: text) == nil)
        #expect(JSONFieldLine.line(of: "zz", in: text) == nil)
        #expect(JSONFieldLine.line(of: "", in: text) == nil)
    }

    @Test("Presets/playlists/warmups.json, the example playlist, loads with its three tracks and settings")
    func example() throws {
        let url = Repo.root.appendingPathComponent("Presets/playlists/warmups.json")
        let list = try Playlist(data: Data(contentsOf: url), source: url.path)
        #expect(list.paths == ["/home/you/Music/warmups/long-tones.flac", "/home/you/Music/warmups/scales-in-thirds.ogg",
                               "/home/you/Music/warmups/lip-slurs.mp3"])
        #expect(!list.shuffle && list.repeatAll)
        #expect(list.tracks[1].comments == ["comment": "the slow one"])
    }
}
