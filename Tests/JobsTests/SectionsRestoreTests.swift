import Foundation
import Jobs
import Persistence
import Testing
import WoodshedTestSupport

/// `woodshed sections FILE restore N` and `undo` promise only what `undo` can do (issue 33).
@Suite("sections restore: undo is promised only when it can bring the replaced version back")
struct SectionsRestoreTests {
    @Test("restore 1 over a practice file that does not parse keeps it as backup 1 and says undo can't bring it back (issue 33, defect 8)")
    func overBrokenFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-restore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let audio = folder.appendingPathComponent("song.wav").path
        try TestAudio.write(audio, [Float](repeating: 0, count: 48_000))
        let store = SectionStore(folder: folder.appendingPathComponent("sections"))
        var session = try SectionsSession(audioPath: audio, store: store)
        _ = try session.add(name: "a", from: "0", to: "0.5", plan: SectionPlanChange())
        try session.saveIfChanged()
        _ = try session.add(name: "b", from: "0.5", to: "1", plan: SectionPlanChange())
        try session.saveIfChanged()
        let url = store.url(for: session.file.fingerprint)
        try Data("{ oops".utf8).write(to: url)
        let restoring = try SectionsSession(audioPath: audio, store: store, acceptingBrokenFile: true)
        let backup = store.backupURL(for: session.file.fingerprint).path
        #expect(try restoring.restore(1) == "restored backup 1 (the version it replaced could not be read: it is kept as backup 1, "
                + "\(backup), to repair by hand; undo can't bring it back)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: backup)) == Data("{ oops".utf8))
        #expect(try SectionsSession(audioPath: audio, store: store).file.sections.map(\.name) == ["a"])
    }
}
