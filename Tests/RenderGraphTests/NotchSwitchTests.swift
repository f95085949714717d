import Testing
@testable import RenderGraph

@Suite("The notch switched off and on while playing: a 20 ms linear crossfade, sample-exact, in the output graph")
struct NotchSwitchTests {
    /// Noise through a graph with the notch (on `toggle`), one without, and one always on,
    /// `block` frames at a time; `flips` lists the blocks before which the switch flips.
    /// Returns the switched graph's music left, the dry and the wet one.
    func render(blocks: Int, block: Int, flips: Set<Int>, startOn: Bool = true) throws -> (out: [Float], dry: [Float], wet: [Float]) {
        let rate = 48_000
        let noise = try NoiseGenerator(color: .white, rate: rate)
        let toggle = NotchSwitch(on: startOn)
        let switched = OutputGraph(renderer: nil, noise: noise, notch: NotchFilter.allocate(Notch(frequency: 4000), rate: rate, toggle: toggle))
        let dryGraph = OutputGraph(renderer: nil, noise: noise)
        let wetGraph = OutputGraph(renderer: nil, noise: noise, notch: NotchFilter.allocate(Notch(frequency: 4000), rate: rate))
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

    @Test("off at frame 1024: frames before are the notched noise bit for bit, the next 960 (20 ms at 48 kHz) fade to dry, then dry bit for bit; on again at 4096: 960 frames back to exactly the notched noise")
    func offAndOn() throws {
        let n = 960
        #expect(NotchFilter.allocate(Notch(frequency: 4000), rate: 48_000).crossfadeFrames == n)
        #expect(NotchFilter.allocate(Notch(frequency: 4000), rate: 44_100).crossfadeFrames == 882)
        let r = try render(blocks: 32, block: 256, flips: [4, 16])
        let off = 1024, on = 4096
        #expect(r.dry != r.wet)
        for i in 0..<off { #expect(r.out[i].bitPattern == r.wet[i].bitPattern, "frame \(i)") }
        for t in 0..<n { #expect(r.out[off + t].bitPattern == mix(r.dry[off + t], r.wet[off + t], n - 1 - t, n).bitPattern, "frame \(off + t)") }
        for i in (off + n)..<on { #expect(r.out[i].bitPattern == r.dry[i].bitPattern, "frame \(i)") }
        for t in 0..<n { #expect(r.out[on + t].bitPattern == mix(r.dry[on + t], r.wet[on + t], t + 1, n).bitPattern, "frame \(on + t)") }
        for i in (on + n)..<(32 * 256) { #expect(r.out[i].bitPattern == r.wet[i].bitPattern, "frame \(i)") }
    }

    @Test("switched back on 256 frames into a fade off, it turns round where it is: 704 of 960, then up by one a frame")
    func turnRound() throws {
        let n = 960
        let r = try render(blocks: 12, block: 256, flips: [4, 5])
        for t in 0..<256 { #expect(r.out[1024 + t].bitPattern == mix(r.dry[1024 + t], r.wet[1024 + t], n - 1 - t, n).bitPattern) }
        for t in 0..<256 { #expect(r.out[1280 + t].bitPattern == mix(r.dry[1280 + t], r.wet[1280 + t], n - 256 + 1 + t, n).bitPattern) }
        let back = 1280 + 255   // p reaches n here
        for i in back..<(12 * 256) { #expect(r.out[i].bitPattern == r.wet[i].bitPattern, "frame \(i)") }
    }

    @Test("a session whose switch is off from the start (a reconnect after f) plays the noise as it is, bit for bit")
    func startsOff() throws {
        let r = try render(blocks: 8, block: 128, flips: [], startOn: false)
        #expect(r.out.map(\.bitPattern) == r.dry.map(\.bitPattern))
    }

    @Test("the switch: toggle says the new state")
    func toggleSays() {
        let s = NotchSwitch()
        #expect(s.isOn && !s.toggle() && !s.isOn && s.toggle() && s.isOn)
    }
}
