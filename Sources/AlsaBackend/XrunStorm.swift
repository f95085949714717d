/// Tells a device that is gone from one that ran dry: a device that plays needs at least its
/// buffer's duration to run dry again after a recovery, so `count` failed writes in less than
/// half of `count` buffers' time mean nothing is playing what is written (PipeWire's ALSA plugin
/// once its server has gone away reports an xrun every few writes, for ever). A value owned by
/// the ALSA write thread.
struct XrunStorm {
    /// Failed writes looked at together.
    static let count = 16

    let bufferSeconds: Double
    private var first = 0.0
    private var seen = 0

    init(bufferSeconds: Double) {
        self.bufferSeconds = bufferSeconds
    }

    /// Counts one failed write at `now` (seconds, monotonic); true when the last `count` came
    /// faster than a playing device could run dry.
    mutating func isStorm(now: Double) -> Bool {
        if seen == 0 { first = now }
        seen += 1
        guard seen >= Self.count else { return false }
        seen = 0
        return now - first < Double(Self.count) * bufferSeconds / 2
    }
}
