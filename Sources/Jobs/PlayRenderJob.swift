import Foundation
import OfflineBackend
import Player
import RenderGraph
import Sounds
import WoodshedCore

/// `woodshed render OUT --play FILE`: the practice program written offline through the live
/// player's worker and deck. Stereo with the click mixed in, or with `--stems` three channels
/// (music left, music right, click). Main thread.
public struct PlayRenderJob {
    public let setup: PlaySetup
    public let rate: Int
    public let seconds: Double?
    public let stems: Bool
    public let sound: String?
    public let volume: Float

    public init(setup: PlaySetup, rate: Int, seconds: Double?, stems: Bool, sound: String?, volume: Float) {
        self.setup = setup
        self.rate = rate
        self.seconds = seconds
        self.stems = stems
        self.sound = sound
        self.volume = volume
    }

    public func write(to path: String, format: OutputFormat) throws {
        let program = setup.program(outputRate: rate)
        if case .endless = program.sections[setup.startSection].plan.repeats, seconds == nil {
            throw ValidationErrorMessage("an endless plan needs a length to render: give --seconds")
        }
        let sounds = try SoundSpec(parsing: sound ?? "beep").load(rate: rate)
        let waves = (Array(sounds.waves.accent).map { $0 * volume }, Array(sounds.waves.normal).map { $0 * volume })
        let writer = ProgramWriter(program: program, source: setup.source, clickWaves: waves, engine: setup.engine,
                                   startSection: setup.startSection)
        let deck = MusicDeck.allocate(ring: .allocate(blockFrames: 256, capacity: 64))
        defer { deck.deallocate() }
        let worker = PlayerWorker(writer: writer, deck: deck)
        let channels = stems ? 3 : 2
        let limit = seconds.map { Int64(($0 * Double(rate)).rounded()) } ?? Int64.max
        var length: Int64 = 0
        var step = program.start(section: setup.startSection)
        while let s = step, length < limit { length += s.length; step = program.step(after: s) }
        let total = min(length, limit)
        Interrupts.install()
        let out = try SoundFileWriter(path: path, format: format, rate: rate, channels: channels, frames: total)
        let buffer = UnsafeMutablePointer<Float>.allocate(capacity: 256 * channels)
        defer { buffer.deallocate() }
        let progress = ProgressLine(label: "rendering \(path)", rate: rate, enabled: ProgressLine.stderrIsTerminal)
        let frames = try OfflinePlayback.run(worker, maxFrames: limit) { c, l, r, n in
            if OfflineRender.interruptRequested.load(ordering: .relaxed) { throw ValidationErrorMessage("interrupted: \(path) not written") }
            for i in 0..<n {
                if stems {
                    buffer[3 * i] = l[i]; buffer[3 * i + 1] = r[i]; buffer[3 * i + 2] = c[i]
                } else {
                    buffer[2 * i] = l[i] + c[i]; buffer[2 * i + 1] = r[i] + c[i]
                }
            }
            try out.write(buffer, frames: n)
            progress.update(done: worker.deck[MusicDeck.Slot.playhead], total: total)
        }
        progress.finish()
        try out.commit()
        print("wrote \(path): \(setup.summary), \(SourceTime.of(frame: frames, rate: rate)) (\(frames) frames at \(rate) Hz, \(out.formatDescription)\(stems ? ", stems: music L, music R, click" : ""))")
    }
}
