import RealtimeKit
import RenderGraph
import Sounds
import WoodshedCore

/// The live metronome's state and the actions that change it. Control thread only: it owns
/// the settings, builds timelines and sounds, sends commands to the renderer, reads its
/// notices, and frees timelines the renderer has retired.
public final class LiveSession {
    /// Tempo, meter, sound and volume as they are now (saved as the last session).
    public private(set) var settings: ClickSettings
    public let mode: TransportMode
    /// The tempo map, when one runs (nil: a plain click from `settings`).
    public let mapPlan: ClickPlan?
    /// Start/stop of JACK transport in follow and master modes.
    public weak var transport: TransportRequests?

    /// The renderer for the current JACK connection (nil before the first one).
    public private(set) var renderer: Renderer?
    public private(set) var rate = 0

    // What the display shows.
    public private(set) var running = false
    public private(set) var muted = false
    public private(set) var bar: Int64 = 0
    public private(set) var beat: Int = -1
    public private(set) var beatsPerBar: Int
    /// Tempo and meter of the last beat played (what a tempo map is at now).
    public private(set) var playing: (milliBPM: Int64, beats: Int, denominator: Int)?
    public private(set) var lastBeatLevel: ClickLevel = .silent
    public private(set) var lastBeatTime: Double = -1
    public private(set) var finished = false
    public private(set) var message = ""
    public private(set) var quitRequested = false
    /// True after a change that should be saved.
    public var settingsChanged = false

    private var timelines: [UInt64: ClickTimeline] = [:]
    private var unsent: [RenderCommand] = []
    private var taps = TapTempo()
    private let mapBars: [(label: String?, endBar: Int64)]

    /// A session from settings (free click), or around a tempo map (`mapPlan`).
    public init(settings: ClickSettings, mapPlan: ClickPlan? = nil, mode: TransportMode = .free) {
        self.settings = settings
        self.mapPlan = mapPlan
        self.mode = mode
        beatsPerBar = mapPlan?.map.entries.first?.meter.beats ?? settings.beats
        var end: Int64 = 0
        mapBars = (mapPlan?.map.entries ?? []).map { e in
            end += Int64(e.bars ?? 1_000_000_000)
            return (e.label, end)
        }
    }

    /// The plan that runs now: the map, or the settings' endless click.
    public func currentPlan() throws -> ClickPlan {
        if let mapPlan { return mapPlan }
        var plan = try settings.plan()
        if mode != .free { plan.countInBars = 0 }  // bar 1 is transport frame 0
        return plan
    }

    /// Builds the renderer for a (new) JACK connection at `rate`, with the live settings.
    /// The caller must have stopped the previous renderer's thread first.
    public func makeRenderer(rate: Int) throws -> Renderer {
        let timeline = try ClickTimeline(plan: try currentPlan(), rate: rate)
        let sounds = try SoundSpec(parsing: settings.sound).load(rate: rate)
        let r = Renderer(timeline: timeline, sounds: sounds)
        timelines.removeAll()
        unsent.removeAll()
        renderer = r
        self.rate = rate
        send(.setMasterVolume(settings.volume))
        send(.setMuted(muted))
        // A single-tempo map whose tempo was changed live before a reconnect.
        if let plan = mapPlan, plan.isSingleTempo, plan.map.entries[0].tempo.startTempo.milliBPM != settings.milliBPM {
            send(.setTempo(milliBPM: settings.milliBPM))
        }
        if mode == .free && running { send(.locate(frame: 0)); send(.start) }
        return r
    }

    /// Runs one action; the outcome is in `message` and the state.
    public func perform(_ action: Action) {
        switch action {
        case .toggleRunning: perform(running ? .stop : .start)
        case .start:
            if mode == .free {
                send(.locate(frame: 0)); send(.start)
                running = true; finished = false
                bar = 0; beat = -1
                say("started")
            } else {
                transport?.requestStart(); say("transport start requested")
            }
        case .stop:
            if mode == .free { send(.stop); running = false; say("stopped") } else { transport?.requestStop(); say("transport stop requested") }
        case .tempoStep(let d):
            perform(.setTempo(milliBPM: settings.milliBPM + d))
        case .setTempo(let m):
            setTempo(m, from: "")
        case .tap(let t):
            if let m = taps.tap(at: t) { setTempo(m, from: "tap (\(taps.count) taps): ") } else { say("tap again to set the tempo") }
        case .beatsPerBarStep(let d):
            perform(.setBeatsPerBar(settings.beats + d))
        case .setBeatsPerBar(let n):
            guard mapPlan == nil else { say("the tempo map sets the meter"); return }
            guard mode != .follow else { say("the meter follows the transport master"); return }
            setMeter(beats: min(max(n, 1), 64), denominator: settings.denominator)
        case .toggleMute:
            muted.toggle()
            send(.setMuted(muted))
            say(muted ? "muted" : "unmuted")
        case .volumeStep(let d):
            settings.volume = min(max((settings.volume + d) * 100, 0).rounded() / 100, 4)
            send(.setMasterVolume(settings.volume))
            settingsChanged = true
            say("volume \(Int((settings.volume * 100).rounded())) %")
        case .quit:
            quitRequested = true
        }
    }

    /// Tempo and meter read from the transport's timebase master (follow mode). Tempo in
    /// thousandths of a quarter-note BPM (the backend has converted JACK's beat_type BPM).
    public func follow(milliBPM: Int64, beats: Int, denominator: Int) {
        guard mode == .follow else { return }
        if beats != settings.beats || denominator != settings.denominator,
           (1...64).contains(beats), (1...64).contains(denominator) {
            setMeter(beats: beats, denominator: denominator)
        }
        if milliBPM != settings.milliBPM, Tempo.allowed.contains(milliBPM) {
            settings.milliBPM = milliBPM
            send(.setTempo(milliBPM: milliBPM))
            say("tempo \(Tempo.display(milliBPM)) from the transport master")
        }
    }

    /// Transport rolling state seen by the backend (follow and master modes).
    public func transportRolling(_ rolling: Bool) {
        if mode != .free { running = rolling }
    }

    /// Reads the renderer's notices: beats for the display, retired timelines to free, the end
    /// of a map. Also retries commands that found the ring full.
    public func drainNotices(now: Double) {
        guard let r = renderer else { return }
        if !unsent.isEmpty {
            let pending = unsent
            unsent.removeAll()
            for c in pending { send(c) }
        }
        while let n = r.notices.tryPop() {
            switch n {
            case .beat(let b, let bt, let bpb, let den, let milliBPM, let level, _):
                bar = b; beat = Int(bt); beatsPerBar = Int(bpb)
                playing = (milliBPM, Int(bpb), Int(den))
                lastBeatLevel = ClickLevel(rawValue: level) ?? .normal
                lastBeatTime = now
            case .timelineRetired(let id):
                timelines[id] = nil
            case .tempoRefused:
                say("the tempo map sets the tempo")
            case .finished:
                finished = true
                if mode == .free { running = false; send(.stop) }
                say("the map has ended; space plays it again")
            }
        }
    }

    /// Label of the map entry that bar `bar` (0 = bar 1) is in, and the bars left in the map.
    public var mapPosition: (label: String?, barsLeft: Int64)? {
        guard let last = mapBars.last, last.endBar < 1_000_000_000 else { return nil }
        let b = max(bar, 0)
        let entry = mapBars.first { b < $0.endBar }
        return (entry?.label, max(last.endBar - b - (beat >= 0 ? 1 : 0), 0))
    }

    /// Timelines kept alive for the renderer (for tests).
    public var liveTimelineCount: Int { timelines.count }

    private func setTempo(_ m: Int64, from prefix: String) {
        if mode == .follow { say("the tempo follows the transport master"); return }
        if let plan = mapPlan, !plan.isSingleTempo { say("the tempo map sets the tempo"); return }
        let clamped = min(max(m, Tempo.allowed.lowerBound), Tempo.allowed.upperBound)
        settings.milliBPM = clamped
        settingsChanged = true
        send(.setTempo(milliBPM: clamped))
        say("\(prefix)\(Tempo.display(clamped)) BPM")
    }

    private func setMeter(beats: Int, denominator: Int) {
        var next = settings
        next.beats = beats
        next.denominator = denominator
        var note = ""
        if let p = next.pattern, p.filter({ "Xxo.".contains($0) }).count % beats != 0 {
            next.pattern = nil
            note = " (pattern reset to accent on 1)"
        }
        do {
            var plan = try next.plan()
            if mode != .free { plan.countInBars = 0 }
            settings = next
            settingsChanged = true
            beatsPerBar = beats
            if rate > 0 {
                let t = try ClickTimeline(plan: plan, rate: rate)
                timelines[t.handle.id] = t
                send(.adopt(t.handle))
            }
            say("meter \(beats)/\(denominator) from the next bar\(note)")
        } catch {
            say("cannot use \(beats)/\(denominator): \(error)")
        }
    }

    private func send(_ c: RenderCommand) {
        guard let r = renderer else { return }
        if !unsent.isEmpty || !r.commands.tryPush(c) { unsent.append(c) }
    }

    private func say(_ m: String) { message = m }
}

extension Tempo {
    /// "120", "97.5": thousandths of a BPM as the user writes them.
    public static func display(_ milliBPM: Int64) -> String {
        (try? Tempo(milliBPM: milliBPM))?.description ?? "\(Double(milliBPM) / 1000)"
    }
}
