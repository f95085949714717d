/// Extends JACK's 32-bit server frame counter (it wraps after about a day at 48 kHz) to a
/// 64-bit timeline by wrapping subtraction, and says how far the server's clock moved beyond
/// (or, rarely, short of) the end of the previous cycle: cycles skipped after an xrun, and the
/// jumps jackd2 makes when the buffer size changes (the first cycle after 256 → 128 starts 128
/// frames early; after 128 → 512, 384 frames late). Render thread only.
public struct ServerClock {
    public internal(set) var frame: Int64 = 0
    var lastRaw: UInt32 = 0
    var expected: Int64 = 0
    var started = false

    public init() {}

    /// Records a cycle starting at raw server frame `raw` with `nframes` frames; returns the
    /// frames between the end of the previous cycle and this one's start: 0 normally, positive
    /// when cycles were skipped, negative when the server's clock stepped back.
    public mutating func cycle(raw: UInt32, nframes: UInt32) -> Int64 {
        var skipped: Int64 = 0
        if started {
            frame += Int64(Int32(bitPattern: raw &- lastRaw))
            skipped = frame - expected
        } else {
            started = true
            frame = 0
        }
        lastRaw = raw
        expected = frame + Int64(nframes)
        return skipped
    }
}
