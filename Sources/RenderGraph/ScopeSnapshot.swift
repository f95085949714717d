#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One complete picture of the output that `ScopeTap` published: levels and waveform per port.
/// Any thread (a value).
///
/// Levels are linear with full scale 1.0; the `…Decibels` properties are 20·log10 of them, the
/// scale `NoiseGenerator` and `sox stat` use (a full-scale sine: peak 0 dBFS, RMS −3.01 dBFS),
/// and −∞ for silence.
public struct ScopeSnapshot: Equatable, Sendable {
    /// One port's levels and waveform.
    public struct Port: Equatable, Sendable {
        /// The largest |sample| over the last `levelColumns` columns (about 1/30 s).
        public var peak: Float
        /// The RMS over the same span.
        public var rms: Float
        /// The largest peak of the last 1.5 s, then falling 20 dB/s (never below `peak`).
        public var heldPeak: Float
        /// Per column, oldest first: the smallest and the largest sample.
        public var minimums: [Float]
        public var maximums: [Float]

        public init(peak: Float, rms: Float, heldPeak: Float, minimums: [Float], maximums: [Float]) {
            self.peak = peak
            self.rms = rms
            self.heldPeak = heldPeak
            self.minimums = minimums
            self.maximums = maximums
        }

        public var peakDecibels: Double { ScopeSnapshot.decibels(peak) }
        public var rmsDecibels: Double { ScopeSnapshot.decibels(rms) }
        public var heldPeakDecibels: Double { ScopeSnapshot.decibels(heldPeak) }

        /// True when every column is exactly 0 (a silent port draws a flat line).
        public var isFlat: Bool { !minimums.contains { $0 != 0 } && !maximums.contains { $0 != 0 } }
    }

    /// Frames the tap had seen when it published this snapshot: it stops moving when the
    /// render thread stops calling the tap.
    public var frames: Int64
    /// Frames folded into one column.
    public var framesPerColumn: Int
    /// In the order the render thread passes the buffers.
    public var ports: [Port]
    /// The newest samples of the music (the mean of left and right; never the click), oldest
    /// first: what the spectrum under the trace is worked out from. Empty when not tapped.
    public var music: [Float]
    /// Frames per second of `music` (0: not known).
    public var rate: Int

    public init(frames: Int64, framesPerColumn: Int, ports: [Port], music: [Float] = [], rate: Int = 0) {
        self.rate = rate
        self.frames = frames
        self.framesPerColumn = framesPerColumn
        self.ports = ports
        self.music = music
    }

    /// 20·log10(|x|); −∞ for 0.
    public static func decibels(_ x: Float) -> Double {
        let a = Double(x.magnitude)
        return a > 0 ? 20 * log10(a) : -.infinity
    }

    /// The waveform of several ports drawn over each other: per column, the smallest minimum
    /// and the largest maximum of the ports in `indices` (all of them by default).
    public func envelope(of indices: [Int]? = nil) -> (minimums: [Float], maximums: [Float]) {
        let chosen = (indices ?? Array(ports.indices)).filter { ports.indices.contains($0) }
        guard let first = chosen.first else { return ([], []) }
        var lo = ports[first].minimums, hi = ports[first].maximums
        for p in chosen.dropFirst() {
            for i in lo.indices {
                lo[i] = min(lo[i], ports[p].minimums[i])
                hi[i] = max(hi[i], ports[p].maximums[i])
            }
        }
        return (lo, hi)
    }
}
