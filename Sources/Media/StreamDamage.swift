/// Worker threads (inside one decoder, a value). Where a stream was found damaged while it was
/// read: from that frame on it ends (reads and seeks at or past it give nothing, and the player
/// plays silence), and the first reason, in the library's words, is what the decoder reports as
/// its `failure`.
struct StreamDamage {
    /// Why decoding stopped, the first reason met; nil while all is well.
    private(set) var reason: String?
    /// The frame where the stream ends.
    private(set) var from: Int64?

    /// Ends the stream at `frame`, where decoding failed for `reason` (the first reason is kept).
    mutating func stop(at frame: Int64, because reason: String) {
        if self.reason == nil { self.reason = reason }
        from = min(from ?? frame, frame)
    }

    /// How many of `frames` frames from `position` on may be read.
    func allowed(_ frames: Int, from position: Int64) -> Int {
        from.map { Int(max(0, min(Int64(frames), $0 - position))) } ?? frames
    }

    /// Whether `frame` is at or past the damage.
    func blocks(_ frame: Int64) -> Bool { from.map { frame >= $0 } ?? false }
}
