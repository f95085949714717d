#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A sound file's samples (mono, at the output rate) made into a seamless loop: the last
/// `crossfade` frames are laid over the first ones with an equal-power crossfade, so that the
/// loop's last sample runs on into its first with no gap and no click, and the loop is
/// `count` = frames − crossfade long. Allocated and freed on the control thread (whoever
/// allocates it keeps it until no generator plays it); the render thread only reads it.
public struct NoiseLoop: @unchecked Sendable, Equatable, BitwiseCopyable {
    /// The loop, `count` frames.
    public let samples: UnsafePointer<Float>
    public let count: Int
    /// Its RMS and its largest |sample| (full scale 1.0), for the generator's gain.
    public let rms: Double
    public let peak: Double

    /// The loop of `wave` with a crossfade of `crossfade` frames (clamped to half the wave; 0:
    /// the wave as it is). Control thread. Nil for an empty wave.
    public static func allocate(_ wave: [Float], crossfade: Int) -> NoiseLoop? {
        guard !wave.isEmpty else { return nil }
        let fade = max(0, min(crossfade, wave.count / 2))
        let count = wave.count - fade
        let out = UnsafeMutablePointer<Float>.allocate(capacity: count)
        for i in 0..<count { out[i] = wave[i] }
        // Frame i < fade: the head fading in, the tail (from count on) fading out.
        for i in 0..<fade {
            let t = (Double(i) + 0.5) / Double(fade)
            let fadeIn = sin(0.5 * Double.pi * t), fadeOut = cos(0.5 * Double.pi * t)
            out[i] = Float(Double(wave[i]) * fadeIn + Double(wave[count + i]) * fadeOut)
        }
        var squares = 0.0, peak = 0.0
        for i in 0..<count {
            let x = Double(out[i])
            squares += x * x
            peak = max(peak, abs(x))
        }
        return NoiseLoop(samples: UnsafePointer(out), count: count, rms: (squares / Double(count)).squareRoot(), peak: peak)
    }

    /// Frees the samples (control thread, once no generator plays them).
    public func deallocate() { UnsafeMutablePointer(mutating: samples).deallocate() }
}
