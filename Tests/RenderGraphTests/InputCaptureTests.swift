import RealtimeKit
import RenderGraph
import Testing

/// The output graph's input node: each cycle's input goes into the capture's ring, frame for
/// frame, with the turn marks the deck wrote for the frames that played a turn.
@Suite("InputCapture: the input into a ring, with the deck's turn marks")
struct InputCaptureTests {
    @Test("a turn in the music's blocks marks exactly its frames; the input is copied sample for sample; no port: silence")
    func marksAndSamples() {
        let ring = MusicRing.allocate(blockFrames: 256, capacity: 4)
        let deck = MusicDeck.allocate(ring: ring)
        defer { deck.deallocate() }
        // Block 0: music; block 1: a turn (number 5) from frame 100 of the block to its end; block 2: turn 5 to frame 40.
        let headers = [MusicBlockHeader(frames: 256),
                       MusicBlockHeader(frames: 256, turn: 5, turnFrom: 100, turnTo: 256),
                       MusicBlockHeader(frames: 256, turn: 5, turnFrom: 0, turnTo: 40)]
        for (k, h) in headers.enumerated() { ring.publish(k, header: h) }
        let capture = InputCapture.allocate(frames: 48_000)
        defer { capture.deallocate() }
        let graph = OutputGraph(renderer: nil, deck: deck, input: capture)
        let click = UnsafeMutablePointer<Float>.allocate(capacity: 256), left = UnsafeMutablePointer<Float>.allocate(capacity: 256),
            right = UnsafeMutablePointer<Float>.allocate(capacity: 256), input = UnsafeMutablePointer<Float>.allocate(capacity: 256)
        defer { click.deallocate(); left.deallocate(); right.deallocate(); input.deallocate() }
        var expected: [Float] = []
        for cycle in 0..<3 {
            for i in 0..<200 { input[i] = Float(cycle * 200 + i) / 8_388_608 }
            graph.process(frames: 200, click: click, left: left, right: right, timing: .free(skipped: 0),
                          input: cycle == 2 ? nil : UnsafePointer(input))
            expected += cycle == 2 ? [Float](repeating: 0, count: 200) : (0..<200).map { input[$0] }
        }
        var samples = [Float](repeating: -1, count: 1000), marks = [UInt32](repeating: 9, count: 1000)
        let n = samples.withUnsafeMutableBufferPointer { s in
            marks.withUnsafeMutableBufferPointer { m in capture.ring.read(into: s.baseAddress!, marks: m.baseAddress!, max: 1000) }
        }
        #expect(n == 600)
        #expect(Array(samples[0..<600]) == expected)
        // Frames 356 ..< 552 of the program (block 1 from 100, block 2 up to 40) are turn 5.
        #expect(Array(marks[0..<600]) == (0..<600).map { $0 >= 356 && $0 < 552 ? 5 : 0 })
        #expect(capture.ring.droppedFrames == 0)
    }

    @Test("a reader that falls behind: the cycle that does not fit is dropped whole and counted")
    func overrunDropsTheCycle() {
        let capture = InputCapture.allocate(frames: 100)  // 128 frames of room
        defer { capture.deallocate() }
        let graph = OutputGraph(renderer: nil, input: capture)
        let click = UnsafeMutablePointer<Float>.allocate(capacity: 64)
        defer { click.deallocate() }
        for _ in 0..<3 { graph.process(frames: 64, click: click, left: nil, right: nil, timing: .free(skipped: 0)) }
        #expect(capture.ring.written == 128)
        #expect(capture.ring.droppedFrames == 64)
    }

    @Test("unread (no --record, no --coach): the port's input is dropped, nothing is written or counted; the deck's marks still work")
    func unreadKeepsNothing() {
        let ring = MusicRing.allocate(blockFrames: 256, capacity: 4)
        let deck = MusicDeck.allocate(ring: ring)
        defer { deck.deallocate() }
        ring.publish(0, header: MusicBlockHeader(frames: 256, turn: 3, turnFrom: 10, turnTo: 20))
        let capture = InputCapture.unread()
        defer { capture.deallocate() }
        #expect(!capture.keepsInput)
        let graph = OutputGraph(renderer: nil, deck: deck, input: capture)
        let click = UnsafeMutablePointer<Float>.allocate(capacity: 256), left = UnsafeMutablePointer<Float>.allocate(capacity: 256),
            right = UnsafeMutablePointer<Float>.allocate(capacity: 256), input = UnsafeMutablePointer<Float>.allocate(capacity: 256)
        defer { click.deallocate(); left.deallocate(); right.deallocate(); input.deallocate() }
        input.initialize(repeating: 0.5, count: 256)
        for _ in 0..<4 {
            graph.process(frames: 64, click: click, left: left, right: right, timing: .free(skipped: 0), input: UnsafePointer(input))
        }
        #expect(capture.ring.written == 0)
        #expect(capture.ring.droppedFrames == 0)
        // The last cycle (frames 192 ..< 256 of the block) has no turn frames: all its marks are 0.
        #expect((0..<64).map { capture.turnMarks[$0] } == [UInt32](repeating: 0, count: 64))
    }
}
