import Foundation
import Testing
@testable import RenderGraph

/// A sound file looped by the generator (`NoiseLoop`): the seam, where the loop's end runs
/// into its start, has no gap and no click.
@Suite("Looped sound files: no gap and no click at the seam")
struct NoiseLoopTests {
    /// A 441 Hz sine of 10 007 frames at 48 kHz, amplitude 0.1: the file ends mid-cycle, so a plain loop jumps.
    static let wave = (0..<10_007).map { Float(0.1 * sin(2 * Double.pi * 441 * Double($0) / 48_000)) }

    /// Three times round the loop of `wave` with a crossfade of `crossfade` frames, at unity
    /// gain (the level puts the loop's RMS at about -23 dBFS, the sine's own).
    static func played(crossfade: Int) throws -> (out: [Float], loop: NoiseLoop) {
        let loop = try #require(NoiseLoop.allocate(wave, crossfade: crossfade))
        var g = try NoiseGenerator(recipe: .loop(loop), rate: 48_000, levelDecibels: 20 * log10(loop.rms))
        var out = [Float](repeating: 0, count: 3 * loop.count)
        out.withUnsafeMutableBufferPointer { g.render(into: $0.baseAddress!, frames: $0.count) }
        return (out, loop)
    }

    /// The largest step between neighbouring samples in `x[range]`.
    static func largestStep(_ x: [Float], _ range: Range<Int>) -> Float {
        range.dropFirst().map { abs(x[$0] - x[$0 - 1]) }.max()!
    }

    @Test("a 10 007-frame sine with a 480-frame crossfade: a loop of 9527 frames, played sample for sample, and its seam steps no more than the sine itself")
    func seamless() throws {
        let (out, loop) = try Self.played(crossfade: 480)
        defer { loop.deallocate() }
        #expect(loop.count == 9527)
        // Every frame is the loop's frame (no gap, no repeat): out[n] = loop[n mod count], at unity gain.
        for n in 0..<out.count { #expect(out[n] == loop.samples[n % loop.count]); if out[n] != loop.samples[n % loop.count] { break } }
        // Away from the crossfade the loop is the file as it is.
        for i in 480..<loop.count { #expect(loop.samples[i] == Self.wave[i]); if loop.samples[i] != Self.wave[i] { break } }
        // The sine's largest step is 2π·441/48000·0.1 ≈ 0.0058; across the seams no step is larger.
        let sine = Self.largestStep(Self.wave, 0..<Self.wave.count)
        let seams = Self.largestStep(out, (loop.count - 50)..<(loop.count + 50))
        let second = Self.largestStep(out, (2 * loop.count - 50)..<(2 * loop.count + 50))
        #expect(seams <= sine * 1.01, "\(seams) against \(sine)")
        #expect(second <= sine * 1.01, "\(second) against \(sine)")
        // No gap: nowhere two silent frames in a row (the sine itself has none).
        #expect(!(1..<out.count).contains { out[$0] == 0 && out[$0 - 1] == 0 })
    }

    @Test("without a crossfade the same file clicks at its seam: the check above would see it")
    func plainLoopClicks() throws {
        let (out, loop) = try Self.played(crossfade: 0)
        defer { loop.deallocate() }
        #expect(loop.count == 10_007)
        let sine = Self.largestStep(Self.wave, 0..<Self.wave.count)
        #expect(Self.largestStep(out, (loop.count - 50)..<(loop.count + 50)) > 3 * sine)
    }
}
