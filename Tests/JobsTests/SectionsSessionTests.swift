import Foundation
import Jobs
import Persistence
import Player
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
                == "added section 1 'verse': 0:01.000 to 0:03.500 (0:02.500); 2 passes, count-in 1 bar, then next")
        #expect(try session.rename("1", to: "chorus") == "renamed section 1 'verse' to 'chorus'")
        #expect(try session.nudge("chorus", edge: "end", by: "-500ms") == "nudged 'chorus' end by -0:00.500: 0:01.000 to 0:03.000 (0:02.000)")
        #expect(try session.setPlan("chorus", SectionPlanChange(speeds: "0.6,0.8,1", advance: "stop"))
                == "section 1 'chorus': 2 passes, count-in 1 bar, speeds 0.6 0.8 1, then stop")
        #expect(session.list() == """
            #  name    from      to        length    plan
            1  chorus  0:01.000  0:03.000  0:02.000  2 passes, count-in 1 bar, speeds 0.6 0.8 1, then stop

            0:00.000 [·····1───────────·········································] 0:10.000
            """)
        #expect(try SectionsSession(audioPath: audio, store: store).list() == "no sections yet")
        try session.saveIfChanged()
        #expect(try SectionsSession(audioPath: audio, store: store).file.sections.map(\.name) == ["chorus"])
    }

    @Test("the default program: three sections added with `sections add` play in order, each with its plan, then stop")
    func defaultProgram() throws {
        let (folder, audio, store) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        var session = try SectionsSession(audioPath: audio, store: store)
        _ = try session.add(name: "intro", from: "0", to: "1", plan: SectionPlanChange(repeats: "2"))
        _ = try session.add(name: "verse", from: "1", to: "2", plan: SectionPlanChange())
        _ = try session.add(name: "chorus", from: "3", to: "4", plan: SectionPlanChange())
        let sections = session.file.sections
        let program = PracticeProgram(sections: sections, settings: ProgramSettings(sourceRate: 48_000, outputRate: 48_000))
        var heard: [String] = []
        var step = program.start(section: 0)
        while let s = step, heard.count < 10 {
            if s.isPass { heard.append("\(sections[s.section].name) \(s.pass + 1)") }
            step = program.step(after: s)
        }
        #expect(heard == ["intro 1", "intro 2", "verse 1", "chorus 1"])
    }

    @Test("advance next --all changes every section in one go; by name only those; refusals name the value")
    func advanceAll() throws {
        let (folder, audio, store) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        var session = try SectionsSession(audioPath: audio, store: store)
        for (name, from, to) in [("intro", "0", "1"), ("verse", "1", "2"), ("chorus", "3", "4")] {
            _ = try session.add(name: name, from: from, to: to, plan: SectionPlanChange(advance: "stop"))
        }
        #expect(try session.setAdvance("next", names: [], all: true) == "all 3 sections: then next")
        #expect(session.file.sections.map(\.plan.advance) == [.next, .next, .next])
        #expect(try session.setAdvance("loop-all", names: ["3", "verse"], all: false) == "3 'chorus', 2 'verse': then loop all")
        #expect(session.file.sections.map(\.plan.advance) == [.next, .loopAll, .loopAll])
        func refusal(_ body: () throws -> String) -> String {
            do { return try body() } catch { return "\(error)" }
        }
        #expect(refusal { try session.setAdvance("onward", names: [], all: true) } == "advance 'onward' is not valid: use next, stop or loop-all")
        #expect(refusal { try session.setAdvance("next", names: [], all: false) } == "advance: give section names, or --all for every section")
        #expect(refusal { try session.setAdvance("next", names: ["1"], all: true) } == "advance: give section names or --all, not both")
    }

    @Test("reset forgets the saved speed, transpose and shadow speed, and says what they were")
    func resetSettings() throws {
        let (folder, audio, store) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        var session = try SectionsSession(audioPath: audio, store: store)
        #expect(session.resetSettings() == "song.wav: nothing to reset (speed 1×, transpose 0)")
        session.file.settings.speed = 800
        session.file.settings.transposeCents = -300
        session.file.settings.shadowSpeed = 900
        #expect(session.resetSettings() == "song.wav: speed 1×, transpose 0 (was speed 0.8×, transpose -3.00, shadow speed 0.9×)")
        #expect(session.file.settings == PracticeSettings())
    }

    @Test("one action performed: its report, and the file saved after it only if it changed; a refused action saves nothing")
    func perform() throws {
        let (folder, audio, store) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let added = try SectionsSession.perform(audioPath: audio, store: store, acceptingBrokenFile: false) {
            try $0.add(name: "verse", from: "1", to: "2", plan: SectionPlanChange())
        }
        #expect(added == "added section 1 'verse': 0:01.000 to 0:02.000 (0:01.000); 1 pass, then next")
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

/// `woodshed sections FILE text TRANSCRIPT`: the transcript's sentences given to s1, s2, ….
@Suite("SectionsSession: text from a plain transcript, with two sentences more or fewer than the sections")
struct SectionsTranscriptTests {
    static let sentences = [
        "Good morning.", "Where is the railway station, please?", "Turn left.", "It is about ten minutes on foot from here.",
        "Thank you!", "No, it is quite close, just behind the big church.", "Okay.", "Have a nice day.",
    ]

    /// Eight sentences split on silence in a 15-second WAV, as `split` names them (about 14
    /// characters a second, plus 0.3 s of pauses); and a folder for transcripts.
    private func fixture() throws -> (folder: URL, session: SectionsSession) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jobs-transcript-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let audio = folder.appendingPathComponent("lesson.wav").path
        try TestAudio.write(audio, [Float](repeating: 0, count: 15 * 48_000))
        var session = try SectionsSession(audioPath: audio, store: SectionStore(folder: folder.appendingPathComponent("sections")))
        let cuts = ["0", "1.16", "3.75", "4.69", "7.42", "8.36", "11.59", "12.25", "13.48"]
        for k in 0..<8 { _ = try session.add(name: "s\(k + 1)", from: cuts[k], to: cuts[k + 1], plan: SectionPlanChange()) }
        return (folder, session)
    }

    private func transcript(_ folder: URL, _ lines: [String]) throws -> String {
        let path = folder.appendingPathComponent("transcript-\(lines.count).txt").path
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("as many sentences as sections: one each, said")
    func same() throws {
        var (folder, session) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = Self.sentences
        let path = try transcript(folder, [s[0] + " " + s[1], s[2] + " " + s[3], s[4], s[5] + " " + s[6] + " " + s[7]])
        #expect(try session.text(fromTranscript: path) == "text for all 8 sentences from \(path) (8 sentences in it)")
        #expect(session.file.sections.map(\.text) == s)
    }

    @Test("two sentences more: the pairs are joined, and said")
    func twoMore() throws {
        var (folder, session) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = Self.sentences
        let path = try transcript(folder, [s[0], "Where is it?", "The railway station, please.", s[2], s[3], s[4],
                                           "No, it is quite close.", "Just behind the big church.", s[6], s[7]])
        #expect(try session.text(fromTranscript: path)
                == "text for all 8 sentences from \(path) (10 sentences in it, 2 more than the sections); joined: s2 (2), s6 (2)")
        #expect(session.file.sections.map(\.text) == [s[0], "Where is it? The railway station, please.", s[2], s[3], s[4],
                                                       "No, it is quite close. Just behind the big church.", s[6], s[7]])
    }

    @Test("two sentences fewer: those sections are left without text, and said; their old text goes")
    func twoFewer() throws {
        var (folder, session) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        let s = Self.sentences
        _ = try session.text(fromTranscript: try transcript(folder, s))
        let path = try transcript(folder, [s[0], s[1], s[3], s[4], s[6], s[7]])
        #expect(try session.text(fromTranscript: path)
                == "text for 6 of 8 sentences from \(path) (6 sentences in it, 2 fewer than the sections); without text: s3, s6")
        #expect(session.file.sections.map(\.text) == [s[0], s[1], nil, s[3], s[4], nil, s[6], s[7]])
        #expect(session.file.sections.map(\.name) == ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"])
    }

    @Test("a binary file given as the transcript (an MP3's bytes, a file of control bytes) is refused; the texts stay (issue 33, defect 4)")
    func binaryTranscript() throws {
        var (folder, session) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try session.text(fromTranscript: try transcript(folder, Self.sentences))
        let mp3 = folder.appendingPathComponent("lesson.mp3").path
        // An MPEG frame header, then bytes as a compressed frame has them (NULs among them).
        try Data([0xFF, 0xFB, 0x90, 0x64] + (0..<2_000).map { UInt8(truncatingIfNeeded: $0 &* 37) }).write(to: URL(fileURLWithPath: mp3))
        let controls = folder.appendingPathComponent("controls.txt").path
        try Data((0..<300).map { UInt8(1 + $0 % 8) } + Array("Hello.".utf8)).write(to: URL(fileURLWithPath: controls))
        func refusal(_ path: String) -> String {
            do { return "no error: " + (try session.text(fromTranscript: path)) } catch { return "\(error)" }
        }
        #expect(refusal(mp3) == "\(mp3): not a text file (it holds NUL bytes)")
        #expect(refusal(controls) == "\(controls): not a text file (it is mostly control characters)")
        #expect(session.file.sections.map(\.text) == Self.sentences)
    }

    @Test("refusals: no sentences split yet, an empty transcript, a missing one")
    func refusals() throws {
        var (folder, session) = try fixture()
        defer { try? FileManager.default.removeItem(at: folder) }
        func refusal(_ path: String) -> String? {
            do { _ = try session.text(fromTranscript: path); return nil } catch { return "\(error)" }
        }
        let empty = try transcript(folder, ["", "   "])
        #expect(refusal(empty) == "no sentences in '\(empty)': it holds no text")
        let missing = folder.appendingPathComponent("nope.txt").path
        #expect(refusal(missing) == "can't read '\(missing)': No such file or directory")
        _ = try session.rename("s1", to: "intro")
        let path = try transcript(folder, [Self.sentences[0]])
        #expect(refusal(path) == "\(session.audioPath) has no sentences s1, s2, … to give text to: split it first (woodshed sections FILE split)")
    }
}
