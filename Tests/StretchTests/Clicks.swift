import Foundation
import Stretch

/// Click trains for alignment tests: where clicks go in, where they come out. Test threads.
enum Clicks {
    /// A 20 ms click: a 1.5 kHz sine decaying with a 3.3 ms time constant, peak about 0.75.
    static func click(_ t: Double) -> Float { Float(0.8 * exp(-t * 300) * sin(2 * Double.pi * 1500 * t)) }

    /// Clicks at `frames` (source frames, ascending), over a quiet two-tone bed of amplitude `bed`
    /// (0: silence).
    static func source(at frames: [Int64], rate: Int, bed: Float = 0) -> (Int64, Int, UnsafeMutablePointer<Float>) -> Void {
        let length = Int64(rate / 50)
        return { start, count, buffer in
            // The first click that may sound in this block (clicks are shorter than their spacing).
            var k = frames.partitionIndex { $0 + length > start }
            for i in 0..<count {
                let f = start + Int64(i)
                var v = bed == 0 ? 0 : bed * Float(sin(Double(f) * 0.0371) + 0.5 * sin(Double(f) * 0.1133))
                while k < frames.count, frames[k] + length <= f { k += 1 }
                if k < frames.count, f >= frames[k] { v += click(Double(f - frames[k]) / Double(rate)) }
                buffer[2 * i] = v
                buffer[2 * i + 1] = v
            }
        }
    }

    /// `count` click positions from `first`, about `spacing` apart with an irregular offset so they
    /// fall on every phase of the stretcher's hop.
    static func positions(count: Int, first: Int64, spacing: Int64) -> [Int64] {
        (0..<count).map { k in first + Int64(k) * spacing + Int64((k * 7919) % 1000) }
    }

    /// For each click, output frame of its peak minus where it belongs ((click − start) / step),
    /// after restarting `stream` at `start`.
    static func errors(_ stream: StretchStream, speed: Double, semitones: Double = 0, start: Int64 = 0,
                       clicks: [Int64], bed: Float = 0) -> [Double] {
        let step = speed * Double(stream.sourceRate) / Double(stream.outputRate)
        stream.restart(at: start, speed: speed, semitones: semitones)
        let frames = Int(Double(clicks.last! - start) / step) + 6000
        let y = Signals.channel(Signals.render(stream, frames: frames, block: 512,
                                               source: source(at: clicks, rate: stream.sourceRate, bed: bed)), 0)
        return clicks.map { c in
            let expected = Double(c - start) / step
            let lo = max(0, Int(expected) - 4800), hi = min(y.count, Int(expected) + 4800)
            var peak = lo
            for i in lo..<hi where abs(y[i]) > abs(y[peak]) { peak = i }
            return Double(peak) - expected
        }
    }
}

extension Array where Element == Int64 {
    /// The first index whose element satisfies `isAfter` (the array is partitioned by it).
    func partitionIndex(where isAfter: (Int64) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if isAfter(self[mid]) { high = mid } else { low = mid + 1 }
        }
        return low
    }
}
