import Coach
import Jobs
import Testing
import WoodshedCore

/// What `woodshed coach` prints: the table, JSON and CSV of one report, to the character.
@Suite("CoachJobOutput: table, JSON and CSV")
struct CoachJobOutputTests {
    /// 120 BPM at 48 kHz: a note 1.5 ms late on beat 1, one 2.25 ms early on beat 2, a double
    /// hit 20 ms after beat 2, beats 3 and 4 not played.
    static func report() throws -> CoachReport {
        let grid = try ClickGrid(plan: ClickPlan(map: TempoMap(entries: [TempoMapEntry(bars: 1, tempo: .constant(try Tempo(bpm: 120)))])),
                                 sampleRate: 48_000, endFrame: 96_000)
        return CoachReport(onsets: [72, 24_000 - 108, 24_960].map(Onset.init(frame:)), grid: grid, fromFrame: 0, toFrame: 96_000)
    }

    @Test("the table: time, deviation, position, (extra) marks, then the summary line")
    func table() throws {
        #expect(CoachJobOutput(report: try Self.report()).table == """
                   time   deviation  position
                0.002 s    +1.50 ms  1.1.1
                0.498 s    -2.25 ms  1.2.1
                0.520 s   +20.00 ms  1.2.1 (extra)
            2 onsets: mean -0.38 ms (early), spread 1.88 ms; 2 clicks missed, 1 extra onset

            """)
    }

    @Test("JSON: the onsets as objects and the summary")
    func json() throws {
        #expect(CoachJobOutput(report: try Self.report()).json == """
            {
              "onsets": [
                {"time": 0.001500, "position": "1.1.1", "deviation_ms": 1.50},
                {"time": 0.497750, "position": "1.2.1", "deviation_ms": -2.25},
                {"time": 0.520000, "position": "1.2.1", "deviation_ms": 20.00}
              ],
              "summary": {"count": 2, "mean_ms": -0.38, "spread_ms": 1.88, "missing": 2, "extra": 1}
            }

            """)
    }

    @Test("CSV: the header time,position,deviation_ms and one line per onset")
    func csv() throws {
        #expect(CoachJobOutput(report: try Self.report()).csv == """
            time,position,deviation_ms
            0.001500,1.1.1,1.50
            0.497750,1.2.1,-2.25
            0.520000,1.2.1,20.00

            """)
    }
}
