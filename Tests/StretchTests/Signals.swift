import Foundation
import Stretch

/// Test sources and a render loop for `StretchStream`. Test threads.
enum Signals {
    /// A stereo sine (both channels) at `hertz`, amplitude 0.5, as a `StretchStream` source.
    static func sine(hertz: Double, rate: Int) -> (Int64, Int, UnsafeMutablePointer<Float>) -> Void {
        { start, count, buffer in
            for i in 0..<count {
                let t = Double(start + Int64(i)) / Double(rate)
                let v = Float(0.5 * sin(2 * Double.pi * hertz * t))
                buffer[2 * i] = v
                buffer[2 * i + 1] = v
            }
        }
    }

    /// Zeros except a unit impulse at source frame `frame` (both channels).
    static func impulse(at frame: Int64) -> (Int64, Int, UnsafeMutablePointer<Float>) -> Void {
        { start, count, buffer in
            buffer.update(repeating: 0, count: count * 2)
            if frame >= start, frame < start + Int64(count) {
                buffer[Int(frame - start) * 2] = 1
                buffer[Int(frame - start) * 2 + 1] = 1
            }
        }
    }

    /// Interleaved stereo frames of `data` from `start`, zeros outside it.
    static func array(_ data: [Float]) -> (Int64, Int, UnsafeMutablePointer<Float>) -> Void {
        { start, count, buffer in
            for i in 0..<count {
                let f = Int(start) + i
                let inside = f >= 0 && f * 2 + 1 < data.count
                buffer[2 * i] = inside ? data[2 * f] : 0
                buffer[2 * i + 1] = inside ? data[2 * f + 1] : 0
            }
        }
    }

    /// Renders `frames` output frames in calls of `block` frames; interleaved stereo.
    static func render(_ stream: StretchStream, frames: Int, block: Int = 256,
                       source: (Int64, Int, UnsafeMutablePointer<Float>) -> Void) -> [Float] {
        var out = [Float](repeating: .nan, count: frames * 2)
        out.withUnsafeMutableBufferPointer { b in
            var done = 0
            while done < frames {
                let n = min(block, frames - done)
                stream.render(count: n, into: b.baseAddress! + done * 2, source: source)
                done += n
            }
        }
        return out
    }

    /// One channel of interleaved stereo.
    static func channel(_ x: [Float], _ c: Int) -> [Float] {
        stride(from: c, to: x.count, by: 2).map { x[$0] }
    }

    /// The frame of the largest magnitude.
    static func peak(_ x: [Float]) -> Int {
        var best = 0
        for i in x.indices where abs(x[i]) > abs(x[best]) { best = i }
        return best
    }

    /// The largest magnitude in decibels relative to full scale (-inf for silence).
    static func peakDecibels(_ x: [Float]) -> Double {
        let m = x.reduce(Float(0)) { max($0, abs($1)) }
        return 20 * log10(Double(m))
    }
}
