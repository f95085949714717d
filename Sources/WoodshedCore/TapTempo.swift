/// Tap tempo: the average interval of the last taps, exact, forgetting them after a pause.
/// Taps are counted in frames at `rate` per second: JACK MIDI taps in the server's frames on the
/// render thread, key and remote taps in microseconds (`rate` 1 000 000) on the control thread.
/// A plain value that allocates nothing: any one thread at a time.
@frozen public struct TapTempo: Sendable {
    @usableFromInline var frames: InlineArray<8, Int64> = InlineArray(repeating: 0)
    @usableFromInline var count = 0
    /// Taps further apart than this many frames start a new tempo.
    public var resetAfter: Int64
    /// Frames per second.
    public let rate: Int64

    /// Control-thread taps: times in microseconds.
    public static let microseconds = 1_000_000

    /// `rate` frames per second; taps more than 2 s apart start again.
    public init(rate: Int) {
        self.rate = Int64(rate)
        resetAfter = 2 * Int64(rate)
    }

    /// A tap at `seconds` on a monotonic clock (the control thread's taps), to the microsecond.
    public mutating func tap(atSeconds seconds: Double) -> Int64? {
        tap(at: Int64((seconds * Double(rate)).rounded()))
    }

    /// Taps so far in the current run (at most 6 are averaged).
    @inlinable public var taps: Int { count }

    /// Records a tap at `frame`; returns the tempo in thousandths of a BPM, rounded to 0.1 BPM
    /// (as the keyboard's tap), once two or more taps are close enough; nil for the first tap.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    @inlinable
    public mutating func tap(at frame: Int64) -> Int64? {
        if count > 0 {
            let last = frames[count - 1]
            if frame - last > resetAfter || frame <= last { count = 0 }
        }
        if count == 6 {
            for i in 0..<5 { frames[i] = frames[i + 1] }
            count = 5
        }
        frames[count] = frame
        count += 1
        guard count >= 2 else { return nil }
        let span = frames[count - 1] - frames[0]
        // tenths of a BPM = 600·rate·(taps − 1)/span, rounded half up
        let num = 600 * rate * Int64(count - 1)
        let tenths = (2 * num + span) / (2 * span)
        return TempoEdit.clamped(tenths * 100)
    }
}
