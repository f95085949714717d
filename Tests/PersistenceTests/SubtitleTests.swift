import Foundation
import Testing
import WoodshedCore
@testable import Persistence

@Suite("Subtitles: SRT and WebVTT cues become sentence sections, exact to the frame, each mistake named by line")
struct SubtitleTests {
    /// `text` as a file's bytes, with a byte order mark when `bom`.
    func bytes(_ text: String, bom: Bool = false) -> Data {
        (bom ? Data([0xEF, 0xBB, 0xBF]) : Data()) + Data(text.utf8)
    }

    func cue(_ start: String, _ end: String, _ text: String, line: Int) -> SubtitleCue {
        SubtitleCue(start: try! SourceTime(parsing: start), end: try! SourceTime(parsing: end), text: text, line: line)
    }

    func cues(_ text: String, _ format: SubtitleFormat, bom: Bool = false, source: String = "lesson.srt") throws -> [SubtitleCue] {
        try SubtitleParser.read(bytes(text, bom: bom), format: format, source: source).cues
    }

    /// The error `text` gives, as the user sees it; nil when it is read.
    func error(_ text: String, _ format: SubtitleFormat = .srt, source: String = "lesson.srt") -> String? {
        do {
            _ = try SubtitleParser.read(bytes(text), format: format, source: source)
            return nil
        } catch {
            return error.description
        }
    }

    /// The warnings `text` gives, as the user sees them.
    func warnings(_ text: String, _ format: SubtitleFormat = .srt, source: String = "lesson.srt") throws -> [String] {
        try SubtitleParser.read(bytes(text), format: format, source: source).warnings.map(\.description)
    }

    static let srt = [
        "1",
        "00:00:01,000 --> 00:00:03,500",
        "<i>Hello</i>, <b>world</b>!",
        "{\\an8}How are <font color=\"#ff0000\">you</font>?",
        "",
        "2",
        "00:00:03,000 --> 00:00:05,250 X1:100 X2:200 Y1:10 Y2:20",
        "  I'm fine.  ",
        "",
        "   ",
        "3",
        "00:00:06.5 --> 00:00:07,000",
        "a < b",
        "4",
        "00:00:08,000 --> 00:00:09,000",
        "No blank line before me.",
    ]

    @Test("SRT with a byte order mark and CRLF: tags and {\\an8} stripped, lines joined with a newline, numbers and coordinates skipped")
    func srtWithBOMAndCRLF() throws {
        let expected = [
            cue("1", "3.5", "Hello, world!\nHow are you?", line: 2),
            cue("3", "5.25", "I'm fine.", line: 7),
            cue("6.005", "7", "a < b", line: 12),   // ".5" is 5 ms, as players read it
            cue("8", "9", "No blank line before me.", line: 15),
        ]
        #expect(try cues(Self.srt.joined(separator: "\r\n") + "\r\n", .srt, bom: true) == expected)
        #expect(try cues(Self.srt.joined(separator: "\n"), .srt) == expected)
        #expect(try cues(Self.srt.joined(separator: "\r"), .srt, bom: true) == expected)
    }

    static let vtt = [
        "WEBVTT - lesson 3",
        "Kind: captions",
        "Language: en",
        "",
        "STYLE",
        "::cue { color: yellow }",
        "",
        "NOTE This is a note",
        "spanning two lines --> with an arrow",
        "",
        "REGION",
        "id:fred width:40%",
        "",
        "intro",
        "00:01.000 --> 00:02.000 line:0 align:start",
        "<v Anna><c.yellow>Bonjour</c> <00:00:01.500>tout le monde</v>",
        "",
        "00:00:02.000 --> 00:00:04.000",
        "Fish &amp; chips &lt;3 &amp;lt;",
        "second line&nbsp;here&lrm;",
        "",
        "NOTE",
        "another note",
        "",
        "3",
        "01:00:00.000 --> 01:00:01.000",
        "late",
    ]

    @Test("WebVTT: header, NOTE, STYLE and REGION skipped, identifiers and cue settings ignored, voice, class and time tags stripped, references decoded")
    func webVTT() throws {
        let expected = [
            cue("1", "2", "Bonjour tout le monde", line: 15),
            cue("2", "4", "Fish & chips <3 &lt;\nsecond line\u{A0}here\u{200E}", line: 18),
            cue("1:00:00", "1:00:01", "late", line: 26),
        ]
        #expect(try cues(Self.vtt.joined(separator: "\n") + "\n", .webVTT, source: "lesson.vtt") == expected)
        #expect(try cues(Self.vtt.joined(separator: "\r\n"), .webVTT, bom: true, source: "lesson.vtt") == expected)
        // A header line straight followed by a cue.
        #expect(try cues("WEBVTT\n00:00.500 --> 00:01.000\nhi\n", .webVTT) == [cue("0.5", "1", "hi", line: 2)])
        // In SRT, references are text.
        #expect(try cues("1\n00:00:01,000 --> 00:00:02,000\nFish &amp; chips\n", .srt) == [cue("1", "2", "Fish &amp; chips", line: 2)])
    }

    @Test("cues become sections named s1, s2, ... at the nearest frame; the audio's end is exact")
    func cuesToSections() throws {
        let list = try cues(Self.srt.joined(separator: "\n"), .srt)
        let result = SubtitleSections(cues: list, source: "lesson.srt", rate: 48_000, frames: 480_000)
        #expect(result.warnings == [])
        #expect(result.sections == [
            try Section(name: "s1", start: 48_000, end: 144_000, text: "Hello, world!\nHow are you?"),
            try Section(name: "s2", start: 144_000, end: 252_000, text: "I'm fine."),
            try Section(name: "s3", start: 288_240, end: 336_000, text: "a < b"),
            try Section(name: "s4", start: 384_000, end: 432_000, text: "No blank line before me."),
        ])
        // At 44.1 kHz, 1.001 s is frame 44 144.1 and 2.999 s is frame 132 255.9: rounded to the nearest.
        let odd = SubtitleSections(cues: [cue("1.001", "2.999", "x", line: 2)], source: "a.srt", rate: 44_100, frames: 441_000)
        #expect(odd.sections == [try Section(name: "s1", start: 44_144, end: 132_256, text: "x")])
    }

    @Test("overlapping cues are cut at the later cue's start; cues starting together become one; past the end: cut or left out, and reported")
    func overlapsAndTheEnd() throws {
        let list = [
            cue("0", "4", "a", line: 2),
            cue("2", "3", "b", line: 6),
            cue("2", "6", "c", line: 10),
            cue("8", "12", "d", line: 14),
            cue("12", "13", "e", line: 18),
            cue("9", "9", "f", line: 22),
            cue("7", "7.5", "", line: 26),
        ]
        let result = SubtitleSections(cues: list, source: "lesson.srt", rate: 48_000, frames: 480_000)
        #expect(result.sections == [
            try Section(name: "s1", start: 0, end: 96_000, text: "a"),
            try Section(name: "s2", start: 96_000, end: 288_000, text: "b\nc"),
            try Section(name: "s3", start: 336_000, end: 360_000),
            try Section(name: "s4", start: 384_000, end: 480_000, text: "d"),
        ])
        #expect(result.warnings.map(\.description) == [
            "lesson.srt:14: cue 4 ends at 0:12.000, after the end of the audio (0:10.000): cut there",
            "lesson.srt:18: cue 5 starts at 0:12.000, at or after the end of the audio (0:10.000): left out",
            "lesson.srt:22: cue 6 is empty (it starts and ends at 0:09.000): left out",
        ])
        // Overlap, the usual case: the first cue ends where the second starts.
        let two = SubtitleSections(cues: [cue("1", "3.5", "x", line: 2), cue("3", "5", "y", line: 6)],
                                   source: "a.srt", rate: 44_100, frames: 441_000)
        #expect(two.sections.map { [$0.start, $0.end] } == [[44_100, 132_300], [132_300, 220_500]])
        // A cue starting exactly at the end is left out; one ending exactly there is kept whole.
        let edge = SubtitleSections(cues: [cue("9", "10", "in", line: 2), cue("10", "11", "out", line: 6)],
                                    source: "a.srt", rate: 48_000, frames: 480_000)
        #expect(edge.sections == [try Section(name: "s1", start: 432_000, end: 480_000, text: "in")])
        #expect(edge.warnings.map(\.description) == ["a.srt:6: cue 2 starts at 0:10.000, at or after the end of the audio (0:10.000): left out"])
    }

    @Test("a cue that can't be read is skipped with a warning naming the file, the line and what is wrong; the rest is read")
    func badCues() throws {
        var lines = ["1", "00:00:01,000 --> 00:00:02,000", "one", "",
                     "2", "00:00:03,000 --> 00:00:04,000", "two", "",
                     "3", "00:00:05,000 --> 00:00:06,000", "three", "",
                     "4", "00:01:02.5x --> 00:01:04,000", "four"]
        let three = [cue("1", "2", "one", line: 2), cue("3", "4", "two", line: 6), cue("5", "6", "three", line: 10)]
        func check(_ line14: String, _ warning: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            lines[13] = line14
            let text = lines.joined(separator: "\n")
            #expect(try cues(text, .srt) == three, sourceLocation: sourceLocation)
            #expect(try warnings(text) == ["lesson.srt:14: " + warning], sourceLocation: sourceLocation)
        }
        try check("00:01:02.5x --> 00:01:04,000", "bad timestamp '00:01:02.5x': cue skipped")
        try check("00:01:02,500 --> 00:01:04,0000", "bad timestamp '00:01:04,0000': cue skipped")
        try check("00:01:62,500 --> 00:01:04,000", "bad timestamp '00:01:62,500': cue skipped")
        try check("00:01:02,500 --> 00:01:01,000", "the cue ends (1:01.000) before it starts (1:02.500): skipped")
        try check("00:01:02,500 -->", "the end time is missing after '-->': cue skipped")
        try check("--> 00:01:02,500", "the start time is missing before '-->': cue skipped")
        try check("00:01:02,500 -> 00:01:04,000",
                  "expected a cue's times ('00:00:01,000 --> 00:00:02,500'), not '00:01:02,500 -> 00:01:04,000': skipped")
        // The bad cue's text is skipped up to the next time line, even without a blank line.
        #expect(try cues("1\n00:00:0x,000 --> 00:00:02,000\nbad\n2\n00:00:03,000 --> 00:00:04,000\ngood\n", .srt)
            == [cue("3", "4", "good", line: 5)])
        #expect(try warnings("Hello\nthere\n") == ["lesson.srt:1: expected a cue's times ('00:00:01,000 --> 00:00:02,500'), not 'Hello': skipped"])
        #expect(try warnings("1\n00:00:01,000 --> 00:00:02,000\nok\n\n7\n")
            == ["lesson.srt:5: expected a cue's times ('00:00:01,000 --> 00:00:02,500'), not '7': skipped"])
        // Not UTF-8 (Windows-1252 "Café" on line 3): read as Windows-1252, with one warning.
        let old = try SubtitleParser.read(Data("1\r\n00:00:01,000 --> 00:00:02,000\r\nCaf".utf8) + Data([0xE9, 0x0D, 0x0A]),
                                          format: .srt, source: "old.srt")
        #expect(old.cues == [cue("1", "2", "Café", line: 2)])
        #expect(old.warnings.map(\.description) == ["old.srt:3: not UTF-8 text: read as Windows-1252"])
        // WebVTT needs its signature: without it the file is refused.
        #expect(error("1\n00:01.000 --> 00:02.000\nhi\n", .webVTT, source: "lesson.vtt") == "lesson.vtt:1: a WebVTT file starts with 'WEBVTT', not '1'")
        #expect(error("WEBVTTX\n", .webVTT, source: "lesson.vtt") == "lesson.vtt:1: a WebVTT file starts with 'WEBVTT', not 'WEBVTTX'")
        #expect(error("", .webVTT, source: "lesson.vtt") == "lesson.vtt:1: a WebVTT file starts with 'WEBVTT', but this one is empty")
        #expect(error("\u{FEFF}WEBVTT\r\n", .webVTT, source: "lesson.vtt") == nil)
        #expect(try warnings("WEBVTT\n\nNOTE\n00:00.000 --> x\n", .webVTT, source: "lesson.vtt") == [])
        #expect(try warnings("WEBVTT\n\nid\n00:61.000 --> 00:02.000\n", .webVTT, source: "lesson.vtt")
            == ["lesson.vtt:4: bad timestamp '00:61.000': cue skipped"])
        // An empty SRT file has no cues, and that is not an error here.
        #expect(error("") == nil)
        #expect(try SubtitleParser.read(Data(), format: .srt, source: "a.srt").nothingRead == "no cues in the file")
    }

    @Test("control characters quoted from a subtitle file are shown escaped in its error and warnings")
    func controlCharactersEscaped() throws {
        #expect(error("\u{1B}[2J\u{1B}]0;pwned\u{7}\n", .webVTT, source: "evil.vtt")
            == #"evil.vtt:1: a WebVTT file starts with 'WEBVTT', not '\u{1B}[2J\u{1B}]0;pwned\u{7}'"#)
        #expect(try warnings("1\n00:00:0\u{1B}[31m1,000 --> 00:00:02,000\nx\n")
            == [#"lesson.srt:2: bad timestamp '00:00:0\u{1B}[31m1,000': cue skipped"#])
    }

    @Test("SRT timestamps: hours optional, a comma or a point, then 1 to 3 digits counting milliseconds (as FFmpeg and VLC read them)")
    func srtTimestamps() {
        func t(_ s: String) -> Int64? { SubtitleTimestamp.srt(Substring(s))?.microseconds }
        #expect(t("00:01:02,500") == 62_500_000)
        #expect(t("01:02.500") == 62_500_000)
        #expect(t("1:02:03.5") == 3_723_005_000)
        #expect(t("100:00:00.001") == 360_000_001_000)
        #expect(t("00:00:00,05") == 5_000)
        #expect(t("00:00:00,50") == 50_000)
        for bad in ["00:01:02", "1:02", "00:01:02.", "00:01:02.1234", "00:60:00.000", "00:00:60.000", "123456:00:00.000",
                    "00:0a:00.000", "00:01:02.5x", "-00:00:01.000", "00:00:001.000", "1:2:3:4.000", ""] {
            #expect(t(bad) == nil, "\(bad)")
        }
    }

    @Test("WebVTT timestamps as the spec collects them: [hours:]mm:ss.ttt, hours any number of digits, the rest exact")
    func webVTTTimestamps() {
        /// The time in microseconds and where reading stopped.
        func t(_ s: String) -> [Int64]? {
            let line = Array(s.unicodeScalars)
            var p = 0
            return SubtitleTimestamp.webVTT(line, at: &p).map { [$0.microseconds, Int64(p)] }
        }
        #expect(t("01:02.500") == [62_500_000, 9])
        #expect(t("00:01:02.500") == [62_500_000, 12])
        #expect(t("100:00:00.001") == [360_000_001_000, 13])
        #expect(t("0100:00:00.000") == [360_000_000_000, 14])
        #expect(t("1:02:03.004 --> x") == [3_723_004_000, 11])
        #expect(t("00:00.000align") == [0, 9])
        for bad in ["1:02.500", "60:00.000", "01:02.5", "01:02,500", "01:2.500", "00:60.000", "00:00:60.000", "00:60:00.000",
                    "01:02.5000", "99999999999999999999:00:00.000", "a0:01.000", "", "00:01"] {
            #expect(t(bad) == nil, "\(bad)")
        }
    }

    @Test("a practice file imports subtitles: a section replaced by name keeps its plan and takes the cue's range and text")
    func importKeepsPlans() throws {
        let plan = RepeatPlan(repeats: .times(3), gap: .passMultiple(thousandths: 1200))
        let file = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav",
                                sections: [try Section(name: "s2", start: 0, end: 10, plan: plan, text: "old")])
        let result = try file.subtitleSections(bytes(Self.srt.joined(separator: "\n")), format: .srt, source: "lesson.srt")
        #expect(result.sections.map(\.name) == ["s1", "s2", "s3", "s4"])
        #expect(result.sections[1] == (try Section(name: "s2", start: 144_000, end: 252_000, plan: plan, text: "I'm fine.")))
        #expect(result.sections[0].plan == RepeatPlan())
        var merged = file
        _ = try merged.merge(result.sections)
        #expect(merged.sections.map(\.name) == ["s2", "s1", "s3", "s4"])
        #expect(merged.sections[0].text == "I'm fine.")
    }

    @Test("a section's text is saved in the practice file (left out when there is none) and exported and imported with it")
    func textInThePracticeFile() throws {
        let file = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav", sections: [
            try Section(name: "s1", start: 0, end: 48_000, text: "Hello, \"world\"!\nHow are you?"),
            try Section(name: "s2", start: 48_000, end: 96_000),
        ])
        let text = String(decoding: file.jsonData(), as: UTF8.self)
        #expect(text == """
            {
              "schemaVersion": 1,
              "fingerprint": "s1920044-f480000-r48000-5c0a3e1f9d72b846",
              "lastKnownPath": "/a.wav",
              "rate": 48000,
              "frames": 480000,
              "sections": [
                {
                  "name": "s1",
                  "from": 0,
                  "to": 48000,
                  "text": "Hello, \\"world\\"!\\nHow are you?",
                  "repeat": 1,
                  "countIn": 0,
                  "advance": "stop"
                },
                {
                  "name": "s2",
                  "from": 48000,
                  "to": 96000,
                  "repeat": 1,
                  "countIn": 0,
                  "advance": "stop"
                }
              ],
              "settings": {}
            }

            """)
        #expect(try PracticeFile(data: file.jsonData(), source: "x.json") == file)
        let export = String(decoding: file.exportData(), as: UTF8.self)
        #expect(export.contains("""
                  "toTime": "0:01.000",
                  "text": "Hello, \\"world\\"!\\nHow are you?",
                  "repeat": 1,
            """))
        let empty = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/b.wav")
        #expect(try empty.importedSections(data: file.exportData(), source: "out.json") == file.sections)
        let wrong = text.replacingOccurrences(of: "\"text\": \"Hello, \\\"world\\\"!\\nHow are you?\"", with: "\"text\": 3")
        #expect(throws: JSONFileError(source: "x.json", field: "sections[0].text", message: "expected text in quotes, not 3")) {
            try PracticeFile(data: Data(wrong.utf8), source: "x.json")
        }
    }
}
