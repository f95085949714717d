import Coach
import Foundation
import Jobs
import Testing
import WoodshedTestSupport

/// `woodshed coach`'s job: a take read from a file, measured against the click, and its errors.
@Suite("CoachJob: a take measured against the click")
struct CoachJobTests {
    /// Notes 1 ms or less from these deviations (ms) on the beats of 100 BPM 4/4 from 0.5 s: a
    /// 48 kHz 16-bit WAV of thumps and noise bursts.
    static let deviations: [Double] = [0, 12, -8, 25, -30, 4.5, -2, 18]

    static func writeTake(_ path: String, rate: Int = 48_000) throws -> [Int] {
        let frames = deviations.enumerated().map { k, d in Int(((0.5 + Double(k) * 0.6) + d / 1000) * Double(rate)) }
        let sounds: [SyntheticHits.Sound] = [.thump, .noiseBurst]
        let take = SyntheticHits.take(notes: frames.enumerated().map { ($1, sounds[$0 % 2], Float(0.5)) }, rate: rate,
                                      length: rate * 6, noiseRMS: 0.0005, seed: 5)
        try TestAudio.write(path, take, rate: rate)
        return frames
    }

    static func temporaryPath(_ name: String) -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("woodshed-coachjob-\(getpid())")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent(name).path
    }

    @Test("8 notes at 100 BPM from --start 0.5: one row each on beats 1.1.1 to 2.4.1, deviations within 1 ms, nothing missing")
    func rowsOfATake() throws {
        let path = Self.temporaryPath("take.wav")
        let frames = try Self.writeTake(path)
        let report = try CoachJob(take: path, click: ClickRequest(tempo: "100"), start: 0.5).measure()
        #expect(report.rows.map(\.position.description) == ["1.1.1", "1.2.1", "1.3.1", "1.4.1", "2.1.1", "2.2.1", "2.3.1", "2.4.1"])
        for (row, (d, f)) in zip(report.rows, zip(Self.deviations, frames)) {
            #expect(abs(row.deviationMs - d) <= 1, "\(row)")
            #expect(abs(row.time - Double(f) / 48_000) <= 0.001, "\(row)")
        }
        #expect(report.summary.count == 8)
        #expect(report.summary.extra == 0)
        // The take goes on to 6 s: beats 3.1.1 to 4.1.1 (5.3, 5.9 s) had a click and no note.
        #expect(report.summary.missing == 2)
    }

    @Test("--map: 2 bars of 4/4 at 120, then 3/4 at 90 with X.x; a note on the silent beat 2 is 3.2.1; 10 sounding clicks missed; --bars 1 ends it")
    func tempoMap() throws {
        let map = Self.temporaryPath("song.klick")
        try Data("2 120\n2 3/4 90 X.x\n".utf8).write(to: URL(fileURLWithPath: map))
        let seconds = [0.5 + 0.003, 0.5 + 4 + 2.0 / 3 - 0.005, 0.5 + 4 + 2 + 4.0 / 3 + 0.010]
        let take = SyntheticHits.take(notes: seconds.map { (Int($0 * 48_000), .noiseBurst, Float(0.5)) }, rate: 48_000,
                                      length: 48_000 * 9, noiseRMS: 0.0005, seed: 8)
        let path = Self.temporaryPath("song.wav")
        try TestAudio.write(path, take, rate: 48_000)
        let report = try CoachJob(take: path, click: ClickRequest(map: map), start: 0.5).measure()
        #expect(report.rows.map(\.position.description) == ["1.1.1", "3.2.1", "4.3.1"])
        for (row, d) in zip(report.rows, [3.0, -5, 10]) { #expect(abs(row.deviationMs - d) <= 1, "\(row)") }
        #expect(report.summary.missing == 10)
        // --bars 1 ends the map after bar 1: the later notes are left out.
        let oneBar = try CoachJob(take: path, click: ClickRequest(bars: 1, map: map), start: 0.5).measure()
        #expect(oneBar.rows.map(\.position.description) == ["1.1.1"])
    }

    @Test("the clear one-line errors: no tempo, --start below 0 or past the end, a missing file, a bad tempo")
    func errors() throws {
        let path = Self.temporaryPath("short.wav")
        try TestAudio.write(path, [Float](repeating: 0, count: 48_000), rate: 48_000)
        #expect(throws: OptionProblem("give the click's tempo (e.g. 120), --map FILE or --preset NAME")) {
            try CoachJob(take: path, click: ClickRequest()).check()
        }
        #expect(throws: OptionProblem("--start must be 0 or more seconds, not -1.5")) {
            try CoachJob(take: path, click: ClickRequest(tempo: "120"), start: -1.5).check()
        }
        #expect(throws: CoachJobError.startPastEnd(path: path, start: 2, length: 1)) {
            try CoachJob(take: path, click: ClickRequest(tempo: "120"), start: 2).measure()
        }
        #expect(CoachJobError.startPastEnd(path: "take.wav", start: 2, length: 1).description
                == "--start 2 s is past the end of take.wav (1.000 s long)")
        do {
            _ = try CoachJob(take: "/nonexistent/take.wav", click: ClickRequest(tempo: "120")).measure()
            Issue.record("a missing file was read")
        } catch {
            #expect("\(error)" == "/nonexistent/take.wav: cannot open: No such file or directory")
        }
        do {
            _ = try CoachJob(take: path, click: ClickRequest(tempo: "fast")).measure()
            Issue.record("a bad tempo was taken")
        } catch {
            #expect("\(error)" == "tempo 'fast' is not valid: write 120, 80-160 (a ramp over --bars) or 80-160/10 (a ramp at 10 bars per BPM, then hold)")
        }
    }
}
