#if canImport(Glibc)
import Glibc
#endif
import RealtimeKit
import Testing

/// The music ring with the worker's side and the render thread's side on threads of their own:
/// every block arrives once, in order, with its header and its samples as written; the worker
/// finds the ring full and the reader finds it empty many times (an 8-block ring).
@Suite struct MusicRingStressTests {
    /// Sample `i` of channel `c` of absolute block `k`.
    static func sample(_ k: Int, _ c: Int, _ i: Int) -> Float { Float((k &* 31 &+ c &* 7 &+ i) & 0xFFFF) }

    @Test func aMillionBlocksOfOneToSixteenFramesArriveOnceAndInOrder() {
        let ring = MusicRing.allocate(blockFrames: 16, capacity: 8)
        defer { ring.deallocate() }
        let sent = EdgeCount(), got = EdgeCount()
        let n = RingPair.scaled(1_000_000)
        RingPair.run(producer: {
            var random = StressRandom(seed: 4)
            var k = 0
            while k < n {
                guard let w = ring.nextWritable() else {
                    sent.edges.add(1, ordering: .relaxed)
                    while ring.nextWritable() == nil { sched_yield() }
                    continue
                }
                precondition(w == k)
                let frames = random.next(in: 1...16)
                for c in 0..<3 {
                    let p = ring.channel(c, ofBlock: k)
                    for i in 0..<frames { p[i] = Self.sample(k, c, i) }
                }
                ring.publish(k, header: MusicBlockHeader(generation: UInt32(truncatingIfNeeded: k >> 4), continuesFrom: Int64(k),
                                                         frames: Int32(frames), ended: k == n - 1, turn: UInt32(truncatingIfNeeded: k)))
                k += 1
                if random.next() % 8 == 0 { sched_yield() }
            }
            sent.items.store(k, ordering: .relaxed)
        }, consumer: {
            var random = StressRandom(seed: 5)
            var sizes = StressRandom(seed: 4)
            var k = 0
            while k < n {
                // A render cycle reads a few blocks, then releases them.
                let cycle = random.next(in: 1...6)
                var read = 0
                while read < cycle && k < n {
                    guard let h = ring.header(ofBlock: k) else {
                        got.edges.add(1, ordering: .relaxed)
                        sched_yield()
                        break
                    }
                    let frames = sizes.next(in: 1...16)
                    _ = sizes.next()  // the producer's yield draw
                    var ok = h.frames == Int32(frames) && h.continuesFrom == Int64(k) && h.ended == (k == n - 1)
                        && h.turn == UInt32(truncatingIfNeeded: k) && h.generation == UInt32(truncatingIfNeeded: k >> 4)
                    for c in 0..<3 {
                        let p = ring.channel(c, ofBlock: k)
                        for i in 0..<frames where p[i] != Self.sample(k, c, i) { ok = false }
                    }
                    if !ok && got.firstBad.load(ordering: .relaxed) < 0 { got.firstBad.store(k, ordering: .relaxed) }
                    k += 1
                    read += 1
                }
                ring.release(upTo: k)
            }
            got.items.store(k, ordering: .relaxed)
            if ring.header(ofBlock: k) != nil { got.firstBad.store(n, ordering: .relaxed) }
        })
        #expect(sent.items.load(ordering: .relaxed) == n)
        #expect(got.items.load(ordering: .relaxed) == n)
        #expect(got.firstBad.load(ordering: .relaxed) == -1)
        #expect(ring.published == n && ring.released == n)
        #expect(sent.edges.load(ordering: .relaxed) > 0, "the worker never found the ring full")
        #expect(got.edges.load(ordering: .relaxed) > 0, "the reader never found the ring empty")
        print("MusicRing: \(n) blocks, full \(sent.edges.load(ordering: .relaxed)) times, empty \(got.edges.load(ordering: .relaxed)) times")
    }
}
