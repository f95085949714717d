import Control
import Engine
import Foundation
import Persistence
import TerminalUI
import WoodshedCore

/// `woodshed click` on the control loop: keys to actions on the live session, the display
/// (about 30 times a second) or one plain line per bar, and the settings saved as the last
/// session. Control thread.
public final class MetronomeController: SessionController {
    let engine: LiveEngine
    /// The live session of the metronome's click (its engine always has one).
    let session: LiveSession
    var backend: LiveOutput { engine.output }
    /// Where settings are saved; nil when the last-session file was unusable (never saved over).
    let store: LastSessionStore?
    let summary: String
    /// Shown as the message until the first action (a key, a pedal).
    private var note: String?
    private var lastPrintedBar = Int64.min
    /// MIDI counters read before the client closes (the stop line).
    private var counts: String?

    /// The tempo at the start: MPRIS's `Rate` is the tempo over it.
    let startMilliBPM: Int64
    public let command = "woodshed click: "
    public let autosaveInterval = 2.0
    public var showsScope: Bool { false }
    /// Where the click's practice is logged (`ClickLaunch` sets it); nil: nothing is logged.
    public var practiceLog: PracticeLog?
    /// The time the click ran, per setlist song, for the log.
    var practice: ClickPractice
    /// Shown as the message once the log could not be written.
    private var logProblem: String?
    /// The setlist's title, when `--setlist` gave one: its line is on screen.
    public var setlistTitle: String?
    /// `--coach`: what is heard on `woodshed:in`, against the click (its lines under the display).
    public var coach: LiveCoach?

    public init(engine: LiveEngine, store: LastSessionStore?, summary: String, note: String? = nil, setlist: String? = nil) {
        self.engine = engine
        guard let session = engine.session else { preconditionFailure("the metronome runs on an engine with a live session") }
        self.session = session
        practice = ClickPractice(setlist: setlist)
        self.store = store
        self.summary = summary
        self.note = note
        startMilliBPM = session.settings.milliBPM
    }

    public func startLine() -> String? {
        if session.mode == .free { session.perform(.start) }
        return "\(summary) · \(serverLine()) · \(session.mode.rawValue) · keys on stdin"
    }

    public func action(for key: Key, now: Double) -> Action? { KeyMap.click(key, at: now) }

    /// The live session performs every action; the player's and the scope it says it has no part for.
    public func perform(_ action: Action) {
        note = nil
        session.perform(action)
        if session.quitRequested { engine.loop.quit() }
    }

    public func refresh(now: Double) {
        if session.quitRequested { engine.loop.quit() }
        coach?.refresh(now: now)
        logPractice(practice.observe(running: session.running, song: songTitle, milliBPM: loggedTempo, now: now, date: Date()))
    }

    /// The setlist's song playing, if a setlist runs.
    private var songTitle: String? { session.songs.indices.contains(session.songIndex) ? session.songs[session.songIndex].title : nil }

    /// The tempo heard (a map's, where its last beat was), in thousandths of a BPM.
    private var loggedTempo: Int64 { session.mapPlan != nil ? session.playing?.milliBPM ?? session.settings.milliBPM : session.settings.milliBPM }

    /// Appends the click's entry, if any, to the practice log.
    private func logPractice(_ entry: PracticeLogEntry?) {
        guard var entry, let practiceLog else { return }
        if let coach { entry.coaching = coach.takeLogFigures() }
        do { try practiceLog.append(entry) } catch { logProblem = "practice log: \(error)" }
    }

    public func fadeOut(seconds: Double) { session.fadeOut(seconds: seconds) }

    public var hasUnsavedChanges: Bool { session.settingsChanged }

    public func save() {
        guard let store, session.mapPlan == nil, session.mode != .follow else { return }
        do {
            try store.save(session.settings)
            session.settingsChanged = false
        } catch {
            session.settingsChanged = false  // reported once, not retried every frame
        }
    }

    public func willStop(now: Double) {
        coach?.refresh(now: now)
        logPractice(practice.finish(now: now, date: Date()))
        coach?.stop()
        counts = backend.counters.map { c in
            "MIDI \(c[.midiMessages]) messages · \(c[.midiActions]) mapped · \(c[.midiIgnored]) ignored · \(c[.droppedMIDIEvents] + c[.droppedNotices]) dropped"
        }
    }

    public func didStop(_ end: ControlLoop.End) -> String? {
        "stopped · xruns \(backend.status.xruns) · skipped cycles \(backend.status.skippedCycles)" + (counts.map { " · " + $0 } ?? "")
    }

    public func screen(now: Double, width: Int, height: Int) -> [String] {
        guard let coach else { return ScreenLayout.lines(for: displayState(now: now), width: width, height: height) }
        let coached = coach.screenLines(width: width)
        return ScreenLayout.lines(for: displayState(now: now), width: width, height: max(height - coached.count, 1)) + coached
    }

    /// Plain output: one line per bar.
    public func plainLines(now: Double) -> [String] {
        let coached = coach?.takeLines() ?? []
        guard session.bar != lastPrintedBar && session.beat >= 0 else { return coached }
        lastPrintedBar = session.bar
        return coached + [PlainLineReporter.line(bar: session.bar + 1, state: displayState(now: now))]
    }

    /// What the display shows now.
    public func displayState(now: Double) -> DisplayState {
        let s = session.settings
        let st = backend.status
        // A tempo map's tempo and meter are where the last beat was; live settings otherwise.
        let shown = session.mapPlan != nil ? session.playing : nil
        let bpm = Tempo.display(shown?.milliBPM ?? s.milliBPM)
        let meter = shown.map { "\($0.beats)/\($0.denominator)" } ?? "\(s.beats)/\(s.denominator)"
        var flash = Flash.none
        if session.lastBeatTime >= 0 && now - session.lastBeatTime < 0.1 && session.running {
            flash = session.lastBeatLevel == .accent ? .accent : .beat
        }
        let map = session.mapPosition
        let lastEvent = backend.events.last ?? ""
        let timeLeft = engine.secondsLeft(now: now).map { "\(ClockText.minutes($0)) left" }
        return DisplayState(
            bpm: bpm, meter: meter,
            bar: session.bar + 1, beat: session.beat + 1, beatsPerBar: session.beatsPerBar,
            flash: flash, running: session.running, muted: session.muted, volume: s.volume, sound: s.sound,
            transport: transportText(), mapLabel: map?.label, barsLeft: map?.barsLeft,
            setlist: setlistTitle.map { SetlistLine.text(title: $0, songs: session.songs.map(\.title), index: session.songIndex) },
            dspLoad: st.dspLoad, xruns: st.xruns, server: serverLine(), serverLost: !st.connected,
            message: note ?? logProblem ?? (session.message.isEmpty ? (timeLeft.map { "timer: " + $0 } ?? lastEvent) : session.message), keys: KeyMap.clickLegend)
    }

    private func transportText() -> String {
        let st = backend.status
        switch session.mode {
        case .free: return "free"
        case .follow: return "follow · " + (st.rolling ? "rolling" : "stopped")
        case .master: return (st.isTimebaseMaster ? "master · " : "not master (another client is) · ") + (st.rolling ? "rolling" : "stopped")
        }
    }

    private func serverLine() -> String {
        if let line = backend.backendLine { return line }
        let st = backend.status
        guard st.connected else { return "JACK '\(st.server)' gone · waiting for it to come back" }
        let to = st.connections.isEmpty ? "not connected" : "→ " + st.connections.joined(separator: ", ")
        return "JACK '\(st.server)' · \(st.rate) Hz · \(st.bufferSize) frames · client \(st.clientName) \(to)"
    }
}
