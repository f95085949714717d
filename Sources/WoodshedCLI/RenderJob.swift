import Logging
import OfflineBackend
import RenderGraph
import Sounds
import WoodshedCore
#if canImport(Glibc)
import Glibc
#endif

/// One offline render: the plan compiled for the rate, the sounds, the renderer, the length.
/// Main thread.
struct RenderJob {
    let setup: ClickSetup
    let timeline: ClickTimeline
    let sounds: ClickSounds
    let frames: Int64
    let rate: Int
    let levels: (accent: Float, normal: Float, subdivision: Float)
    let volume: Float
    let log: Logger

    init(click: ClickOptions, rate: Int, seconds: Double?, log: Logger) throws {
        setup = try ClickSetup(options: click, lengthGivenInSeconds: seconds != nil)
        timeline = try ClickTimeline(plan: setup.plan, rate: rate)
        if let seconds {
            frames = Int64((seconds * Double(rate)).rounded())
        } else if let end = timeline.endFrame {
            frames = end
        } else {
            throw TimingError.endlessNeedsLength
        }
        sounds = try SoundSpec(parsing: setup.sound).load(rate: rate)
        levels = try click.levelVolumes()
        volume = click.volume
        self.rate = rate
        self.log = log
        log.debug("timeline: \(timeline.segments.count) segments, \(frames) frames at \(rate) Hz, sound \(sounds.name)")
    }

    func write(to path: String, format: OutputFormat) throws {
        let renderer = Renderer(timeline: timeline, sounds: sounds)
        for command: RenderCommand in [
            .setMasterVolume(volume),
            .setLevelVolume(levelRaw: ClickLevel.accent.rawValue, volume: levels.accent),
            .setLevelVolume(levelRaw: ClickLevel.normal.rawValue, volume: levels.normal),
            .setLevelVolume(levelRaw: ClickLevel.subdivision.rawValue, volume: levels.subdivision),
        ] {
            _ = renderer.commands.tryPush(command)
        }
        let progress = ProgressLine(label: "rendering \(path)", rate: rate, enabled: Diagnostics.stderrIsTerminal)
        Interrupts.install()
        defer { progress.finish() }
        let written = try OfflineRender.run(renderer: renderer, frames: frames, to: path, format: format, rate: rate) { done, total in
            progress.update(done: done, total: total)
        }
        progress.finish()
        print("wrote \(path): \(setup.summary), \(SourceTime.of(frame: frames, rate: rate)) (\(frames) frames at \(rate) Hz, \(written))")
    }
}

/// Ctrl-C, `kill` or a closed terminal (SIGHUP) during a render: stop, remove the partial
/// file, exit non-zero. Install before the output's partial file is made. Main thread.
enum Interrupts {
    static func install() {
        QuitSignals.catching([SIGINT, SIGTERM, SIGHUP]) { _ in OfflineRender.interruptRequested.store(true, ordering: .relaxed) }
    }
}
