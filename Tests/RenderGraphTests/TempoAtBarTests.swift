import RealtimeKit
import Testing
@testable import RenderGraph
import WoodshedCore
import WoodshedTestSupport

/// The listening speed trainer's step on the render thread: a tempo from the first frame of a
/// given bar, sample-exact; the coach's grid (`.step` notices) and where the input lies on it
/// (`InputStamp`).
@Suite("Renderer: a tempo from a bar line, the played grid and the input's place on it")
struct TempoAtBarTests {
    func notices(_ r: Renderer) -> [RenderNotice] {
        var out: [RenderNotice] = []
        while let n = r.notices.tryPop() { out.append(n) }
        return out
    }

    @Test("120 BPM, then 150 from bar 3: bars 1-2 on 24 000-frame beats, then 19 200-frame beats from frame 192 000", arguments: [64, 1000])
    func tempoFromBar(block: Int) throws {
        let t = try ClickTimeline(plan: try plan(120, bars: 4), rate: 48_000)
        let r = Renderer(timeline: t, sounds: testSounds())
        #expect(r.commands.tryPush(.start))
        #expect(r.commands.tryPush(.setTempoAtBar(milliBPM: 150_000, bar: 2)))
        let out = render(r, frames: 192_000 + 8 * 19_200, block: block)
        #expect(onsets(out) == (0..<8).map { $0 * 24_000 } + (0..<8).map { 192_000 + $0 * 19_200 })
        #expect(notices(r).contains(.tempoChangedAtBar(milliBPM: 150_000, bar: 2)))
    }

    @Test("a bar already passed: the change waits for the next bar line")
    func lateBar() throws {
        let t = try ClickTimeline(plan: try plan(120, bars: 4), rate: 48_000)
        let r = Renderer(timeline: t, sounds: testSounds())
        _ = r.commands.tryPush(.start)
        _ = render(r, frames: 100_000, block: 500)   // into bar 2
        _ = r.commands.tryPush(.setTempoAtBar(milliBPM: 60_000, bar: 0))
        let out = render(r, frames: 188_001, block: 500)
        #expect(onsets(out).map { $0 + 100_000 } == [120_000, 144_000, 168_000, 192_000, 240_000, 288_000])
    }

    @Test("every step is reported with its bar, step, cell and frame: silent cells and the count-in's too")
    func steps() throws {
        var p = try plan(120, meter: "2/4", pattern: "X.", bars: 2).subdivided(2)
        p.countInBars = 1
        let t = try ClickTimeline(plan: p, rate: 48_000)
        let r = Renderer(timeline: t, sounds: testSounds())
        r.reportsSteps = true
        _ = r.commands.tryPush(.start)
        _ = render(r, frames: 3 * 48_000, block: 256)
        var steps: [[Int64]] = []
        for n in notices(r) {
            guard case .step(let bar, let step, let perBar, let perBeat, let cell, let gap, let milliBPM, let frame) = n else { continue }
            #expect(!gap && milliBPM == 120_000)
            steps.append([bar, Int64(step), Int64(perBar), Int64(perBeat), Int64(cell), frame])
        }
        let (X, o, dot, x) = (Int64(ClickLevel.accent.rawValue), Int64(ClickLevel.subdivision.rawValue),
                              Int64(ClickLevel.silent.rawValue), Int64(ClickLevel.normal.rawValue))
        // The count-in: a bar of two beats (X x); then bars 1 and 2: X o . . (the silent beat's
        // subdivision is silent too), 12 000 frames a step.
        var expected: [[Int64]] = [[-1, 0, 2, 1, X, 0], [-1, 1, 2, 1, x, 24_000]]
        let cells: [Int64] = [X, o, dot, dot]
        for b in 0..<2 {
            for k in 0..<4 {
                let frame: Int64 = 48_000 + Int64(b * 4 + k) * 12_000
                expected.append([Int64(b), Int64(k), 4, 2, cells[k], frame])
            }
        }
        #expect(steps == expected)
    }

    @Test("the input's place on the timeline: no stamp while stopped after the first, one at the start, one after a stop")
    func stamps() throws {
        let t = try ClickTimeline(plan: try plan(120, bars: 100), rate: 48_000)
        let r = Renderer(timeline: t, sounds: testSounds())
        let capture = InputCapture.allocate(frames: 48_000, stamps: true)
        defer { capture.deallocate() }
        let graph = OutputGraph(renderer: r, input: capture)
        let click = UnsafeMutablePointer<Float>.allocate(capacity: 256)
        defer { click.deallocate() }
        func cycles(_ n: Int) {
            for _ in 0..<n {
                graph.process(frames: 256, click: click, left: nil, right: nil, timing: .free(skipped: 0))
                var scratch = [Float](repeating: 0, count: 256), marks = [UInt32](repeating: 0, count: 256)
                _ = scratch.withUnsafeMutableBufferPointer { s in marks.withUnsafeMutableBufferPointer { m in
                    capture.ring.read(into: s.baseAddress!, marks: m.baseAddress!, max: 256) } }
            }
        }
        cycles(3)                                  // stopped
        _ = r.commands.tryPush(.locate(frame: 0)); _ = r.commands.tryPush(.start)
        cycles(4)                                  // running from input frame 768
        _ = r.commands.tryPush(.stop)
        cycles(2)
        _ = r.commands.tryPush(.locate(frame: 0)); _ = r.commands.tryPush(.start)
        cycles(1)
        var stamps: [InputStamp] = []
        while let s = capture.stamps?.tryPop() { stamps.append(s) }
        #expect(stamps == [InputStamp(inputFrame: 0, timelineFrame: 0, running: false),
                           InputStamp(inputFrame: 768, timelineFrame: 0, running: true),
                           InputStamp(inputFrame: 1792, timelineFrame: 0, running: false),
                           InputStamp(inputFrame: 2304, timelineFrame: 0, running: true)])
    }
}
