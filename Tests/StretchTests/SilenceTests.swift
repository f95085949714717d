import Foundation
import Stretch
import Testing

@Suite("Silence stays silent")
struct SilenceTests {
    static let settings: [(StretchEngine, Int, Double, Double)] = [
        (.faster, 48_000, 0.75, 0), (.finer, 48_000, 0.75, 0), (.faster, 44_100, 0.5, 3),
        (.finer, 44_100, 1.5, -7), (.faster, 44_100, 1, 0), (.finer, 48_000, 1, 12),
    ]

    @Test("silence in gives silence out at every setting (nothing above −100 dB)", arguments: settings)
    func silenceIn(engine: StretchEngine, sourceRate: Int, speed: Double, semitones: Double) {
        let stream = StretchStream(sourceRate: sourceRate, outputRate: 48_000, engine: engine)
        stream.restart(at: 0, speed: speed, semitones: semitones)
        let out = Signals.render(stream, frames: 96_000) { _, count, buffer in buffer.update(repeating: 0, count: count * 2) }
        let level = Signals.peakDecibels(out)
        print("\(engine) \(sourceRate) Hz \(speed)× \(semitones) st: silence peaks at \(level) dB")
        #expect(level <= -100)
    }

    @Test("after a tone stops, the tail dies away below −100 dB within half a second",
          arguments: [StretchEngine.faster, .finer])
    func tailDecays(engine: StretchEngine) {
        let stream = StretchStream(sourceRate: 48_000, outputRate: 48_000, engine: engine)
        stream.restart(at: 0, speed: 0.75, semitones: 2)
        let sine = Signals.sine(hertz: 440, rate: 48_000)
        let out = Signals.render(stream, frames: 96_000) { start, count, buffer in
            sine(start, count, buffer)
            for i in 0..<count where start + Int64(i) >= 24_000 { buffer[2 * i] = 0; buffer[2 * i + 1] = 0 }
        }
        let level = Signals.peakDecibels(Array(out[(2 * (32_000 + 24_000))...]))
        print("\(engine): tail from 0.5 s after the tone's end peaks at \(level) dB")
        #expect(level <= -100)
    }
}
