import Control
import Foundation
import JackBackend
import MIDIInput
import Persistence
import Synchronization
import TerminalUI
import WoodshedCore

/// Set by SIGINT, SIGTERM or SIGHUP; the live loop quits at its next turn.
let liveQuitRequested = Atomic<Bool>(false)

/// SIGINT, SIGTERM and SIGHUP set `liveQuitRequested`. Main thread.
func installQuitSignals() {
    QuitSignals.catching([SIGINT, SIGTERM, SIGHUP]) { _ in liveQuitRequested.store(true, ordering: .relaxed) }
}

/// The control thread's loop for `woodshed click`: keys in, actions to the session, notices
/// out, JACK upkeep (reconnect), and the display drawn about 30 times a second — or, without
/// a terminal on stdout, one plain line per bar. Main thread.
final class LiveApp {
    let session: LiveSession
    let backend: JackBackend
    /// Where settings are saved; nil when the last-session file was unusable (never saved over).
    let store: LastSessionStore?
    let summary: String
    let stopAfter: Double?
    /// Shown as the message until the first key press.
    private var note: String?

    /// MIDI inputs read on this thread (RtMidi), if any.
    var midi: MIDISetup?

    private var lastSaved = 0.0
    /// `9:12 left` while `--for` runs.
    private var timeLeft: String?
    private var lastPrintedBar = Int64.min
    private var eventsShown = 0

    init(session: LiveSession, backend: JackBackend, store: LastSessionStore?, summary: String, stopAfter: Double?, note: String? = nil) {
        self.note = note
        self.session = session
        self.backend = backend
        self.store = store
        self.summary = summary
        self.stopAfter = stopAfter
    }

    /// Keys as the display lists them.
    static let legend: [KeyHelp] = [
        KeyHelp(keys: "space", action: "start/stop"), KeyHelp(keys: "↑/↓", action: "±1 BPM"),
        KeyHelp(keys: "PgUp/PgDn", action: "±10 BPM"), KeyHelp(keys: "t", action: "tap tempo"),
        KeyHelp(keys: "[ ] 1-9", action: "beats per bar"), KeyHelp(keys: "m", action: "mute"),
        KeyHelp(keys: "+/-", action: "volume"), KeyHelp(keys: "q/Esc", action: "quit"),
    ]

    /// The action a key stands for, if any.
    static func action(for key: Key, at now: Double) -> Action? {
        switch key {
        case .space: .toggleRunning
        case .up: .tempoStep(milliBPM: 1_000)
        case .down: .tempoStep(milliBPM: -1_000)
        case .pageUp: .tempoStep(milliBPM: 10_000)
        case .pageDown: .tempoStep(milliBPM: -10_000)
        case .escape, .ctrlC: .quit
        case .char(let c):
            switch c {
            case "t", "T": .tap(at: now)
            case "[": .beatsPerBarStep(-1)
            case "]": .beatsPerBarStep(1)
            case "m", "M": .toggleMute
            case "+", "=": .volumeStep(0.1)
            case "-", "_": .volumeStep(-0.1)
            case "q", "Q": .quit
            case "1"..."9": .setBeatsPerBar(Int(String(c))!)
            default: nil
            }
        default: nil
        }
    }

    func run() {
        installQuitSignals()
        let fullScreen = Terminal.stdoutIsTerminal
        // RtMidi, ALSA and libjack print to stderr from their own threads: while the display is up,
        // that goes to a log file instead of over the screen.
        let stderrLog = fullScreen ? try? StderrRedirect(appendingTo: Self.stderrLogPath()) : nil
        let terminal = Terminal()
        let keys = KeyInput()
        let started = Self.now()
        if session.mode == .free { session.perform(.start) }
        if !fullScreen {
            emit("woodshed click: \(summary) · \(serverLine()) · \(session.mode.rawValue) · keys on stdin")
        }
        while !session.quitRequested && !liveQuitRequested.load(ordering: .relaxed) {
            let pressed = keys.poll(timeoutMilliseconds: 33)
            let now = Self.now()
            if !pressed.isEmpty { note = nil }
            for key in pressed {
                if let action = Self.action(for: key, at: now) { session.perform(action) }
            }
            midi?.poll(session, now: now)
            session.drainNotices(now: now)
            backend.tick(now: now)
            if let stopAfter {
                // `--for` ends with a fade-out over its last seconds (at most 5, or half the time).
                let fade = min(5, stopAfter / 2), left = stopAfter - (now - started)
                if left <= 0 { break }
                if left < fade { session.fadeOutput(Float(left / fade)) }
                timeLeft = "\(PlayApp.clock(seconds: Int(left.rounded(.up)))) left"
            }
            if session.settingsChanged && now - lastSaved > 2 { save(now) }
            if fullScreen {
                _ = terminal.resized
                let size = terminal.size
                terminal.draw(ScreenLayout.lines(for: displayState(now: now), width: size.columns, height: size.rows))
            } else {
                plainOutput(now: now)
            }
        }
        let counts = backend.counters.map { c in
            "MIDI \(c[.midiMessages]) messages · \(c[.midiActions]) mapped · \(c[.midiIgnored]) ignored · \(c[.droppedMIDIEvents] + c[.droppedNotices]) dropped"
        }
        backend.stop()
        terminal.restore()
        stderrLog?.restore()
        save(Self.now())
        if !fullScreen {
            emit("woodshed click: stopped · xruns \(backend.status.xruns) · skipped cycles \(backend.status.skippedCycles)"
                 + (counts.map { " · " + $0 } ?? ""))
        }
    }

    /// What the display shows now.
    func displayState(now: Double) -> DisplayState {
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
        return DisplayState(
            bpm: bpm, meter: meter,
            bar: session.bar + 1, beat: session.beat + 1, beatsPerBar: session.beatsPerBar,
            flash: flash, running: session.running, muted: session.muted, volume: s.volume, sound: s.sound,
            transport: transportText(), mapLabel: map?.label, barsLeft: map?.barsLeft,
            dspLoad: st.dspLoad, xruns: st.xruns, server: serverLine(), serverLost: !st.connected,
            message: note ?? (session.message.isEmpty ? (timeLeft.map { "timer: " + $0 } ?? lastEvent) : session.message), keys: Self.legend)
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
        let st = backend.status
        guard st.connected else { return "JACK '\(st.server)' gone · waiting for it to come back" }
        let to = st.connections.isEmpty ? "not connected" : "→ " + st.connections.joined(separator: ", ")
        return "JACK '\(st.server)' · \(st.rate) Hz · \(st.bufferSize) frames · client \(st.clientName) \(to)"
    }

    /// Piped stdout: one line per bar, and JACK events as they happen.
    private func plainOutput(now: Double) {
        while eventsShown < backend.events.count {
            emit("woodshed click: " + backend.events[eventsShown])
            eventsShown += 1
        }
        if session.bar != lastPrintedBar && session.beat >= 0 {
            lastPrintedBar = session.bar
            emit(PlainLineReporter.line(bar: session.bar + 1, state: displayState(now: now)))
        }
    }

    private func emit(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    private func save(_ now: Double) {
        lastSaved = now
        guard let store, session.mapPlan == nil, session.mode != .follow else { return }
        do {
            try store.save(session.settings)
            session.settingsChanged = false
        } catch {
            session.settingsChanged = false  // reported once, not retried every frame
        }
    }

    /// `$XDG_STATE_HOME/woodshed/stderr.log` (made if missing).
    static func stderrLogPath() -> String {
        let dir = UserFolders.woodshed(.state)
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("stderr.log").path
    }

    static func now() -> Double { MonotonicClock.seconds() }
}
