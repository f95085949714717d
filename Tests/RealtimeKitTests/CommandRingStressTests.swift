#if canImport(Glibc)
import Glibc
#endif
import RealtimeKit
import RenderGraph
import Testing

/// The command ring and the notice ring (both `CommandRing`) with a producer and a consumer on
/// threads of their own: every item arrives once and in order, and both the full and the empty
/// edge are hit many times (a 16-slot ring, bursts of 1 to 40 items).
@Suite struct CommandRingStressTests {
    /// Items per run (a few seconds on a loaded 2-core machine in a debug build).
    static let count = RingPair.scaled(4_000_000)

    @Test func fourMillionNumbersArriveOnceAndInOrderThroughASixteenSlotRing() {
        let ring = CommandRing<UInt64>.allocate(capacity: 16)
        defer { ring.deallocate() }
        let sent = EdgeCount(), got = EdgeCount()
        let n = Self.count
        RingPair.run(producer: {
            var random = StressRandom(seed: 1)
            var next = 0
            while next < n {
                let burst = min(random.next(in: 1...40), n - next)
                for _ in 0..<burst {
                    if !ring.tryPush(UInt64(next) &* 0x9E37_79B9_7F4A_7C15) {
                        sent.edges.add(1, ordering: .relaxed)
                        repeat { sched_yield() } while !ring.tryPush(UInt64(next) &* 0x9E37_79B9_7F4A_7C15)
                    }
                    next += 1
                }
                if random.next() % 4 == 0 { sched_yield() }
            }
            sent.items.store(next, ordering: .relaxed)
        }, consumer: {
            var random = StressRandom(seed: 2)
            var expected = 0
            while expected < n {
                let burst = random.next(in: 1...40)
                for _ in 0..<burst where expected < n {
                    guard let v = ring.tryPop() else {
                        got.edges.add(1, ordering: .relaxed)
                        sched_yield()
                        continue
                    }
                    if v != UInt64(expected) &* 0x9E37_79B9_7F4A_7C15, got.firstBad.load(ordering: .relaxed) < 0 {
                        got.firstBad.store(expected, ordering: .relaxed)
                    }
                    expected += 1
                }
            }
            got.items.store(expected, ordering: .relaxed)
            if ring.tryPop() != nil { got.firstBad.store(n, ordering: .relaxed) }
        })
        #expect(sent.items.load(ordering: .relaxed) == n)
        #expect(got.items.load(ordering: .relaxed) == n)
        #expect(got.firstBad.load(ordering: .relaxed) == -1)
        #expect(sent.edges.load(ordering: .relaxed) > 0, "the producer never found the ring full")
        #expect(got.edges.load(ordering: .relaxed) > 0, "the consumer never found the ring empty")
        print("CommandRing<UInt64>: \(n) items, full \(sent.edges.load(ordering: .relaxed)) times, empty \(got.edges.load(ordering: .relaxed)) times")
    }

    /// The notice the renderer would push as the `i`th: cases of every payload size in turn
    /// (from none to eight fields), each carrying `i` where it has room.
    static func notice(_ i: Int) -> RenderNotice {
        let x = Int64(i)
        switch i % 7 {
        case 0: return .beat(bar: x, beat: Int32(truncatingIfNeeded: i), beatsPerBar: 7, denominator: 8, milliBPM: x * 3, levelRaw: UInt8(i & 0xff), frame: -x)
        case 1: return .timelineRetired(id: UInt64(i))
        case 2: return .finished
        case 3: return .midiMessage(kindRaw: UInt8(i & 0x7f), channel: UInt8(i % 16), data1: UInt8((i >> 7) & 0x7f), data2: 1, frame: x)
        case 4: return .runningChanged(i % 2 == 0)
        case 5: return .step(bar: x, step: Int32(truncatingIfNeeded: i >> 3), stepsPerBar: 16, stepsPerBeat: 4, cellRaw: UInt8(i & 3),
                             inGap: i % 3 == 0, milliBPM: 120_000, frame: x &* 5)
        default: return .tempoChangedAtBar(milliBPM: x, bar: -x)
        }
    }

    @Test func twoMillionNoticesOfEverySizeArriveOnceAndInOrder() {
        let ring = CommandRing<RenderNotice>.allocate(capacity: 16)
        defer { ring.deallocate() }
        let sent = EdgeCount(), got = EdgeCount()
        let n = RingPair.scaled(2_000_000)
        RingPair.run(producer: {
            var random = StressRandom(seed: 3)
            var next = 0
            while next < n {
                // The renderer pushes a cycle's notices, then waits for the next cycle.
                let cycle = min(random.next(in: 1...24), n - next)
                for _ in 0..<cycle {
                    if !ring.tryPush(Self.notice(next)) {
                        sent.edges.add(1, ordering: .relaxed)
                        repeat { sched_yield() } while !ring.tryPush(Self.notice(next))
                    }
                    next += 1
                }
                if random.next() % 3 == 0 { sched_yield() }
            }
            sent.items.store(next, ordering: .relaxed)
        }, consumer: {
            var expected = 0
            while expected < n {
                // The control thread drains everything at each turn.
                var drained = 0
                while let notice = ring.tryPop() {
                    if notice != Self.notice(expected), got.firstBad.load(ordering: .relaxed) < 0 {
                        got.firstBad.store(expected, ordering: .relaxed)
                    }
                    expected += 1
                    drained += 1
                }
                got.edges.add(1, ordering: .relaxed)
                if drained == 0 { sched_yield() }
            }
            got.items.store(expected, ordering: .relaxed)
        })
        #expect(sent.items.load(ordering: .relaxed) == n)
        #expect(got.items.load(ordering: .relaxed) == n)
        #expect(got.firstBad.load(ordering: .relaxed) == -1)
        #expect(sent.edges.load(ordering: .relaxed) > 0, "the renderer never found the notice ring full")
        #expect(got.edges.load(ordering: .relaxed) > 0, "the control thread never found the notice ring empty")
        print("CommandRing<RenderNotice>: \(n) notices, full \(sent.edges.load(ordering: .relaxed)) times, empty \(got.edges.load(ordering: .relaxed)) times")
    }
}
