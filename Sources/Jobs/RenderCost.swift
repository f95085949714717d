import App
import Foundation
import Player
import RenderGraph
import Sounds
import WoodshedCore

/// `woodshed render-cost` (hidden, for `make bench`): times the render function alone on
/// blocks of a JACK period's size, offline, and returns one JSON line. Main thread.
///
/// `player` times the rehearsal player instead: `MusicDeck.render` per block, which is what the
/// JACK callback runs for the music, and separately the worker's fill
/// (`PlayerWorker.fillAvailable`) per ring block it wrote, both on this thread, one after the
/// other, as fast as they go.
public struct RenderCost {
    /// Frames per block (the JACK period).
    public let block: Int
    /// Seconds of output to render (the player: at most; the program may end first).
    public let seconds: Double
    public let rate: Int

    public init(block: Int, seconds: Double, rate: Int) {
        self.block = block
        self.seconds = seconds
        self.rate = rate
    }

    /// The click: `Renderer.process` per block; one JSON line.
    public func click(tempo: String) throws -> String {
        let plan = ClickPlan(map: TempoMap(entries: [TempoMapEntry(bars: nil, tempo: .constant(try Tempo(parsing: tempo)))]))
        let renderer = Renderer(timeline: try ClickTimeline(plan: plan, rate: rate),
                                sounds: try BuiltinSound.default.clickSounds(rate: rate))
        _ = renderer.commands.tryPush(.start)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: block)
        defer { buffer.deallocate() }
        let blocks = Int(seconds * Double(rate)) / block
        var sink: Float = 0
        let start = UInt64(MonotonicClock.nanoseconds())
        for _ in 0..<blocks {
            renderer.process(frames: block, click: buffer)
            sink += buffer[0]
        }
        let ns = Double(UInt64(MonotonicClock.nanoseconds()) - start) / Double(max(blocks, 1))
        return "{\"block\":\(block),\"blocks\":\(blocks),\"ns_per_block\":\(String(format: "%.1f", ns)),\"rate\":\(rate),\"checksum\":\(sink)}"
    }

    /// Noise as `woodshed noise` plays it: the generator into music_L, copied to music_R, and
    /// with `--scope` the tap over click, L and R; per block, mean and worst.
    public func noise(color: NoiseColor, scope: Bool) throws -> String {
        var generator = try NoiseGenerator(color: color, rate: rate)
        let tap = scope ? ScopeTap.allocate(ports: 3, rate: rate) : nil
        defer { tap?.deallocate() }
        let click = UnsafeMutablePointer<Float>.allocate(capacity: block), left = UnsafeMutablePointer<Float>.allocate(capacity: block)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: block)
        defer { click.deallocate(); left.deallocate(); right.deallocate() }
        click.update(repeating: 0, count: block)
        let blocks = Int(seconds * Double(rate)) / block
        var total: UInt64 = 0, worst: UInt64 = 0
        var sink: Float = 0
        for _ in 0..<blocks {
            let t0 = UInt64(MonotonicClock.nanoseconds())
            generator.render(into: left, frames: block)
            for i in 0..<block { right[i] = left[i] }
            tap?.process(frames: block, click, left, right)
            let dt = UInt64(MonotonicClock.nanoseconds()) - t0
            total += dt
            worst = max(worst, dt)
            sink += left[0]
        }
        let mean = Double(total) / Double(max(blocks, 1))
        return "{\"noise\":\"\(color)\",\"scope\":\(scope),\"block\":\(block),\"blocks\":\(blocks),\"ns_per_block\":\(String(format: "%.1f", mean)),\"max_ns\":\(worst),\"rate\":\(rate),\"checksum\":\(sink)}"
    }

    /// The player: the same writer, worker and deck as `render --play` (ring of 64 blocks of
    /// 256 frames, as live). Each `block`-frame render is timed alone; after it the worker
    /// refills the ring and that call is timed too, divided by the ring blocks it wrote.
    public func player(path: String, request: PlayRequest) throws -> String {
        guard block > 0 && block <= 8192 else { throw ValidationErrorMessage("--block must be 1 to 8192") }
        let setup = try PlaySetup(path: path, options: request, countIn: nil, progress: nil)
        let program = setup.program(outputRate: rate)
        let sounds = try SoundSpec(parsing: "beep").load(rate: rate)
        let writer = ProgramWriter(program: program, source: setup.source,
                                   clickWaves: (Array(sounds.waves.accent), Array(sounds.waves.normal)),
                                   engine: setup.engine, startSection: setup.startSection)
        let deck = MusicDeck.allocate(ring: .allocate(blockFrames: 256, capacity: 64))
        defer { deck.deallocate() }
        let worker = PlayerWorker(writer: writer, deck: deck)
        let click = UnsafeMutablePointer<Float>.allocate(capacity: block)
        let left = UnsafeMutablePointer<Float>.allocate(capacity: block)
        let right = UnsafeMutablePointer<Float>.allocate(capacity: block)
        defer { click.deallocate(); left.deallocate(); right.deallocate() }

        let maxBlocks = max(1, Int(seconds * Double(rate)) / block)
        var renderNs = [UInt64](repeating: 0, count: maxBlocks)
        var fillNs = [Double]()
        fillNs.reserveCapacity(maxBlocks * block / deck.ring.blockFrames + 64)
        var emptyFillNs: UInt64 = 0, emptyFills = 0

        let t0 = UInt64(MonotonicClock.nanoseconds())
        worker.fillAvailable()  // the ring filled once before playing, as `start()` does live
        let firstFillNs = UInt64(MonotonicClock.nanoseconds()) - t0
        let firstFillBlocks = deck.ring.published

        var sink: Float = 0
        var blocks = 0
        while blocks < maxBlocks && deck[.ended] == 0 {
            click.update(repeating: 0, count: block)
            let a = UInt64(MonotonicClock.nanoseconds())
            deck.render(frames: block, click: click, left: left, right: right)
            let b = UInt64(MonotonicClock.nanoseconds())
            renderNs[blocks] = b - a
            blocks += 1
            sink += left[0] + right[block - 1] + click[0]
            let before = deck.ring.published
            let c = UInt64(MonotonicClock.nanoseconds())
            worker.fillAvailable()
            let d = UInt64(MonotonicClock.nanoseconds())
            let wrote = deck.ring.published - before
            if wrote > 0 { fillNs.append(Double(d - c) / Double(wrote)) } else { emptyFillNs += d - c; emptyFills += 1 }
        }
        let underruns = deck[.underrunFrames]
        // Not `map(Double.init)`: on UInt64 that picks `init(bitPattern:)`.
        let render = renderNs[0..<blocks].map { Double($0) }
        let ringBlock = deck.ring.blockFrames
        func stats(_ v: [Double]) -> String {
            guard !v.isEmpty else { return "null" }
            let s = v.sorted()
            let mean = s.reduce(0, +) / Double(s.count)
            let p = { (q: Double) in s[min(s.count - 1, Int((Double(s.count) * q).rounded(.up)) - 1)] }
            return String(format: "{\"mean\":%.1f,\"p50\":%.1f,\"p99\":%.1f,\"p999\":%.1f,\"max\":%.1f,\"count\":%d}",
                          mean, p(0.5), p(0.99), p(0.999), s.last!, s.count)
        }
        let engine = request.engine
        let speed = Double(setup.speed) / 1000
        return "{\"mode\":\"play\",\"file\":\(jsonString(path)),\"speed\":\(speed),\"engine\":\"\(engine)\","
              + "\"transpose_cents\":\(setup.transposeCents),\"rate\":\(rate),\"source_rate\":\(setup.info.rate),"
              + "\"block\":\(block),\"blocks\":\(blocks),\"seconds\":\(String(format: "%.3f", Double(blocks * block) / Double(rate))),"
              + "\"render_ns\":\(stats(render)),"
              + "\"fill_block_frames\":\(ringBlock),\"fill_ns_per_block\":\(stats(fillNs)),"
              + "\"first_fill\":{\"blocks\":\(firstFillBlocks),\"ns\":\(firstFillNs)},"
              + "\"empty_fill_mean_ns\":\(String(format: "%.1f", emptyFills > 0 ? Double(emptyFillNs) / Double(emptyFills) : 0)),"
              + "\"underrun_frames\":\(underruns),\"checksum\":\(sink.isFinite ? sink : 0)}"
    }

    private func jsonString(_ s: String) -> String {
        let data = (try? JSONSerialization.data(withJSONObject: [s])) ?? Data("[\"\"]".utf8)
        let text = String(decoding: data, as: UTF8.self)
        return String(text.dropFirst().dropLast())
    }
}
