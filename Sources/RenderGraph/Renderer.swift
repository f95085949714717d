import MIDI
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
    private var pendingKeepsTempo = true
    private var voices: ClickVoices
    private var levelGain: (accent: Float, normal: Float, subdivision: Float) = (1, 1, 1)
    private var masterGain: Float = 1
    /// The `--for` fade-out: its length in frames (0: none) and the frames of it rendered.
    private var fade = OutputFade()
    private var muted = false
    private var finishedReported = false
    /// Frames in a second at the timeline's rate: the largest forward jump taken as missed cycles.
    private let oneSecond: Int64

    /// JACK MIDI input of the cycle: the backend fills it before `process` (render thread).
    public let midiIn: MIDIEventBuffer
    /// MIDI clock output of the cycle, in time order: valid after `process` (render thread).
    public let midiOut: MIDIEventBuffer
    /// Counters the control thread reads.
    public let counters = RenderCounters.allocate()
    /// Send MIDI clock (set before the renderer runs).
    public var clockEnabled = false
    /// What JACK MIDI may do on this thread (set before the renderer runs).
    public var midiPolicy: MIDIPolicy = .free
    /// Report every step of the grid as a `.step` notice (`click --coach`; set before the
    /// renderer runs).
    public var reportsSteps = false
    /// A `.setTempoAtBar` not yet applied: its tempo (0: none) and bar.
    private var pendingTempo: (milliBPM: Int64, bar: Int64) = (0, 0)

    private let midiMap: MIDIMatcher
    private var parser = MIDIParser()
    private var taps: TapTempo
    private var clock: MIDIClock
    private let scratch: UnsafeMutablePointer<UInt8>
    /// Frames processed since the renderer started (MIDI event times, for taps and debounce).
    private var elapsed: Int64 = 0

    /// The tempo the renderer plays from now, in thousandths of a BPM (a live edit's, else the
    /// timeline's). Tests read it between `process` calls.
    public var liveTempo: Int64 { cursor.tempoNow }

    /// Frame of the timeline that the next `process` call starts at.
    public private(set) var position: Int64 = 0
    /// True while the click runs.
    public private(set) var isRunning = false

    /// Control thread. The renderer starts stopped at frame 0; send `.start`.
    /// `midiMap`: the compiled MIDI map; the renderer owns it from here and frees it.
    public init(timeline: ClickTimeline, sounds: ClickSounds, commandCapacity: Int = 256, midiMap: MIDIMatcher = MIDIMatcher([])) {
        self.timeline = timeline
        self.sounds = sounds
        oneSecond = Int64(timeline.rate)
        accentWave = sounds.waves.accent
        normalWave = sounds.waves.normal
        subdivisionWave = sounds.waves.subdivision
        cursor = timeline.cursor(at: 0)
        voices = ClickVoices()
        commands = .allocate(capacity: commandCapacity)
        notices = .allocate(capacity: 4096)
        midiIn = .allocate(capacity: 1024)
        midiOut = .allocate(capacity: 512)
        self.midiMap = midiMap
        taps = TapTempo(rate: timeline.rate)
        clock = MIDIClock(rate: timeline.rate)
        scratch = .allocate(capacity: 4)
        scratch.initialize(repeating: 0, count: 4)
        anchorClock(from: 0)
    }

    deinit {
        voices.deallocate()
        commands.deallocate()
        notices.deallocate()
        midiIn.deallocate()
        midiOut.deallocate()
        midiMap.deallocate()
        scratch.deallocate()
        counters.deallocate()
    }

    /// Offline and free-running use: fills `click[0..<frames]` with the next `frames` frames.
    /// `skipped` frames (cycles the server skipped after an xrun) pass first, silently: a
    /// click whose onset fell in them is dropped, not played late. A negative `skipped` (the
    /// server's clock stepped back) moves the position back without replaying any click.
    #if !DEBUG  // checked in release builds: -Onone leaves stdlib calls opaque
    @_noLocks @_noAllocation
    #endif
    public func process(frames: Int, click: UnsafeMutablePointer<Float>, skipped: Int64 = 0) {
        midiOut.removeAll()
        applyCommands()
        let running = isRunning
        if skipped != 0 {
            if skipped > 0 { elapsed += skipped }
            if running {
                position += skipped
                if skipped > 0 { cursor.skip(to: position) }
            }
        }
        renderCycle(frames: frames, click: click)
    }

    /// Transport-driven use: the cycle starts at timeline frame `frame`, and the click runs
    /// only while the transport rolls. A jump of up to a second forward (missed cycles) skips
    /// silently; any other jump is a relocation.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func process(frames: Int, click: UnsafeMutablePointer<Float>, transportFrame frame: Int64, rolling: Bool) {
        midiOut.removeAll()
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
        renderCycle(frames: frames, click: click)
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

    /// The cycle: clears the buffer, then renders up to each JACK MIDI event, applies it at its
    /// frame, and renders the rest.
    @inline(__always)
    private func renderCycle(frames: Int, click: UnsafeMutablePointer<Float>) {
        click.update(repeating: 0, count: frames)
        let events = midiIn
        let n = events.count
        var done = 0
        var i = 0
        while i < n {
            let e = events[i]
            var off = Int(e.offset)
            if off < done { off = done }
            if off > frames { off = frames }
            if off > done {
                renderSpan(click + done, frames: off - done, offset: done)
                done = off
            }
            handleMIDI(e, offset: off)
            i += 1
        }
        events.removeAll()
        if done < frames { renderSpan(click + done, frames: frames - done, offset: done) }
        fade.apply(to: click, frames: frames)
        elapsed += Int64(frames)
    }

    /// Renders `frames` frames into `click[0..<frames]`, which is at `offset` in the cycle.
    @inline(__always)
    private func renderSpan(_ click: UnsafeMutablePointer<Float>, frames: Int, offset: Int) {
        let clockOn = clockEnabled
        if clockOn {
            let running = isRunning, clockRunning = clock.running
            if running != clockRunning {
                if running { clock.start(offset: offset, into: midiOut) } else { clock.stop(offset: offset, into: midiOut) }
            }
        }
        // Most cycles hold no click and no sounding voice: touch as little memory as possible
        // (a live cycle starts with cold caches).
        if voices.count == 0 {
            let running = isRunning
            if !running { return }
            let end = position + Int64(frames)
            let next = cursor.frame
            let nothingPending = pendingTimeline == nil
            let noTempoPending = pendingTempo.milliBPM == 0
            if next >= end && next != Int64.max && nothingPending && noTempoPending {
                if clockOn { clock.emit(start: position, frames: frames, offset: offset, into: midiOut) }
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
            let reanchorClock = clockOn && !cursor.handle.isSingleTempo
            while cursor.frame < end {
                if let next = pendingTimeline, cursor.isAtBarStart, cursor.bar >= 0 {  // adopt at a bar line
                    let old = cursor.handle.id
                    let keep = pendingKeepsTempo
                    cursor.adopt(next, keepTempo: keep)
                    pendingTimeline = nil
                    if clockOn && !keep { clock.reanchor(on: cursor, spanStart: start, offset: offset, into: midiOut) }
                    _ = notices.tryPush(.timelineRetired(id: old))
                    if cursor.frame >= end { break }
                }
                let tempoDue = pendingTempo
                if tempoDue.milliBPM != 0, cursor.isAtBarStart, cursor.bar >= tempoDue.bar {  // a trainer's step at a bar line
                    pendingTempo = (0, 0)
                    let at = cursor.frame
                    if cursor.changeTempo(to: tempoDue.milliBPM, at: at) {
                        clock.changeTempo(to: tempoDue.milliBPM, at: at)
                        notify(.tempoChangedAtBar(milliBPM: tempoDue.milliBPM, bar: cursor.bar))
                    } else {
                        notify(.tempoRefused)
                    }
                }
                let level = cursor.level
                if reportsSteps {
                    let inBar = cursor.stepInBar
                    notify(.step(bar: cursor.bar, step: Int32(truncatingIfNeeded: inBar.step),
                                 stepsPerBar: Int32(truncatingIfNeeded: inBar.stepsPerBar),
                                 stepsPerBeat: Int32(truncatingIfNeeded: inBar.stepsPerBeat), cellRaw: cursor.cellLevel.rawValue,
                                 inGap: cursor.isInGap, milliBPM: cursor.meterAndTempo.milliBPM, frame: cursor.frame))
                }
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
                if reanchorClock && beat.onBeat {
                    // Tempo maps: the clock follows ramps and tempo steps beat by beat.
                    clock.reanchor(on: cursor, spanStart: start, offset: offset, into: midiOut)
                }
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
            if clockOn { clock.emit(start: start, frames: frames, offset: offset, into: midiOut) }
            position = end
        }
        self.voices = voices
    }

    /// One JACK MIDI event at cycle offset `offset`: decode, match, and apply what this thread
    /// may apply at exactly this frame; report the rest.
    @inline(__always)
    private func handleMIDI(_ e: MIDIEvent, offset: Int) {
        scratch[0] = e.b0; scratch[1] = e.b1; scratch[2] = e.b2
        guard let m = parser.parse(scratch, count: Int(e.count)) else {
            counters.increment(.midiIgnored)
            return
        }
        counters.increment(.midiMessages)
        let frame = elapsed + Int64(offset)
        let policy = midiPolicy
        if policy == .monitor {
            notify(.midiMessage(kindRaw: m.kind.rawValue, channel: m.channel, data1: m.data1, data2: m.data2, frame: frame))
        }
        let map = midiMap
        var i = -1
        while let b = map.next(for: m, frame: frame, after: &i) {
            counters.increment(.midiActions)
            let value = m.kind == .programChange ? m.data1 : m.data2
            var applied = false
            if policy != .monitor && policy != .player && b.action.appliesOnRenderThread {
                applied = apply(b, value: value, frame: frame, policy: policy)
            }
            notify(.midiFired(index: b.index, value: value, applied: applied, frame: frame))
        }
    }

    /// Applies a render-side action at the current position; false when it is the control
    /// thread's to do (transport requests, the tempo in follow mode).
    @inline(__always)
    private func apply(_ b: MIDIBinding, value: UInt8, frame: Int64, policy: MIDIPolicy) -> Bool {
        let tempoAllowed = policy == .free || policy == .master
        // (No `&&` with a call on self: its autoclosure retains self.)
        switch b.action {
        case .tempoUp, .tempoDown, .tempoSet, .tempoCC:
            if !tempoAllowed { return false }
            var edit = TempoEdit.set(milliBPM: b.argument)
            if b.action == .tempoUp { edit = .step(milliBPM: b.argument) }
            if b.action == .tempoDown { edit = .step(milliBPM: -b.argument) }
            if b.action == .tempoCC { edit = .set(milliBPM: b.tempo(forControllerValue: value)) }
            return setLiveTempo(edit, byMIDI: true)
        case .tap:
            guard tempoAllowed else { return false }
            if let t = taps.tap(at: frame) { return setLiveTempo(.set(milliBPM: t), byMIDI: true) }
            notify(.tapped(count: Int32(truncatingIfNeeded: taps.taps)))
            return true
        case .start, .stop, .toggle:
            guard policy == .free else { return false }
            let wasRunning = isRunning
            let run = b.action == .start || (b.action == .toggle && !wasRunning)
            if run {
                relocate(to: 0)
                isRunning = true
            } else {
                isRunning = false
            }
            notify(.runningChanged(run))
            return true
        case .mute:
            muted.toggle()
            notify(.mutedChanged(muted))
            return true
        default:
            return false
        }
    }

    /// A live tempo edit at the current position (the exact frame of a MIDI event, or the
    /// cycle's first frame for a command), from the tempo playing now.
    @inline(__always)
    private func setLiveTempo(_ edit: TempoEdit, byMIDI: Bool) -> Bool {
        let m = edit.applied(to: cursor.tempoNow)
        guard cursor.changeTempo(to: m, at: position) else {
            notify(.tempoRefused)
            return true
        }
        clock.changeTempo(to: m, at: position)
        notify(.tempoChanged(milliBPM: m, byMIDI: byMIDI))
        return true
    }

    @inline(__always)
    private func notify(_ n: RenderNotice) {
        if !notices.tryPush(n) { counters.increment(.droppedNotices) }
    }

    /// Continues on `next` from the next bar line (running) or at once (stopped).
    @inline(__always)
    private func adopt(_ next: TimelineHandle, keepTempo: Bool) {
        if isRunning {
            if let superseded = pendingTimeline { _ = notices.tryPush(.timelineRetired(id: superseded.id)) }
            pendingTimeline = next
            pendingKeepsTempo = keepTempo
        } else {
            let old = cursor.handle.id
            let tempo = cursor.liveTempo
            cursor = ClickCursor(next)
            if keepTempo, let tempo { cursor.changeTempo(to: tempo, at: 0) }
            cursor.seek(to: position)
            if clockEnabled { anchorClock(from: position) }
            _ = notices.tryPush(.timelineRetired(id: old))
        }
    }

    /// Puts the MIDI clock where the cursor is: the first tick at or after `frame`.
    @inline(__always)
    private func anchorClock(from frame: Int64) { clock.anchor(on: cursor, from: frame) }

    /// A jump of the play position: the next click is the first at or after `frame`; sounding
    /// clicks stop.
    @inline(__always)
    private func relocate(to frame: Int64) {
        position = frame
        cursor.seek(to: frame)
        voices.silence()
        finishedReported = false
        if clockEnabled {
            anchorClock(from: frame)
            let running = isRunning
            if !running { clock.announcePosition(offset: 0, into: midiOut) }
        }
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
            case .fadeOut(let frames): fade = OutputFade(frames: frames)
            case .setMuted(let m): muted = m
            case .setLevelVolume(let raw, let v):
                switch ClickLevel(rawValue: raw) {
                case .accent: levelGain.accent = v
                case .normal: levelGain.normal = v
                case .subdivision: levelGain.subdivision = v
                case .silent, .none: break
                }
            case .editTempo(let edit):
                _ = setLiveTempo(edit, byMIDI: false)
            case .setTempoAtBar(let milliBPM, let bar):
                pendingTempo = (milliBPM, bar)
            case .adopt(let next):
                adopt(next, keepTempo: true)
            case .replace(let next):
                adopt(next, keepTempo: false)
            }
        }
    }
}
