import ArgumentParser
import Foundation
import RenderGraph
import Sounds
import WoodshedCore

/// `woodshed render-cost` (hidden, for `make bench`): times the render function alone on
/// blocks of a JACK period's size, offline, and prints one JSON line. Main thread.
struct RenderCostSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render-cost", abstract: "Time the render function per block (for make bench).",
        shouldDisplay: false)

    @Option(help: "Frames per block (the JACK period).") var block = 64
    @Option(help: "Seconds of click to render.") var seconds = 600.0
    @Option(help: "Sample rate.") var rate = 48_000
    @Option(help: "Tempo.") var tempo = "120"

    func run() throws {
        let plan = ClickPlan(map: TempoMap(entries: [TempoMapEntry(bars: nil, tempo: .constant(try Tempo(parsing: tempo)))]))
        let renderer = Renderer(timeline: try ClickTimeline(plan: plan, rate: rate),
                                sounds: try BuiltinSound.default.clickSounds(rate: rate))
        _ = renderer.commands.tryPush(.start)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: block)
        defer { buffer.deallocate() }
        let blocks = Int(seconds * Double(rate)) / block
        var sink: Float = 0
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<blocks {
            renderer.process(frames: block, click: buffer)
            sink += buffer[0]
        }
        let ns = Double(DispatchTime.now().uptimeNanoseconds - start) / Double(max(blocks, 1))
        print("{\"block\":\(block),\"blocks\":\(blocks),\"ns_per_block\":\(String(format: "%.1f", ns)),\"rate\":\(rate),\"checksum\":\(sink)}")
    }
}
