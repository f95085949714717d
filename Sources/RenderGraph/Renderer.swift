import RealtimeKit
import WoodshedCore

/// Renders the click track into buffers of any size. Render thread only (the JACK process
/// thread live, the offline loop in `woodshed render`): `process` never allocates, frees,
/// locks, logs, does I/O or waits. Built and released on the control thread, which talks to it
/// only through `commands`.
public final class Renderer {
    /// The control thread's way in: applied at the top of each `process` call.
    public let commands: CommandRing<RenderCommand>

    // Kept alive for the cursor and the wave pointers below; never touched in `process`.
    private let timeline: ClickTimeline
    private let sounds: ClickSounds

    private let accentWave: UnsafeMutableBufferPointer<Float>
    private let normalWave: UnsafeMutableBufferPointer<Float>
    private let subdivisionWave: UnsafeMutableBufferPointer<Float>
    private var cursor: ClickCursor
    private var voices: ClickVoices
    private var levelGain: (accent: Float, normal: Float, subdivision: Float) = (1, 1, 1)
    private var masterGain: Float = 1
    private var muted = false

    /// Frame of the timeline that the next `process` call starts at.
    public private(set) var position: Int64 = 0
    /// True while the click runs.
    public private(set) var isRunning = false

    /// Control thread. The renderer starts stopped at frame 0; send `.start`.
    public init(timeline: ClickTimeline, sounds: ClickSounds, commandCapacity: Int = 256) {
        self.timeline = timeline
        self.sounds = sounds
        accentWave = sounds.waves.accent
        normalWave = sounds.waves.normal
        subdivisionWave = sounds.waves.subdivision
        cursor = timeline.cursor(at: 0)
        voices = ClickVoices()
        commands = .allocate(capacity: commandCapacity)
    }

    deinit {
        voices.deallocate()
        commands.deallocate()
    }

    /// Fills `click[0..<frames]` with the next `frames` frames of the click track.
    #if !DEBUG  // checked in release builds: -Onone leaves stdlib calls opaque
    @_noLocks @_noAllocation
    #endif
    public func process(frames: Int, click: UnsafeMutablePointer<Float>) {
        applyCommands()
        click.update(repeating: 0, count: frames)
        var voices = self.voices
        voices.continueAll(into: click, frames: frames)
        if isRunning {
            var cursor = self.cursor
            let start = position, end = position + Int64(frames)
            let gains = (accent: levelGain.accent * masterGain, normal: levelGain.normal * masterGain,
                         subdivision: levelGain.subdivision * masterGain)
            let audible = !muted
            while cursor.frame < end {
                let level = cursor.level
                if level != .silent && audible {
                    let wave: UnsafeMutableBufferPointer<Float>, gain: Float
                    switch level {
                    case .accent: wave = accentWave; gain = gains.accent
                    case .subdivision: wave = subdivisionWave; gain = gains.subdivision
                    case .normal, .silent: wave = normalWave; gain = gains.normal
                    }
                    voices.start(wave: wave, gain: gain * cursor.gain, offset: Int(cursor.frame - start),
                                 into: click, frames: frames)
                }
                cursor.advance()
            }
            self.cursor = cursor
            position = end
        }
        self.voices = voices
    }

    @inline(__always)
    private func applyCommands() {
        while let command = commands.tryPop() {
            switch command {
            case .start: isRunning = true
            case .stop: isRunning = false
            case .locate(let frame):
                position = frame
                cursor.seek(to: frame)
                voices.silence()
            case .setMasterVolume(let v): masterGain = v
            case .setMuted(let m): muted = m
            case .setLevelVolume(let raw, let v):
                switch ClickLevel(rawValue: raw) {
                case .accent: levelGain.accent = v
                case .normal: levelGain.normal = v
                case .subdivision: levelGain.subdivision = v
                case .silent, .none: break
                }
            }
        }
    }
}
