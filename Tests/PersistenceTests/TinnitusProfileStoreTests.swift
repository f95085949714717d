import Foundation
import Testing
@testable import Persistence

@Suite("The tinnitus profile: tinnitus.json in the config folder, atomic saves with backups, a damaged file reported and never saved over")
struct TinnitusProfileStoreTests {
    static let profile = TinnitusProfile(firstMatch: 6000, secondMatch: 6300, octaveAnswers: [0, 1, 0], matchedAt: "2026-11-24T08:30:00Z")

    static let file = """
        {
          "schemaVersion": 1,
          "frequency": 6148,
          "firstMatch": 6000,
          "secondMatch": 6300,
          "spreadOctaves": 0.07,
          "octaveAnswers": [0, 1, 0],
          "matchedAt": "2026-11-24T08:30:00Z"
        }

        """

    func withStore(_ body: (TinnitusProfileStore) throws -> Void) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(TinnitusProfileStore(url: folder.appendingPathComponent("config/woodshed/tinnitus.json")))
    }

    @Test("the file is $XDG_CONFIG_HOME/woodshed/tinnitus.json, else ~/.config/woodshed/tinnitus.json")
    func place() {
        #expect(TinnitusProfileStore(environment: ["XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/me"]).url.path == "/x/cfg/woodshed/tinnitus.json")
        #expect(TinnitusProfileStore(environment: ["HOME": "/home/me"]).url.path == "/home/me/.config/woodshed/tinnitus.json")
    }

    @Test("two matches 6000 and 6300 Hz: 6148 Hz (their geometric mean), spread 0.07 octave; written in a fixed order and read back")
    func format() throws {
        let p = TinnitusProfileStoreTests.profile
        #expect(p.frequency == 6148 && p.spreadMilliOctaves == 70 && p.spreadText == "0.07 octave")
        #expect(String(decoding: p.jsonData(), as: UTF8.self) == TinnitusProfileStoreTests.file)
        #expect(try TinnitusProfile(data: Data(TinnitusProfileStoreTests.file.utf8), source: "t.json") == p)
    }

    @Test("save and load: none at first; a second save keeps the first as tinnitus.json.bak")
    func saveAndLoad() throws {
        try withStore { store in
            #expect(try store.load() == nil)
            try store.save(TinnitusProfileStoreTests.profile)
            #expect(try store.load() == TinnitusProfileStoreTests.profile)
            var later = TinnitusProfileStoreTests.profile
            later.frequency = 7000
            try store.save(later)
            #expect(try store.load() == later)
            let backup = try String(contentsOf: BackupGenerations.url(of: store.url, generation: 1), encoding: .utf8)
            #expect(backup == TinnitusProfileStoreTests.file)
        }
    }

    @Test("a damaged tinnitus.json: one line naming the file, line and field; a save refuses and leaves the bytes as they were")
    func damaged() throws {
        try withStore { store in
            try FileManager.default.createDirectory(at: store.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            let broken = TinnitusProfileStoreTests.file.replacingOccurrences(of: "\"frequency\": 6148", with: "\"frequency\": 60000")
            try Data(broken.utf8).write(to: store.url)
            let expected = "\(store.url.path):3: frequency: 60000 Hz is out of range 250…12000 Hz (the tinnitus profile is left as it is: fix the file, or move it away and match again)"
            #expect(throws: TinnitusProfileError.self) { try store.load() }
            do throws(TinnitusProfileError) { _ = try store.load() } catch { #expect(error.description == expected) }
            do throws(TinnitusProfileError) { try store.save(TinnitusProfileStoreTests.profile); Issue.record("saved over a damaged file") } catch {
                #expect(error.description == expected)
            }
            #expect(try Data(contentsOf: store.url) == Data(broken.utf8))
            try Data("{\"schemaVersion\": 1, \"frequency\": 6000".utf8).write(to: store.url)
            do throws(TinnitusProfileError) { _ = try store.load() } catch {
                #expect(error.description == "\(store.url.path):1:39: not valid JSON: unexpected end of file during JSON parse (the tinnitus profile is left as it is: fix the file, or move it away and match again)")
            }
        }
    }
}
