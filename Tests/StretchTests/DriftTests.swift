import Foundation
import Stretch
import Testing

@Suite("Source is consumed at the playback speed")
struct DriftTests {
    static let cases: [(StretchEngine, Int, Double)] = [
        (.faster, 48_000, 0.75), (.finer, 48_000, 0.75), (.faster, 44_100, 0.5), (.finer, 44_100, 1.5),
    ]

    @Test("over 30 s of output, the source read runs ahead of the play position by a bounded amount",
          arguments: cases)
    func boundedReadAhead(engine: StretchEngine, sourceRate: Int, speed: Double) {
        let stream = StretchStream(sourceRate: sourceRate, outputRate: 48_000, engine: engine)
        stream.restart(at: 0, speed: speed, semitones: 0)
        let clicks = Clicks.positions(count: 200, first: 1_000, spacing: Int64(sourceRate) / 3)
        let source = Clicks.source(at: clicks, rate: sourceRate, bed: 0.05)
        let out = UnsafeMutablePointer<Float>.allocate(capacity: 512)
        defer { out.deallocate() }
        var least = Double.infinity, most = -Double.infinity
        let calls = 30 * 48_000 / 256
        for _ in 0..<calls {
            stream.render(count: 256, into: out, source: source)
            let ahead = Double(stream.sourceReadPosition) - stream.sourcePosition
            least = min(least, ahead)
            most = max(most, ahead)
        }
        let step = speed * Double(sourceRate) / 48_000
        print("\(engine) \(sourceRate) Hz at \(speed)×: read-ahead \(least)...\(most) source frames")
        #expect(stream.sourcePosition == Double(calls * 256) * step)
        #expect(least >= 0)
        #expect(most <= 6_000)
        #expect(most - least <= 512)
    }
}
