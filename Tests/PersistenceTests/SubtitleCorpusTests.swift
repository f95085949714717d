import Foundation
import Testing
import WoodshedCore
@testable import Persistence

/// The subtitle corpus: one small file per case in Tests/Fixtures/subtitles, each with the
/// sections (from, to, text) it must give and the warnings it must print, or its refusal.
@Suite("Subtitle corpus: each file in Tests/Fixtures/subtitles gives exactly its sections and warnings")
struct SubtitleCorpusTests {
    static let folder = Repo.root.appendingPathComponent("Tests/Fixtures/subtitles")

    /// What a file must give.
    enum Expected {
        /// Sections as (from, to, text) at the nearest frame, the warnings, and why nothing
        /// was read when the file gave no cue.
        case read([(String, String, String)], warnings: [String] = [], nothingRead: String? = nil)
        /// The error refusing the file.
        case refused(String)
    }

    static let srtTimes = "('00:00:01,000 --> 00:00:02,500')"
    static let vttTimes = "('00:00:01.000 --> 00:00:02.500')"

    static let cases: [String: Expected] = [
        // SRT
        "bom-crlf.srt": .read([("0:01.000", "0:02.500", "Hello."), ("0:03.000", "0:04.000", "Two lines,\none cue.")]),
        "cr-only.srt": .read([("0:01.000", "0:02.000", "Old Mac"), ("0:02.000", "0:03.000", "line ends")]),
        "missing-index.srt": .read([("0:01.000", "0:02.000", "No number."), ("0:03.000", "0:04.000", "Nor here.")]),
        "non-numeric-index.srt": .read([("0:01.000", "0:02.000", "First."), ("0:03.000", "0:04.000", "Second."),
                                        ("0:05.000", "0:06.000", "Third.")]),
        "dot-milliseconds.srt": .read([("0:01.500", "0:02.250", "Points, not commas."), ("0:03.000", "0:04.000", "Both.")]),
        // The digits after the comma count milliseconds, as FFmpeg, mpv and VLC read them.
        "short-milliseconds.srt": .read([("0:01.005", "0:02.005", "Five and five."), ("0:03.050", "0:04.500", "Fifty and five hundred."),
                                         ("0:05.007", "0:06.070", "Seven and seventy.")]),
        "no-blank-line.srt": .read([("0:01.000", "0:02.000", "One."), ("0:02.000", "0:03.000", "Two."),
                                    ("0:03.000", "0:04.000", "Three, without a number."), ("0:05.000", "0:06.000", "Four.")]),
        "overrides.srt": .read([("0:01.000", "0:02.000", "On top."), ("0:03.000", "0:04.000", "Slanted and placed.")]),
        "tags.srt": .read([("0:01.000", "0:02.000", "Italic, bold, underlined, struck."),
                           ("0:03.000", "0:04.000", "Red and big.\nUpper case.")]),
        "heart.srt": .read([("0:01.000", "0:02.000", "I <3 this\nand this."),
                            ("0:03.000", "0:04.000", "a < b, b > a, <v Anna> <c.yellow>x</c> <br> <i2>"),
                            ("0:05.000", "0:06.000", "Still <3 you")]),
        "windows-1252.srt": .read([("0:01.000", "0:02.000", "Un café."), ("0:03.000", "0:04.000", "“Quoted” – € 5 …")],
                                  warnings: ["windows-1252.srt:3: not UTF-8 text: read as Windows-1252"]),
        "coordinates.srt": .read([("0:01.000", "0:02.000", "Placed.")]),
        "utf16le-bom.srt": .read([("0:01.000", "0:02.000", "Ça va ?")]),
        "utf16be-bom.srt": .read([("0:03.000", "0:04.000", "€uro")]),
        "one-bad-cue.srt": .read([("0:01.000", "0:02.000", "One."), ("0:05.000", "0:06.000", "Three."), ("0:11.000", "0:12.000", "Six.")],
                                 warnings: [
                                    "one-bad-cue.srt:6: bad timestamp '00:00:0x,000': cue skipped",
                                    "one-bad-cue.srt:14: the cue ends (0:07.000) before it starts (0:08.000): skipped",
                                    "one-bad-cue.srt:18: expected a cue's times \(srtTimes), not '00:00:09,000 -> 00:00:10,000': skipped",
                                    "one-bad-cue.srt:25: expected a cue's times \(srtTimes), not '7': skipped",
                                 ]),
        "all-bad.srt": .read([], warnings: [
            "all-bad.srt:2: bad timestamp '00:00:01;000': cue skipped",
            "all-bad.srt:6: the end time is missing after '-->': cue skipped",
        ], nothingRead: "no cue could be read (2 skipped)"),

        // WebVTT
        "no-signature.vtt": .refused("no-signature.vtt:1: a WebVTT file starts with 'WEBVTT', not '00:00:01.000 --> 00:00:02.000'"),
        "title.vtt": .read([("0:01.000", "0:02.000", "Bonjour.")]),
        "bom-crlf.vtt": .read([("0:01.000", "0:02.000", "Short times,\nCRLF.")]),
        "region-style.vtt": .read([("0:01.000", "0:02.000", "Styled."), ("0:03.000", "0:04.000", "After late blocks.")]),
        "style-blank-line.vtt": .read([("0:01.000", "0:02.000", "After the style.")],
                                      warnings: ["style-blank-line.vtt:7: expected a cue's times \(vttTimes), not '  background: black;': skipped"]),
        "note.vtt": .read([("0:01.000", "0:02.000", "Noted.")]),
        "identifiers.vtt": .read([("0:01.000", "0:02.000", "Numbered."), ("0:03.000", "0:04.000", "Named."), ("0:05.000", "0:06.000", "Unnamed.")]),
        "settings.vtt": .read([("0:01.000", "0:02.000", "Settings."), ("0:03.000", "0:04.000", "Glued.")]),
        "hours.vtt": .read([("5999:59.000", "6000:00.500", "Late."), ("6000:01.000", "6000:02.000", "Later.")]),
        // A NUL byte: not a text file (issue 33), refused before anything is replaced.
        "nul.vtt": .refused("nul.vtt: not a text file (it holds NUL bytes)"),
        // A '<' starts a tag that runs to the next '>', here to the end of the cue: "I <3 this" shows "I".
        "heart.vtt": .read([("0:01.000", "0:02.000", "I"), ("0:03.000", "0:04.000", "I <3 this too.")]),
        "class-tags.vtt": .read([("0:01.000", "0:03.000", "Bonjour tout le monde"),
                                 ("0:03.000", "0:04.000", "Fish & chips <3 > \"x\" été – & &eacute; &bogus;\n\u{FFFD}漢kan")]),
        "bad-timestamp.vtt": .read([("0:01.000", "0:02.000", "Good."), ("0:05.000", "0:06.000", "Good again.")], warnings: [
            "bad-timestamp.vtt:7: bad timestamp '00:00:03.5': cue skipped",
            "bad-timestamp.vtt:13: bad timestamp '00:61.000': cue skipped",
            "bad-timestamp.vtt:16: expected '-->' after the start time, not 'x': cue skipped",
            "bad-timestamp.vtt:19: the start time is missing before '-->': cue skipped",
            "bad-timestamp.vtt:22: expected a cue's times \(vttTimes), not 'stray text': skipped",
        ]),
        // As the spec reads it: a time line ends the cue before it, and the "3" is Two's text.
        "no-blank-line.vtt": .read([("0:01.000", "0:02.000", "One."), ("0:02.000", "0:03.000", "Two.\n3"), ("0:03.000", "0:04.000", "Three.")]),
        "not-utf8.vtt": .read([("0:01.000", "0:02.000", "Un caf\u{FFFD}.")],
                              warnings: ["not-utf8.vtt:4: not UTF-8 text: each bad byte read as U+FFFD (WebVTT is always UTF-8)"]),
        "no-cues.vtt": .read([], nothingRead: "no cues in the file"),
        "all-bad.vtt": .read([], warnings: ["all-bad.vtt:3: bad timestamp '00:00:01,000': cue skipped"],
                             nothingRead: "no cue could be read (1 skipped)"),
    ]

    /// An audio file of 101 hours at 48 kHz: every cue of the corpus is inside it.
    static let audio = PracticeFile(fingerprint: FileFingerprint(size: 1, frames: 101 * 3600 * 48_000, rate: 48_000, hash: 1),
                                    lastKnownPath: "/lesson.wav")

    @Test("every file in the corpus has its expectation, and every expectation its file")
    func corpusAndTableAgree() {
        let files = Repo.files(in: Self.folder, ext: "srt") + Repo.files(in: Self.folder, ext: "vtt")
        #expect(Set(files.map(\.lastPathComponent)) == Set(Self.cases.keys))
    }

    @Test("each file gives exactly its sections and warnings, or its refusal", arguments: cases.keys.sorted())
    func file(_ name: String) throws {
        let data = try Data(contentsOf: Self.folder.appendingPathComponent(name))
        let format = try #require(SubtitleFormat(path: name))
        func time(_ frame: Int64) -> String { SourceTime.of(frame: frame, rate: 48_000).description }
        switch Self.cases[name]! {
        case .refused(let expected):
            do {
                _ = try Self.audio.subtitleSections(data, format: format, source: name)
                Issue.record("\(name) was read")
            } catch {
                #expect(error.description == expected)
            }
        case .read(let sections, let warnings, let nothingRead):
            let result = try Self.audio.subtitleSections(data, format: format, source: name)
            #expect(result.sections.map { [time($0.start), time($0.end), $0.text ?? ""] } == sections.map { [$0.0, $0.1, $0.2] })
            #expect(result.sections.map(\.name) == sections.indices.map { "s\($0 + 1)" })
            #expect(result.warnings.map(\.description) == warnings)
            #expect(result.nothingRead == nothingRead)
        }
    }
}
