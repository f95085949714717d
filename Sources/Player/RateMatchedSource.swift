import Stretch
import WoodshedCore

/// A source at one rate read as if it were at another (a playlist track at 44.1 kHz in a
/// 48 kHz chain), converted by libsamplerate through a `StretchStream` at speed 1. Reads in
/// order continue the conversion; a read elsewhere restarts it there (primed, no edge).
/// Worker threads.
public final class RateMatchedSource: ProgramSource {
    private let source: ProgramSource
    private let stream: StretchStream
    private let sourceRate: Int
    private let rate: Int
    /// The chain frame the next read in order starts at.
    private var next: Int64 = -1
    /// Frames at `rate`.
    public let frames: Int64

    /// `source` (`sourceFrames` long at `sourceRate`) as frames at `rate`.
    public init(source: ProgramSource, sourceRate: Int, sourceFrames: Int64, rate: Int) {
        self.source = source
        self.sourceRate = sourceRate
        self.rate = rate
        stream = StretchStream(sourceRate: sourceRate, outputRate: rate, engine: .faster)
        frames = Int64(ExactMath.roundDiv(Int128(sourceFrames) * Int128(rate), Int128(sourceRate)))
    }

    public func read(from start: Int64, count: Int, into buffer: UnsafeMutablePointer<Float>) {
        if start != next {
            let at = Int64(ExactMath.roundDiv(Int128(start) * Int128(sourceRate), Int128(rate)))
            stream.restart(at: at, speed: 1, semitones: 0)
        }
        let src = source
        stream.render(count: count, into: buffer) { s, n, out in src.read(from: s, count: n, into: out) }
        next = start + Int64(count)
    }
}
