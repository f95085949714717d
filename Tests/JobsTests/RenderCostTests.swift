import Jobs
import RenderGraph
import Testing

/// `woodshed render-cost`'s JSON line: its counts are exact, its times are measured.
@Suite("RenderCost: one JSON line per measurement")
struct RenderCostTests {
    @Test("a second at 48 kHz in 64-frame blocks is 750 blocks, for the click and for noise")
    func counts() throws {
        let cost = RenderCost(block: 64, seconds: 1, rate: 48_000)
        #expect(try cost.click(tempo: "120").hasPrefix("{\"block\":64,\"blocks\":750,\"ns_per_block\":"))
        let noise = try cost.noise(color: .pink, scope: false)
        #expect(noise.hasPrefix("{\"noise\":\"pink\",\"scope\":false,\"block\":64,\"blocks\":750,\"ns_per_block\":"))
        #expect(noise.contains(",\"rate\":48000,\"checksum\":"))
    }

    @Test("render-cost's options choose what is timed: the noise when named, the input capture, else the click")
    func line() throws {
        let cost = RenderCost(block: 64, seconds: 1, rate: 48_000)
        let practice = PlayRequest()
        #expect(try cost.line(tempo: "120", play: nil, practice: practice, noise: nil, input: false, scope: false)
            .hasPrefix("{\"block\":64,\"blocks\":750,\"ns_per_block\":"))
        #expect(try cost.line(tempo: "120", play: nil, practice: practice, noise: "brown", input: false, scope: true)
            .hasPrefix("{\"noise\":\"brown\",\"scope\":true,\"block\":64,\"blocks\":750,\"ns_per_block\":"))
        #expect(try cost.line(tempo: "x", play: nil, practice: practice, noise: "brown", input: true, scope: false)
            .hasPrefix("{\"input\":true,\"block\":64,\"blocks\":750,\"ns_per_block\":"))
        #expect(throws: (any Error).self) { try cost.line(tempo: "120", play: nil, practice: practice, noise: "purple", input: false, scope: false) }
    }
}
