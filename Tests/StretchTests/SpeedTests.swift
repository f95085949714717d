import Foundation
import Stretch
import Testing

@Suite("Playing slower or faster keeps the pitch")
struct SpeedTests {
    static let cases: [(StretchEngine, Double)] = [StretchEngine.faster, .finer].flatMap { engine in
        [0.5, 0.75, 1.5].map { (engine, $0) }
    }

    @Test("a 440 Hz tone played slower or faster still sounds at 440 Hz and lasts exactly 1/speed as long",
          arguments: cases)
    func toneKeepsPitch(engine: StretchEngine, speed: Double) {
        let sourceFrames = 192_000  // 4 s at 48 kHz
        let outputFrames = Int((Double(sourceFrames) / speed).rounded())
        let stream = StretchStream(sourceRate: 48_000, outputRate: 48_000, engine: engine)
        stream.restart(at: 0, speed: speed, semitones: 0)
        let out = Signals.render(stream, frames: outputFrames, block: 333,
                                 source: Signals.sine(hertz: 440, rate: 48_000))

        #expect(!out.contains { $0.isNaN })
        let steady = Array(Signals.channel(out, 0)[(outputFrames / 4)...])
        let hertz = Spectrum.pitch(steady, rate: 48_000)
        print("\(engine) at \(speed)×: \(hertz) Hz")
        #expect(abs(hertz - 440) <= Tolerance.hertz(engine, faster: 1))
        #expect(stream.sourcePosition == Double(sourceFrames))
        let readAhead = Double(stream.sourceReadPosition) - stream.sourcePosition
        #expect(readAhead >= 0 && readAhead <= 8192)
    }

    @Test("a 1 kHz tone recorded at 44.1 kHz, played at 0.75× on a 48 kHz server, stays at 1 kHz",
          arguments: [StretchEngine.faster, .finer])
    func rateChangeKeepsPitch(engine: StretchEngine) {
        let stream = StretchStream(sourceRate: 44_100, outputRate: 48_000, engine: engine)
        stream.restart(at: 0, speed: 0.75, semitones: 0)
        let out = Signals.render(stream, frames: 192_000, source: Signals.sine(hertz: 1000, rate: 44_100))
        let hertz = Spectrum.pitch(Array(Signals.channel(out, 0)[48_000...]), rate: 48_000)
        print("\(engine) 44.1 → 48 kHz at 0.75×: \(hertz) Hz")
        #expect(abs(hertz - 1000) <= Tolerance.hertz(engine, faster: 1))
        #expect(abs(stream.sourcePosition - 192_000 * 0.75 * 44_100 / 48_000) < 1e-6)
    }
}
