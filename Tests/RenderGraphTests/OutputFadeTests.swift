import Testing
@testable import RenderGraph
import WoodshedCore

@Suite("The --for fade-out: linear, frame by frame, on the render thread")
struct OutputFadeTests {
    @Test("a click faded over 30 000 frames: frame k of the fade is the plain click times (L − k) / L, silence after",
          arguments: [64, 1000])
    func clickFadeIsExactPerFrame(block: Int) throws {
        let rate = 48_000, before = 6_000, length: Int64 = 30_000, total = 48_000
        let timeline = try ClickTimeline(plan: try plan(480, bars: 8), rate: rate)
        let plain = Renderer(timeline: timeline, sounds: testSounds(length: 4_000))
        let faded = Renderer(timeline: timeline, sounds: testSounds(length: 4_000))
        _ = plain.commands.tryPush(.start)
        _ = faded.commands.tryPush(.start)
        let reference = render(plain, frames: total, block: block)
        var out = render(faded, frames: before, block: block)
        #expect(faded.commands.tryPush(.fadeOut(frames: length)))
        out += render(faded, frames: total - before, block: block)
        #expect(out[..<before] == reference[..<before])
        var wrong = 0
        for f in before..<total {
            let k = Int64(f - before)
            let gain: Float = k >= length ? 0 : Float(length - k) / Float(length)
            if out[f] != reference[f] * gain { wrong += 1 }
        }
        #expect(wrong == 0)
        // The fade crosses clicks: it is heard, not a step at its end.
        #expect(reference[before..<(before + Int(length))].contains { $0 != 0 })
        #expect(out[(before + Int(length))...].allSatisfy { $0 == 0 })
    }

    @Test("the gain of frame k is (L − k) / L, and 0 from frame L on")
    func gains() {
        let f = OutputFade(frames: 4)
        #expect((0...5).map { f.gain(at: $0) } == [1, 0.75, 0.5, 0.25, 0, 0])
        #expect(OutputFade().length == 0)
    }
}
