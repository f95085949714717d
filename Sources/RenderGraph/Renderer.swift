import RealtimeKit
import WoodshedCore

/// Renders the click track into buffers of any size. Render thread only (the JACK process
/// thread live, the offline loop in `woodshed render`): the `process…` entry points never
/// allocate, free, lock, log, do I/O or wait. Built and released on the control thread, which
/// talks to it only through `commands` and hears back through `notices`.
public final class Renderer {
    /// The control thread's way in: applied at the top of each `process` call.
    public let commands: CommandRing<RenderCommand>
    /// The way out to the control thread: beats, retired timelines, the end of a map.
    public let notices: CommandRing<RenderNotice>

    // Kept alive for the cursor and the wave pointers below; never touched in `process`.
    private let timeline: ClickTimeline
    private let sounds: ClickSounds

    private let accentWave: UnsafeMutableBufferPointer<Float>
    private let normalWave: UnsafeMutableBufferPointer<Float>
    private let subdivisionWave: UnsafeMutableBufferPointer<Float>
    private var cursor: ClickCursor
    private var pendingTimeline: TimelineHandle?
    private var voices: ClickVoices
    private var levelGain: (accent: Float, normal: Float, subdivision: Float) = (1, 1, 1)
    private var masterGain: Float = 1
    private var muted = false
    private var finishedReported = false
    /// Frames in a second at the timeline's rate: the largest forward jump taken as missed cycles.
    private let oneSecond: Int64

    /// Frame of the timeline that the next `process` call starts at.
    public private(set) var position: Int64 = 0
    /// True while the click runs.
    public private(set) var isRunning = false

    /// Control thread. The renderer starts stopped at frame 0; send `.start`.
    public init(timeline: ClickTimeline, sounds: ClickSounds, commandCapacity: Int = 256) {
        self.timeline = timeline
        self.sounds = sounds
        oneSecond = Int64(timeline.rate)
        accentWave = sounds.waves.accent
        normalWave = sounds.waves.normal
        subdivisionWave = sounds.waves.subdivision
        cursor = timeline.cursor(at: 0)
        voices = ClickVoices()
        commands = .allocate(capacity: commandCapacity)
        notices = .allocate(capacity: 1024)
    }

    deinit {
        voices.deallocate()
        commands.deallocate()
        notices.deallocate()
    }

    /// Offline and free-running use: fills `click[0..<frames]` with the next `frames` frames.
    /// `skipped` frames (cycles the server skipped after an xrun) pass first, silently: a
    /// click whose onset fell in them is dropped, not played late. A negative `skipped` (the
    /// server's clock stepped back) moves the position back without replaying any click.
    #if !DEBUG  // checked in release builds: -Onone leaves stdlib calls opaque
    @_noLocks @_noAllocation
    #endif
    public func process(frames: Int, click: UnsafeMutablePointer<Float>, skipped: Int64 = 0) {
        applyCommands()
        let running = isRunning
        if skipped != 0 && running {
            position += skipped
            if skipped > 0 { cursor.skip(to: position) }
        }
        render(frames: frames, click: click)
    }

    /// Transport-driven use: the cycle starts at timeline frame `frame`, and the click runs
    /// only while the transport rolls. A jump of up to a second forward (missed cycles) skips
    /// silently; any other jump is a relocation.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func process(frames: Int, click: UnsafeMutablePointer<Float>, transportFrame frame: Int64, rolling: Bool) {
        applyCommands()
        isRunning = rolling
        let expected = position, limit = oneSecond
        if frame != expected {
            if frame > expected && frame - expected <= limit {
                cursor.skip(to: frame)
                position = frame
            } else {
                relocate(to: frame)
            }
        }
        render(frames: frames, click: click)
    }

    /// The musical position at `frame` (for JACK's BBT). Render thread, after `process`.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func musicalPosition(at frame: Int64) -> MusicalPosition {
        if frame == position { return cursor.musicalPosition(at: frame) }
        var c = cursor
        c.seek(to: frame)
        return c.musicalPosition(at: frame)
    }

    @inline(__always)
    private func render(frames: Int, click: UnsafeMutablePointer<Float>) {
        click.update(repeating: 0, count: frames)
        // Most cycles hold no click and no sounding voice: touch as little memory as possible
        // (a live cycle starts with cold caches).
        if voices.count == 0 {
            let running = isRunning
            if !running { return }
            let end = position + Int64(frames)
            let next = cursor.frame
            let nothingPending = pendingTimeline == nil
            if next >= end && next != Int64.max && nothingPending {
                position = end
                return
            }
        }
        var voices = self.voices
        voices.continueAll(into: click, frames: frames)
        if isRunning {
            var cursor = self.cursor
            let start = position, end = position + Int64(frames)
            let gains = (accent: levelGain.accent * masterGain, normal: levelGain.normal * masterGain,
                         subdivision: levelGain.subdivision * masterGain)
            let audible = !muted
            while cursor.frame < end {
                if let next = pendingTimeline, cursor.isAtBarStart, cursor.bar >= 0 {  // adopt at a bar line
                    let old = cursor.handle.id
                    cursor.adopt(next)
                    pendingTimeline = nil
                    _ = notices.tryPush(.timelineRetired(id: old))
                    if cursor.frame >= end { break }
                }
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
                let beat = cursor.beatInBar
                if beat.onBeat {
                    let meter = cursor.meterAndTempo
                    _ = notices.tryPush(.beat(bar: cursor.bar, beat: Int32(truncatingIfNeeded: beat.beat),
                                              beatsPerBar: Int32(truncatingIfNeeded: meter.beats),
                                              denominator: Int32(truncatingIfNeeded: meter.denominator),
                                              milliBPM: meter.milliBPM, levelRaw: level.rawValue, frame: cursor.frame))
                }
                cursor.advance()
            }
            let alreadyReported = finishedReported
            if cursor.isFinished && !alreadyReported {
                finishedReported = true
                _ = notices.tryPush(.finished)
            }
            self.cursor = cursor
            position = end
        }
        self.voices = voices
    }

    /// A jump of the play position: the next click is the first at or after `frame`; sounding
    /// clicks stop.
    @inline(__always)
    private func relocate(to frame: Int64) {
        position = frame
        cursor.seek(to: frame)
        voices.silence()
        finishedReported = false
    }

    @inline(__always)
    private func applyCommands() {
        while let command = commands.tryPop() {
            switch command {
            case .start: isRunning = true
            case .stop: isRunning = false
            case .locate(let frame):
                relocate(to: frame)
            case .setMasterVolume(let v): masterGain = v
            case .setMuted(let m): muted = m
            case .setLevelVolume(let raw, let v):
                switch ClickLevel(rawValue: raw) {
                case .accent: levelGain.accent = v
                case .normal: levelGain.normal = v
                case .subdivision: levelGain.subdivision = v
                case .silent, .none: break
                }
            case .setTempo(let milliBPM):
                if !cursor.changeTempo(to: milliBPM, at: position) { _ = notices.tryPush(.tempoRefused) }
            case .adopt(let next):
                if isRunning {
                    if let superseded = pendingTimeline { _ = notices.tryPush(.timelineRetired(id: superseded.id)) }
                    pendingTimeline = next
                } else {
                    let old = cursor.handle.id
                    let tempo = cursor.liveTempo
                    cursor = ClickCursor(next)
                    if let tempo { cursor.changeTempo(to: tempo, at: 0) }
                    cursor.seek(to: position)
                    _ = notices.tryPush(.timelineRetired(id: old))
                }
            }
        }
    }
}
