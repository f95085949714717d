import Foundation
import Testing
import WoodshedCore
@testable import Persistence

/// Two programs saving one practice file: what each changed is kept.
@Suite("Two programs saving one practice file: each one's changes kept, per section")
struct PracticeFileMergeTests {
    static func file(_ sections: [Section], speed: Int? = nil) -> PracticeFile {
        var f = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/music/song.wav")
        f.sections = sections
        f.settings.speed = speed
        return f
    }
    static let a = section("A", 0, 100), b = section("B", 100, 200), x = section("X", 300, 400)

    @Test("nobody else saved: the result is this program's file, whatever it changed")
    func nobodyElse() {
        let base = Self.file([Self.a, Self.b])
        let mine = Self.file([section("B", 110, 200), section("new", 0, 50)], speed: 750)
        #expect(mine.merged(since: base, disk: base) == mine)
    }

    @Test("another program added X, this one nudged B: both kept, X after this program's sections")
    func bothAdd() {
        let base = Self.file([Self.a, Self.b])
        let disk = Self.file([Self.a, Self.x, Self.b])
        let mine = Self.file([Self.a, section("B", 110, 200)])
        #expect(mine.merged(since: base, disk: disk).sections == [Self.a, section("B", 110, 200), Self.x])
        // The next save, since what this program saved (not what was merged): X stays.
        let again = Self.file([Self.a, section("B", 120, 200)])
        let disk2 = mine.merged(since: base, disk: disk)
        #expect(again.merged(since: mine, disk: disk2).sections == [Self.a, section("B", 120, 200), Self.x])
    }

    @Test("what another program removed or edited, and this one did not touch, goes or changes")
    func theirsWhereMineUnchanged() {
        let base = Self.file([Self.a, Self.b])
        let mine = Self.file([Self.a, Self.b, section("mine", 500, 600)])
        #expect(mine.merged(since: base, disk: Self.file([Self.b])).sections == [Self.b, section("mine", 500, 600)])
        #expect(mine.merged(since: base, disk: Self.file([section("A", 5, 100), Self.b])).sections
            == [section("A", 5, 100), Self.b, section("mine", 500, 600)])
    }

    @Test("both changed one section: this program's wins; this program removed it: it goes")
    func mineWhereBothChanged() {
        let base = Self.file([Self.a, Self.b])
        let disk = Self.file([section("A", 5, 100), section("B", 100, 150)])
        let mine = Self.file([section("A", 7, 100)])
        #expect(mine.merged(since: base, disk: disk).sections == [section("A", 7, 100)])
    }

    @Test("settings: this program's when it changed them, else the disk's")
    func settings() {
        let base = Self.file([Self.a], speed: 1000)
        let disk = Self.file([Self.a], speed: 800)
        #expect(Self.file([Self.a], speed: 1000).merged(since: base, disk: disk).settings.speed == 800)
        #expect(Self.file([Self.a], speed: 600).merged(since: base, disk: disk).settings.speed == 600)
    }

    @Test("save(since:) on disk: the other program's section survives this one's save, and the lock is released")
    func savedSince() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = SectionStore(folder: folder.appendingPathComponent("sections"))
        let base = Self.file([Self.a, Self.b])
        try store.save(base)
        // Another program adds X.
        try store.save(Self.file([Self.a, Self.b, Self.x]), since: base)
        // This one, which loaded base, nudges B.
        let mine = Self.file([Self.a, section("B", 110, 200)])
        let written = try store.save(mine, since: base)
        #expect(written.sections == [Self.a, section("B", 110, 200), Self.x])
        #expect(try store.load(tenSeconds) == written)
        // With no file on disk, this program's file is saved as it is.
        try FileManager.default.removeItem(at: store.url(for: tenSeconds))
        #expect(try store.save(mine, since: base) == mine)
        // A broken file on disk is refused and left as it is.
        try Data("{".utf8).write(to: store.url(for: tenSeconds))
        #expect(throws: JSONFileError.self) { try store.save(mine, since: base) }
        #expect(try Data(contentsOf: store.url(for: tenSeconds)) == Data("{".utf8))
    }
}
