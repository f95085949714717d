import Testing
@testable import JackBackend

@Suite("ServerClock: JACK's 32-bit frame counter on a 64-bit timeline")
struct ServerClockTests {
    @Test("cycles in a row skip nothing; the counter wrapping past 2^32 keeps counting up")
    func wraps() {
        var c = ServerClock()
        var raw = UInt32.max - 100
        #expect(c.cycle(raw: raw, nframes: 64) == 0)
        for _ in 0..<10 {
            raw &+= 64
            #expect(c.cycle(raw: raw, nframes: 64) == 0)
        }
        #expect(c.frame == 640)
        #expect(raw < 1_000)   // it did wrap
    }

    @Test("two missed cycles after an xrun: 128 frames skipped, the timeline follows the server")
    func skipped() {
        var c = ServerClock()
        _ = c.cycle(raw: 1_000, nframes: 64)
        #expect(c.cycle(raw: 1_064 + 128, nframes: 64) == 128)
        #expect(c.frame == 192)
    }

    @Test("jackd2's buffer-size quirk: 256 → 128 starts 128 early, 128 → 512 starts 384 late (as measured)")
    func bufferSizeSteps() {
        var c = ServerClock()
        _ = c.cycle(raw: 140_032, nframes: 256)
        _ = c.cycle(raw: 140_288, nframes: 256)
        #expect(c.cycle(raw: 140_416, nframes: 128) == -128)
        _ = c.cycle(raw: 237_568, nframes: 128)
        #expect(c.cycle(raw: 238_080, nframes: 512) == 384)
    }
}
