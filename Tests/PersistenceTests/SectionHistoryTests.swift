import Foundation
import Testing
import WoodshedCore
@testable import Persistence

@Suite("A practice file's history: what each save changed, restore and undo")
struct SectionHistoryTests {
    func withStore(_ body: (SectionStore) throws -> Void) throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try body(SectionStore(folder: folder.appendingPathComponent("sections")))
    }

    /// Saves `file` and dates the save `minute` minutes after 2027-01-15 08:00:20 UTC.
    func save(_ file: PracticeFile, in store: SectionStore, minute: Int) throws {
        try store.save(file)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_800_000_020 + Double(minute) * 60)],
                                              ofItemAtPath: store.url(for: file.fingerprint).path)
    }

    @Test("what changed: sections removed, added, changed field by field, order, settings, path")
    func changes() throws {
        let old = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav", sections: [
            section("intro", 0, 48_000), section("verse", 48_000, 96_000), section("bridge", 96_000, 144_000, RepeatPlan(repeats: .times(4))),
        ])
        var new = old
        new.sections = [section("bridge", 96_000, 168_000, RepeatPlan(repeats: .times(8), gap: .passMultiple(thousandths: 1500), speedLadder: [600, 800])),
                        section("intro", 0, 48_000), section("chorus", 200_000, 250_000)]
        new.sections[1].text = "Hello"
        #expect(new.changes(since: old) == "- verse, ~ bridge (to 0:03.000→0:03.500, repeat 4→8, gap none→1.5x, speeds none→0.6 0.8), "
            + "~ intro (text), + chorus, order")
        var moved = old
        moved.lastKnownPath = "/b.wav"
        moved.settings.speed = 750
        #expect(moved.changes(since: old) == "settings, path")
        #expect(old.changes(since: old) == "no change")
    }

    @Test("history: the current version and each backup, with its local time and what it changed; the oldest says its size")
    func history() throws {
        try withStore { store in
            #expect(store.history(tenSeconds) == [])
            var file = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav")
            file.sections = [section("intro", 0, 48_000)]
            try save(file, in: store, minute: 0)
            file.sections.append(section("verse", 48_000, 96_000))
            try save(file, in: store, minute: 1)
            file.sections[0].plan.repeats = .times(4)
            try save(file, in: store, minute: 2)
            file.sections.remove(at: 1)
            try save(file, in: store, minute: 3)
            let utc = TimeZone(identifier: "UTC")!
            #expect(store.history(tenSeconds, timeZone: utc) == [
                "current  2027-01-15 08:03:20  - verse",
                "      1  2027-01-15 08:02:20  ~ intro (repeat 1→4)",
                "      2  2027-01-15 08:01:20  + verse",
                "      3  2027-01-15 08:00:20  oldest kept: 1 section",
            ])
            #expect(store.history(tenSeconds, timeZone: TimeZone(identifier: "Europe/Berlin")!)[0] == "current  2027-01-15 09:03:20  - verse")
            // A backup that does not parse is named, and the newer one's changes are unknown.
            try Data("{".utf8).write(to: store.backupURL(for: tenSeconds, generation: 3))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_800_000_000)],
                                                  ofItemAtPath: store.backupURL(for: tenSeconds, generation: 3).path)
            #expect(store.history(tenSeconds, timeZone: utc)[2...] == [
                "      2  2027-01-15 08:01:20  changes unknown (the version before can't be used)",
                "      3  2027-01-15 08:00:00  can't be used: \(store.backupURL(for: tenSeconds, generation: 3).path):1:2: not valid JSON: unexpected end of file during JSON parse",
            ])
        }
    }

    @Test("rm then undo brings the section back; undo again redoes the rm; restore N is undone by undo")
    func undo() throws {
        try withStore { store in
            var file = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav")
            file.sections = [section("intro", 0, 48_000), section("verse", 48_000, 96_000)]
            try store.save(file)
            let before = try Data(contentsOf: store.url(for: tenSeconds))
            _ = try file.remove("verse")
            try store.save(file)
            let after = try Data(contentsOf: store.url(for: tenSeconds))

            let undone = try store.restore(tenSeconds, generation: 1)
            #expect(undone.restored.sections.map(\.name) == ["intro", "verse"])
            #expect(undone.replaced?.sections.map(\.name) == ["intro"])
            #expect(try Data(contentsOf: store.url(for: tenSeconds)) == before)
            #expect(try Data(contentsOf: store.backupURL(for: tenSeconds)) == after, "the version undone is backup 1")

            try store.restore(tenSeconds, generation: 1)
            #expect(try Data(contentsOf: store.url(for: tenSeconds)) == after, "undo of the undo")

            // Backups now: 1 = before (intro, verse), 2 = after (intro), 3 = before.
            try store.restore(tenSeconds, generation: 3)
            #expect(try Data(contentsOf: store.url(for: tenSeconds)) == before)
            try store.restore(tenSeconds, generation: 1)
            #expect(try Data(contentsOf: store.url(for: tenSeconds)) == after, "restore is undone by undo")
        }
    }

    @Test("restore: no such backup is an error listing those there are; a broken current file is replaced and kept as backup 1")
    func restoreErrors() throws {
        try withStore { store in
            let url = store.url(for: tenSeconds).path
            #expect(throws: JSONFileError(source: url, message: "there is no backup 1 (none was kept yet)")) {
                try store.restore(tenSeconds, generation: 1)
            }
            let file = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav", sections: [section("intro", 0, 48_000)])
            try store.save(file)
            try store.save(PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav"))
            #expect(throws: JSONFileError(source: url, message: "there is no backup 4 (there are: 1)")) {
                try store.restore(tenSeconds, generation: 4)
            }
            try Data("{ broken".utf8).write(to: store.url(for: tenSeconds))
            let done = try store.restore(tenSeconds, generation: 1)
            #expect(done.restored == file && done.replaced == nil)
            #expect(try store.load(tenSeconds) == file)
            #expect(try Data(contentsOf: store.backupURL(for: tenSeconds)) == Data("{ broken".utf8))
        }
    }

    @Test("opening the audio from another path reads and writes nothing in the store")
    func openWritesNothing() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = SectionStore(folder: folder.appendingPathComponent("sections"))
        let audio = folder.appendingPathComponent("a.wav"), copy = folder.appendingPathComponent("b.wav")
        try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7) }).write(to: audio)
        try FileManager.default.copyItem(at: audio, to: copy)
        var opened = try store.open(audioPath: audio.path, frames: 1_000, rate: 48_000)
        try opened.file.add(section("intro", 0, 500))
        try store.save(opened.file)
        let before = try snapshot(store.folder)
        let again = try store.open(audioPath: copy.path, frames: 1_000, rate: 48_000)
        #expect(again.movedFrom == audio.path && again.file.lastKnownPath == copy.path)
        #expect(try snapshot(store.folder) == before)
    }

    /// Every file's name, bytes and modification time.
    func snapshot(_ folder: URL) throws -> [String: String] {
        var out: [String: String] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let path = folder.appendingPathComponent(name).path
            let date = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as! Date
            out[name] = "\(date.timeIntervalSince1970) \(try Data(contentsOf: URL(fileURLWithPath: path)).base64EncodedString())"
        }
        return out
    }
}
