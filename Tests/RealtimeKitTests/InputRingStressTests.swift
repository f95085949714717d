#if canImport(Glibc)
import Glibc
#endif
import RealtimeKit
import Testing

/// The input capture's ring with the render thread's side and a worker's side on threads of
/// their own: every frame arrives once and in order with its mark, cycles of 1 to 300 frames
/// are written whole or refused whole (and counted as dropped), reads take 1 to 700 frames, and
/// both edges are hit many times (a 1024-frame ring).
@Suite struct InputRingStressTests {
    @Test func sixteenMillionFramesInCyclesOfEverySizeArriveOnceAndInOrder() {
        let ring = InputRing.allocate(capacity: 1024)
        defer { ring.deallocate() }
        let sent = EdgeCount(), got = EdgeCount()
        let refused = EdgeCount()
        let n = RingPair.scaled(16_000_000)
        RingPair.run(producer: {
            var random = StressRandom(seed: 6)
            let input = UnsafeMutablePointer<Float>.allocate(capacity: 300)
            let marks = UnsafeMutablePointer<UInt32>.allocate(capacity: 300)
            defer { input.deallocate(); marks.deallocate() }
            var next = 0
            while next < n {
                let cycle = min(random.next(in: 1...300), n - next)
                for i in 0..<cycle {
                    input[i] = Float((next + i) & 0xFFFFFF)
                    marks[i] = UInt32(truncatingIfNeeded: next + i)
                }
                // Every other cycle without marks (the capture outside a turn writes none).
                let withMarks = (next / 7) % 2 == 0
                if !ring.tryWrite(input, marks: withMarks ? UnsafePointer(marks) : nil, count: cycle) {
                    sent.edges.add(1, ordering: .relaxed)
                    refused.items.add(cycle, ordering: .relaxed)
                    // Here the render thread drops the cycle; the test writes it again, to check every frame.
                    while !ring.tryWrite(input, marks: withMarks ? UnsafePointer(marks) : nil, count: cycle) {
                        refused.items.add(cycle, ordering: .relaxed)
                        sched_yield()
                    }
                }
                next += cycle
                if random.next() % 4 == 0 { sched_yield() }
            }
            sent.items.store(next, ordering: .relaxed)
        }, consumer: {
            var random = StressRandom(seed: 7)
            let out = UnsafeMutablePointer<Float>.allocate(capacity: 700)
            let marks = UnsafeMutablePointer<UInt32>.allocate(capacity: 700)
            defer { out.deallocate(); marks.deallocate() }
            var expected = 0
            var marked = 0
            while expected < n {
                let got1 = ring.read(into: out, marks: marks, max: random.next(in: 1...700))
                if got1 == 0 {
                    got.edges.add(1, ordering: .relaxed)
                    sched_yield()
                    continue
                }
                for i in 0..<got1 {
                    let x = expected + i
                    // A frame's mark is its number where the cycle had marks, else 0.
                    if marks[i] != 0 { marked += 1 }
                    if out[i] != Float(x & 0xFFFFFF) || (marks[i] != 0 && marks[i] != UInt32(truncatingIfNeeded: x)),
                       got.firstBad.load(ordering: .relaxed) < 0 {
                        got.firstBad.store(x, ordering: .relaxed)
                    }
                }
                expected += got1
            }
            got.items.store(expected, ordering: .relaxed)
            got.marked.store(marked, ordering: .relaxed)
        })
        #expect(sent.items.load(ordering: .relaxed) == n)
        #expect(got.items.load(ordering: .relaxed) == n)
        #expect(got.firstBad.load(ordering: .relaxed) == -1)
        #expect(got.marked.load(ordering: .relaxed) > n / 4, "about half the frames carry marks")
        #expect(ring.written == n && ring.consumed == n)
        #expect(ring.droppedFrames == refused.items.load(ordering: .relaxed), "every refused cycle is counted as dropped")
        #expect(sent.edges.load(ordering: .relaxed) > 0, "the render side never found the ring full")
        #expect(got.edges.load(ordering: .relaxed) > 0, "the reader never found the ring empty")
        print("InputRing: \(n) frames, full \(sent.edges.load(ordering: .relaxed)) times (\(ring.droppedFrames) frames refused), empty \(got.edges.load(ordering: .relaxed)) times")
    }
}
