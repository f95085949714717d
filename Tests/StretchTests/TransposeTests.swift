import Foundation
import Stretch
import Testing

@Suite("Transposing moves the pitch and keeps the speed")
struct TransposeTests {
    @Test("an octave up turns a 440 Hz tone into 880 Hz at the same speed",
          arguments: [StretchEngine.faster, .finer])
    func octaveUp(engine: StretchEngine) {
        let hertz = transposed(440, semitones: 12, engine: engine)
        print("\(engine) +12: \(hertz) Hz")
        #expect(abs(hertz - 880) <= Tolerance.hertz(engine, faster: 2))
    }

    @Test("three semitones down plus 50 cents turns 440 Hz into 440 · 2^(−2.5/12) Hz",
          arguments: [StretchEngine.faster, .finer])
    func semitonesAndCents(engine: StretchEngine) {
        let hertz = transposed(440, semitones: -3 + 0.5, engine: engine)
        let expected = 440 * pow(2, -2.5 / 12)
        print("\(engine) −2.5: \(hertz) Hz, expected \(expected)")
        #expect(abs(hertz - expected) <= Tolerance.hertz(engine, faster: 1))
    }

    @Test("transposing on a 44.1 kHz file played at 48 kHz adds to the rate change",
          arguments: [StretchEngine.faster, .finer])
    func transposeWithRateChange(engine: StretchEngine) {
        let stream = StretchStream(sourceRate: 44_100, outputRate: 48_000, engine: engine)
        stream.restart(at: 0, speed: 1, semitones: 7)
        let out = Signals.render(stream, frames: 144_000, source: Signals.sine(hertz: 440, rate: 44_100))
        let hertz = Spectrum.pitch(Array(Signals.channel(out, 0)[48_000...]), rate: 48_000)
        let expected = 440 * pow(2, 7.0 / 12)
        print("\(engine) +7 at 44.1 → 48 kHz: \(hertz) Hz, expected \(expected)")
        #expect(abs(hertz - expected) <= Tolerance.hertz(engine, faster: 3))
    }

    private func transposed(_ hertz: Double, semitones: Double, engine: StretchEngine) -> Double {
        let stream = StretchStream(sourceRate: 48_000, outputRate: 48_000, engine: engine)
        stream.restart(at: 0, speed: 1, semitones: semitones)
        let out = Signals.render(stream, frames: 144_000, source: Signals.sine(hertz: hertz, rate: 48_000))
        #expect(stream.sourcePosition == 144_000)
        return Spectrum.pitch(Array(Signals.channel(out, 0)[48_000...]), rate: 48_000)
    }
}
