import Foundation
import Jobs
import Persistence
import Testing

/// What each `woodshed playlist ACTION` does to the store, and the line it prints.
@Suite("PlaylistActions: the playlist actions on the store")
struct PlaylistActionsTests {
    @Test("create, add, move, shuffle, list, remove, rename, delete: each says what it did")
    func actions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-playlists-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let a = folder.appendingPathComponent("a.wav").path, b = folder.appendingPathComponent("b.wav").path
        try Data("a".utf8).write(to: URL(fileURLWithPath: a))
        try Data("b".utf8).write(to: URL(fileURLWithPath: b))
        let actions = PlaylistActions(store: PlaylistStore(folder: folder.appendingPathComponent("playlists")))
        #expect(try actions.list(nil) == "no playlists yet (create one: woodshed playlist create NAME)")
        #expect(try actions.create("warmups") == "created playlist 'warmups'")
        #expect(try actions.add("warmups", files: [a, b]) == "added 2 tracks to 'warmups' (now 2 tracks)")
        #expect(try actions.move("warmups", from: "2", to: "1") == "moved track 2 of 'warmups' to position 1: \(b)")
        #expect(try actions.shuffle("warmups", "ON") == "shuffle is on for 'warmups'")
        #expect(try actions.list(nil) == "warmups  2 tracks, shuffle")
        try FileManager.default.removeItem(atPath: a)
        #expect(try actions.list("warmups") == """
            warmups: 2 tracks; shuffle on, repeat-all off
            1  ok       \(b)
            2  missing  \(a)
            """)
        #expect(try actions.remove("warmups", track: "1") == "removed track 1 from 'warmups': \(b) (now 1 track)")
        #expect(try actions.rename("warmups", to: "evening") == "renamed playlist 'warmups' to 'evening'")
        #expect(try actions.repeatAll("evening", "off") == "repeat-all is off for 'evening'")
        #expect(try actions.delete("evening").hasPrefix("deleted playlist 'evening' (kept as "))
    }

    @Test("refusals are one line naming the value")
    func refusals() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-playlists-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let actions = PlaylistActions(store: PlaylistStore(folder: folder))
        _ = try actions.create("p")
        func message(_ body: () throws -> String) -> String {
            do { return "no error: " + (try body()) } catch { return "\(error)" }
        }
        #expect(message { try actions.shuffle("p", "maybe") } == "say on or off, not 'maybe'")
        #expect(message { try actions.move("p", from: "0", to: "1") } == "FROM must be a track number (from 1), not '0'")
        #expect(message { try actions.add("p", files: [folder.appendingPathComponent("none.wav").path]) }
                == "nothing added to 'p': none of the files is there")
    }
}
