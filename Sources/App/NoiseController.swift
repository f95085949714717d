import Control
import Engine
import RenderGraph
import Foundation
import Persistence
import TerminalUI
import WoodshedCore

/// `woodshed noise` on the control loop: the time left ("Now: Brown Noise (15:00
/// remaining)") on screen or as a plain line a minute, key s for the scope, and the end of the
/// timer (counted in frames played, faded by the generator itself: noise keeps `--fade`).
/// Control thread.
public final class NoiseController: SessionController {
    let engine: LiveEngine
    let timer: NoiseTimer
    let title: String
    let level: Double
    private var lastPrinted = ""
    private(set) var played: Int64 = 0
    private var finished = false
    /// The oscilloscope and meters are on screen (`--scope`, key s).
    public var showsScope = false
    /// `--scope spectrum`: the spectrum under the trace.
    public var showsSpectrum = false
    /// `--until`: the alarms that ring meanwhile (keys s and space are the clock's while one rings).
    public var alarms: AlarmKeeper?
    /// `--notch`: on or off (key f).
    public var notchSwitch: NotchSwitch? {
        didSet { notched = notchSwitch.map { NotchedTime(on: $0.isOn, at: playedNow()) } }
    }
    /// The frames of noise played with the notch on (the log's `notched`).
    private var notched: NotchedTime?

    public let command = "woodshed noise: "
    public let autosaveInterval = 1.0

    public init(engine: LiveEngine, timer: NoiseTimer, title: String, level: Double) {
        self.engine = engine
        self.timer = timer
        self.title = title
        self.level = level
    }

    public func startLine() -> String? { nil }

    public func action(for key: Key, now: Double) -> Action? {
        alarms?.isRinging == true ? KeyMap.clock(key, at: now) : KeyMap.noise(key)
    }

    /// The scope, and quit or stop (MPRIS's Stop): the end; noise has no part for the other
    /// actions and no message line: they do nothing.
    public func perform(_ action: Action) {
        if let alarms, alarms.isRinging, action != .quit {
            if action == .stop || action == .toggleRunning { alarms.stop() } else { alarms.snooze() }
            return
        }
        switch action {
        case .quit, .stop: engine.loop.quit()
        case .toggleScope: showsScope.toggle()
        case .toggleNotch: if let notchSwitch { notched?.switched(on: notchSwitch.toggle(), at: playedNow()) }
        default: break
        }
    }

    public func refresh(now: Double) {
        played = playedNow()
        alarms?.refresh()
        // With alarms, the end waits for one ringing, snoozed or about to ring.
        if let total = timer.totalFrames, played >= total, alarms?.holdsOpen != true { finished = true; engine.loop.quit(.programEnded) }
    }

    public func fadeOut(seconds: Double) {}   // the generator fades (`--fade`)
    public var hasUnsavedChanges: Bool { false }
    public func save() {}
    /// Where the noise's minutes are logged (`NoiseLaunch` sets it); nil: nothing is logged.
    public var practiceLog: PracticeLog?

    /// Logs the time the noise sounded (nothing when it did not).
    public func willStop(now: Double) {
        guard let practiceLog, let entry = practiceEntry(date: Date()) else { return }
        do { try practiceLog.append(entry) } catch { writeStderr("Warning: practice log: \(error)\n") }
    }

    /// The log's entry for the noise played so far, or nil before any sounded.
    public func practiceEntry(date: Date) -> PracticeLogEntry? {
        played = playedNow()
        let milliseconds = played * 1000 / Int64(max(timer.rate, 1))
        guard milliseconds > 0 else { return nil }
        var entry = PracticeLogEntry.noise(date: date, sound: title, milliseconds: milliseconds)
        var notchedSoFar = notched
        entry.notchedMilliseconds = min((notchedSoFar?.take(at: played) ?? 0) * 1000 / Int64(max(timer.rate, 1)), milliseconds)
        return entry
    }

    /// The frames of noise played so far.
    private func playedNow() -> Int64 { timer.played(now: engine.output.noiseFrames ?? 0) }

    public func didStop(_ end: ControlLoop.End) -> String? {
        "\(finished ? "time is up" : "stopped") · xruns \(engine.output.status.xruns)"
    }

    /// A plain line when the minute changes (and the first).
    public func plainLines(now: Double) -> [String] {
        let status = statusLine(played: played)
        guard status != lastPrinted && (lastPrinted.isEmpty || status.hasSuffix(":00 remaining)")) else { return [] }
        lastPrinted = status
        return [command + status]
    }

    /// `Now: Brown Noise (15:00 remaining)`, or `Now: Brown Noise` without a timer.
    public func statusLine(played: Int64) -> String {
        guard let total = timer.totalFrames else { return "Now: \(title)" }
        let left = max(total - played, 0)
        return "Now: \(title) (\(ClockText.minutes(Int((Double(left) / Double(timer.rate)).rounded(.up)))) remaining)"
    }

    public func screen(now: Double, width: Int, height: Int) -> [String] {
        var out = [statusLine(played: played), ""]
        out.append(String(format: "%@ at %.1f dBFS RMS on music_L and music_R", title, level))
        if let notchSwitch { out.append(notchSwitch.isOn ? "notch on (f: off)" : "notch off (f: on)") }
        if let total = timer.totalFrames {
            out.append(PlayerScreen.progressBar(Double(played) / Double(max(total, 1)), width: width))
            if timer.fadeSeconds > 0 { out.append(String(format: "fades out over the last %.0f s", timer.fadeSeconds)) }
        }
        let st = engine.output.status
        if let alarms { out += [""] + (alarms.ringing.map { ["RINGING: \($0.alarm.shortText) · s snooze · space stop"] } ?? []) + alarms.notes }
        out += ["", engine.output.backendLine.map { "\($0) · xruns \(st.xruns)" } ?? (st.connected ? "JACK '\(st.server)' · \(st.rate) Hz · client \(st.clientName) · xruns \(st.xruns)" : "JACK '\(st.server)' gone · waiting for it to come back"),
                "s scope · q/Esc quit"]
        return Array(out.prefix(max(height, 0))) + Array(repeating: "", count: max(0, height - out.count))
    }
}
