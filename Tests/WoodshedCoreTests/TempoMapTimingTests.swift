import Foundation
import Testing
@testable import WoodshedCore

@Suite("Tempo maps: ramps, meter changes and per-beat tempi at round(ideal)")
struct TempoMapTimingTests {
    @Test("a ramp 80→160 over 16 bars: beat k at round(rate · (240/4)·N/(T2−T1)·ln(T(k)/T1))")
    func ramp() throws {
        let plan = ClickPlan(map: TempoMap(entries: [
            TempoMapEntry(bars: 16, tempo: .ramp(from: try Tempo(bpm: 80), to: try Tempo(bpm: 160)))]))
        let t = try ClickTimeline(plan: plan, rate: 48_000)
        let got = frames(of: t, count: 1000).map(\.0)
        #expect(got.count == 64)
        for (k, f) in got.enumerated() {
            let n = 64.0, x = Double(k)
            let seconds = 60.0 * n / 80.0 * log((80.0 + 80.0 * x / n) / 80.0)
            #expect(f == Int64((seconds * 48_000 + 0.5).rounded(.down)))
        }
        let end = 60.0 * 64 / 80 * log(2.0) * 48_000
        #expect(t.endFrame == Int64((end + 0.5).rounded(.down)))
    }

    @Test("a ramp from 80 to 80 is 80 BPM throughout: exactly the clicks and end of a constant 80")
    func equalEndsRamp() throws {
        for (rate, milli) in [(48_000, Int64(80_000)), (44_100, Int64(120_000)), (96_000, Int64(97_500))] {
            let t = try Tempo(milliBPM: milli)
            let ramp = try ClickTimeline(plan: ClickPlan(map: TempoMap(entries: [
                TempoMapEntry(bars: 2, tempo: .ramp(from: t, to: t))])), rate: rate)
            let constant = try ClickTimeline(plan: ClickPlan(map: TempoMap(entries: [
                TempoMapEntry(bars: 2, tempo: .constant(t))])), rate: rate)
            let got = frames(of: ramp, count: 100)
            #expect(got.map(\.0) == (0..<8).map { oracleBeatFrame(Int64($0), milliBPM: milli, denominator: 4, rate: Int64(rate)) })
            #expect(got.map(\.1) == frames(of: constant, count: 100).map(\.1))
            #expect(ramp.endFrame == constant.endFrame)
            #expect(ramp.endFrame == oracleBeatFrame(8, milliBPM: milli, denominator: 4, rate: Int64(rate)))
        }
        #expect(TempoCurve.from(try Tempo(bpm: 80), to: try Tempo(bpm: 80)) == .constant(try Tempo(bpm: 80)))
        #expect(TempoCurve.from(try Tempo(bpm: 80), to: try Tempo(bpm: 81)) == .ramp(from: try Tempo(bpm: 80), to: try Tempo(bpm: 81)))
    }

    @Test("ramps whose clicks would not fit in memory are refused, not computed: 1 000 000 bars of 64/4 in sixteenths")
    func hugeRamp() throws {
        let meter = try Meter(parsing: "64/4")
        let plan = try ClickPlan(map: TempoMap(entries: [
            TempoMapEntry(bars: 1_000_000, meter: meter, tempo: .ramp(from: try Tempo(bpm: 80), to: try Tempo(bpm: 160)))])).subdivided(16)
        #expect(throws: TimingError.badBars("tempo ramps of more than 16777216 clicks in all (bars × beats × subdivisions) are not supported")) {
            try ClickTimeline(plan: plan, rate: 48_000)
        }
        // 4 000 000 clicks (1 000 000 bars of 4/4) are fine.
        let big = ClickPlan(map: TempoMap(entries: [
            TempoMapEntry(bars: 1_000_000, tempo: .ramp(from: try Tempo(bpm: 80), to: try Tempo(bpm: 160)))]))
        #expect(try ClickTimeline(plan: big, rate: 48_000).endFrame != nil)
    }

    @Test("the ramp formula of a segment with equal ends is the constant tempo's line, never 0 · ∞")
    func equalEndsSegment() {
        // 80 BPM in 4/4 at 48 kHz: a beat is 36 000 frames.
        let s = TimelineSegment(start: .zero, firstStep: 0, stepCount: 8, entryFirstBar: 0, stepsPerBar: 4, stepsPerBeat: 1,
                                denominator: 4, tempo1: 80_000, tempo2: 80_000, rampBeats: 8, patternOffset: 0, patternLength: 4,
                                gain: 1, playBars: 0, muteBars: 0, wholeNoteUnits: 240_000 * 48_000)
        #expect(s.rampFrames(atStep: 3) == 108_000)
        #expect(s.rampFrame(ofStep: 8) == 288_000)
    }

    @Test("entries follow each other exactly: 2 bars 120, one 7/8 bar at 133, back to 120")
    func meterChange() throws {
        let m78 = try Meter(parsing: "7/8")
        let plan = ClickPlan(map: TempoMap(entries: [
            TempoMapEntry(bars: 2, tempo: .constant(try Tempo(bpm: 120))),
            TempoMapEntry(bars: 1, meter: m78, tempo: .constant(try Tempo(bpm: 133))),
            TempoMapEntry(bars: 1, tempo: .constant(try Tempo(bpm: 120))),
        ]))
        let t = try ClickTimeline(plan: plan, rate: 44_100)
        let got = frames(of: t, count: 100).map(\.0)
        #expect(got.count == 8 + 7 + 4)
        // 7/8 beats start at 4 s = 176400 and are 44100·60/133/2 = 9947.368 frames apart
        #expect(Array(got[8..<15]) == (0..<7).map { 176_400 + oracleBeatFrame(Int64($0), milliBPM: 133_000, denominator: 8, rate: 44_100) })
        // the bar at 120 starts at 176400 + 7·9947.368… = 246031.578… → exact position kept:
        // its beats are at round(246031.578… + k·22050)
        let start = 176_400.0 + 7.0 * 44_100.0 * 60.0 / 133.0 / 2.0
        #expect(Array(got[15...]) == (0..<4).map { Int64((start + Double($0) * 22_050 + 0.5).rounded(.down)) })
    }

    @Test("per-beat tempo list: each beat lasts 60/t_k seconds, sums kept exact")
    func perBeat() throws {
        let list = try [120, 121, 122, 123, 124, 125, 126, 127].map { try Tempo(bpm: $0) }
        let plan = ClickPlan(map: TempoMap(entries: [TempoMapEntry(bars: 2, tempo: .perBeat(list))]))
        let t = try ClickTimeline(plan: plan, rate: 48_000)
        let got = frames(of: t, count: 100).map(\.0)
        // exact rational prefix sums, checked with integer arithmetic over a common denominator
        var num: Int128 = 0, den: Int128 = 1
        for k in 0..<8 {
            #expect(got[k] == Int64((2 * num + den) / (2 * den)))
            let d = Int128(list[k].milliBPM)
            num = num * d + 60_000 * 48_000 * den
            den = den * d
            let g = gcd(num, den)
            num /= g; den /= g
        }
        #expect(t.endFrame == Int64((2 * num + den) / (2 * den)))
    }

    @Test("only the last entry may be endless, and a map must have entries")
    func endless() throws {
        let e = TempoMapEntry(bars: nil, tempo: .constant(try Tempo(bpm: 100)))
        #expect(throws: TimingError.badBars("only the last entry may be endless")) {
            try ClickTimeline(plan: ClickPlan(map: TempoMap(entries: [e, e])), rate: 48_000)
        }
        #expect(throws: TimingError.badBars("the tempo map has no entries")) {
            try ClickTimeline(plan: ClickPlan(map: TempoMap(entries: [])), rate: 48_000)
        }
    }

    @Test("speed trainer: +4 BPM every 2 bars from 80 up to 92, then held")
    func speedTrainer() throws {
        let st = SpeedTrainer(step: try Tempo(bpm: 4), everyBars: 2, limit: try Tempo(bpm: 92))
        let entries = try st.entries(start: try Tempo(bpm: 80), meter: .fourFour, pattern: .standard(.fourFour))
        #expect(entries.map(\.tempo) == [80, 84, 88, 92].map { .constant(try! Tempo(bpm: $0)) })
        #expect(entries.map(\.bars) == [2, 2, 2, nil])
        let t = try ClickTimeline(plan: ClickPlan(map: try TempoMap(entries: entries).limited(toBars: 10)), rate: 48_000)
        let expectedEnd = 2.0 * 4 * 60 * 48_000 * (1 / 80.0 + 1 / 84.0 + 1 / 88.0) + 4.0 * 60 * 48_000 * 4 / 92
        #expect(t.endFrame == Int64((expectedEnd + 0.5).rounded(.down)))
    }
}

func gcd(_ a: Int128, _ b: Int128) -> Int128 { b == 0 ? a : gcd(b, a % b) }
