/// Extends JACK's 32-bit server frame counter (it wraps after about a day at 48 kHz) to a
/// 64-bit timeline by wrapping subtraction, and says how many frames passed unseen between
/// two cycles (cycles the server skipped after an xrun). Render thread only.
public struct ServerClock {
    public internal(set) var frame: Int64 = 0
    var lastRaw: UInt32 = 0
    var expected: Int64 = 0
    var started = false

    public init() {}

    /// Records a cycle starting at raw server frame `raw` with `nframes` frames; returns the
    /// frames skipped since the end of the previous cycle (0 when none, never negative).
    public mutating func cycle(raw: UInt32, nframes: UInt32) -> Int64 {
        var skipped: Int64 = 0
        if started {
            frame += Int64(raw &- lastRaw)
            skipped = frame - expected
            if skipped < 0 { skipped = 0 }
        } else {
            started = true
            frame = 0
        }
        lastRaw = raw
        expected = frame + Int64(nframes)
        return skipped
    }

    /// Forget the past (a new connection).
    public mutating func reset() { self = ServerClock() }
}
