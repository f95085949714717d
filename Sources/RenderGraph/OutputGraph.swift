import Synchronization
import WoodshedCore

/// The whole output of one cycle, assembled in one place for every backend: the metronome's
/// click (`Renderer`, which also takes the cycle's MIDI input and writes MIDI clock out), the
/// rehearsal player's deck (music, and its click added to the click) or the noise on the music
/// channels, the notch and the listening filters over those, the alarm bell (`woodshed clock`), then the scope's tap over what came out. The JACK backend and the offline loop
/// fill the buffers the caller gives `process` with it, so what is tested offline is what plays.
///
/// `process` and `musicalPosition`: the render thread only (JACK's process thread, or the
/// offline loop). Built on the control thread for one rate; freed there once no cycle runs
/// (it frees the scope's buffers; the deck belongs to the player, the renderer to its session).
public final class OutputGraph: @unchecked Sendable {
    /// The metronome; nil offline when only music or noise is rendered (the click stays silent).
    public let renderer: Renderer?
    /// The render thread reaches the renderer through this (no reference counting).
    let rendererRef: Unmanaged<Renderer>?
    /// The rehearsal player's deck, if any.
    public let deck: MusicDeck?
    /// The noise generator, if any: alone, or after the deck's program has ended.
    var noise: NoiseGenerator?
    /// The notch over music left and right (never the click), if any.
    public let notch: NotchFilter?
    /// `--filter` and `--karaoke` over music left and right, after the notch (never the click), if any.
    public let filter: FilterNode?, karaoke: FilterNode?
    /// The alarm's sound on music left and right, after the notch (`woodshed clock`), if any.
    public let bell: AlarmBell?
    /// The render thread reaches the bell through this (no reference counting).
    let bellRef: Unmanaged<AlarmBell>?
    /// `woodshed tinnitus match`'s tone on music left and right, if any (instead of music or noise).
    public let tone: MatchTone?
    /// The render thread reaches the tone through this (no reference counting).
    let toneRef: Unmanaged<MatchTone>?
    /// The oscilloscope and meters' tap on click, music left and music right, if any.
    public let scope: ScopeTap?
    /// The input capture (`woodshed:in` into a ring, with the deck's turn marks), if any. Not
    /// freed by the graph: one capture serves each connection's graph in turn.
    public let input: InputCapture?
    /// Noise frames played so far (render thread writes; the control thread shows time left).
    public let noiseFrames = Atomic<Int64>(0)
    /// The cycle's MIDI input, filled by the backend before `process` (nil without a renderer).
    public let midiIn: MIDIEventBuffer?
    /// The cycle's MIDI clock out, in time order, for the backend to send after `process`.
    public let midiOut: MIDIEventBuffer?
    /// The renderer's counters (MIDI messages, dropped events), nil without a renderer.
    public let counters: RenderCounters?

    /// Control thread. The graph frees `scope`, `notch`, `filter` and `karaoke` when it goes.
    public init(renderer: Renderer?, deck: MusicDeck? = nil, noise: NoiseGenerator? = nil, notch: NotchFilter? = nil,
                scope: ScopeTap? = nil, bell: AlarmBell? = nil, tone: MatchTone? = nil, input: InputCapture? = nil,
                filter: FilterNode? = nil, karaoke: FilterNode? = nil) {
        self.filter = filter
        self.karaoke = karaoke
        self.renderer = renderer
        self.bell = bell
        bellRef = bell.map { Unmanaged.passUnretained($0) }
        rendererRef = renderer.map { Unmanaged.passUnretained($0) }
        self.deck = deck
        self.noise = noise
        self.notch = notch
        self.scope = scope
        self.tone = tone
        toneRef = tone.map { Unmanaged.passUnretained($0) }
        self.input = input
        midiIn = renderer?.midiIn
        midiOut = renderer?.midiOut
        counters = renderer?.counters
    }

    deinit { scope?.deallocate(); notch?.deallocate(); filter?.deallocate(); karaoke?.deallocate() }

    /// True when the graph writes the music channels (the backend then has music ports).
    public var hasMusic: Bool { deck != nil || noise != nil || bell != nil || tone != nil }

    /// True once the deck's program has played to its end and no noise follows it.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func musicHasEnded() -> Bool {
        guard let deck, noise == nil else { return false }
        return deck.hasEnded()
    }

    /// One cycle of `frames` frames: writes `click`, and `left` and `right` when given (the
    /// graph has music). `timing` says where the cycle is (see `OutputTiming`). `input`: the
    /// cycle's input, copied into the capture's ring after the music (nil: silence). Render thread.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func process(frames: Int, click: UnsafeMutablePointer<Float>, left: UnsafeMutablePointer<Float>?,
                        right: UnsafeMutablePointer<Float>?, timing: OutputTiming, input inputFrames: UnsafePointer<Float>? = nil) {
        input?.clearMarks(frames: frames)
        if let rendererRef {
            switch timing {
            case .free(let skipped):
                rendererRef._withUnsafeGuaranteedRef { $0.process(frames: frames, click: click, skipped: skipped) }
            case .transport(let frame, let rolling):
                rendererRef._withUnsafeGuaranteedRef { $0.process(frames: frames, click: click, transportFrame: frame, rolling: rolling) }
            }
        } else {
            click.update(repeating: 0, count: frames)
        }
        if let left, let right {
            renderMusic(frames: frames, click: click, left: left, right: right)
            notch?.process(frames: frames, left: left, right: right)
            notch?.limitPeaks(frames: frames, left: left, right: right)
            filter?.process(frames: frames, left: left, right: right)
            karaoke?.process(frames: frames, left: left, right: right)
            bellRef?._withUnsafeGuaranteedRef { $0.mix(frames: frames, left: left, right: right) }
            scope?.process(frames: frames, click, left, right)
        } else {
            scope?.process(frames: frames, click)
        }
        if let input {
            if input.stamps != nil, let rendererRef {
                let at = rendererRef._withUnsafeGuaranteedRef { $0.isRunning ? $0.position - Int64(frames) : nil }
                input.stamp(timeline: at)
            }
            input.process(frames: frames, input: inputFrames)
        }
    }

    /// The music channels: the player's deck, or the noise generator (alone, or once the deck's
    /// program has ended), or silence. Render thread.
    @inline(__always)
    private func renderMusic(frames: Int, click: UnsafeMutablePointer<Float>, left: UnsafeMutablePointer<Float>,
                             right: UnsafeMutablePointer<Float>) {
        // After a program with noise to follow (`playlist play --then-noise`), the noise plays.
        if let toneRef {
            toneRef._withUnsafeGuaranteedRef { $0.render(frames: frames, left: left, right: right) }
        } else if let deck, noise == nil || !deck.hasEnded() {
            deck.render(frames: frames, click: click, left: left, right: right, turns: input?.turnMarks)
        } else if noise != nil {
            noise!.render(into: left, frames: frames)
            var i = 0
            while i < frames { right[i] = left[i]; i += 1 }
            noiseFrames.add(Int64(frames), ordering: .relaxed)
        } else {
            left.update(repeating: 0, count: frames)
            right.update(repeating: 0, count: frames)
        }
    }

    /// The musical position at `frame` from the metronome's clicks (JACK's BBT), nil without a
    /// renderer. Render thread, after `process`.
    #if !DEBUG
    @_noLocks @_noAllocation
    #endif
    public func musicalPosition(at frame: Int64) -> MusicalPosition? {
        guard let rendererRef else { return nil }
        return rendererRef._withUnsafeGuaranteedRef { $0.musicalPosition(at: frame) }
    }
}

/// Where a cycle is on the output's timeline. Any thread (a value).
@frozen public enum OutputTiming {
    /// Free running; `skipped` frames (cycles the server skipped) pass silently first.
    case free(skipped: Int64)
    /// Driven by the transport: the cycle starts at transport frame `frame`; the click runs
    /// while it rolls.
    case transport(frame: Int64, rolling: Bool)
}
