import WoodshedCore
import Testing

@Suite("Tap tempo from frames (JACK MIDI taps) and microseconds (keys)")
struct TapTempoTests {
    @Test("taps one second apart at 48000 frames per second are exactly 60 BPM")
    func oneSecond() {
        var t = TapTempo(rate: 48_000)
        #expect(t.tap(at: 0) == nil, "one tap is no tempo yet")
        #expect(t.tap(at: 48_000) == 60_000)
        #expect(t.tap(at: 96_000) == 60_000)
        #expect(t.taps == 3)
    }

    @Test("a pause of more than 2 s starts again; exactly 2 s does not")
    func reset() {
        var t = TapTempo(rate: 48_000)
        _ = t.tap(at: 0)
        #expect(t.tap(at: 96_000) == 30_000, "2 s apart: still one run")
        #expect(t.tap(at: 192_001) == nil, "more than 2 s: a new run")
        #expect(t.taps == 1)
        #expect(t.tap(at: 216_001) == 120_000)
    }

    @Test("a tap at or before the last one starts again")
    func backwards() {
        var t = TapTempo(rate: 48_000)
        _ = t.tap(at: 48_000)
        #expect(t.tap(at: 48_000) == nil)
        #expect(t.taps == 1)
    }

    @Test("the tempo is the average of the last 6 taps, rounded to 0.1 BPM")
    func lastSix() {
        var t = TapTempo(rate: 48_000)
        // 0.5 s, then five 1 s intervals: the last six taps span 5 s, the first is forgotten.
        var last: Int64?
        for frame: Int64 in [0, 24_000, 72_000, 120_000, 168_000, 216_000, 264_000] { last = t.tap(at: frame) }
        #expect(last == 60_000)
        #expect(t.taps == 6)

        var u = TapTempo(rate: 48_000)
        // 6 taps 0.5 s apart then one 1 s later: 600·48000·5 / 216000 tenths = 66.7 BPM (all 7: 72 BPM).
        for frame: Int64 in [0, 24_000, 48_000, 96_000, 144_000, 192_000] { _ = u.tap(at: frame) }
        #expect(u.tap(at: 240_000) == 66_700)
    }

    @Test("at 44100 frames per second, 0.5 s taps are 120 BPM; 3 taps at 0.4 s are 150 BPM")
    func otherRate() {
        var t = TapTempo(rate: 44_100)
        _ = t.tap(at: 1_000)
        #expect(t.tap(at: 23_050) == 120_000)
        var u = TapTempo(rate: 44_100)
        _ = u.tap(at: 0)
        _ = u.tap(at: 17_640)
        #expect(u.tap(at: 35_280) == 150_000)
    }
}
