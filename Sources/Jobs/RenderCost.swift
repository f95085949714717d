import App
import Engine
import Foundation
import OfflineBackend
import Player
import RenderGraph
import Sounds
import WoodshedCore

/// `woodshed render-cost` (hidden, for `make bench`): times the render function alone on
/// blocks of a JACK period's size, offline, and returns one JSON line. Main thread.
///
/// Every mode runs the output graph (`OutputGraph.process`, what the JACK callback runs) through
/// the one offline loop (`OfflineLoop`), which times each block. `player` times the rehearsal
/// player: the graph with its deck per block and separately the worker's fill
/// (`PlayerWorker.fillAvailable`, the loop's pump) per ring block it wrote, both on this
/// thread, one after the other, as fast as they go.
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

    /// The JSON line for what `render-cost`'s options ask to time: the player on `play` (with
    /// `practice`), else the input capture (`input`), else the noise generator (`noise`, with
    /// `scope`), else the click at `tempo`.
    public func line(tempo: String, play: String?, practice: PlayRequest, noise: String?, input: Bool, scope: Bool) throws -> String {
        if let play { return try player(path: play, request: practice) }
        if input { return self.input() }
        if let noise { return try self.noise(color: try NoiseColor(parsing: noise), scope: scope) }
        return try click(tempo: tempo)
    }

    /// The click: the graph with the metronome (`Renderer.process`) per block; one JSON line.
    public func click(tempo: String) throws -> String {
        let plan = ClickPlan(map: TempoMap(entries: [TempoMapEntry(bars: nil, tempo: .constant(try Tempo(parsing: tempo)))]))
        let renderer = Renderer(timeline: try ClickTimeline(plan: plan, rate: rate),
                                sounds: try BuiltinSound.default.clickSounds(rate: rate))
        _ = renderer.commands.tryPush(.start)
        let blocks = Int(seconds * Double(rate)) / block
        var sink: Float = 0
        // Timed as a whole (a block of the click takes about as long as reading the clock).
        let start = UInt64(MonotonicClock.nanoseconds())
        try OfflineLoop(blockFrames: block).run(try OutputParts().graph(rate: rate, renderer: renderer), frames: Int64(blocks * block)) { b in
            sink += b.click[0]
        }
        let ns = Double(UInt64(MonotonicClock.nanoseconds()) - start) / Double(max(blocks, 1))
        return "{\"block\":\(block),\"blocks\":\(blocks),\"ns_per_block\":\(String(format: "%.1f", ns)),\"rate\":\(rate),\"checksum\":\(sink)}"
    }

    /// Noise as `woodshed noise` plays it: the graph with the generator on music L and R, and
    /// with `--scope` the tap over click, L and R; per block, mean and worst.
    public func noise(color: NoiseColor, scope: Bool) throws -> String {
        let generator = try NoiseGenerator(color: color, rate: rate)
        var parts = OutputParts()
        parts.makeNoise = { _ in generator }
        parts.scope = scope
        let graph = try parts.graph(rate: rate, renderer: nil)
        let blocks = Int(seconds * Double(rate)) / block
        var total: UInt64 = 0, worst: UInt64 = 0
        var sink: Float = 0
        try timedLoop.run(graph, frames: Int64(blocks * block)) { b in
            total += b.renderNanoseconds
            worst = max(worst, b.renderNanoseconds)
            sink += b.left[0]
        }
        let mean = Double(total) / Double(max(blocks, 1))
        return "{\"noise\":\"\(color)\",\"scope\":\(scope),\"block\":\(block),\"blocks\":\(blocks),\"ns_per_block\":\(String(format: "%.1f", mean)),\"max_ns\":\(worst),\"rate\":\(rate),\"checksum\":\(sink)}"
    }

    /// The input capture as the live callback runs it (`InputCapture.process`: `woodshed:in` and
    /// the turn marks into the ring), alone, per block: mean and worst. The ring is read back
    /// after every block, outside the timing, as the recorder's thread would.
    public func input() -> String {
        let capture = InputCapture.allocate()
        defer { capture.deallocate() }
        let blocks = Int(seconds * Double(rate)) / block
        let x = UnsafeMutablePointer<Float>.allocate(capacity: block)
        let back = UnsafeMutablePointer<Float>.allocate(capacity: block)
        let marks = UnsafeMutablePointer<UInt32>.allocate(capacity: block)
        defer { x.deallocate(); back.deallocate(); marks.deallocate() }
        for i in 0..<block { x[i] = Float(i) / Float(block) - 0.5 }
        var total: UInt64 = 0, worst: UInt64 = 0
        var sink: Float = 0
        for _ in 0..<blocks {
            capture.clearMarks(frames: block)
            let t0 = UInt64(MonotonicClock.nanoseconds())
            capture.process(frames: block, input: x)
            let ns = UInt64(MonotonicClock.nanoseconds()) - t0
            total += ns
            worst = max(worst, ns)
            _ = capture.ring.read(into: back, marks: marks, max: block)
            sink += back[0]
        }
        let mean = Double(total) / Double(max(blocks, 1))
        return "{\"input\":true,\"block\":\(block),\"blocks\":\(blocks),\"ns_per_block\":\(String(format: "%.1f", mean)),\"max_ns\":\(worst),\"dropped\":\(capture.ring.droppedFrames),\"rate\":\(rate),\"checksum\":\(sink)}"
    }

    /// The offline loop on blocks of `block` frames, timing each.
    private var timedLoop: OfflineLoop {
        OfflineLoop(blockFrames: block, clock: { UInt64(MonotonicClock.nanoseconds()) })
    }

    /// The player: the same writer, worker and deck as `render --play` (ring of 64 blocks of
    /// 256 frames, as live). Each `block`-frame render is timed alone; after it the worker
    /// refills the ring and that call is timed too, divided by the ring blocks it wrote.
    public func player(path: String, request: PlayRequest) throws -> String {
        guard block > 0 && block <= 8192 else { throw ValidationErrorMessage("--block must be 1 to 8192") }
        let setup = try PlaySetup(path: path, options: request, countIn: nil)
        let program = setup.program(outputRate: rate)
        let sounds = try SoundSpec(parsing: "beep").load(rate: rate)
        let writer = ProgramWriter(program: program, source: setup.source,
                                   clickWaves: (Array(sounds.waves.accent), Array(sounds.waves.normal)),
                                   engine: setup.engine, startSection: setup.startSection)
        let deck = MusicDeck.allocate(ring: .allocate(blockFrames: 256, capacity: 64))
        defer { deck.deallocate() }
        let worker = PlayerWorker(writer: writer, deck: deck)
        let maxBlocks = max(1, Int(seconds * Double(rate)) / block)
        var renderNs = [UInt64](repeating: 0, count: maxBlocks)
        var fillNs = [Double]()
        fillNs.reserveCapacity(maxBlocks * block / deck.ring.blockFrames + 64)
        var emptyFillNs: UInt64 = 0, emptyFills = 0
        var firstFillNs: UInt64 = 0, firstFillBlocks = 0
        var first = true

        // The pump: the ring filled once before playing, as `start()` does live, then after each block.
        var loop = timedLoop
        loop.pump = {
            let before = deck.ring.published
            let c = UInt64(MonotonicClock.nanoseconds())
            worker.fillAvailable()
            let d = UInt64(MonotonicClock.nanoseconds())
            let wrote = deck.ring.published - before
            if first {
                first = false
                firstFillNs = d - c
                firstFillBlocks = wrote
            } else if wrote > 0 {
                fillNs.append(Double(d - c) / Double(wrote))
            } else {
                emptyFillNs += d - c; emptyFills += 1
            }
        }
        var sink: Float = 0
        var blocks = 0
        try loop.run(try OutputParts().graph(rate: rate, renderer: nil, deck: deck), frames: Int64(maxBlocks * block)) { b in
            renderNs[blocks] = b.renderNanoseconds
            blocks += 1
            sink += b.left[0] + b.right[block - 1] + b.click[0]
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

    /// The block, length and rate checked before anything is built.
    public func check() throws(OptionProblem) {
        if !(seconds > 0 && seconds <= Double(OptionRange.longestSeconds)) {
            throw OptionProblem("--seconds \(seconds) is out of range: use more than 0 and at most \(OptionRange.longestSeconds)")
        }
        guard (1...8192).contains(block) else { throw OptionProblem("--block \(block) is out of range: use 1 to 8192") }
        guard (8_000...384_000).contains(rate) else { throw OptionProblem("rate \(rate) is not supported: use 8000 to 384000 Hz") }
    }
}
