import Foundation
import Testing
import WoodshedCore
@testable import Persistence

@Suite("Editing sections: every edit keeps the file valid or changes nothing")
struct SectionEditingTests {
    func file(_ sections: Section...) -> PracticeFile {
        PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav", sections: sections)
    }

    /// Runs an edit; nil when it succeeds, else its error (and then the file must be unchanged).
    func edit(_ file: inout PracticeFile, _ body: (inout PracticeFile) throws -> Void) -> String? {
        let before = file
        do {
            try body(&file)
            return nil
        } catch {
            #expect(file == before, "a refused edit changed the file")
            #expect(error is SectionEditError)
            return "\(error)"
        }
    }

    @Test("sections are picked by name or by 1-based number")
    func pick() throws {
        let f = file(section("intro", 0, 10), section("verse", 10, 20))
        #expect(f.index(of: "verse") == 1)
        #expect(f.index(of: "1") == 0)
        #expect(f.index(of: "2") == 1)
        #expect(f.index(of: "3") == nil && f.index(of: "0") == nil && f.index(of: "Verse") == nil)
        #expect(throws: SectionEditError("no section 'bridge' (the sections are: 1 intro, 2 verse)")) { try f.section("bridge") }
        #expect(throws: SectionEditError("no section 3 (the sections are: 1 intro, 2 verse)")) { try f.section("3") }
        #expect(throws: SectionEditError("no section 'x': there are no sections yet")) { try file().section("x") }
    }

    @Test("add refuses a duplicate or unusable name and a range outside the audio")
    func add() {
        var f = file(section("intro", 0, 48_000))
        #expect(edit(&f) { try $0.add(section("verse", 48_000, 96_000)) } == nil)
        #expect(f.sections.map(\.name) == ["intro", "verse"])
        #expect(edit(&f) { try $0.add(section("intro", 0, 1)) } == "there is already a section named 'intro' (number 1)")
        #expect(edit(&f) { try $0.add(section("12", 0, 1)) } == "a section name can't be a whole number (numbers pick sections by position)")
        #expect(edit(&f) { try $0.add(section(" x", 0, 1)) } == "a section name can't start or end with a space")
        #expect(edit(&f) { try $0.add(section("end", 0, 480_001)) }
            == "'end' would end at 0:10.000, past the end of the audio (0:10.000)")
        #expect(edit(&f) { try $0.add(section("end", 0, 528_000)) }
            == "'end' would end at 0:11.000, past the end of the audio (0:10.000)")
        #expect(edit(&f) { try $0.add(section("all", 0, 480_000)) } == nil)
    }

    @Test("rm, rename and move; the last section setting follows a rename and goes with a removal")
    func rmRenameMove() {
        var f = file(section("a", 0, 10), section("b", 10, 20), section("c", 20, 30))
        f.settings.lastSection = "b"
        #expect(edit(&f) { try $0.rename("b", to: "bridge") } == nil)
        #expect(f.settings.lastSection == "bridge")
        #expect(edit(&f) { try $0.rename("1", to: "c") } == "there is already a section named 'c' (number 3)")
        #expect(edit(&f) { try $0.rename("c", to: "c") } == nil)
        #expect(edit(&f) { try $0.move("c", to: 1) } == nil)
        #expect(f.sections.map(\.name) == ["c", "a", "bridge"])
        #expect(edit(&f) { try $0.move("1", to: 3) } == nil)
        #expect(f.sections.map(\.name) == ["a", "bridge", "c"])
        #expect(edit(&f) { try $0.move("a", to: 4) } == "position 4 is out of range: there are 3 sections")
        #expect(edit(&f) { try $0.move("a", to: 0) } == "position 0 is out of range: there are 3 sections")
        #expect(edit(&f) { _ = try $0.remove("bridge") } == nil)
        #expect(f.settings.lastSection == nil)
        #expect(f.sections.map(\.name) == ["a", "c"])
        #expect(edit(&f) { _ = try $0.remove("bridge") } == "no section 'bridge' (the sections are: 1 a, 2 c)")
    }

    @Test("nudge moves one end by a time rounded to the nearest frame, the same both ways, and stays inside the audio")
    func nudge() throws {
        // 44.1 kHz: 1 ms is 44.1 frames, so +1 ms is +44 and -1 ms is -44 (not -45).
        var f = PracticeFile(fingerprint: FileFingerprint(size: 1, frames: 441_000, rate: 44_100, hash: 1), lastKnownPath: "/a.wav",
                             sections: [section("v", 44_100, 88_200)])
        let ms = { (t: String) in try! SourceTime(parsing: t) }
        #expect(edit(&f) { try $0.nudge("v", .start, by: ms("1ms")) } == nil)
        #expect(f.sections[0].start == 44_144)
        #expect(edit(&f) { try $0.nudge("v", .start, by: ms("-1ms")) } == nil)
        #expect(f.sections[0].start == 44_100)
        #expect(edit(&f) { try $0.nudge("1", .end, by: ms("-10ms")) } == nil)
        #expect(f.sections[0].end == 87_759)
        #expect(edit(&f) { try $0.nudge("v", .start, by: ms("-1.5")) } == "'v' would start before the audio does (at -0:00.500)")
        #expect(edit(&f) { try $0.nudge("v", .end, by: ms("9")) } == "'v' would end at 0:10.990, past the end of the audio (0:10.000)")
        #expect(edit(&f) { try $0.nudge("v", .start, by: ms("0.99")) } == "'v' would be empty: it starts and ends at 0:01.990")
        #expect(edit(&f) { try $0.nudge("v", .end, by: ms("-1")) } == "'v' would end (0:00.990) before it starts (0:01.000)")
        let moved = try f.nudge("v", .end, by: ms("10ms"))
        #expect(moved.before.end == 87_759 && moved.after.end == 88_200)
    }

    @Test("export writes the sections with their times; import merges by name and reports what it did")
    func exportImport() throws {
        let a = SectionFileFormatTests.exampleFile
        let exported = String(decoding: a.exportData(), as: UTF8.self)
        #expect(exported == """
            {
              "schemaVersion": 1,
              "audio": "/home/me/songs/tune \\"live\\".wav",
              "fingerprint": "s1920044-f480000-r48000-5c0a3e1f9d72b846",
              "rate": 48000,
              "frames": 480000,
              "sections": [
                {
                  "name": "intro",
                  "from": 0,
                  "to": 96000,
                  "fromTime": "0:00.000",
                  "toTime": "0:02.000",
                  "repeat": 1,
                  "countIn": 0,
                  "advance": "stop"
                },
                {
                  "name": "the hard bar",
                  "from": 240000,
                  "to": 312000,
                  "fromTime": "0:05.000",
                  "toTime": "0:06.500",
                  "repeat": 8,
                  "gap": "1.5x",
                  "countIn": 1,
                  "speeds": [0.6, 0.75, 1],
                  "advance": "next"
                },
                {
                  "name": "outro",
                  "from": 400000,
                  "to": 480000,
                  "fromTime": "0:08.333",
                  "toTime": "0:10.000",
                  "repeat": "endless",
                  "gap": "2.25s",
                  "countIn": 2,
                  "advance": "loop-all"
                }
              ]
            }

            """)

        var b = file(section("intro", 0, 48_000), section("mine", 48_000, 96_000))
        let incoming = try b.importedSections(data: a.exportData(), source: "in.json")
        #expect(incoming == a.sections)
        let report = try b.merge(incoming)
        #expect(report.map(\.name) == ["intro", "the hard bar", "outro"])
        #expect(report.map(\.replaced) == [true, false, false])
        #expect(b.sections.map(\.name) == ["intro", "mine", "the hard bar", "outro"])
        #expect(b.sections[0] == a.sections[0])

        // A practice file imports too (its settings are not taken).
        var c = file()
        #expect(try c.merge(c.importedSections(data: a.jsonData(), source: "p.json")).count == 3)
        #expect(c.settings == PracticeSettings())
    }

    @Test("import converts frames from another rate, reads times, and refuses sections that don't fit")
    func importRules() throws {
        let target = file()
        func sections(_ json: String) throws(JSONFileError) -> [Section] {
            try target.importedSections(data: Data("{\"schemaVersion\": 1, \(json)}".utf8), source: "in.json")
        }
        // 44.1 kHz frames onto 48 kHz audio: 44100 → 48000; 22051 → round(24001.088...) = 24001.
        #expect(try sections("\"rate\": 44100, \"sections\": [{\"name\": \"a\", \"from\": 22051, \"to\": 44100}]")
            == [section("a", 24_001, 48_000)])
        #expect(try sections("\"sections\": [{\"name\": \"a\", \"fromTime\": \"0:01.5\", \"toTime\": \"2500ms\", \"repeat\": 3}]")
            == [section("a", 72_000, 120_000, RepeatPlan(repeats: .times(3)))])
        func refused(_ json: String) -> String {
            do { _ = try sections(json); return "no error" } catch { return error.description }
        }
        #expect(refused("\"rate\": 44100, \"sections\": [{\"name\": \"a\", \"from\": 0, \"to\": 441001}]")
            == "in.json: sections[0].to: 0:10.000 is past the end of this audio (0:10.000)")
        #expect(refused("\"rate\": 48000, \"sections\": [{\"name\": \"a\", \"from\": 0, \"to\": 960000}]")
            == "in.json: sections[0].to: 0:20.000 is past the end of this audio (0:10.000)")
        #expect(refused("\"sections\": [{\"name\": \"a\", \"fromTime\": \"0\", \"toTime\": \"12\"}]")
            == "in.json: sections[0].toTime: 0:12.000 is past the end of this audio (0:10.000)")
        #expect(refused("\"sections\": [{\"name\": \"a\", \"fromTime\": \"-1\", \"toTime\": \"2\"}]")
            == "in.json: sections[0].fromTime: -0:01.000 is before the start of the audio")
        #expect(refused("\"sections\": [{\"name\": \"a\", \"fromTime\": \"3\", \"toTime\": \"2\"}]")
            == "in.json: sections[0].toTime: 0:02.000 is not after the start (0:03.000)")
        #expect(refused("\"sections\": [{\"name\": \"a\", \"from\": 0, \"to\": 10}]")
            == "in.json: rate: required when sections give frames (\"from\", \"to\")")
        #expect(refused("\"sections\": [{\"name\": \"a\", \"to\": 10}]")
            == "in.json: sections[0]: give \"from\" (a frame) or \"fromTime\" (a time such as 1:02.5)")
        #expect(refused("\"sections\": [{\"name\": \"a\", \"fromTime\": \"1:75\", \"toTime\": \"2\"}]")
            == "in.json: sections[0].fromTime: time '1:75' is not valid: write seconds (62.5), m:ss.fff (1:02.5), h:mm:ss, or milliseconds (350ms)")
        #expect(refused("\"sections\": [{\"name\": \"a\", \"fromTime\": \"0\", \"toTime\": \"1\"}, {\"name\": \"a\", \"fromTime\": \"1\", \"toTime\": \"2\"}]")
            == "in.json: sections[1].name: \"a\" is also the name of section 1: names must be unique")
        #expect(refused("\"songs\": []") == "in.json: songs: not a known field; the fields here are schemaVersion, audio, fingerprint, rate, frames, sections, lastKnownPath, settings (comments start with \"_\" or \"comment\")")
        #expect(refused("\"rate\": 48000") == "in.json: sections: required, but missing")
    }
}
