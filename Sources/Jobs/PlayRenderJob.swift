import App
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
    /// `--notch`: the band-stop over the music (never the click), if any.
    public var notch: Notch?
    /// `--filter` and `--karaoke`: over the music after the notch (never the click), if any.
    public var filter: FilterChoice?
    public var karaoke = false
    /// `--then-sound`: a sound after the program, as `play --then-sound` plays it live (from the
    /// first block after the music's end, fading out over min(10 s, half its time)).
    public var thenSound: ThenNoise?

    public init(setup: PlaySetup, rate: Int, seconds: Double?, stems: Bool, sound: String?, volume: Float) {
        self.setup = setup
        self.rate = rate
        self.seconds = seconds
        self.stems = stems
        self.sound = sound
        self.volume = volume
    }

    public func write(to path: String, format: OutputFormat, quality: Int? = nil) throws {
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
        let limit = seconds.map { Int64(($0 * Double(rate)).rounded()) } ?? Int64.max
        var length: Int64 = 0
        var step = program.start(section: setup.startSection)
        while let s = step, length < limit { length += s.length; step = program.step(after: s) }
        // The sound starts with the deck's first block after the music's end, and lasts its time.
        var sound: NoiseGenerator?
        if let thenSound {
            let timer = NoiseTimer(seconds: thenSound.seconds, fadeSeconds: LiveEngine.fadeSeconds(forTimer: thenSound.seconds))
            sound = try thenSound.generator(timer: timer, rate: rate)
            let block = Int64(deck.ring.blockFrames)
            length = (length + block - 1) / block * block + Int64((thenSound.seconds * Double(rate)).rounded())
        }
        let total = min(length, limit)
        Interrupts.install()
        let progress = ProgressLine(label: "rendering \(path)", rate: rate, enabled: ProgressLine.stderrIsTerminal)
        let written: (frames: Int64, format: String)
        var parts = OutputParts()
        parts.makeNoise = sound.map { s in { _ in s } }
        parts.notch = notch
        parts.filters = FilterToggles(filter: filter, karaoke: karaoke)
        let graph = try parts.graph(rate: rate, renderer: nil, deck: deck)
        do {
            // The worker fills the ring before each block, on this thread: the same output every run.
            written = try OfflineRender.run(graph: graph, frames: sound == nil ? limit : total, expected: total, to: path,
                                            format: format, quality: quality, rate: rate, channels: stems ? .stems : .musicWithClick,
                                            loop: OfflineLoop(blockFrames: deck.ring.blockFrames, pump: worker.fillAvailable)) { done in
                progress.update(done: done, total: total)
            }
        } catch RenderError.interrupted {
            throw ValidationErrorMessage("interrupted: \(path) not written")
        }
        progress.finish()
        let frames = written.frames
        let notched = (notch.map { ", \($0.summary)" } ?? "") + (filter.map { ", \($0.summary)" } ?? "") + (karaoke ? ", karaoke" : "")
        let then = thenSound.map { ", then \($0.sound.summaryName) for \(SourceTime.of(frame: Int64(($0.seconds * Double(rate)).rounded()), rate: rate))" } ?? ""
        print("wrote \(path): \(setup.summary)\(notched)\(then), \(SourceTime.of(frame: frames, rate: rate)) (\(frames) frames at \(rate) Hz, \(written.format)\(stems ? ", stems: music L, music R, click" : ""))")
    }
}
