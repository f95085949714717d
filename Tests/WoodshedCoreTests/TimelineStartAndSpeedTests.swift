import Testing
@testable import WoodshedCore

@Suite("A timeline from an exact start and at a speed (the rehearsal player's click)")
struct TimelineStartAndSpeedTests {
    @Test("at 0.75× a 97.3 BPM 3/4 bar's beat k is on round(k · 60 · 44100 · 1000 / (97300 · 750)), ramp-free and exact, for 10,000 beats")
    func speedScalesEveryBeatExactly() throws {
        let t = try ClickTimeline(plan: try constantPlan("97.3", meter: "3/4"), rate: 44_100, speed: 750)
        let got = frames(of: t, count: 10_000)
        let want = (0..<10_000).map { k in
            Int64(ExactMath.roundDiv(Int128(k) * 60_000 * 44_100 * 1000, 97_300 * 750))
        }
        #expect(got.map(\.0) == want)
        #expect(got.prefix(4).map(\.1) == [.accent, .normal, .normal, .accent])
    }

    @Test("speed 1000 is the plain timeline, frame for frame")
    func fullSpeedIsThePlainTimeline() throws {
        let plain = try ClickTimeline(plan: try constantPlan("133", meter: "7/8"), rate: 48_000)
        let same = try ClickTimeline(plan: try constantPlan("133", meter: "7/8"), rate: 48_000, speed: 1000)
        #expect(frames(of: plain, count: 500).map(\.0) == frames(of: same, count: 500).map(\.0))
    }

    @Test("a start of −12345 + 2/3 frames: beat k is on −12345 + round(2/3 + k · 60 · 48000 / 120.5), the cursor at 0 finds the first beat at or after 0")
    func exactStart() throws {
        let start = FramePosition(whole: -12_345, num: 2, den: 3)
        let t = try ClickTimeline(plan: try constantPlan("120.5"), rate: 48_000, start: start)
        let want = (0..<64).map { k in -12_345 + Int64(ExactMath.roundDiv(2 * 120_500 + 3 * Int128(k) * 60_000 * 48_000, 3 * 120_500)) }
        let first = want.firstIndex { $0 >= 0 }!
        #expect(frames(of: t, from: 0, count: 64 - first).map(\.0) == Array(want[first...]))
        #expect(first == 1 && want[0] < 0)
    }
}
