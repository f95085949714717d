/// A fade to silence over `frames` frames from frame `start` of a noise (counted from its
/// first frame). Any thread (a plain value).
///
/// The fade's k-th frame (k = 0 … frames − 1, at `start + k`) has the gain c((k + 1)/frames),
/// with c(t) = 1 − t (linear) or cos(πt/2) (equal power): the last frame of the fade is exactly
/// 0, and so is every frame after it. Before `start` the gain is exactly 1.
public struct NoiseFade: Sendable, Equatable, BitwiseCopyable {
    /// How the gain falls.
    public enum Shape: Sendable, Equatable, BitwiseCopyable {
        /// The amplitude falls in a straight line.
        case linear
        /// A quarter cosine: near full level for longer, then a steeper drop at the end (the
        /// power, cos², and the power of the same noise faded in, sin², sum to 1 at each frame).
        case equalPower
    }

    /// The first frame whose gain is below 1.
    public var start: Int64
    /// How many frames the fade takes (at least 1); the last of them is silent.
    public var frames: Int64
    public var shape: Shape

    public init(start: Int64, frames: Int64, shape: Shape = .linear) {
        self.start = start
        self.frames = frames < 1 ? 1 : frames
        self.shape = shape
    }

    /// A fade that ends with the last of `total` frames: `frames` long, silent on frame `total − 1`.
    public init(endingAt total: Int64, frames: Int64, shape: Shape = .linear) {
        let n = frames < 1 ? 1 : (frames > total ? total : frames)
        self.init(start: total - n, frames: n, shape: shape)
    }

    /// The first frame after the fade (silent, as the fade's last frame is).
    public var end: Int64 { start + frames }

    /// The gain at `frame`: 1 before the fade, 0 from its last frame on.
    @inline(__always)
    public func gain(at frame: Int64) -> Double {
        if frame < start { return 1 }
        let k = frame - start + 1
        if k >= frames { return 0 }
        switch shape {
        case .linear: return Double(frames - k) / Double(frames)
        case .equalPower: return NoiseFade.quarterCosine(Double(k) / Double(frames))
        }
    }

    /// cos(πt/2) for t in [0, 1], from its Taylor series to x¹⁶ (error below 10⁻¹²): libm's
    /// `cos` is opaque to the render thread's compile-time check.
    @inline(__always)
    static func quarterCosine(_ t: Double) -> Double {
        let x = 0.5 * Double.pi * t, x2 = x * x
        // 1 − x²/2! + x⁴/4! − … + x¹⁶/16!, by Horner's rule on x².
        var sum = 1.0 / 20_922_789_888_000
        sum = sum * x2 - 1.0 / 87_178_291_200
        sum = sum * x2 + 1.0 / 479_001_600
        sum = sum * x2 - 1.0 / 3_628_800
        sum = sum * x2 + 1.0 / 40_320
        sum = sum * x2 - 1.0 / 720
        sum = sum * x2 + 1.0 / 24
        sum = sum * x2 - 1.0 / 2
        return sum * x2 + 1
    }
}
