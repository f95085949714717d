import Coach
import Testing
import WoodshedCore

@Suite struct CoachReportTests {
    /// 120 BPM 4/4 at 48 kHz from frame 0, 2 bars: a beat every 24000 frames.
    static func grid() throws -> ClickGrid {
        try ClickGrid(plan: ClickPlan(map: TempoMap(entries: [TempoMapEntry(bars: 2, tempo: .constant(try Tempo(bpm: 120)))])),
                      sampleRate: 48_000, endFrame: 192_000)
    }

    @Test("rows: time, position, deviation; the summary's mean and spread (standard deviation) of 4 notes: +1 ms and 2 ms")
    func rowsAndSummary() throws {
        // +3, -1, +3, -1 ms on beats 1-4.
        let onsets = [144.0, 24_000 - 48, 48_144, 72_000 - 48].map(Onset.init(frame:))
        let report = CoachReport(onsets: onsets, grid: try Self.grid(), fromFrame: 0, toFrame: 96_000)
        #expect(report.rows.map(\.position.description) == ["1.1.1", "1.2.1", "1.3.1", "1.4.1"])
        #expect(report.rows.map(\.deviationMs) == [3, -1, 3, -1])
        #expect(report.rows.map(\.time) == [0.003, 0.499, 1.003, 1.499])
        #expect(report.summary == CoachSummary(count: 4, meanMs: 1, spreadMs: 2, missing: 0, extra: 0))
    }

    @Test("a double hit is one extra onset (the nearer keeps the beat); a beat with a click and no note is missing")
    func extraAndMissing() throws {
        // Beat 1 twice (+1 ms and +20 ms), beat 2 skipped, beats 3 and 4 on time, in the first bar of two.
        let onsets = [48.0, 960, 48_000, 72_000].map(Onset.init(frame:))
        let report = CoachReport(onsets: onsets, grid: try Self.grid(), fromFrame: 0, toFrame: 96_000)
        #expect(report.rows.map(\.isExtra) == [false, true, false, false])
        #expect(report.summary.count == 3)
        #expect(report.summary.extra == 1)
        #expect(report.summary.missing == 1)
        #expect(abs(report.summary.meanMs - 1.0 / 3) < 1e-12)
    }

    @Test("no onsets: every click of the analysed part is missing, mean and spread 0")
    func nothingPlayed() throws {
        let report = CoachReport(onsets: [], grid: try Self.grid(), fromFrame: 24_000, toFrame: 192_000)
        #expect(report.rows == [])
        #expect(report.summary == CoachSummary(count: 0, meanMs: 0, spreadMs: 0, missing: 7, extra: 0))
    }
}

extension CoachReportTests {
    @Test("notes more than half a beat before bar 1 or after the map's last beat are left out")
    func outsideTheGrid() throws {
        let onsets = [-12_001.0, -11_999, 168_000 + 12_000, 168_000 + 12_001].map(Onset.init(frame:))
        let report = CoachReport(onsets: onsets, grid: try Self.grid(), fromFrame: 0, toFrame: 192_000)
        #expect(report.rows.map(\.position.description) == ["1.1.1", "2.4.1"])
        #expect(report.rows.map(\.deviationMs) == [-11_999.0 / 48, 250])
    }
}
