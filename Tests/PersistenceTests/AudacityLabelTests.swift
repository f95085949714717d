import Foundation
import Testing
import WoodshedCore
@testable import Persistence

@Suite("Audacity label tracks: sections export as region labels and read back to the same frames")
struct AudacityLabelTests {
    func sections(_ text: String, rate: Int = 48_000, frames: Int64 = 480_000, source: String = "labels.txt") throws -> AudacityLabelSections {
        AudacityLabelSections(labels: try AudacityLabels.labels(Data(text.utf8), source: source), source: source, rate: rate, frames: frames)
    }

    /// The error `text` gives, as the user sees it; nil when it reads.
    func error(_ text: String) -> String? {
        do {
            _ = try AudacityLabels.labels(Data(text.utf8), source: "labels.txt")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("export writes one region label per section: start, end, its text (lines joined with ' / ') or else its name, tab-separated, seconds with six decimals")
    func export() throws {
        let list = [
            try Section(name: "intro", start: 0, end: 44_100),
            try Section(name: "the hard bar", start: 44_101, end: 88_200, plan: RepeatPlan(repeats: .times(4)), text: "Play it\nslowly\tnow"),
            try Section(name: "x", start: 1, end: 2, text: ""),
            try Section(name: "long", start: 158_760_000, end: 158_760_001, text: "Bonjour."),
        ]
        let text = String(decoding: AudacityLabels.data(for: list, rate: 44_100), as: UTF8.self)
        #expect(text == "0.000000\t1.000000\tintro\n1.000023\t2.000000\tPlay it / slowly now\n0.000023\t0.000045\tx\n3600.000000\t3600.000023\tBonjour.\n")
        #expect(AudacityLabels.seconds(frame: 1, rate: 48_000) == "0.000021")  // 20.83 µs
        #expect(AudacityLabels.seconds(frame: 3, rate: 48_000) == "0.000063")  // 62.5 µs: half up
        #expect(AudacityLabels.seconds(frame: 0, rate: 48_000) == "0.000000")
    }

    @Test("import(export(x)) == x to the frame: 200 000 random frames at 44.1 kHz and at 48 kHz, up to 2^40")
    func exactRoundTrip() throws {
        var rng = SystemRandomNumberGenerator()
        for rate in [44_100, 48_000] {
            var floored = 0
            for k in 0..<200_000 {
                let f: Int64 = k < 1000 ? Int64(k) : k % 2 == 0 ? .random(in: 0..<100_000_000, using: &rng) : .random(in: 0..<(1 << 40), using: &rng)
                let written = AudacityLabels.seconds(frame: f, rate: rate)
                guard let ns = AudacityLabels.nanoseconds(Substring(written)) else {
                    Issue.record("\(written) does not read back")
                    return
                }
                let back = AudacityLabels.frame(nanoseconds: ns, rate: rate)
                #expect(back == f, "frame \(f) at \(rate) was written \(written) and read back as \(back)")
                if back != f { return }
                // Reading by truncation instead of rounding would lose a frame for many of them.
                if Int64((Int128(ns) * Int128(rate)) / 1_000_000_000) != f { floored += 1 }
            }
            #expect(floored > 10_000, "the check would not notice truncation at \(rate)")
        }
        // Whole files: 2 000 random sections, in random order, through the text and back.
        for rate in [44_100, 48_000] {
            let frames: Int64 = 3 * 3600 * Int64(rate)
            var list: [Section] = []
            for k in 0..<2_000 {
                let a = Int64.random(in: 0..<(frames - 1), using: &rng)
                let b = Int64.random(in: (a + 1)...min(frames, a + Int64(rate) * 20), using: &rng)
                list.append(try Section(name: "r\(k)", start: a, end: b))
            }
            let back = AudacityLabelSections(labels: try AudacityLabels.labels(AudacityLabels.data(for: list, rate: rate), source: "x.txt"),
                                             source: "x.txt", rate: rate, frames: frames)
            #expect(back.sections == list)
            #expect(back.warnings == [])
        }
    }

    @Test("spectral-selection lines (a backslash or a tab first) and blank lines are skipped; CRLF and a decimal comma are read")
    func spectralLines() throws {
        let text = "1.000000\t2.500000\tverse\r\n\\\t100.000000\t4000.000000\r\n\r\n3,000000\t3,000000\tpoint\r\n\t-1.000000\t-1.000000\r\n4.5\t6\tend of it  \r\n"
        let labels = try AudacityLabels.labels(Data(text.utf8), source: "labels.txt")
        #expect(labels == [
            AudacityLabel(start: 1_000_000_000, end: 2_500_000_000, text: "verse", line: 1),
            AudacityLabel(start: 3_000_000_000, end: 3_000_000_000, text: "point", line: 4),
            AudacityLabel(start: 4_500_000_000, end: 6_000_000_000, text: "end of it  ", line: 6),
        ])
        let result = AudacityLabelSections(labels: labels, source: "labels.txt", rate: 48_000, frames: 480_000)
        #expect(result.sections == [
            try Section(name: "verse", start: 48_000, end: 120_000),
            try Section(name: "point", start: 144_000, end: 216_000),
            try Section(name: "end of it", start: 216_000, end: 288_000),
        ])
        #expect(result.warnings == [])
    }

    @Test("a point label starts a section that runs to the next label's start, or to the end of the audio")
    func pointLabels() throws {
        let result = try sections("1.000000\t1.000000\ta\n2.000000\t3.000000\tb\n2.500000\t2.500000\tc\n9.000000\t9.000000\td\n"
            + "0.000000\t0.000010\tunder a frame at 8 kHz\n", rate: 8_000, frames: 80_000)
        #expect(result.sections == [
            try Section(name: "a", start: 8_000, end: 16_000),
            try Section(name: "b", start: 16_000, end: 24_000),
            try Section(name: "c", start: 20_000, end: 72_000),
            try Section(name: "d", start: 72_000, end: 80_000),
            // 10 µs is frame 0.08: a point at frame 0, running to the next label (a, at 1 s).
            try Section(name: "under a frame at 8 kHz", start: 0, end: 8_000),
        ])
        #expect(result.warnings == [])
    }

    @Test("labels past either end of the audio are cut or left out, and reported")
    func pastTheEnds() throws {
        let result = try sections("9.000000\t11.000000\tlate\n10.000000\t10.000000\tafter\n-0.500000\t1.000000\tearly\n"
            + "-2.000000\t-1.000000\tbefore\n-1.000000\t-1.000000\tpoint before\n12.000000\t13.000000\tgone\n")
        #expect(result.sections == [
            try Section(name: "late", start: 432_000, end: 480_000),
            try Section(name: "early", start: 0, end: 48_000),
        ])
        #expect(result.warnings.map(\.description) == [
            "labels.txt:1: label 1 ends at 0:11.000, after the end of the audio (0:10.000): cut there",
            "labels.txt:2: label 2 starts at 0:10.000, at or after the end of the audio (0:10.000): left out",
            "labels.txt:3: label 3 starts at -0:00.500, before the start of the audio: cut there",
            "labels.txt:4: label 4 ends at -0:01.000, at or before the start of the audio: left out",
            "labels.txt:5: label 5 is at -0:01.000, before the start of the audio: left out",
            "labels.txt:6: label 6 starts at 0:12.000, at or after the end of the audio (0:10.000): left out",
        ])
    }

    @Test("a label text that can't name a section (empty, a number, taken) becomes 'label K'")
    func names() throws {
        let result = try sections("0\t1\tlabel 2\n1\t2\t\n2\t3\t7\n3\t4\tlabel 2\n4\t5\t  spaced  \n")
        #expect(result.sections.map(\.name) == ["label 2", "label 2 (2)", "label 3", "label 4", "spaced"])
        #expect(result.warnings.map(\.description) == [
            "labels.txt:3: label 3 '7': a section name can't be a whole number (numbers pick sections by position): named 'label 3'",
            "labels.txt:4: label 4 'label 2': 'label 2' is also the name of label 1: named 'label 4'",
        ])
    }

    @Test("a malformed label track is refused with the line")
    func badFiles() {
        #expect(error("1.0\t2.0\tok\n1.5s\t2.0\tx\n") == "labels.txt:2: bad time '1.5s'")
        #expect(error("1.0\t2.0.0\tx\n") == "labels.txt:1: bad time '2.0.0'")
        #expect(error("1.0\t2.0123456789\tx\n") == "labels.txt:1: bad time '2.0123456789'")
        #expect(error("1.0\t\tx\n") == "labels.txt:1: bad time ''")
        #expect(error("2.000000\t1.000000\tbackwards\n") == "labels.txt:1: the label ends (1.000000) before it starts (2.000000)")
        #expect(error("1.0 2.0 verse\n") == "labels.txt:1: expected a label: start and end in seconds and the text, separated by tabs, not '1.0 2.0 verse'")
        #expect(error("\n\n1.0\t2.0\n") == nil)  // no text: an empty label
        #expect(error("") == nil)
    }

    @Test("a practice file imports labels: a section replaced by name keeps its plan and text and takes the label's range")
    func importKeepsPlansAndText() throws {
        let plan = RepeatPlan(repeats: .times(5), countInBars: 1)
        let file = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav", sections: [
            try Section(name: "s1", start: 0, end: 48_000, plan: plan, text: "Bonjour."),
            try Section(name: "s2", start: 48_000, end: 96_000, text: "Ça va ?"),
        ])
        #expect(String(decoding: file.labelTrackData(), as: UTF8.self) == "0.000000\t1.000000\tBonjour.\n1.000000\t2.000000\tÇa va ?\n")
        let moved = try file.labelSections(Data("0.010000\t1.020000\ts1\n1.020000\t2.000000\ts2\n2.5\t3\tnew\n".utf8), source: "labels.txt")
        #expect(moved.sections == [
            try Section(name: "s1", start: 480, end: 48_960, plan: plan, text: "Bonjour."),
            try Section(name: "s2", start: 48_960, end: 96_000, text: "Ça va ?"),
            try Section(name: "new", start: 120_000, end: 144_000),
        ])
        var merged = file
        let report = try merged.merge(moved.sections)
        #expect(report.map(\.replaced) == [true, true, false])
        #expect(merged.sections == moved.sections)
    }

    @Test("labels exported with the sentences' texts come back onto their sections: moved cuts, same names, plans and texts")
    func textLabelsRoundTrip() throws {
        let plan = RepeatPlan(repeats: .times(3))
        let file = PracticeFile(fingerprint: tenSeconds, lastKnownPath: "/a.wav", sections: [
            try Section(name: "s1", start: 0, end: 48_000, plan: plan, text: "Oui.\nMerci."),
            try Section(name: "s2", start: 48_000, end: 96_000, text: "Oui."),
            try Section(name: "s3", start: 96_000, end: 144_000, text: "Oui."),
            try Section(name: "verse", start: 144_000, end: 192_000),
        ])
        let exported = String(decoding: file.labelTrackData(), as: UTF8.self)
        #expect(exported == "0.000000\t1.000000\tOui. / Merci.\n1.000000\t2.000000\tOui.\n2.000000\t3.000000\tOui.\n3.000000\t4.000000\tverse\n")
        #expect(try file.labelSections(Data(exported.utf8), source: "labels.txt").sections == file.sections)
        // Fixed in Audacity: the cuts moved, the two "Oui." taken in the file's order, a label added.
        let fixed = "0.500000\t1.000000\tOui. / Merci.\n1.000000\t2.500000\tOui.\n2.500000\t3.000000\tOui.\n3.000000\t4.000000\tverse\n5\t6\tOui.\n"
        let moved = try file.labelSections(Data(fixed.utf8), source: "labels.txt")
        #expect(moved.sections == [
            try Section(name: "s1", start: 24_000, end: 48_000, plan: plan, text: "Oui.\nMerci."),
            try Section(name: "s2", start: 48_000, end: 120_000, text: "Oui."),
            try Section(name: "s3", start: 120_000, end: 144_000, text: "Oui."),
            try Section(name: "verse", start: 144_000, end: 192_000),
            try Section(name: "Oui.", start: 240_000, end: 288_000),
        ])
        #expect(moved.warnings == [])
        // A label naming a section by its name still picks it, and that section is not taken by its text.
        let named = try file.labelSections(Data("0\t0.5\ts1\n1\t2\tOui. / Merci.\n".utf8), source: "labels.txt")
        #expect(named.sections.map(\.name) == ["s1", "Oui. / Merci."])
    }
}
