import Foundation
import Testing
import WoodshedCore
@testable import Persistence

@Suite("The sections store: one file per audio, atomic saves with one backup, a broken file left alone")
struct SectionStoreTests {
    func withStore(_ body: (SectionStore, URL) throws -> Void) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(SectionStore(folder: folder.appendingPathComponent("data/woodshed/sections")), folder)
    }

    /// A fake audio file (the store never decodes audio: frames and rate come from the caller).
    func audio(_ name: String, in folder: URL, bytes: Int = 4096) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data((0..<bytes).map { UInt8(truncatingIfNeeded: $0 &* 31) }).write(to: url)
        return url.path
    }

    @Test("the folder is $XDG_DATA_HOME/woodshed/sections, else ~/.local/share/woodshed/sections")
    func folder() {
        #expect(SectionStore(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/me"]).folder.path == "/x/data/woodshed/sections")
        #expect(SectionStore(environment: ["XDG_DATA_HOME": "", "HOME": "/home/me"]).folder.path
            == "/home/me/.local/share/woodshed/sections")
        #expect(SectionStore(environment: ["HOME": "/home/me"]).folder.path == "/home/me/.local/share/woodshed/sections")
        let store = SectionStore(folder: URL(fileURLWithPath: "/s"))
        #expect(store.url(for: tenSeconds).path == "/s/s1920044-f480000-r48000-5c0a3e1f9d72b846.json")
        #expect(store.backupURL(for: tenSeconds).path == "/s/s1920044-f480000-r48000-5c0a3e1f9d72b846.json.bak")
    }

    @Test("save then load gives the same file; the file is named by the fingerprint; nothing before it is nil")
    func roundTrip() throws {
        try withStore { store, _ in
            #expect(try store.load(tenSeconds) == nil)
            try store.save(SectionFileFormatTests.exampleFile)
            #expect(try store.load(tenSeconds) == SectionFileFormatTests.exampleFile)
            let text = try String(contentsOf: store.url(for: tenSeconds), encoding: .utf8)
            #expect(text == SectionFileFormatTests.example)
            #expect(!FileManager.default.fileExists(atPath: store.backupURL(for: tenSeconds).path))
        }
    }

    @Test("each save keeps the previous version, byte for byte, as .bak; saving the same again writes nothing")
    func backup() throws {
        try withStore { store, _ in
            var file = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav")
            try file.add(section("A", 0, 100))
            try store.save(file)
            let first = try Data(contentsOf: store.url(for: tenSeconds))
            try file.add(section("B", 100, 200))
            try store.save(file)
            let second = try Data(contentsOf: store.url(for: tenSeconds))
            #expect(try Data(contentsOf: store.backupURL(for: tenSeconds)) == first)
            try store.save(file)
            #expect(try Data(contentsOf: store.backupURL(for: tenSeconds)) == first)
            #expect(try Data(contentsOf: store.url(for: tenSeconds)) == second)
            // Only the file and its backup are in the folder: no temporary files are left.
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder.path).sorted()
                == ["\(tenSeconds).json", "\(tenSeconds).json.bak"])
        }
    }

    @Test("a file that does not parse is reported with line and column, never saved over, and open plays on without it")
    func corrupt() throws {
        try withStore { store, folder in
            let path = try audio("song.wav", in: folder)
            let fingerprint = try FileFingerprint.of(path: path, frames: 48_000, rate: 48_000)
            let url = store.url(for: fingerprint)
            try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true)
            let broken = Data("{\n  \"schemaVersion\": 1,\n  \"sections\": [\n    {\"name\" \"A\"}\n  ]\n}\n".utf8)
            try broken.write(to: url)

            let expected = JSONFileError(source: url.path, line: 4, column: 13, message: "not valid JSON: invalid value")
            #expect(throws: expected) { try store.load(fingerprint) }

            let opened = try store.open(audioPath: path, frames: 48_000, rate: 48_000)
            #expect(opened.problem == expected)
            #expect(opened.existed == false)
            #expect(opened.file == PracticeFile(fingerprint: fingerprint, lastKnownPath: path))

            var file = opened.file
            try file.add(section("A", 0, 100))
            #expect(throws: SectionStore.refusal(expected)) { try store.save(file) }
            #expect(SectionStore.refusal(expected).description == "\(url.path):4:13: not valid JSON: invalid value "
                + "(the file is left as it is: fix it, or remove it to start again)")
            #expect(try Data(contentsOf: url) == broken)
            #expect(!FileManager.default.fileExists(atPath: store.backupURL(for: fingerprint).path))
        }
    }

    @Test("a file holding another audio's fingerprint is refused, naming the field")
    func wrongFingerprint() throws {
        try withStore { store, _ in
            let other = FileFingerprint(size: 1, frames: 480_000, rate: 48_000, hash: 7)
            try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true)
            try SectionFileFormatTests.exampleFile.jsonData().write(to: store.url(for: other))
            #expect(throws: JSONFileError(source: store.url(for: other).path, field: "fingerprint", message:
                "\"\(tenSeconds)\" is not the fingerprint in the file's name (\(other))")) { try store.load(other) }
        }
    }

    @Test("a file that would not read back is not saved: a section past the end, a duplicate name")
    func invalid() throws {
        try withStore { store, _ in
            var file = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav")
            file.sections = [section("A", 0, 480_001)]
            let url = store.url(for: tenSeconds).path
            #expect(throws: JSONFileError(source: url, field: "sections[0].to", message:
                "not saved: frame 480001 is past the end of the audio (480000 frames, 0:10.000)")) { try store.save(file) }
            file.sections = [section("A", 0, 1), section("A", 1, 2)]
            #expect(throws: JSONFileError(source: url, field: "sections[1].name", message:
                "not saved: \"A\" is also the name of section 1: names must be unique")) { try store.save(file) }
            #expect(!FileManager.default.fileExists(atPath: url))
        }
    }

    @Test("the same audio seen at a new path: found by fingerprint, lastKnownPath updated, and saved with the next change")
    func moved() throws {
        try withStore { store, folder in
            let first = try audio("songs/take 1.wav", in: folder)
            let opened = try store.open(audioPath: first, frames: 48_000, rate: 48_000)
            #expect(opened.existed == false && opened.problem == nil && opened.movedFrom == nil)
            #expect(opened.file.lastKnownPath == first)
            #expect(!FileManager.default.fileExists(atPath: opened.url.path))  // nothing saved until there is something

            var file = opened.file
            try file.add(section("verse", 4800, 9600))
            try store.save(file)

            let copy = try audio("elsewhere/renamed.wav", in: folder)
            let again = try store.open(audioPath: copy, frames: 48_000, rate: 48_000)
            #expect(again.existed)
            #expect(again.movedFrom == first)
            #expect(again.file.lastKnownPath == copy)
            #expect(again.file.sections == file.sections)
            #expect(try store.load(again.file.fingerprint)?.lastKnownPath == first, "opening writes nothing")
            try store.save(again.file)
            #expect(try store.load(again.file.fingerprint)?.lastKnownPath == copy)

            // The path is stored standardized ("." and ".." resolved, relative paths made absolute).
            let roundabout = folder.path + "/songs/../songs/./take 1.wav"
            let standardized = try store.open(audioPath: roundabout, frames: 48_000, rate: 48_000)
            #expect(standardized.file.lastKnownPath == first)
            #expect(standardized.movedFrom == copy)
        }
    }

    @Test("temporary files of saves cut short by a crash, or by a PID now another program's, are removed by the next save; a live Woodshed's are kept")
    func leftovers() throws {
        try withStore { store, folder in
            try FileManager.default.createDirectory(at: store.folder, withIntermediateDirectories: true)
            // A process that has exited: its PID is free (until reused).
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/true")
            try p.run()
            p.waitUntilExit()
            let dead = p.processIdentifier
            // A running program that is not Woodshed, and a running "woodshed" (sleep by that name).
            let other = Process()
            other.executableURL = URL(fileURLWithPath: "/bin/sleep")
            other.arguments = ["30"]
            try other.run()
            let woodshedName = folder.appendingPathComponent("bin/woodshed")
            try FileManager.default.createDirectory(at: woodshedName.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: woodshedName.path, withDestinationPath: "/bin/sleep")
            let live = Process()
            live.executableURL = woodshedName
            live.arguments = ["30"]
            try live.run()
            // SIGKILL: a child of the test runner may inherit SIGTERM blocked.
            defer { kill(other.processIdentifier, SIGKILL); kill(live.processIdentifier, SIGKILL); other.waitUntilExit(); live.waitUntilExit() }
            #expect(StaleTemporaryFiles.isLiveWoodshed(pid: live.processIdentifier))
            #expect(!StaleTemporaryFiles.isLiveWoodshed(pid: other.processIdentifier))
            #expect(!StaleTemporaryFiles.isLiveWoodshed(pid: dead))
            #expect(StaleTemporaryFiles.isLiveWoodshed(pid: getpid()))

            let names = [".\(tenSeconds).json.partial-\(dead)", ".\(tenSeconds).json.bak.partial-\(dead)",
                         ".\(tenSeconds).json.bak.3.partial-\(dead)", ".\(tenSeconds).json.partial-\(other.processIdentifier)",
                         ".\(tenSeconds).json.partial-\(live.processIdentifier)", ".other.json.partial-\(dead)"]
            for n in names { try Data("{".utf8).write(to: store.folder.appendingPathComponent(n)) }
            try store.save(PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav"))
            let left = try FileManager.default.contentsOfDirectory(atPath: store.folder.path).sorted()
            #expect(left == [".other.json.partial-\(dead)", ".\(tenSeconds).json.partial-\(live.processIdentifier)", "\(tenSeconds).json"])
        }
    }
}
