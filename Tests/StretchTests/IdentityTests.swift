import Foundation
import Stretch
import Testing

@Suite("At speed 1 without transpose the audio passes untouched")
struct IdentityTests {
    /// Reproducible noise, interleaved stereo.
    static func noise(frames: Int, seed: UInt64) -> [Float] {
        var state = seed
        return (0..<(frames * 2)).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(Int32(truncatingIfNeeded: state >> 32)) / Float(Int32.max)
        }
    }

    @Test("random audio comes out bit for bit, whatever the sizes of the render calls")
    func bitExact() {
        let data = Self.noise(frames: 50_000, seed: 7)
        let stream = StretchStream(sourceRate: 48_000, outputRate: 48_000, maxBlock: 256)
        #expect(stream.isIdentity)
        var out = [Float](repeating: .nan, count: data.count)
        var done = 0, size = 1
        out.withUnsafeMutableBufferPointer { b in
            while done < 50_000 {
                let n = min(size, 50_000 - done)
                stream.render(count: n, into: b.baseAddress! + done * 2, source: Signals.array(data))
                done += n
                size = (size * 7 + 3) % 1_001  // 1, 10, 73, 514, 600, ... and 0 now and then
            }
        }
        #expect(out == data)
        #expect(stream.sourcePosition == 50_000)
        #expect(stream.sourceReadPosition == 50_000)
    }

    @Test("restarting at a frame copies from exactly that frame, also after a stretched stretch")
    func restartCopiesFromThere() {
        let data = Self.noise(frames: 30_000, seed: 11)
        let stream = StretchStream(sourceRate: 44_100, outputRate: 44_100, engine: .finer)
        stream.restart(at: 0, speed: 0.75, semitones: 1)
        _ = Signals.render(stream, frames: 5_000, source: Signals.array(data))
        #expect(!stream.isIdentity)
        stream.restart(at: 12_345, speed: 1, semitones: 0)
        #expect(stream.isIdentity)
        let out = Signals.render(stream, frames: 10_001, block: 333, source: Signals.array(data))
        #expect(out == Array(data[(12_345 * 2)..<((12_345 + 10_001) * 2)]))
        #expect(stream.sourcePosition == 22_346)
    }

    @Test("the source is read in order, at most maxBlock frames at a time, never before frame 0",
          arguments: [(48_000, 1.0, 0.0), (44_100, 1.0, 0.0), (48_000, 0.75, 0.0), (48_000, 1.0, 5.0)])
    func sourceRequests(rate: Int, speed: Double, semitones: Double) {
        let stream = StretchStream(sourceRate: rate, outputRate: 48_000, maxBlock: 300)
        stream.restart(at: 20, speed: speed, semitones: semitones)
        var next: Int64? = nil
        var calls = 0
        let sine = Signals.sine(hertz: 440, rate: rate)
        _ = Signals.render(stream, frames: 20_000, block: 1_000) { start, count, buffer in
            #expect(start >= 0)
            #expect(count >= 1 && count <= 300)
            if let next { #expect(start == next) }
            next = start + Int64(count)
            calls += 1
            sine(start, count, buffer)
        }
        #expect(next == stream.sourceReadPosition)
        #expect(calls > 0)
    }
}
