import Engine
import MIDI
import Persistence
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
    public private(set) var mapPlan: ClickPlan?
    /// The MIDI map and mode (nil: no MIDI mapping).
    public let midi: MIDIControl?
    /// Send MIDI clock on `midi_clock`.
    public let midiClock: Bool
    /// The setlist's songs (empty: none) and the one playing.
    public let songs: [SetlistSong]
    public private(set) var songIndex = 0
    /// `midi monitor`: the latest messages and what each triggered, oldest first.
    public private(set) var midiLog: [String] = []
    /// Lines ever added to `midiLog`.
    public private(set) var midiLogTotal = 0
    /// Monitor mode: every message received, oldest first (for `midi learn`).
    public private(set) var midiMessages: [MIDIMessage] = []
    /// The latest MIDI message and the mapping it fired, for the display.
    public private(set) var lastMIDI = ""
    /// Start/stop of JACK transport in follow and master modes.
    public weak var transport: TransportRequests?
    /// True in the rehearsal player's sessions (`play`, `shadow`, `playlist play`): the renderer
    /// applies no MIDI itself (`MIDIPolicy.player`), so every mapping fired comes to the control
    /// thread as an action for the player, and the click stays stopped. Set before the first
    /// renderer is made.
    public var forPlayer = false

    /// `click --coach`: keep every step the renderer plays (`takePlayedSteps`). Set before the
    /// first renderer is made.
    public var keepsPlayedSteps = false
    private var playedSteps: [PlayedStep] = []

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
    private var taps = TapTempo(rate: TapTempo.microseconds)
    private var mapBars: [(label: String?, endBar: Int64)]
    /// Actions of MIDI mappings fired since `takeMIDIActions`, oldest first.
    private var midiActions: [Action] = []

    /// A session from settings (free click), or around a tempo map (`mapPlan`), with MIDI
    /// control (`midi`), MIDI clock out and a setlist.
    public init(settings: ClickSettings, mapPlan: ClickPlan? = nil, mode: TransportMode = .free,
                midi: MIDIControl? = nil, midiClock: Bool = false, songs: [SetlistSong] = []) {
        self.settings = settings
        self.mapPlan = mapPlan
        self.mode = mode
        self.midi = midi
        self.midiClock = midiClock
        self.songs = songs
        beatsPerBar = mapPlan?.map.entries.first?.meter.beats ?? settings.beats
        mapBars = Self.bars(of: mapPlan)
    }

    private static func bars(of plan: ClickPlan?) -> [(label: String?, endBar: Int64)] {
        var end: Int64 = 0
        return (plan?.map.entries ?? []).map { e in
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
        let r = Renderer(timeline: timeline, sounds: sounds, midiMap: midi?.matcher(rate: rate) ?? MIDIMatcher([]))
        r.clockEnabled = midiClock
        r.reportsSteps = keepsPlayedSteps
        let policy: MIDIPolicy = switch mode {
        case .free: .free
        case .master: .master
        case .follow: .follow
        }
        r.midiPolicy = midi?.monitorOnly == true ? .monitor : forPlayer ? .player : policy
        timelines.removeAll()
        unsent.removeAll()
        renderer = r
        self.rate = rate
        send(.setMasterVolume(settings.volume))
        send(.setMuted(muted))
        // A single-tempo map whose tempo was changed live before a reconnect.
        if let plan = mapPlan, plan.isSingleTempo, plan.map.entries[0].tempo.startTempo.milliBPM != settings.milliBPM {
            send(.editTempo(.set(milliBPM: settings.milliBPM)))
        }
        if mode == .free && running { send(.locate(frame: 0)); send(.start) }
        return r
    }

    /// Fades the click out linearly over `seconds`, frame by frame on the render thread from
    /// its next cycle, without changing the saved volume: the end of a `--for` timer.
    public func fadeOut(seconds: Double) {
        send(.fadeOut(frames: max(Int64((seconds * Double(rate)).rounded()), 1)))
    }

    /// Runs one action; the outcome is in `message` and the state. The player's actions and the
    /// scope are not the click's: it says so.
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
            editTempo(.step(milliBPM: d), from: "")
        case .setTempo(let m):
            editTempo(.set(milliBPM: m), from: "")
        case .tap(let t):
            if mode == .follow { say("the tempo follows the transport master"); return }
            if let m = taps.tap(atSeconds: t) {
                editTempo(.set(milliBPM: m), from: "tap (\(taps.taps) taps): ")
            } else {
                say("tap again to set the tempo")
            }
        case .beatsPerBarStep(let d):
            perform(.setBeatsPerBar(settings.beats + d))
        case .setMeter(let beats, let denominator):
            if let why = changeMeter(beats: beats, denominator: denominator) { say(why) }
        case .setPattern(let letters):
            if let why = changePattern(letters) { say(why) }
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
        case .countIn(let bars):
            guard mode == .free else { say("count-in needs the free-running click (the transport starts it)"); return }
            guard mapPlan == nil else { say("the tempo map sets the count-in"); return }
            var s = settings
            s.countIn = min(max(bars, 1), 16)
            guard rate > 0, let plan = try? s.plan(), let t = try? ClickTimeline(plan: plan, rate: rate) else { return }
            send(.stop)
            timelines[t.handle.id] = t
            send(.adopt(t.handle))
            send(.locate(frame: 0)); send(.start)
            running = true; finished = false; bar = -Int64(s.countIn); beat = -1
            say("count-in of \(s.countIn) bar\(s.countIn == 1 ? "" : "s")")
        case .setlistStep(let d):
            guard !songs.isEmpty else { say("no setlist (--setlist FILE)"); return }
            playSong(min(max(songIndex + d, 0), songs.count - 1))
        case .setlistSong(let n):
            guard !songs.isEmpty else { say("no setlist (--setlist FILE)"); return }
            guard (1...songs.count).contains(n) else { say("the setlist has \(songs.count) songs, not \(n)"); return }
            playSong(n - 1)
        case .loadPreset(let name):
            do {
                let preset = try PresetLibrary().load(name: name)
                let plan = try preset.plan()
                replace(with: plan, label: "preset \(name)")
            } catch {
                say("preset \(name): \(error)")
            }
        case .sectionStep, .sectionAgain, .sectionAgainAtSpeed, .repeatStep, .speedStep, .jump, .markIn, .markOut, .nudge, .setLoop,
             .sectionCursorStep, .startSectionAtCursor, .reset, .keepLoop, .cycleAdvance:
            say("\(action.name): there is no rehearsal player in this session")
        case .toggleScope:
            say("\(action.name): there is no scope in this session")
        case .toggleNotch:
            say("\(action.name): there is no music or noise to notch in this session")
        case .toggleFilter, .toggleKaraoke:
            say("\(action.name): there is no music to filter in this session")
        case .snooze:
            say("\(action.name): there is no alarm in this session")
        case .matchPitch, .matchLevel, .matchChoose, .matchAccept:
            say("\(action.name): there is no tinnitus match in this session")
        }
    }

    /// Song `i` of the setlist, from the next bar line (at once when stopped).
    private func playSong(_ i: Int) {
        songIndex = i
        let song = songs[i]
        if let name = song.preset {
            perform(.loadPreset(name))
            message = "song \(i + 1)/\(songs.count): \(song.title) · " + message
            return
        }
        do {
            var plan = try song.settings.plan()
            if mode != .free { plan.countInBars = 0 }
            replace(with: plan, label: "song \(i + 1)/\(songs.count): \(song.title)")
        } catch {
            say("song \(i + 1): \(error)")
        }
    }

    /// Continues on another plan (a song or preset) with its own tempi, from the next bar line.
    private func replace(with plan: ClickPlan, label: String) {
        guard mode != .follow else { say("the transport master sets tempo and meter"); return }
        let first = plan.map.entries[0]
        settings.milliBPM = first.tempo.startTempo.milliBPM
        settings.beats = first.meter.beats
        settings.denominator = first.meter.denominator
        beatsPerBar = first.meter.beats
        let isSetting = plan.map.entries.count == 1 && plan.map.entries[0].bars == nil && plan.isSingleTempo
        mapPlan = isSetting ? nil : plan
        mapBars = Self.bars(of: mapPlan)
        settingsChanged = isSetting
        if rate > 0, let t = try? ClickTimeline(plan: plan, rate: rate) {
            timelines[t.handle.id] = t
            send(.replace(t.handle))
        }
        say("\(label) (\(Tempo.display(settings.milliBPM)) BPM \(settings.beats)/\(settings.denominator)) from the next bar")
    }

    deinit { externalMatcher?.deallocate() }

    private var externalParser = MIDIParser()
    private var externalMatcher: MIDIMatcher?
    /// The time of the first RtMidi message: the origin of the matcher's milliseconds.
    private var externalOrigin: Double?

    /// A message from RtMidi (ALSA), on the control thread: mapped with the same map; what it
    /// fires waits in `takeMIDIActions` (a tempo change applies from the first frame of the
    /// next cycle, through the command ring).
    public func receiveExternalMIDI(_ bytes: UnsafePointer<UInt8>, count: Int, now: Double) {
        guard let midi, let m = externalParser.parse(bytes, count: count) else { return }
        if externalMatcher == nil { externalMatcher = midi.matcher(rate: 1000) }  // frames = milliseconds
        guard let matcher = externalMatcher else { return }
        if midi.monitorOnly { logMIDI("alsa\t\(m.text)"); midiMessages.append(m) }
        if externalOrigin == nil { externalOrigin = now }
        let ms = Int64((now - (externalOrigin ?? now)) * 1000)
        var i = -1
        while let b = matcher.next(for: m, frame: ms, after: &i) {
            let value = m.kind == .programChange ? m.data1 : m.data2
            lastMIDI = "MIDI \(describeMIDI(index: Int(b.index)))"
            if midi.monitorOnly { logMIDI("\t→ \(describeMIDI(index: Int(b.index)))"); continue }
            fired(index: Int(b.index), value: value, now: now)
        }
    }

    /// A mapping fired that the renderer left to this thread (or that came through RtMidi): its
    /// action waits for the session's controller.
    private func fired(index: Int, value: UInt8, now: Double) {
        guard let midi, index >= 0, index < midi.bindings.count else { return }
        let text = index < midi.texts.count ? midi.texts[index] : nil
        if let action = Action(midi: midi.bindings[index], value: value, text: text, now: now) { midiActions.append(action) }
    }

    /// The actions of the MIDI mappings fired since the last call (RtMidi input, and JACK MIDI
    /// the renderer left to the control thread), oldest first: the control loop hands them to
    /// the session's controller, as it does keys.
    public func takeMIDIActions() -> [Action] {
        defer { midiActions.removeAll() }
        return midiActions
    }

    private func describeMIDI(index: Int) -> String {
        guard let midi, index >= 0 else { return "" }
        if index < midi.descriptions.count { return midi.descriptions[index] }
        if index < midi.bindings.count { return midi.bindings[index].action.name }
        return ""
    }

    private func logMIDI(_ line: String) {
        midiLogTotal += 1
        midiLog.append(line)
        if midiLog.count > 200 { midiLog.removeFirst(midiLog.count - 200) }
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
            send(.editTempo(.set(milliBPM: milliBPM)))
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
            case .midiMessage(let kind, let channel, let d1, let d2, let frame):
                let m = MIDIMessage(kind: MIDIMessage.Kind(rawValue: kind) ?? .other, channel: channel, data1: d1, data2: d2)
                logMIDI("\(frame)\t\(m.text)")
                midiMessages.append(m)
            case .midiFired(let index, let value, let applied, _):
                let what = describeMIDI(index: Int(index))
                lastMIDI = "MIDI \(what)"
                if midi?.monitorOnly == true {
                    logMIDI("\t→ \(what)")
                } else if !applied {
                    fired(index: Int(index), value: value, now: now)
                }
            case .tempoChanged(let m, let byMIDI):
                // The renderer's tempo is the truth: an edit made here from a tempo a pedal
                // had already changed comes back as the tempo it gave there.
                if byMIDI || (m != settings.milliBPM && mode != .follow) { settingsChanged = true }
                settings.milliBPM = m
                if byMIDI { say("\(Tempo.display(m)) BPM (MIDI)") }
            case .tapped(let count):
                say("tap \(count): tap again to set the tempo")
            case .runningChanged(let r):
                running = r
                if r { finished = false; bar = 0; beat = -1 }
                say(r ? "started (MIDI)" : "stopped (MIDI)")
            case .mutedChanged(let m):
                muted = m
                say(m ? "muted" : "unmuted")
            case .step(let b, let step, let spb, let perBeat, let cell, let inGap, let milliBPM, let frame):
                playedSteps.append(PlayedStep(bar: b, step: Int(step), stepsPerBar: Int(spb), stepsPerBeat: Int(perBeat),
                                              cell: ClickLevel(rawValue: cell) ?? .normal, inGap: inGap, milliBPM: milliBPM, frame: frame))
            case .tempoChangedAtBar(let m, let b):
                settings.milliBPM = m
                say("\(Tempo.display(m)) BPM from bar \(b + 1)")
            }
        }
    }

    /// The steps played since the last call, in order (`keepsPlayedSteps`).
    public func takePlayedSteps() -> [PlayedStep] {
        defer { playedSteps.removeAll(keepingCapacity: true) }
        return playedSteps
    }

    /// Sends a tempo change from bar `bar` (the listening speed trainer's step at a pass boundary).
    public func setTempo(_ milliBPM: Int64, fromBar bar: Int64) {
        send(.setTempoAtBar(milliBPM: milliBPM, bar: bar))
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

    /// A tempo edit from a key, a remote or an RtMidi mapping: applied here at once (for the
    /// screen) and sent to the renderer, which applies it to the tempo it plays and reports
    /// the result (`.tempoChanged`).
    private func editTempo(_ edit: TempoEdit, from prefix: String) {
        if mode == .follow { say("the tempo follows the transport master"); return }
        if let plan = mapPlan, !plan.isSingleTempo { say("the tempo map sets the tempo"); return }
        let m = edit.applied(to: settings.milliBPM)
        settings.milliBPM = m
        settingsChanged = true
        send(.editTempo(edit))
        say("\(prefix)\(Tempo.display(m)) BPM")
    }

    /// klick's `set_meter` (OSC): beats and denominator from the next bar. Nil when done, else why not.
    public func changeMeter(beats: Int, denominator: Int) -> String? {
        guard mapPlan == nil else { return "the tempo map sets the meter" }
        guard mode != .follow else { return "the meter follows the transport master" }
        setMeter(beats: beats, denominator: denominator)
        return settings.beats == beats && settings.denominator == denominator ? nil : message
    }

    /// klick's `set_pattern` (OSC): accent letters (`X..x.x.`; empty: accent on beat 1) from the
    /// next bar. Nil when done, else why not.
    public func changePattern(_ letters: String) -> String? {
        guard mapPlan == nil else { return "the tempo map sets the pattern" }
        var next = settings
        next.pattern = letters.isEmpty ? nil : letters
        do {
            try adopt(next)
            say("pattern \(letters.isEmpty ? "accent on 1" : letters) from the next bar")
            return nil
        } catch {
            return "cannot use the pattern '\(letters)': \(error)"
        }
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
            try adopt(next)
            say("meter \(beats)/\(denominator) from the next bar\(note)")
        } catch {
            say("cannot use \(beats)/\(denominator): \(error)")
        }
    }

    /// Continues with `next` (meter or pattern changed) from the next bar line.
    private func adopt(_ next: ClickSettings) throws {
        var plan = try next.plan()
        if mode != .free { plan.countInBars = 0 }
        let timeline = rate > 0 ? try ClickTimeline(plan: plan, rate: rate) : nil
        settings = next
        settingsChanged = true
        beatsPerBar = next.beats
        if let timeline {
            timelines[timeline.handle.id] = timeline
            send(.adopt(timeline.handle))
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
