import App
import OfflineBackend
import RenderGraph
import Sounds
import WoodshedCore
#if canImport(Glibc)
import Glibc
#endif

/// One offline render: the plan compiled for the rate, the sounds, the renderer, the length.
/// Main thread.
public struct RenderJob {
    public let setup: ClickSetup
    public let timeline: ClickTimeline
    public let sounds: ClickSounds
    public let frames: Int64
    public let rate: Int
    public let levels: (accent: Float, normal: Float, subdivision: Float)
    public let volume: Float

    /// `levels`: the accent, normal and subdivision volumes; `volume`: the master volume.
    public init(click: ClickRequest, levels: (accent: Float, normal: Float, subdivision: Float), volume: Float,
                rate: Int, seconds: Double?) throws {
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
        self.levels = levels
        self.volume = volume
        self.rate = rate
    }

    /// For `--verbose`: "timeline: 3 segments, 352800 frames at 44100 Hz, sound beep".
    public var debugDescription: String {
        "timeline: \(timeline.segments.count) segments, \(frames) frames at \(rate) Hz, sound \(sounds.name)"
    }

    /// Writes the click to `path`, with a progress line, and prints what it wrote.
    public func write(to path: String, format: OutputFormat, quality: Int? = nil) throws {
        let renderer = Renderer(timeline: timeline, sounds: sounds)
        for command: RenderCommand in [
            .setMasterVolume(volume),
            .setLevelVolume(levelRaw: ClickLevel.accent.rawValue, volume: levels.accent),
            .setLevelVolume(levelRaw: ClickLevel.normal.rawValue, volume: levels.normal),
            .setLevelVolume(levelRaw: ClickLevel.subdivision.rawValue, volume: levels.subdivision),
        ] {
            _ = renderer.commands.tryPush(command)
        }
        _ = renderer.commands.tryPush(.start)
        let progress = ProgressLine(label: "rendering \(path)", rate: rate, enabled: ProgressLine.stderrIsTerminal)
        Interrupts.install()
        defer { progress.finish() }
        let written = try OfflineRender.run(graph: try OutputParts().graph(rate: rate, renderer: renderer), frames: frames, to: path,
                                            format: format, quality: quality, rate: rate) { done in
            progress.update(done: done, total: frames)
        }
        progress.finish()
        print("wrote \(path): \(setup.summary), \(SourceTime.of(frame: frames, rate: rate)) (\(frames) frames at \(rate) Hz, \(written.format))")
    }
}
