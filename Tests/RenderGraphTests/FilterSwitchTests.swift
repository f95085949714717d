import Testing
@testable import RenderGraph

@Suite("--filter and --karaoke switched off and on while playing: a 20 ms linear crossfade, sample-exact, in the output graph")
struct FilterSwitchTests {
    /// Noise through a graph with the node (on `toggle`), one without, and one always on, 256
    /// frames at a time; `flips` lists the blocks before which the switch flips. Returns the
    /// switched graph's music left, the dry and the wet one.
    func render(karaoke: Bool, blocks: Int, flips: Set<Int>) throws -> (out: [Float], dry: [Float], wet: [Float]) {
        let rate = 48_000, block = 256
        let noise = try NoiseGenerator(color: .white, rate: rate)
        let toggle = NotchSwitch()
        func node(_ t: NotchSwitch = NotchSwitch()) -> FilterNode {
            karaoke ? FilterNode.karaoke(rate: rate, toggle: t) : FilterNode.allocate(.band(low: 300, high: 3000), rate: rate, toggle: t)
        }
        let switched = karaoke ? OutputGraph(renderer: nil, noise: noise, karaoke: node(toggle)) : OutputGraph(renderer: nil, noise: noise, filter: node(toggle))
        let dryGraph = OutputGraph(renderer: nil, noise: noise)
        let wetGraph = karaoke ? OutputGraph(renderer: nil, noise: noise, karaoke: node()) : OutputGraph(renderer: nil, noise: noise, filter: node())
        var out: [Float] = [], dry: [Float] = [], wet: [Float] = []
        var click = [Float](repeating: 0, count: block), left = click, right = click
        for b in 0..<blocks {
            if flips.contains(b) { toggle.toggle() }
            for (graph, keep) in [(switched, 0), (dryGraph, 1), (wetGraph, 2)] {
                click.withUnsafeMutableBufferPointer { c in left.withUnsafeMutableBufferPointer { l in right.withUnsafeMutableBufferPointer { r in
                    graph.process(frames: block, click: c.baseAddress!, left: l.baseAddress!, right: r.baseAddress!, timing: .free(skipped: 0))
                } } }
                #expect(left == right)
                switch keep { case 0: out += left; case 1: dry += left; default: wet += left }
            }
        }
        return (out, dry, wet)
    }

    /// The crossfade's frame at position p of n: dry + (wet − dry)·p/n in double precision.
    func mix(_ dry: Float, _ wet: Float, _ p: Int, _ n: Int) -> Float {
        Float(Double(dry) + (Double(wet) - Double(dry)) * (Double(p) / Double(n)))
    }

    @Test("off at frame 1024: the filtered (or karaoke) noise bit for bit before, 960 frames (20 ms at 48 kHz) of crossfade to dry, dry bit for bit; on at 4096: 960 frames back, then exactly filtered",
          arguments: [false, true])
    func offAndOn(karaoke: Bool) throws {
        let n = 960
        #expect(FilterNode.karaoke(rate: 48_000).crossfadeFrames == n)
        #expect(FilterNode.allocate(.lowpass(500), rate: 44_100).crossfadeFrames == 882)
        let r = try render(karaoke: karaoke, blocks: 32, flips: [4, 16])
        let off = 1024, on = 4096
        #expect(r.dry != r.wet)
        for i in 0..<off { #expect(r.out[i].bitPattern == r.wet[i].bitPattern, "frame \(i)") }
        for t in 0..<n { #expect(r.out[off + t].bitPattern == mix(r.dry[off + t], r.wet[off + t], n - 1 - t, n).bitPattern, "frame \(off + t)") }
        for i in (off + n)..<on { #expect(r.out[i].bitPattern == r.dry[i].bitPattern, "frame \(i)") }
        for t in 0..<n { #expect(r.out[on + t].bitPattern == mix(r.dry[on + t], r.wet[on + t], t + 1, n).bitPattern, "frame \(on + t)") }
        for i in (on + n)..<(32 * 256) { #expect(r.out[i].bitPattern == r.wet[i].bitPattern, "frame \(i)") }
    }

    @Test("each node names itself: lowpass 800 Hz, karaoke (the render line and the screen use these)")
    func summaries() {
        #expect(FilterNode.allocate(.lowpass(800), rate: 48_000).summary == "lowpass 800 Hz")
        #expect(FilterNode.karaoke(rate: 48_000).summary == "karaoke")
    }
}
