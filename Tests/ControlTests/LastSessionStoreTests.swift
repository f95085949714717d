import Control
import Foundation
import Testing

@Suite("The last session's settings on disk")
struct LastSessionStoreTests {
    func store(with text: String?) throws -> LastSessionStore {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ws-state-\(UUID().uuidString)")
        let s = LastSessionStore(environment: ["XDG_STATE_HOME": dir.path])
        if let text {
            try FileManager.default.createDirectory(at: s.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: s.url)
        }
        return s
    }

    @Test("saved settings come back equal; no file is no settings")
    func roundTrip() throws {
        let s = try store(with: nil)
        #expect(try s.load() == nil)
        let settings = ClickSettings(milliBPM: 97_500, beats: 7, denominator: 8, pattern: "X..x.x.", sound: "woodblock")
        try s.save(settings)
        #expect(try s.load() == settings)
    }

    @Test("a damaged file is an error naming the file and what is wrong", arguments: [
        ("{\"milliBPM\": 120000", "is not valid JSON"),
        ("{\"schemaVersion\":1,\"beats\":4,\"denominator\":4,\"subdivide\":1,\"countIn\":0,\"sound\":\"beep\",\"volume\":1}",
         "field 'milliBPM' is missing"),
        ("{\"schemaVersion\":2,\"milliBPM\":120000,\"beats\":4,\"denominator\":4,\"subdivide\":1,\"countIn\":0,\"sound\":\"beep\",\"volume\":1}",
         "schemaVersion 2 is not supported (this Woodshed reads 1)"),
        ("{\"schemaVersion\":1,\"milliBPM\":\"fast\",\"beats\":4,\"denominator\":4,\"subdivide\":1,\"countIn\":0,\"sound\":\"beep\",\"volume\":1}",
         "field 'milliBPM' has the wrong type"),
    ])
    func damaged(text: String, problem: String) throws {
        let s = try store(with: text)
        #expect(throws: LastSessionError(path: s.url.path, problem: problem)) { try s.load() }
        #expect(try String(contentsOf: s.url, encoding: .utf8) == text)   // read, never changed
    }

    @Test("settings that parse but cannot play (tempo 0) are refused too")
    func unusable() throws {
        let s = try store(with: "{\"schemaVersion\":1,\"milliBPM\":0,\"beats\":4,\"denominator\":4,\"subdivide\":1,\"countIn\":0,\"sound\":\"beep\",\"volume\":1}")
        #expect(throws: LastSessionError.self) { try s.load() }
    }

    @Test("saving over a damaged file keeps it as last-click.json.broken; later saves keep the version before as .bak")
    func saveOverDamaged() throws {
        let s = try store(with: "{\"milliBPM\": 97")
        let first = ClickSettings(milliBPM: 97_500)
        try s.save(first)
        #expect(try String(contentsOf: s.brokenURL, encoding: .utf8) == "{\"milliBPM\": 97")
        #expect(s.brokenURL.lastPathComponent == "last-click.json.broken")
        #expect(try s.load() == first)
        let saved = try Data(contentsOf: s.url)
        try s.save(ClickSettings(milliBPM: 120_000))
        #expect(try Data(contentsOf: s.url.appendingPathExtension("bak")) == saved)
        let names = try FileManager.default.contentsOfDirectory(atPath: s.url.deletingLastPathComponent().path).sorted()
        #expect(names == ["last-click.json", "last-click.json.bak", "last-click.json.broken"])
    }

    @Test("a file that can't be read says why in words")
    func unreadable() throws {
        let s = try store(with: nil)
        try FileManager.default.createDirectory(at: s.url, withIntermediateDirectories: true)
        #expect(throws: LastSessionError(path: s.url.path, problem: "can't be read: Is a directory")) { try s.load() }
    }
}
