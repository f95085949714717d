/// A linear fade-out computed frame by frame on the render thread (the end of a `--for`
/// timer): frame k of it is at gain (length − k) / length, and everything after it is silent.
/// Render thread only (a plain value inside the renderer or the deck).
public struct OutputFade: Sendable, Equatable {
    /// Frames the fade lasts; 0: no fade (gain 1).
    public private(set) var length: Int64 = 0
    /// Frames of the fade already rendered.
    public private(set) var done: Int64 = 0

    public init() {}

    /// A fade over `frames` frames starting at the next frame rendered; 0 or less: no fade.
    public init(frames: Int64) { length = max(frames, 0) }

    /// A fade over `frames` frames of which `done` have passed already (one resumed on a new
    /// JACK connection): its first frame rendered is at gain (frames − done) / frames.
    public init(frames: Int64, done: Int64) {
        length = max(frames, 0)
        self.done = min(max(done, 0), length)
    }

    /// The gain of frame `k` of the fade.
    @inline(__always)
    public func gain(at k: Int64) -> Float {
        k >= length ? 0 : Float(length - k) / Float(length)
    }

    /// Moves the fade on by `frames` (rendered elsewhere with `gain(at:)`).
    @inline(__always)
    public mutating func skip(_ frames: Int) {
        if length > 0 { done += Int64(frames) }
    }

    /// Multiplies `samples[0..<frames]` by the fade's gains and moves the fade on by `frames`.
    @inline(__always)
    public mutating func apply(to samples: UnsafeMutablePointer<Float>, frames: Int) {
        guard length > 0 else { return }
        let start = done
        for i in 0..<frames { samples[i] *= gain(at: start + Int64(i)) }
        done = start + Int64(frames)
    }
}
