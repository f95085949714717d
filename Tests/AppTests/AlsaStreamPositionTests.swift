import AlsaBackend
import Testing

/// The ALSA backend's "now playing": frames written less the device's delay, moved on by the
/// time since it was measured, never past what was written.
@Suite("ALSA stream position (snd_pcm_delay, snd_pcm_htimestamp)")
struct AlsaStreamPositionTests {
    static let second: Int64 = 1_000_000_000

    @Test("heard = written − delay; at the stamp that is what plays")
    func heardIsWrittenLessDelay() {
        let p = StreamPosition(written: 48_000, delay: 1_024, stampNanos: 5 * Self.second, rate: 48_000)
        #expect(p.heard == 46_976)
        #expect(p.playing(atNanos: 5 * Self.second) == 46_976)
    }

    @Test("10 ms after the stamp, 480 frames more at 48 kHz; whole frames only (floor)")
    func movesOnAtTheRate() {
        let p = StreamPosition(written: 48_000, delay: 1_024, stampNanos: 5 * Self.second, rate: 48_000)
        #expect(p.playing(atNanos: 5 * Self.second + 10_000_000) == 47_456)
        // One frame at 48 kHz is 20 833.3 ns.
        #expect(p.playing(atNanos: 5 * Self.second + 20_833) == 46_976)
        #expect(p.playing(atNanos: 5 * Self.second + 20_834) == 46_977)
    }

    @Test("never past what was written (the device then plays silence), never before heard")
    func clamped() {
        let p = StreamPosition(written: 48_000, delay: 1_024, stampNanos: 5 * Self.second, rate: 48_000)
        #expect(p.playing(atNanos: 6 * Self.second) == 48_000)
        #expect(p.playing(atNanos: 4 * Self.second) == 46_976)
    }

    @Test("44.1 kHz, 1.5 s on: 66 150 frames, exact in integers")
    func otherRate() {
        let p = StreamPosition(written: 1_000_000, delay: 100_000, stampNanos: 0, rate: 44_100)
        #expect(p.playing(atNanos: 3 * Self.second / 2) == 966_150)
    }

    @Test("from snd_pcm_htimestamp: delay = buffer − available; a start-up delay of the whole stream hears 0; a negative delay counts as 0")
    func fromTimestampAndEdges() {
        let t = StreamPosition(written: 4_096, available: 768, bufferFrames: 1_024, stampNanos: 7, rate: 48_000)
        #expect(t == StreamPosition(written: 4_096, delay: 256, stampNanos: 7, rate: 48_000))
        #expect(t.heard == 3_840)
        #expect(StreamPosition(written: 1_024, delay: 1_024, stampNanos: 0, rate: 48_000).heard == 0)
        let negative = StreamPosition(written: 1_024, delay: -5, stampNanos: 0, rate: 48_000)
        #expect(negative.delay == 0)
        #expect(negative.heard == 1_024)
    }
}
