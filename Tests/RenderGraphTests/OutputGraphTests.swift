import Testing
@testable import RenderGraph
import WoodshedCore

@Suite("The output graph: click, music and scope assembled in one place for every backend")
struct OutputGraphTests {
    @Test("click and noise: the click is the renderer's alone, music L and R the generator's alone, frames counted, the scope sees all three")
    func clickNoiseAndScope() throws {
        let rate = 48_000, block = 100, total = 24_000
        let timeline = try ClickTimeline(plan: try plan(120, bars: 2), rate: rate)
        let alone = Renderer(timeline: timeline, sounds: testSounds())
        let inGraph = Renderer(timeline: timeline, sounds: testSounds())
        _ = alone.commands.tryPush(.start)
        _ = inGraph.commands.tryPush(.start)
        var noise = try NoiseGenerator(color: .pink, rate: rate)
        let graph = OutputGraph(renderer: inGraph, noise: noise, scope: ScopeTap.allocate(ports: 3, rate: rate))
        var click = [Float](repeating: 9, count: block), left = click, right = click
        var wantClick = click, wantNoise = click
        var clickSame = true, musicSame = true, anyClick = false
        for _ in 0..<(total / block) {
            click.withUnsafeMutableBufferPointer { c in
                left.withUnsafeMutableBufferPointer { l in
                    right.withUnsafeMutableBufferPointer { r in
                        graph.process(frames: block, click: c.baseAddress!, left: l.baseAddress!, right: r.baseAddress!, timing: .free(skipped: 0))
                    }
                }
            }
            wantClick.withUnsafeMutableBufferPointer { alone.process(frames: block, click: $0.baseAddress!) }
            wantNoise.withUnsafeMutableBufferPointer { noise.render(into: $0.baseAddress!, frames: block) }
            clickSame = clickSame && click == wantClick
            musicSame = musicSame && left == wantNoise && right == wantNoise
            anyClick = anyClick || click.contains { $0 != 0 }
        }
        #expect(clickSame && anyClick)
        #expect(musicSame)
        #expect(graph.noiseFrames.load(ordering: .relaxed) == Int64(total))
        #expect(graph.hasMusic && !graph.musicHasEnded())
        let snapshot = try #require(graph.scope?.snapshot())
        #expect(snapshot.frames == Int64(total) && snapshot.ports.count == 3)
        #expect(snapshot.ports.allSatisfy { $0.heldPeak > 0 })
    }

    @Test("no renderer (render --noise, render --play): the click comes out silent, whatever the buffer held")
    func noRendererSilentClick() {
        let graph = OutputGraph(renderer: nil)
        var click = [Float](repeating: 0.5, count: 64)
        click.withUnsafeMutableBufferPointer { graph.process(frames: 64, click: $0.baseAddress!, left: nil, right: nil, timing: .free(skipped: 0)) }
        #expect(click == [Float](repeating: 0, count: 64))
        #expect(!graph.hasMusic && graph.midiIn == nil && graph.musicalPosition(at: 0) == nil)
    }
}
