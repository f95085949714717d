import Alarms
import Control
import Engine
import Foundation
import Persistence
import TerminalUI
import WoodshedCore

/// `woodshed clock` on the control loop: the time in big digits, the date, the next alarm and
/// the sound playing until it with its time left; the alarms of `alarms.json` ring through its
/// `AlarmKeeper` (s or a pedal snoozes, space stops). Control thread.
public final class ClockController: SessionController {
    let engine: LiveEngine
    public let alarms: AlarmKeeper
    let twelveHours: Bool
    /// The sound played until the next alarm (`--sound`), if any, and its name.
    let noise: NoiseTimer?
    let soundTitle: String
    private var played: Int64 = 0
    private var lastPlain = ""

    public let command = "woodshed clock: "
    public let autosaveInterval = 1.0
    public var showsScope: Bool { false }

    public init(engine: LiveEngine, alarms: AlarmKeeper, twelveHours: Bool, noise: NoiseTimer? = nil, soundTitle: String = "") {
        self.engine = engine
        self.alarms = alarms
        self.twelveHours = twelveHours
        self.noise = noise
        self.soundTitle = soundTitle
    }

    /// None: the first plain line is the next alarm's (`plainLines`).
    public func startLine() -> String? { nil }

    public func action(for key: Key, now: Double) -> Action? { KeyMap.clock(key, at: now) }

    /// Space (or a stop) stops a ringing alarm; any other action while it rings (s, a pedal) snoozes it.
    public func perform(_ action: Action) {
        switch action {
        case .quit: engine.loop.quit()
        case .stop, .toggleRunning: alarms.stop()
        default: alarms.snooze()  // s (.snooze), or a pedal whatever it is mapped to
        }
    }

    public func refresh(now: Double) {
        alarms.refresh()
        if let noise { played = noise.played(now: engine.output.noiseFrames ?? 0) }
    }

    public func fadeOut(seconds: Double) {}
    public var hasUnsavedChanges: Bool { false }
    public func save() {}
    public func willStop(now: Double) {}

    public func didStop(_ end: ControlLoop.End) -> String? { "stopped · xruns \(engine.output.status.xruns)" }

    /// `Next alarm: 07:00 mon-fri "work" at 07:00 Wednesday (in 9 h 05 min)`, or that there is none
    /// (a snooze is `snoozedLine`'s).
    public func nextAlarmLine(now: Double) -> String {
        guard let next = alarms.ringer.nextAlarm.map({ (ring: $0, at: Double($0.scheduled)) }) else { return "No alarm set (woodshed alarm add 07:00)" }
        let schedule = alarms.ringer.schedule
        let time = ClockFace.digits(schedule.time(at: next.at), twelveHours: twelveHours)
        let when = time.digits + (time.suffix.isEmpty ? "" : " " + time.suffix)
        let day = ClockFace.weekday(schedule.date(at: next.at))
        return "Next alarm: \(next.ring.alarm.shortText) at \(when) \(day) (\(ClockFace.inText(next.at - now)))"
    }

    /// `Snoozed: 07:00 daily "up" rings again at 07:09 (in 9 min)`, one a snoozed alarm.
    public func snoozedLines(now: Double) -> [String] {
        alarms.ringer.snoozes.map { s in
            let time = ClockFace.digits(alarms.ringer.schedule.time(at: s.until), twelveHours: twelveHours)
            return "Snoozed: \(s.ring.alarm.shortText) rings again at \(time.digits)\(time.suffix.isEmpty ? "" : " " + time.suffix) (\(ClockFace.inText(s.until - now)))"
        }
    }

    /// `Now: Brown Noise (8:59:00 left, fading out over the last minute)`; nil without a sound.
    public func soundLine() -> String? {
        guard let noise else { return nil }
        guard let total = noise.totalFrames else { return "Now: \(soundTitle)" }
        let left = Int((Double(max(total - played, 0)) / Double(noise.rate)).rounded(.up))
        return left == 0 ? "\(soundTitle) has faded out" : "Now: \(soundTitle) (\(ClockText.minutes(left)) left, fading out over the last minute)"
    }

    /// `RINGING: 07:00 "work" · s snooze 9 min · space stop`, while an alarm rings.
    public func ringingLine() -> String? {
        guard let ring = alarms.ringing else { return nil }
        return "RINGING: \(ring.alarm.shortText) · s snooze \(ring.alarm.snoozeMinutes) min · space stop"
    }

    /// Plain output: the ringing line and the notes as they come, the next alarm when it changes.
    public func plainLines(now: Double) -> [String] {
        let line = ringingLine() ?? nextAlarmLine(now: now).replacingOccurrences(of: #" \(in .*\)$"#, with: "", options: .regularExpression)
        guard line != lastPlain else { return [] }
        lastPlain = line
        return [command + line]
    }

    public func screen(now: Double, width: Int, height: Int) -> [String] {
        let wall = alarms.wall.secondsSince1970
        let schedule = alarms.ringer.schedule
        let time = ClockFace.digits(schedule.time(at: wall), twelveHours: twelveHours)
        var out = BigDigits.render(time.digits)
        if !time.suffix.isEmpty { out[BigDigits.height - 1] += "  " + time.suffix }
        out += ["", ClockFace.dateLine(schedule.date(at: wall)), "", nextAlarmLine(now: wall)]
        if let ringing = ringingLine() { out.append(ringing) }
        out += snoozedLines(now: wall)
        if let sound = soundLine() { out.append(sound) }
        out += alarms.notes
        let st = engine.output.status
        out += ["", engine.output.backendLine.map { "\($0) · xruns \(st.xruns)" }
                ?? (st.connected ? "JACK '\(st.server)' · \(st.rate) Hz · client \(st.clientName) · xruns \(st.xruns)"
                    : "JACK '\(st.server)' gone · waiting for it to come back"),
                KeyMap.clockLegend]
        return Array(out.prefix(max(height, 0))) + Array(repeating: "", count: max(0, height - out.count))
    }
}
