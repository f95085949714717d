import Foundation
import Stretch
import Testing

@Suite("A file at another sample rate plays at its own speed and pitch")
struct RateConversionTests {
    @Test("a 1 kHz tone recorded at 44.1 kHz stays 1 kHz on a 48 kHz server")
    func toneKeepsFrequency() {
        let stream = StretchStream(sourceRate: 44_100, outputRate: 48_000)
        #expect(!stream.isIdentity)
        let out = Signals.render(stream, frames: 96_000, block: 257, source: Signals.sine(hertz: 1_000, rate: 44_100))
        let hertz = Spectrum.dominantFrequency(Array(Signals.channel(out, 0)[8_000...]), rate: 48_000)
        print("44.1 → 48 kHz: \(hertz) Hz")
        #expect(abs(hertz - 1_000) <= 0.5)
        #expect(stream.sourcePosition == 88_200)
        let readAhead = Double(stream.sourceReadPosition) - stream.sourcePosition
        print("44.1 → 48 kHz: source read ahead by \(readAhead) frames")
        #expect(readAhead >= 0 && readAhead <= 400)
    }

    @Test("an impulse at source frame 44100 (one second) comes out at output frame 48000",
          arguments: [(44_100, 48_000), (48_000, 44_100), (44_100, 96_000)])
    func impulseOnTime(sourceRate: Int, outputRate: Int) {
        let stream = StretchStream(sourceRate: sourceRate, outputRate: outputRate)
        let out = Signals.render(stream, frames: outputRate * 2, block: 1_000,
                                 source: Signals.impulse(at: Int64(sourceRate)))
        let peak = Signals.peak(Signals.channel(out, 0))
        print("\(sourceRate) → \(outputRate): impulse at \(peak)")
        #expect(peak == outputRate)
    }

    @Test("after restart(at:) the impulse lands where the new start puts it, with no delay")
    func restartAligned() {
        let stream = StretchStream(sourceRate: 44_100, outputRate: 48_000)
        _ = Signals.render(stream, frames: 5_000, source: Signals.impulse(at: 44_100))
        stream.restart(at: 10_000, speed: 1, semitones: 0)
        #expect(stream.sourcePosition == 10_000)
        let out = Signals.render(stream, frames: 48_000, block: 100, source: Signals.impulse(at: 44_100))
        let expected = Double(44_100 - 10_000) * 48_000 / 44_100
        let peak = Signals.peak(Signals.channel(out, 0))
        print("after restart at 10000: impulse at \(peak), expected \(expected)")
        #expect(abs(Double(peak) - expected) <= 1)
    }

    @Test("a restart in the middle of a tone continues it without an edge (the filter is primed with real audio)")
    func restartPrimed() {
        let stream = StretchStream(sourceRate: 44_100, outputRate: 48_000)
        let sine = Signals.sine(hertz: 1_000, rate: 44_100)
        stream.restart(at: 44_100, speed: 1, semitones: 0)
        let out = Signals.channel(Signals.render(stream, frames: 480, source: sine), 0)
        var worst: Float = 0
        for (j, y) in out.enumerated() {
            let t = (44_100 + Double(j) * 44_100 / 48_000) / 44_100
            worst = max(worst, abs(y - Float(0.5 * sin(2 * Double.pi * 1_000 * t))))
        }
        print("first 10 ms after a restart: worst error \(worst)")
        #expect(worst < 1e-3)
    }
}
