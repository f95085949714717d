/// Where the listener is in an ALSA stream: of the `written` frames, the device had `delay`
/// still to play (`snd_pcm_delay`, or the buffer less `snd_pcm_htimestamp`'s available frames)
/// at `stampNanos` (CLOCK_MONOTONIC); since then it has played on at `rate`. The frame now
/// playing is on the written stream's timeline, the one the clicks are rendered on (an xrun
/// does not move it). A value: any thread.
public struct StreamPosition: Equatable, Sendable {
    /// Frames written to the device since it was opened (whole periods).
    public var written: Int64
    /// Frames written but not yet heard when measured (never negative).
    public var delay: Int64
    /// When `delay` was true, CLOCK_MONOTONIC in nanoseconds.
    public var stampNanos: Int64
    /// The device's rate, frames per second.
    public var rate: Int

    public init(written: Int64, delay: Int64, stampNanos: Int64, rate: Int) {
        self.written = written
        self.delay = max(0, delay)
        self.stampNanos = stampNanos
        self.rate = rate
    }

    /// From `snd_pcm_htimestamp`: `available` frames of room in a buffer of `bufferFrames`
    /// at `stampNanos`, so `bufferFrames − available` still to play (never negative).
    public init(written: Int64, available: Int64, bufferFrames: Int, stampNanos: Int64, rate: Int) {
        self.init(written: written, delay: Int64(bufferFrames) - available, stampNanos: stampNanos, rate: rate)
    }

    /// The frame heard when measured: `written − delay` (0 before anything was heard).
    public var heard: Int64 { max(0, written - delay) }

    /// The frame playing at `nowNanos`: `heard` plus the frames played since the measurement,
    /// floor((now − stamp) · rate / 10⁹), never past what was written (the device plays
    /// silence, not our frames, once it has run dry) nor before `heard` (a clock read before the stamp).
    public func playing(atNanos nowNanos: Int64) -> Int64 {
        let elapsed = max(0, nowNanos - stampNanos)
        let seconds = elapsed / 1_000_000_000, rest = elapsed % 1_000_000_000
        let played = seconds * Int64(rate) + rest * Int64(rate) / 1_000_000_000
        return max(heard, min(written, heard + played))
    }
}
