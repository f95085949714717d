import Foundation
import Stretch
import Testing
import WoodshedTestSupport

/// Test thread. What stretching 256 frames costs here, for the record (`WOODSHED_MEASURE=1`, in
/// `make bench`): a CPU's speed is no test's business. The player's cost against the period is
/// `make bench`'s "player deck and worker" section.
@Suite("Stretching's CPU cost per block, measured", .enabled(if: Measurements.enabled))
struct StretchCostMeasurements {
    /// CPU time of this thread, so that other processes on the machine do not count.
    static func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) * 1e-9
    }

    @Test("256 frames at 0.75×: CPU time per block (one 5.3 ms JACK cycle is the ceiling)",
          arguments: [(StretchEngine.faster, 48_000), (.finer, 48_000), (.faster, 44_100), (.finer, 44_100)])
    func costPerCycle(engine: StretchEngine, sourceRate: Int) {
        let stream = StretchStream(sourceRate: sourceRate, outputRate: 48_000, engine: engine)
        stream.restart(at: 0, speed: 0.75, semitones: 0)
        let clicks = Clicks.positions(count: 40, first: 1_000, spacing: Int64(sourceRate) / 4)
        let source = Clicks.source(at: clicks, rate: sourceRate, bed: 0.2)
        let out = UnsafeMutablePointer<Float>.allocate(capacity: 512)
        defer { out.deallocate() }
        for _ in 0..<100 { stream.render(count: 256, into: out, source: source) }
        var times: [Double] = []
        for _ in 0..<1_500 {
            let before = Self.cpuSeconds()
            stream.render(count: 256, into: out, source: source)
            times.append(Self.cpuSeconds() - before)
        }
        times.sort()
        let mean = times.reduce(0, +) / Double(times.count)
        print(String(format: "measured: Rubber Band \(engine), \(sourceRate) Hz, 256 frames at 0.75×: mean %.3f ms, p99 %.3f ms, max %.3f ms CPU",
                     mean * 1e3, times[times.count * 99 / 100] * 1e3, times.last! * 1e3))
        #expect(times.count == 1_500)
    }
}
