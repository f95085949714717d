import CSndFile
import Foundation
import Testing
import WoodshedTestSupport

/// `woodshed coach TAKE TEMPO`: a recording made here with known notes, measured against the click.
@Suite("coach: how early or late each note of a take was", .serialized)
struct CoachCommandTests {
    /// 14 notes on the eighths of two bars of 7/8 at 132 BPM from 1 s into a 44.1 kHz stereo
    /// 24-bit WAV, each played this many ms off its beat.
    static let deviations: [Double] = [0, 12, -8, 25, -30, 4.5, -2, 18, -15, 30, -22, 7, -4, 9]
    static let rate = 44_100

    /// Writes the take; returns its path and the notes' frames.
    static func take(in dir: URL) throws -> (path: String, frames: [Int]) {
        let beat = 240.0 / (132 * 8)
        let frames = deviations.enumerated().map { k, d in Int((1 + Double(k) * beat + d / 1000) * Double(rate)) }
        let sounds = SyntheticHits.Sound.allCases
        let mono = SyntheticHits.take(notes: frames.enumerated().map { ($1, sounds[$0 % 3], Float(0.4)) }, rate: rate,
                                      length: rate * 5, noiseRMS: 0.0005, seed: 21)
        let path = dir.appendingPathComponent("take.wav").path
        try TestAudio.write(path, mono.flatMap { [$0, $0] }, channels: 2, rate: rate, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24))
        return (path, frames)
    }

    @Test("the table: a row per note on 1.1.1 … 2.7.1, each within 1 ms of its deviation (all within 3 ms), and the summary")
    func table() throws {
        let (path, frames) = try Self.take(in: try E2E.tempDir())
        let r = try E2E.run(E2E.woodshed, ["coach", path, "132", "--meter", "7/8", "--start", "1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "       time   deviation  position")
        let rows = lines.dropFirst().dropLast().map { $0.split(separator: " ").map(String.init) }
        #expect(rows.map { $0.last } == (1...2).flatMap { bar in (1...7).map { "\(bar).\($0).1" } })
        var withinOne = 0
        for (row, (d, f)) in zip(rows, zip(Self.deviations, frames)) {
            let time = Double(row[0])!, deviation = Double(row[2])!
            #expect(abs(time - Double(f) / Double(Self.rate)) <= 0.0015, "\(row)")
            #expect(abs(deviation - d) <= 3, "\(row): played \(d) ms")
            if abs(deviation - d) <= 1 { withinOne += 1 }
        }
        #expect(withinOne >= 13)
        // The take runs on to 5 s: the eighths at 4.18, 4.41, 4.64 and 4.86 s are clicks nobody played.
        #expect(lines.last?.hasPrefix("14 onsets: mean ") == true, "\(lines.last ?? "")")
        #expect(lines.last?.hasSuffix("; 4 clicks missed, 0 extra onsets") == true, "\(lines.last ?? "")")
    }

    @Test("--csv: the header and one line per note; --json: onsets with time, position and deviation_ms, and the summary")
    func csvAndJSON() throws {
        let (path, _) = try Self.take(in: try E2E.tempDir())
        let csv = try E2E.run(E2E.woodshed, ["coach", path, "132", "--meter", "7/8", "--start", "1", "--csv"])
        #expect(csv.status == 0, "\(csv.stderr)")
        let lines = csv.stdout.split(separator: "\n")
        #expect(lines.first == "time,position,deviation_ms")
        #expect(lines.count == 15)
        #expect(lines.dropFirst().allSatisfy { $0.split(separator: ",").count == 3 })

        let json = try E2E.run(E2E.woodshed, ["coach", path, "132", "--meter", "7/8", "--start", "1", "--json"])
        #expect(json.status == 0, "\(json.stderr)")
        let top = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(top.map { Set($0.keys) } == ["onsets", "summary"])
        let onsets = top?["onsets"] as? [[String: Any]] ?? []
        #expect(onsets.count == 14)
        #expect(onsets.allSatisfy { Set($0.keys) == ["time", "position", "deviation_ms"] })
        #expect(onsets.first?["position"] as? String == "1.1.1")
        let summary = top?["summary"] as? [String: Any] ?? [:]
        #expect(Set(summary.keys) == ["count", "mean_ms", "spread_ms", "missing", "extra"])
        #expect(summary["count"] as? Int == 14)
        #expect(summary["missing"] as? Int == 4)
        #expect(summary["extra"] as? Int == 0)
    }

    @Test("one-line errors: a missing file, --start below 0 or past the end, a bad tempo, no tempo, --json with --csv")
    func errors() throws {
        let dir = try E2E.tempDir()
        let (path, _) = try Self.take(in: dir)
        let missing = dir.appendingPathComponent("missing.wav").path
        let cases: [([String], String, Int32)] = [
            ([missing, "120"], "\(missing): cannot open: No such file or directory", 1),
            ([path, "120", "--start", "-1"], "--start must be 0 or more seconds, not -1", 64),
            ([path, "120", "--start", "6.5"], "--start 6.5 s is past the end of \(path) (5.000 s long)", 1),
            ([path, "fast"], "tempo 'fast' is not valid: write 120, 80-160 (a ramp over --bars) or 80-160/10 (a ramp at 10 bars per BPM, then hold)", 1),
            ([path], "give the click's tempo (e.g. 120), --map FILE or --preset NAME", 64),
            ([path, "120", "--json", "--csv"], "give --json or --csv, not both", 64),
        ]
        for (args, error, status) in cases {
            let r = try E2E.run(E2E.woodshed, ["coach"] + args)
            #expect(r.status == status, "\(args): \(r.stderr)")
            #expect(r.stdout == "", "\(args)")
            #expect(r.stderr.split(separator: "\n").first.map(String.init) == "Error: \(error)", "\(args): \(r.stderr)")
        }
    }
}
