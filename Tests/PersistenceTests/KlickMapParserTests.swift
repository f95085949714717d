import Foundation
import Testing
import WoodshedCore
@testable import Persistence

@Suite("Reading klick tempo maps")
struct KlickMapParserTests {
    @Test("a song form with labels, a meter change, a ramp, per-beat tempi, a silent bar and a volume reads as klick does")
    func songForm() throws {
        let text = """
            # a song
            intro:   2         120           X...   0.8   # only the downbeat
            verse:   8         120

            break:   1         120           ....
            bridge:  4   7/8   133           X..x.x.
            build:   4         120-132
            ending:  1   3/4   120,96,72.5   Xxx    0.6
            """
        let map = try KlickMapParser.parse(text: text, fileName: "song.klick")
        #expect(map.entries == [
            TempoMapEntry(label: "intro", bars: 2, tempo: .constant(bpm("120")), pattern: pattern("X..."), volume: 0.8),
            TempoMapEntry(label: "verse", bars: 8, tempo: .constant(bpm("120"))),
            TempoMapEntry(label: "break", bars: 1, tempo: .constant(bpm("120")), pattern: pattern("....")),
            TempoMapEntry(label: "bridge", bars: 4, meter: meter("7/8"), tempo: .constant(bpm("133")),
                          pattern: pattern("X..x.x.", meter("7/8"))),
            TempoMapEntry(label: "build", bars: 4, tempo: .ramp(from: bpm("120"), to: bpm("132"))),
            TempoMapEntry(label: "ending", bars: 1, meter: meter("3/4"),
                          tempo: .perBeat([bpm("120"), bpm("96"), bpm("72.5")]), pattern: pattern("Xxx", meter("3/4")),
                          volume: 0.6),
        ])
    }

    @Test("without a pattern every bar is accent then normal clicks, at volume 1, in 4/4 unless the line says")
    func defaults() throws {
        let map = try KlickMapParser.parse(text: "2 3/4 100\n2 100", fileName: "m.klick")
        #expect(map.entries[0].pattern.description == "Xxx")
        #expect(map.entries[1].meter == .fourFour)
        #expect(map.entries[1].pattern.description == "Xxxx")
        #expect(map.entries.map(\.volume) == [1, 1])
        #expect(map.entries.map(\.label) == [nil, nil])
    }

    @Test("a label may touch its bars, blanks may be tabs, and Windows line ends are fine")
    func spacing() throws {
        let map = try KlickMapParser.parse(text: "a_1-b:4\t120\r\n\tb: 2  6/8\t90  X..x..\r\n", fileName: "m.klick")
        #expect(map.entries.map(\.label) == ["a_1-b", "b"])
        #expect(map.entries.map(\.bars) == [4, 2])
        #expect(map.entries[1].pattern.description == "X..x..")
    }

    @Test("a comment may follow a number with no blank, and a line may be only a comment")
    func comments() throws {
        let map = try KlickMapParser.parse(text: "   # only a comment\n#\n4 120#fast\n", fileName: "m.klick")
        #expect(map.entries == [TempoMapEntry(bars: 4, tempo: .constant(bpm("120")))])
    }

    @Test("tempos are exact thousandths, written as klick writes numbers: 120. and .5 included")
    func exactTempos() throws {
        let map = try KlickMapParser.parse(text: "1 1/4 133.333\n1 1/4 120.\n1 2/4 97.5,99.125 x. .5", fileName: "m.klick")
        #expect(map.entries[0].tempo == .constant(try Tempo(milliBPM: 133_333)))
        #expect(map.entries[1].tempo == .constant(try Tempo(milliBPM: 120_000)))
        #expect(map.entries[2].tempo == .perBeat([try Tempo(milliBPM: 97_500), try Tempo(milliBPM: 99_125)]))
        #expect(map.entries[2].pattern.description == "x.")
        #expect(map.entries[2].volume == 0.5)
    }

    @Test("a map with a ramp, per-beat tempi and a silent bar compiles to a click timeline")
    func compiles() throws {
        let map = try KlickMapParser.parse(text: "2 120-140\n1 3/4 90,80,70\n1 120 ....", fileName: "m.klick")
        let timeline = try ClickTimeline(plan: ClickPlan(map: map), rate: 48_000)
        #expect(timeline.endFrame != nil)
    }

    @Test("a line '2 80-80' is 2 bars of constant 80 BPM: the clicks of '2 80', exactly")
    func equalEndsRamp() throws {
        let map = try KlickMapParser.parse(text: "2 80-80\n1 3/4 120.0-120 X.x", fileName: "m.klick")
        #expect(map.entries[0].tempo == .constant(bpm("80")))
        #expect(map.entries[1].tempo == .constant(bpm("120")))
        let same = try KlickMapParser.parse(text: "2 80\n1 3/4 120 X.x", fileName: "m.klick")
        #expect(try clickFrames(map) == clickFrames(same))
        #expect(try clickFrames(map).count == 8 + 2 + 1)   // the clicks and the end
    }

    @Test("a file is read from disk and named in errors by the path the user gave")
    func fromDisk() throws {
        let folder = try temporaryFolder()
        let url = folder.appendingPathComponent("song.klick")
        try "4 120\n\n4 120 X.x\n".write(to: url, atomically: true, encoding: .utf8)
        #expect(throws: MapFileError(file: url.path, line: 3, message: "pattern 'X.x' has 3 steps; a bar of 4/4 has 4")) {
            try KlickMapParser.parse(contentsOf: url)
        }
        #expect(throws: MapFileError(file: "nope.klick", message: "no such file")) {
            try KlickMapParser.parse(contentsOf: URL(fileURLWithPath: "nope.klick"))
        }
    }
}

@Suite("Bad lines in klick tempo maps")
struct KlickMapErrorTests {
    static let form = "write [label:] bars [beats/denom] tempo [pattern] [volume]"

    @Test("each bad line is named with file, line and what is wrong", arguments: [
        ("4 120 X.x", "pattern 'X.x' has 3 steps; a bar of 4/4 has 4"),
        ("4 7/8 133 X..x.x", "pattern 'X..x.x' has 6 steps; a bar of 7/8 has 7"),
        ("0 120", "bars 0 is out of range: use 1 to 1000000"),
        ("four 120", "bars 'four' is not a whole number: \(form)"),
        ("4 0", "tempo 0 is out of range: use 1 to 1000 BPM"),
        ("4 120-0", "tempo 0 is out of range: use 1 to 1000 BPM"),
        ("4 1200", "tempo 1200 is out of range: use 1 to 1000 BPM"),
        ("4 120.0001", "tempo '120.0001' has more than three decimal places"),
        ("4 120-", "tempo '120-' is not valid: write 120, 80-160 (a ramp) or 120,122,... (one per beat)"),
        ("4 120,130-140", "tempo '120,130-140' is not valid: write 120, 80-160 (a ramp) or 120,122,... (one per beat)"),
        ("1 120,121,122", "3 tempo values for 1 bar of 4/4, which has 4 beats: give one per beat"),
        ("2 3/4 90,91", "2 tempo values for 2 bars of 3/4, which have 6 beats: give one per beat"),
        ("4 4/0 120", "meter '4/0' is not valid: write beats/denominator, e.g. 7/8 (1-64 beats, denominator 1-64)"),
        ("4 +4/4 120", "meter '+4/4' is not valid: write beats/denominator, e.g. 7/8 (1-64 beats, denominator 1-64)"),
        ("4 3/4", "the tempo is missing: \(form)"),
        ("intro:", "the bars and tempo are missing: \(form)"),
        ("in.tro: 4 120", "label 'in.tro' may only use letters, digits, '_' and '-'"),
        (": 4 120", "a label needs a name before ':'"),
        ("4 120 Xoxo", "'Xoxo' is neither a pattern (X accent, x normal, . silent) nor a volume"),
        ("4 120 3/4", "'3/4' is neither a pattern (X accent, x normal, . silent) nor a volume"),
        ("4 120 0.5 X...", "'X...' is out of place: \(form)"),
        ("4 120 X... X...", "'X...' is out of place: \(form)"),
    ])
    func badLine(line: String, message: String) {
        let text = "# a map\n4 120\n\(line)\n4 120\n"
        #expect(throws: MapFileError(file: "song.klick", line: 3, message: message)) {
            try KlickMapParser.parse(text: text, fileName: "song.klick")
        }
    }

    @Test("the message is one line: file, line number, what is wrong")
    func oneLine() {
        let error = MapFileError(file: "song.klick", line: 3, message: "pattern 'X.x' has 3 steps; a bar of 4/4 has 4")
        #expect(error.description == "song.klick:3: pattern 'X.x' has 3 steps; a bar of 4/4 has 4")
    }

    @Test("a file of only comments and blank lines has no map")
    func empty() {
        #expect(throws: MapFileError(file: "song.klick", message: "no tempo map entries: every line is blank or a comment")) {
            try KlickMapParser.parse(text: "# nothing\n\n   \n", fileName: "song.klick")
        }
    }
}
