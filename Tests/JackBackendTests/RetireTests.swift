import Foundation
import RenderGraph
import Synchronization
import Testing
import WoodshedCore
import WoodshedTestSupport
@testable import JackBackend

/// Once a client is handed over to be closed, its callbacks leave the app's state alone: the
/// app frees the player's deck and the session's snapshots right after `JackBackend.stop()`,
/// while a close held up by a stopping server may still let a cycle run.
@Suite("RenderContext.retire: no callback works on the app's state after retire returns")
struct RetireTests {
    /// Counters shared by the test's "render thread" and the test. Any thread.
    final class Cycles: @unchecked Sendable {
        let context: RenderContext
        let worked = Atomic<Int>(0)
        let silenced = Atomic<Int>(0)
        /// Set by the test as soon as `retire` has returned.
        let retireReturned = Atomic<Bool>(false)
        /// Work seen running after `retire` returned.
        let late = Atomic<Int>(0)
        let stop = Atomic<Bool>(false)
        init(_ context: RenderContext) { self.context = context }
    }

    @Test("a render thread calling back without pause: work before, silence after, none overlapping the return of retire")
    func retire() throws {
        let meter = try Meter(parsing: "4/4")
        let plan = ClickPlan(map: TempoMap(entries: [TempoMapEntry(bars: 1, meter: meter, tempo: .constant(try Tempo(bpm: 120)), pattern: nil)]))
        let wave = [Float](repeating: 0.5, count: 48)
        let renderer = Renderer(timeline: try ClickTimeline(plan: plan, rate: 48_000),
                                sounds: ClickSounds(name: "test", rate: 48_000, accent: wave, normal: wave, subdivision: wave))
        let cycles = Cycles(RenderContext(graph: OutputGraph(renderer: renderer), mode: .free, barOffset: 0))
        let thread = Thread {
            while !cycles.stop.load(ordering: .relaxed) {
                if cycles.context.enterCallback() {
                    cycles.worked.add(1, ordering: .relaxed)
                    // A cycle's work takes a while: long enough for retire to land inside it.
                    for _ in 0..<100_000 where cycles.retireReturned.load(ordering: .relaxed) {
                        cycles.late.add(1, ordering: .relaxed)
                        break
                    }
                } else {
                    cycles.silenced.add(1, ordering: .relaxed)
                }
                cycles.context.leaveCallback()
            }
        }
        thread.start()
        defer { cycles.stop.store(true, ordering: .relaxed) }
        _ = Poll.until { cycles.worked.load(ordering: .relaxed) > 10 }
        #expect(cycles.context.retire(timeout: 1))
        cycles.retireReturned.store(true, ordering: .sequentiallyConsistent)
        _ = Poll.until { cycles.silenced.load(ordering: .relaxed) > 1_000 }
        let worked = cycles.worked.load(ordering: .relaxed)
        // "Nothing more happened", watched for 1,000 more callbacks rather than for a time: each
        // one was a chance for retired work to run, whatever the machine's speed or load.
        let watched = cycles.silenced.load(ordering: .relaxed) + 1_000
        #expect(Poll.until { cycles.silenced.load(ordering: .relaxed) >= watched })
        #expect(cycles.late.load(ordering: .relaxed) == 0)
        #expect(cycles.worked.load(ordering: .relaxed) == worked, "a callback worked after retire")
        #expect(cycles.silenced.load(ordering: .relaxed) > 1_000)
    }
}
