import Foundation
import Stretch
import Testing

@Suite("Stretched audio stays on the source's timeline")
struct AlignmentTests {
    /// Woodshed's promise (docs/player.md, "Speed"): a click of the source comes out within 10 ms
    /// of its place with the finer engine (Rubber Band's R3) and 20 ms with the faster one (R2),
    /// in output frames at 48 kHz. What Rubber Band gives on this machine is printed below and in
    /// `make bench`; it varies with its version and the CPU's code path, the promise does not.
    static func promise(_ engine: StretchEngine) -> Double { engine == .finer ? 480 : 960 }

    struct Case: Sendable, CustomTestStringConvertible {
        let engine: StretchEngine
        let speed: Double
        let bed: Float
        var testDescription: String { "\(engine) at \(speed)×\(bed > 0 ? " over a tonal bed" : "")" }
    }

    static let cases: [Case] = [
        Case(engine: .finer, speed: 0.5, bed: 0),
        Case(engine: .finer, speed: 0.75, bed: 0),
        Case(engine: .finer, speed: 1.5, bed: 0),
        Case(engine: .finer, speed: 2.0, bed: 0),
        Case(engine: .finer, speed: 0.75, bed: 0.05),
        Case(engine: .faster, speed: 0.5, bed: 0),
        Case(engine: .faster, speed: 0.75, bed: 0),
        Case(engine: .faster, speed: 1.5, bed: 0),
        Case(engine: .faster, speed: 2.0, bed: 0),
        Case(engine: .faster, speed: 0.75, bed: 0.05),
    ]

    @Test("a click at source frame S comes out at output frame S / speed, within the promised 10 ms (finer) or 20 ms (faster)",
          arguments: cases)
    func clicksLandOnTime(_ c: Case) {
        let stream = StretchStream(sourceRate: 48_000, outputRate: 48_000, engine: c.engine)
        let clicks = Clicks.positions(count: 24, first: 12_000, spacing: 21_000)
        let errors = Clicks.errors(stream, speed: c.speed, clicks: clicks, bed: c.bed)
        print(String(format: "measured: Rubber Band \(c.testDescription): click error mean %.0f, min %.0f, max %.0f frames",
                     errors.reduce(0, +) / Double(errors.count), errors.min()!, errors.max()!))
        #expect(errors.allSatisfy { abs($0) <= Self.promise(c.engine) })
    }

    @Test("after restart(at:) at a new position, clicks line up again from there",
          arguments: [StretchEngine.faster, .finer])
    func restartAligns(engine: StretchEngine) {
        let stream = StretchStream(sourceRate: 48_000, outputRate: 48_000, engine: engine)
        _ = Clicks.errors(stream, speed: 0.5, clicks: [30_000])
        let start: Int64 = 1_000_000
        let clicks = [start] + Clicks.positions(count: 8, first: start + 9_000, spacing: 9_000)
        let errors = Clicks.errors(stream, speed: 0.75, start: start, clicks: clicks)
        print("measured: Rubber Band \(engine) after restart at \(start), 0.75×: click errors \(errors.map { Int($0) })")
        #expect(errors.allSatisfy { abs($0) <= Self.promise(engine) })
        #expect(stream.sourcePosition == Double(start) + Double(Int(Double(clicks.last! - start) / 0.75) + 6000) * 0.75)
    }

    @Test("transposing up keeps clicks on time (Rubber Band's pad and delay hold with consistent pitch)",
          arguments: [StretchEngine.faster, .finer])
    func transposeUpAligns(engine: StretchEngine) {
        let stream = StretchStream(sourceRate: 48_000, outputRate: 48_000, engine: engine)
        let clicks = Clicks.positions(count: 12, first: 12_000, spacing: 21_000)
        for semitones in [12.0, 3.0, -12.0] {
            let errors = Clicks.errors(stream, speed: 1, semitones: semitones, clicks: clicks)
            print(String(format: "measured: Rubber Band \(engine) %+.0f semitones: click error mean %.0f, min %.0f, max %.0f frames",
                         semitones, errors.reduce(0, +) / Double(errors.count), errors.min()!, errors.max()!))
            #expect(errors.allSatisfy { abs($0) <= Self.promise(engine) })
        }
    }

    @Test("a 44.1 kHz file at 0.75× on a 48 kHz server keeps its clicks on time",
          arguments: [StretchEngine.faster, .finer])
    func rateChangeAligns(engine: StretchEngine) {
        let stream = StretchStream(sourceRate: 44_100, outputRate: 48_000, engine: engine)
        let clicks = Clicks.positions(count: 12, first: 11_000, spacing: 19_000)
        let errors = Clicks.errors(stream, speed: 0.75, clicks: clicks)
        print(String(format: "measured: Rubber Band \(engine) 44.1 → 48 kHz at 0.75×: click error mean %.0f, min %.0f, max %.0f frames",
                     errors.reduce(0, +) / Double(errors.count), errors.min()!, errors.max()!))
        #expect(errors.allSatisfy { abs($0) <= Self.promise(engine) })
    }
}
