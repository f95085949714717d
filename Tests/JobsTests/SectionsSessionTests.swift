import Foundation
import Jobs
import Persistence
import Testing
import WoodshedTestSupport

/// What each `woodshed sections FILE ACTION` does to the practice file, and the line it prints.
@Suite("SectionsSession: the sections actions on a practice file")
struct SectionsSessionTests {
    /// A 10-second silent WAV at 48 kHz and an empty sections store, in a new folder.
    private func fixture() throws -> (folder: URL, audio: String, store: SectionStore) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-sections-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let audio = folder.appendingPathComponent("song.wav").path
        try TestAudio.write(audio, [Float](repeating: 0, count: 480_000))
        return (folder, audio, SectionStore(folder: folder.appendingPathComponent("sections")))
    }

    @Test("add, rename, nudge, set and list: each says what it did; the file is saved only when asked")
    func edits() throws {
        let (folder, audio, store) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        var session = try SectionsSession(audioPath: audio, store: store)
        #expect(session.list() == "no sections yet")
        #expect(try session.add(name: "verse", from: "1", to: "3.5", plan: SectionPlanChange(repeats: "2", countIn: "1"))
                == "added section 1 'verse': 0:01.000 to 0:03.500 (0:02.500); 2 passes, count-in 1 bar, then stop")
        #expect(try session.rename("1", to: "chorus") == "renamed section 1 'verse' to 'chorus'")
        #expect(try session.nudge("chorus", edge: "end", by: "-500ms") == "nudged 'chorus' end by -0:00.500: 0:01.000 to 0:03.000 (0:02.000)")
        #expect(try session.setPlan("chorus", SectionPlanChange(speeds: "0.6,0.8,1", advance: "stop"))
                == "section 1 'chorus': 2 passes, count-in 1 bar, speeds 0.6 0.8 1, then stop")
        #expect(session.list() == """
            #  name    from      to        length    plan
            1  chorus  0:01.000  0:03.000  0:02.000  2 passes, count-in 1 bar, speeds 0.6 0.8 1, then stop
            """)
        #expect(try SectionsSession(audioPath: audio, store: store).list() == "no sections yet")
        try session.saveIfChanged()
        #expect(try SectionsSession(audioPath: audio, store: store).file.sections.map(\.name) == ["chorus"])
    }

    @Test("one action performed: its report, and the file saved after it only if it changed; a refused action saves nothing")
    func perform() throws {
        let (folder, audio, store) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = try SectionsSession.perform(audioPath: audio, store: store, acceptingBrokenFile: false) {
            try $0.add(name: "verse", from: "1", to: "2", plan: SectionPlanChange())
        }
        #expect(added == "added section 1 'verse': 0:01.000 to 0:02.000 (0:01.000); 1 pass, then stop")
        #expect(try SectionsSession(audioPath: audio, store: store).file.sections.map(\.name) == ["verse"])
        #expect(throws: (any Error).self) {
            try SectionsSession.perform(audioPath: audio, store: store, acceptingBrokenFile: false) {
                _ = try $0.rename("1", to: "chorus")
                return try $0.add(name: "bad", from: "3", to: "2", plan: SectionPlanChange())
            }
        }
        #expect(try SectionsSession(audioPath: audio, store: store).file.sections.map(\.name) == ["verse"])
    }

    @Test("refusals are one line naming the value")
    func refusals() throws {
        let (folder, audio, store) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        var session = try SectionsSession(audioPath: audio, store: store)
        _ = try session.add(name: "a", from: "0", to: "1", plan: SectionPlanChange())
        func message(_ body: () throws -> String) -> String {
            do { return "no error: " + (try body()) } catch { return "\(error)" }
        }
        #expect(message { try session.move("a", to: "first") } == "position 'first' is not a whole number")
        #expect(message { try session.nudge("a", edge: "middle", by: "10ms") } == "nudge 'start' or 'end', not 'middle'")
        #expect(message { try session.setPlan("a", SectionPlanChange()) }
                == "set: give at least one of --repeat, --gap, --count-in, --speeds, --advance")
        #expect(message { try session.setPlan("a", SectionPlanChange(advance: "back")) }
                == "--advance takes next, stop or loop-all, not 'back'")
        #expect(message { try session.export(to: folder.appendingPathComponent("out.srt").path) }
                == "export writes Audacity labels (.txt) or JSON (any other name), not subtitles (.srt)")
    }
}
