import RealtimeKit
import Testing
@testable import RenderGraph
import WoodshedCore
import WoodshedTestSupport


/// Test waves: a decaying ramp per level, each with a distinct first sample.
func testSounds(rate: Int = 48_000, length: Int = 480) -> ClickSounds {
    func wave(_ a: Float) -> [Float] { (0..<length).map { a * Float(length - $0) / Float(length) } }
    return ClickSounds(name: "test", rate: rate, accent: wave(0.8), normal: wave(0.5), subdivision: wave(0.25))
}

func plan(_ bpm: Int, meter: String = "4/4", pattern: String? = nil, bars: Int) throws -> ClickPlan {
    let m = try Meter(parsing: meter)
    return ClickPlan(map: TempoMap(entries: [TempoMapEntry(
        bars: bars, meter: m, tempo: .constant(try Tempo(bpm: bpm)),
        pattern: try pattern.map { try ClickPattern(parsing: $0, meter: m) })]))
}

/// Renders `frames` frames in blocks of `block`.
func render(_ r: Renderer, frames: Int, block: Int) -> [Float] {
    var out = [Float](repeating: 0, count: frames)
    out.withUnsafeMutableBufferPointer { buf in
        var done = 0
        while done < frames {
            let n = min(block, frames - done)
            r.process(frames: n, click: buf.baseAddress! + done)
            done += n
        }
    }
    return out
}

@Suite("Renderer: the click track the live client and offline render share")
struct RendererTests {
    @Test("clicks start on their exact frames whatever the buffer size", arguments: [1, 64, 100, 1024, 4096])
    func exactOnsetsAnyBlockSize(block: Int) throws {
        let t = try ClickTimeline(plan: try plan(133, meter: "7/8", pattern: "X..x.x.", bars: 4), rate: 44_100)
        let r = Renderer(timeline: t, sounds: testSounds(rate: 44_100))
        #expect(r.commands.tryPush(.start))
        let out = render(r, frames: Int(t.endFrame!), block: block)
        let expected = (0..<4).flatMap { bar in [0, 3, 5].map { beat in
            Int(ExactMath.beatFrame(Int64(bar * 7 + beat), tempo: try! Tempo(bpm: 133), denominator: 8, rate: 44_100)) } }
        #expect(onsets(out) == expected)
        #expect(out[expected[0]] == 0.8)      // accent's first sample, bit-exact
        #expect(out[expected[1]] == 0.5)      // normal
    }

    @Test("overlapping clicks mix instead of cutting each other off")
    func overlapMixes() throws {
        // 1000 BPM eighths: 1440 frames apart at 48 kHz; the test wave is 4000 frames long
        let t = try ClickTimeline(plan: try plan(1000, meter: "4/8", bars: 1), rate: 48_000)
        let r = Renderer(timeline: t, sounds: testSounds(length: 4000))
        _ = r.commands.tryPush(.start)
        let out = render(r, frames: 5760, block: 256)
        let accentAt1440 = 0.8 * Float(4000 - 1440) / 4000
        #expect(abs(out[1440] - (accentAt1440 + 0.5)) < 1e-6)
    }

    @Test("stopped renders silence; start, stop and locate apply at the next cycle")
    func commands() throws {
        let t = try ClickTimeline(plan: try plan(120, bars: 100), rate: 48_000)
        let r = Renderer(timeline: t, sounds: testSounds())
        #expect(render(r, frames: 1000, block: 500).allSatisfy { $0 == 0 })
        #expect(r.position == 0)
        _ = r.commands.tryPush(.locate(frame: 24_000 * 10 - 100))
        _ = r.commands.tryPush(.start)
        let out = render(r, frames: 1000, block: 256)
        #expect(onsets(out) == [100])
        #expect(out[100] == 0.5)   // beat 10 = bar 3, beat 3: normal
        _ = r.commands.tryPush(.stop)
        let silent = render(r, frames: 48_000, block: 512)
        #expect(onsets(silent) == [])   // the voice rang out before; nothing new starts
    }

    @Test("master and level volumes scale the click; mute silences new clicks")
    func volumes() throws {
        let t = try ClickTimeline(plan: try plan(120, bars: 2), rate: 48_000)
        let r = Renderer(timeline: t, sounds: testSounds())
        _ = r.commands.tryPush(.setMasterVolume(0.5))
        _ = r.commands.tryPush(.setLevelVolume(levelRaw: ClickLevel.normal.rawValue, volume: 0.5))
        _ = r.commands.tryPush(.start)
        let out = render(r, frames: 96_000, block: 1024)
        #expect(out[0] == 0.4)
        #expect(out[24_000] == 0.125)
        _ = r.commands.tryPush(.setMuted(true))
        #expect(onsets(render(r, frames: 96_000, block: 1024)) == [])
    }

    @Test("the command ring refuses when full and gives values back in order")
    func ring() {
        let ring = CommandRing<RenderCommand>.allocate(capacity: 4)
        defer { ring.deallocate() }
        for i in 0..<4 { #expect(ring.tryPush(.locate(frame: Int64(i)))) }
        #expect(!ring.tryPush(.start))
        for i in 0..<4 { #expect(ring.tryPop() == .locate(frame: Int64(i))) }
        #expect(ring.tryPop() == nil)
    }
}

@Suite("Renderer over a long run: no drift after 10,000 bars")
struct LongRunTests {
    @Test("10,000 bars at 97 BPM, 44.1 kHz: rendered clicks throughout and at the very end sit on round(k·60·44100/97)")
    func noDrift() throws {
        let t = try ClickTimeline(plan: try plan(97, bars: 10_000), rate: 44_100)
        let r = Renderer(timeline: t, sounds: testSounds(rate: 44_100))
        _ = r.commands.tryPush(.start)
        // every 97th bar and the last bar: locate 1000 frames before the bar, render 3 beats
        for bar in Array(stride(from: 0, to: 10_000, by: 97)) + [9_999] {
            let k = Int64(bar * 4)
            let expected = ExactMath.beatFrame(k, tempo: try Tempo(bpm: 97), denominator: 4, rate: 44_100)
            let from = max(0, expected - 1000)
            _ = r.commands.tryPush(.locate(frame: from))
            let out = render(r, frames: 1000 + 27_279 * 2 + 100, block: 512)
            let beats = try (k..<k + 3).map { ExactMath.beatFrame($0, tempo: try Tempo(bpm: 97), denominator: 4, rate: 44_100) }
            #expect(onsets(out).map { Int64($0) + from } == beats, "bar \(bar)")
            #expect(out[Int(expected - from)] == 0.8)
        }
        #expect(t.endFrame == 1_091_134_021)   // round(40000 · 60 · 44100 / 97)
    }
}
