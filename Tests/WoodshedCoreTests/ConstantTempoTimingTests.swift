import Testing
@testable import WoodshedCore

/// The oracle for constant tempo, computed independently of WoodshedCore's Int128 code:
/// round(k·240·rate·1000 / (milliBPM·den)) with 64-bit full-width multiply and divide.
func oracleBeatFrame(_ k: Int64, milliBPM: Int64, denominator: Int64, rate: Int64, stepsPerBeat: Int64 = 1) -> Int64 {
    // round(n/d) = floor((2n + d) / 2d)
    let d = milliBPM * denominator * stepsPerBeat
    let (hi, lo) = (k * 2).multipliedFullWidth(by: 240_000 * rate)
    let (sumLo, carry) = lo.addingReportingOverflow(UInt64(d))
    let (q, _) = (2 * d).dividingFullWidth((carry ? hi + 1 : hi, sumLo))
    return q
}

func frames(of timeline: ClickTimeline, from: Int64 = 0, count: Int, audibleOnly: Bool = true) -> [(Int64, ClickLevel)] {
    var c = timeline.cursor(at: from)
    var out: [(Int64, ClickLevel)] = []
    while out.count < count && !c.isFinished {
        if !audibleOnly || c.level != .silent { out.append((c.frame, c.level)) }
        c.advance()
    }
    return out
}

func constantPlan(_ bpm: String, meter: String = "4/4", pattern: String? = nil, bars: Int? = nil) throws -> ClickPlan {
    let m = try Meter(parsing: meter)
    let p = try pattern.map { try ClickPattern(parsing: $0, meter: m) }
    return ClickPlan(map: TempoMap(entries: [
        TempoMapEntry(bars: bars, meter: m, tempo: .constant(try Tempo(parsing: bpm)), pattern: p)]))
}

@Suite("Constant tempo: every click on its exact frame")
struct ConstantTempoTimingTests {
    @Test("120 BPM in 4/4 at 48 kHz puts beat k on frame 24000·k, accent on 1")
    func simpleFourFour() throws {
        let t = try ClickTimeline(plan: try constantPlan("120", bars: 2), rate: 48_000)
        let got = frames(of: t, count: 100)
        #expect(got.map(\.0) == (0..<8).map { Int64($0) * 24_000 })
        #expect(got.map(\.1) == [.accent, .normal, .normal, .normal, .accent, .normal, .normal, .normal])
        #expect(t.endFrame == 192_000)
    }

    @Test("128 BPM at 44.1 kHz: beat 4 lies on a tie (82687.5) and rounds up to 82688")
    func tieRoundsUp() throws {
        let t = try ClickTimeline(plan: try constantPlan("128", bars: 2), rate: 44_100)
        let got = frames(of: t, count: 8).map(\.0)
        #expect(got[4] == 82_688)
        #expect(got == [0, 20672, 41344, 62016, 82688, 103359, 124031, 144703])
    }

    @Test("10,000 bars at 97 BPM, 44.1 kHz: all 40,000 beats with zero error", arguments: [44_100, 48_000, 96_000])
    func tenThousandBars(rate: Int) throws {
        let t = try ClickTimeline(plan: try constantPlan("97", bars: 10_000), rate: rate)
        var c = t.cursor()
        var k: Int64 = 0
        var mismatches = 0
        while !c.isFinished {
            if c.frame != oracleBeatFrame(k, milliBPM: 97_000, denominator: 4, rate: Int64(rate)) { mismatches += 1 }
            k += 1
            c.advance()
        }
        #expect(k == 40_000)
        #expect(mismatches == 0)
        #expect(t.endFrame == oracleBeatFrame(40_000, milliBPM: 97_000, denominator: 4, rate: Int64(rate)))
        // The last beat, written out: 39999 · 60 · 44100 / 97 = 1,091,106,741.96… → 1,091,106,742.
        if rate == 44_100 { #expect(oracleBeatFrame(39_999, milliBPM: 97_000, denominator: 4, rate: 44_100) == 1_091_106_742) }
    }

    @Test("7/8 at 133 BPM counts quarter notes: eighth-note beats 60/133/2 s apart, silent cells skipped")
    func sevenEight() throws {
        let t = try ClickTimeline(plan: try constantPlan("133", meter: "7/8", pattern: "X..x.x.", bars: 32), rate: 44_100)
        let got = frames(of: t, count: 1000)
        #expect(got.count == 32 * 3)
        for (i, (frame, level)) in got.enumerated() {
            let bar = Int64(i / 3), beat: Int64 = [0, 3, 5][i % 3]
            #expect(frame == oracleBeatFrame(bar * 7 + beat, milliBPM: 133_000, denominator: 8, rate: 44_100))
            #expect(level == (i % 3 == 0 ? .accent : .normal))
        }
        // 60/133/2 s = 9947.37 frames at 44.1 kHz
        #expect(got[1].0 == 29842)
    }

    @Test("a fractional tempo (97.5) stays exact after a long run")
    func fractionalTempo() throws {
        let t = try ClickTimeline(plan: try constantPlan("97.531", bars: 5000), rate: 48_000)
        let got = frames(of: t, from: 500_000_000, count: 3)
        for (f, _) in got {
            // find k for this frame and compare
            let k = (f * 97_531) / (60_000 * 48_000)
            let candidates = [k, k + 1].map { oracleBeatFrame($0, milliBPM: 97_531, denominator: 4, rate: 48_000) }
            #expect(candidates.contains(f))
        }
    }

    @Test("subdivisions: 3 clicks per beat at 90 BPM, soft level between the beats")
    func subdivisions() throws {
        let plan = try constantPlan("90", bars: 2).subdivided(3)
        let t = try ClickTimeline(plan: plan, rate: 48_000)
        let got = frames(of: t, count: 24)
        #expect(got.count == 24)
        for (i, (frame, level)) in got.enumerated() {
            #expect(frame == oracleBeatFrame(Int64(i), milliBPM: 90_000, denominator: 4, rate: 48_000, stepsPerBeat: 3))
            #expect(level == (i % 12 == 0 ? .accent : i % 3 == 0 ? .normal : .subdivision))
        }
    }

    @Test("count-in: one bar before bar 1, bar 1 starts on the next bar line")
    func countIn() throws {
        var plan = try constantPlan("90", bars: 8)
        plan.countInBars = 1
        let t = try ClickTimeline(plan: plan, rate: 48_000)
        #expect(t.firstBarFrame == 128_000)
        #expect(t.endFrame == Int64(1_152_000))
        let got = frames(of: t, count: 36)
        #expect(got.count == 36)
        #expect(got[4].0 == 128_000 && got[4].1 == .accent)
    }

    @Test("gap trainer: 2 bars played, 2 muted, repeating")
    func gapTrainer() throws {
        var plan = try constantPlan("120", bars: 8)
        plan.gapTrainer = GapTrainer(playBars: 2, muteBars: 2)
        let t = try ClickTimeline(plan: plan, rate: 48_000)
        let bars = Set(frames(of: t, count: 100).map { $0.0 / 96_000 })
        #expect(bars == [0, 1, 4, 5])
    }

    @Test("seeking to any frame lands on the same click as walking there")
    func seek() throws {
        let t = try ClickTimeline(plan: try constantPlan("133.3", meter: "5/4", bars: 200), rate: 44_100)
        let all = frames(of: t, count: 10_000, audibleOnly: false).map(\.0)
        for target in stride(from: Int64(0), to: all.last!, by: 77_777) {
            var c = t.cursor(at: target)
            let expected = all.first { $0 >= target }!
            #expect(c.frame == expected)
            c.advance()
            #expect(c.frame == all.first { $0 > expected }!)
        }
        #expect(t.cursor(at: all.last! + 1).frame == Int64.max)
    }
}
