import Foundation
import Testing
import WoodshedCore
@testable import Persistence

/// The audio of these tests: 10 s at 48 kHz.
let tenSeconds = FileFingerprint(size: 1_920_044, frames: 480_000, rate: 48_000, hash: 0x5c0a_3e1f_9d72_b846)

func section(_ name: String, _ from: Int64, _ to: Int64, _ plan: RepeatPlan = RepeatPlan()) -> Section {
    try! Section(name: name, start: from, end: to, plan: plan)
}

@Suite("The sections file: exact JSON, read back field by field, each mistake named")
struct SectionFileFormatTests {
    static let example = """
        {
          "schemaVersion": 1,
          "fingerprint": "s1920044-f480000-r48000-5c0a3e1f9d72b846",
          "lastKnownPath": "/home/me/songs/tune \\"live\\".wav",
          "rate": 48000,
          "frames": 480000,
          "sections": [
            {
              "name": "intro",
              "from": 0,
              "to": 96000,
              "repeat": 1,
              "countIn": 0,
              "advance": "stop"
            },
            {
              "name": "the hard bar",
              "from": 240000,
              "to": 312000,
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
              "repeat": "endless",
              "gap": "2.25s",
              "countIn": 2,
              "advance": "loop-all"
            }
          ],
          "settings": {
            "lastSection": "the hard bar",
            "speed": 0.75,
            "transposeCents": -200,
            "crossfadeMs": 5,
            "clickBPM": 97.5,
            "clickOffset": 1234
          }
        }

        """

    static let exampleFile = PracticeFile(
        fingerprint: tenSeconds, lastKnownPath: "/home/me/songs/tune \"live\".wav",
        sections: [
            section("intro", 0, 96_000),
            section("the hard bar", 240_000, 312_000, RepeatPlan(
                repeats: .times(8), gap: .passMultiple(thousandths: 1500), countInBars: 1, speedLadder: [600, 750, 1000], advance: .next)),
            section("outro", 400_000, 480_000, RepeatPlan(
                repeats: .endless, gap: .milliseconds(2250), countInBars: 2, advance: .loopAll)),
        ],
        settings: PracticeSettings(lastSection: "the hard bar", speed: 750, transposeCents: -200, crossfadeMilliseconds: 5,
                                   clickTempo: try! Tempo(milliBPM: 97_500), clickOffset: 1234))

    @Test("a practice file is written in a fixed key order, pretty-printed, and reads back the same")
    func roundTrip() throws {
        let data = Self.exampleFile.jsonData()
        #expect(String(decoding: data, as: UTF8.self) == Self.example)
        #expect(try PracticeFile(data: data, source: "x.json") == Self.exampleFile)
    }

    @Test("a plan at the top of every option range (--repeat 10000, --count-in 64) is saved and read back, and one past it is refused")
    func topOfRanges() throws {
        let top = RepeatPlan(repeats: .times(OptionRange.repeats.range.upperBound), countInBars: OptionRange.countIn.range.upperBound)
        let file = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav", sections: [section("A", 0, 10, top)])
        let data = file.jsonData()
        #expect(String(decoding: data, as: UTF8.self).contains("\"repeat\": 10000,\n      \"countIn\": 64,"))
        #expect(try PracticeFile(data: data, source: "x.json") == file)
        let over = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "10000", with: "10001")
        #expect(throws: JSONFileError.self) { try PracticeFile(data: Data(over.utf8), source: "x.json") }
    }

    @Test("an empty file has an empty list and empty settings; absent plan fields take their defaults")
    func minimal() throws {
        let empty = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav")
        #expect(String(decoding: empty.jsonData(), as: UTF8.self) == """
            {
              "schemaVersion": 1,
              "fingerprint": "s1920044-f480000-r48000-5c0a3e1f9d72b846",
              "lastKnownPath": "/a.wav",
              "rate": 48000,
              "frames": 480000,
              "sections": [],
              "settings": {}
            }

            """)
        let text = """
            {"schemaVersion": 1, "fingerprint": "s1920044-f480000-r48000-5c0a3e1f9d72b846", "_note": "mine",
             "lastKnownPath": "/a.wav", "rate": 48000, "frames": 480000,
             "sections": [{"name": "A", "from": 0, "to": 10}]}
            """
        let file = try PracticeFile(data: Data(text.utf8), source: "x.json")
        #expect(file.sections == [section("A", 0, 10)])
        #expect(file.sections[0].plan == RepeatPlan(repeats: .times(1), gap: .none, countInBars: 0, speedLadder: [], advance: .stop))
        #expect(file.settings == PracticeSettings())
    }

    @Test("a last section no section has is dropped, not an error")
    func unknownLastSection() throws {
        let text = String(decoding: Self.exampleFile.jsonData(), as: UTF8.self)
            .replacingOccurrences(of: "\"lastSection\": \"the hard bar\"", with: "\"lastSection\": \"gone\"")
        let file = try PracticeFile(data: Data(text.utf8), source: "x.json")
        #expect(file.settings.lastSection == nil)
        #expect(file.settings.speed == 750)
    }

    /// The example with `old` replaced by `new`, read as `tune.json`.
    func broken(_ old: String, _ new: String) -> String {
        let text = Self.example
        precondition(text.contains(old), old)
        do {
            _ = try PracticeFile(data: Data(text.replacingOccurrences(of: old, with: new).utf8), source: "tune.json")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test("each mistake is one line naming the file and the field", arguments: [
        ("\"schemaVersion\": 1", "\"schemaVersion\": 2", "tune.json: schemaVersion: 2 is newer than this woodshed understands (1)"),
        ("\"schemaVersion\": 1,", "", "tune.json: schemaVersion: required, but missing"),
        ("\"rate\": 48000", "\"rate\": 44100", "tune.json: rate: 44100 is not the rate in the fingerprint (48000)"),
        ("\"frames\": 480000", "\"frames\": 480001", "tune.json: frames: 480001 is not the length in the fingerprint (480000)"),
        ("\"fingerprint\": \"s1920044", "\"fingerprint\": \"x1920044",
         "tune.json: fingerprint: \"x1920044-f480000-r48000-5c0a3e1f9d72b846\" is not a fingerprint (s<size>-f<frames>-r<rate>-<16 hex digits>)"),
        ("\"lastKnownPath\"", "\"lastKnownPat\"",
         "tune.json: lastKnownPat: not a known field; the fields here are schemaVersion, fingerprint, lastKnownPath, rate, frames, sections, settings (comments start with \"_\" or \"comment\")"),
        ("\"to\": 480000", "\"to\": 480001", "tune.json: sections[2].to: frame 480001 is past the end of the audio (480000 frames, 0:10.000)"),
        ("\"to\": 96000", "\"to\": 0", "tune.json: sections[0].to: frame 0 is not after \"from\" (0): a section needs a length"),
        ("\"from\": 0", "\"from\": -1", "tune.json: sections[0].from: -1 is before the start of the audio"),
        ("\"from\": 0", "\"from\": 0.5", "tune.json: sections[0].from: expected a whole number of frames, not 0.5"),
        ("\"from\": 0", "\"from\": \"0:00\"", "tune.json: sections[0].from: expected a frame number, not \"0:00\""),
        ("\"from\": 0,", "", "tune.json: sections[0]: \"from\" is required, but missing"),
        ("\"name\": \"outro\"", "\"name\": \"intro\"", "tune.json: sections[2].name: \"intro\" is also the name of section 1: names must be unique"),
        ("\"name\": \"outro\"", "\"name\": \"3\"",
         "tune.json: sections[2].name: a section name can't be a whole number (numbers pick sections by position)"),
        ("\"name\": \"outro\"", "\"name\": \"\"", "tune.json: sections[2].name: a section needs a name"),
        ("\"repeat\": 8", "\"repeat\": 0", "tune.json: sections[1].repeat: 0 is out of range 1…10000"),
        ("\"repeat\": 8", "\"repeat\": \"forever\"", "tune.json: sections[1].repeat: expected a number of passes or \"endless\", not \"forever\""),
        ("\"gap\": \"1.5x\"", "\"gap\": \"soon\"",
         "tune.json: sections[1].gap: gap 'soon' is not valid: write a time (2s, 1500ms) or a multiple of the pass (1.5x)"),
        ("\"countIn\": 1", "\"countIn\": 65", "tune.json: sections[1].countIn: 65 is out of range 0…64"),
        ("[0.6, 0.75, 1]", "[0.6, 0.2, 1]", "tune.json: sections[1].speeds[1]: 0.2 is out of range: use 0.25 to 2"),
        ("[0.6, 0.75, 1]", "[0.6, 0.7505]", "tune.json: sections[1].speeds[1]: 0.7505 has more than three decimal places"),
        ("\"advance\": \"next\"", "\"advance\": \"on\"",
         "tune.json: sections[1].advance: \"on\" is not one of \"next\", \"stop\", \"loop-all\""),
        ("\"advance\": \"next\"", "\"advnce\": \"next\"",
         "tune.json: sections[1].advnce: not a known field; the fields here are name, from, to, text, repeat, gap, countIn, speeds, advance (comments start with \"_\" or \"comment\")"),
        ("\"speed\": 0.75", "\"speed\": 3", "tune.json: settings.speed: 3 is out of range: use 0.25 to 2"),
        ("\"transposeCents\": -200", "\"transposeCents\": -3700", "tune.json: settings.transposeCents: -3700 is out of range -3600…3600"),
        ("\"crossfadeMs\": 5", "\"crossfadeMs\": 501", "tune.json: settings.crossfadeMs: 501 is out of range 0…500"),
        ("\"clickBPM\": 97.5", "\"clickBPM\": 0.5", "tune.json: settings.clickBPM: tempo 0.5 is out of range: use 1 to 1000 BPM"),
        ("\"clickOffset\": 1234", "\"clickOffset\": \"1s\"", "tune.json: settings.clickOffset: expected a frame number, not \"1s\""),
        ("\"rate\": 48000,", "\"rate\": 48000", "tune.json:6:3: not valid JSON: invalid value"),
    ])
    func mistakes(old: String, new: String, message: String) {
        #expect(broken(old, new) == message)
    }

    @Test("a file cut short is placed at its end")
    func cutShort() {
        #expect(throws: JSONFileError(source: "t.json", line: 3, column: 1, message: "not valid JSON: unexpected end of file during JSON parse")) {
            try PracticeFile(data: Data("{\n  \"schemaVersion\": 1,\n".utf8), source: "t.json")
        }
        #expect(throws: JSONFileError(source: "t.json", line: 2, column: 11, message: "not valid JSON: unexpected end of file during JSON parse")) {
            try PracticeFile(data: Data("{\n  \"a\": [1,".utf8), source: "t.json")
        }
    }

    @Test("text that is not an object is refused at the top")
    func notAnObject() {
        #expect(throws: JSONFileError(source: "t.json", message: "expected an object { … } at the top, not a list [ … ]")) {
            try PracticeFile(data: Data("[]".utf8), source: "t.json")
        }
    }
}
