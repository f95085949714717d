import Alarms
import App
import Engine
import Foundation
import Persistence
import Remote

/// What each `woodshed alarm ACTION` does to `alarms.json`: each returns the text to print
/// (warnings go to stderr), or throws a one-line error. Main thread.
public struct AlarmActions {
    public let store: AlarmStore
    public let schedule: AlarmSchedule
    public let environment: [String: String]
    /// Seconds since 1970 (the wall clock), for `--in` and the next times.
    public let now: () -> Double

    public init(store: AlarmStore = AlarmStore(), schedule: AlarmSchedule = AlarmSchedule(),
                environment: [String: String] = ProcessInfo.processInfo.environment,
                now: @escaping () -> Double = { SystemWallClock().secondsSince1970 }) {
        self.store = store
        self.schedule = schedule
        self.environment = environment
        self.now = now
    }

    /// The settings `add` and `edit` take, as the user wrote them (nil: not given).
    public struct Settings {
        public var time: String?
        /// `--in 3s`: a once-only alarm that many seconds from now (whole seconds, rounded up).
        public var after: String?
        public var days: String?
        public var label: String?
        public var sound: String?
        public var volume: String?
        public var snooze: String?
        public init(time: String? = nil, after: String? = nil, days: String? = nil, label: String? = nil, sound: String? = nil,
                    volume: String? = nil, snooze: String? = nil) {
            self.time = time
            self.after = after
            self.days = days
            self.label = label
            self.sound = sound
            self.volume = volume
            self.snooze = snooze
        }
    }

    /// `add TIME` or `add --in DURATION`.
    public func add(_ s: Settings) throws -> String {
        let t = now()
        var alarm = Alarm(id: 0, time: AlarmTime(hour: 0, minute: 0), days: .daily)
        switch (s.time, s.after) {
        case (nil, nil): throw OptionProblem("give the alarm's time (such as 07:00) or --in DURATION")
        case (.some, .some): throw OptionProblem("give the alarm's time or --in, not both")
        case (let text?, nil):
            alarm.time = try Self.time(text)
            alarm.days = try s.days.map(Self.days) ?? .daily
            if alarm.days == .once { alarm.date = schedule.onceDate(for: alarm.time, now: t) }
        case (nil, let text?):
            guard let seconds = DurationText.seconds(text) else { throw OptionProblem(DurationText.invalid("--in", text)) }
            if let d = s.days, try Self.days(d) != .once { throw OptionProblem("--in makes a once-only alarm; leave out --days \(d)") }
            let at = (t + seconds).rounded(.up)
            alarm.time = schedule.time(at: at)
            alarm.days = .once
            alarm.date = schedule.date(at: at)
        }
        try apply(s, to: &alarm)
        let added = try store.edit { (book: inout AlarmBook) throws(AlarmError) -> Alarm in
            alarm.id = book.nextID
            book.alarms.append(alarm)
            return alarm
        }
        if !RingingInstances(environment: environment).anyRunning() {
            writeStderr("Warning: no 'woodshed clock' or 'woodshed noise … --until' runs, so no alarm rings: start one, "
                + "or run 'woodshed alarm install-service' to have the clock run at login\n")
        }
        return "added alarm \(added.id): \(summary(added, now: t))"
    }

    /// `edit ID` with the settings to change.
    public func edit(_ idText: String, _ s: Settings) throws -> String {
        let id = try Self.id(idText)
        let t = now()
        if s.after != nil { throw OptionProblem("--in is for new alarms: give edit a time instead") }
        let time = try s.time.map(Self.time), days = try s.days.map(Self.days)
        let rest = try parsed(s)
        let changed = try store.edit { (book: inout AlarmBook) throws(AlarmError) -> Alarm in
            guard let i = book.alarms.firstIndex(where: { $0.id == id }) else { throw .noSuchAlarm(id: id, ids: book.alarms.map(\.id)) }
            var alarm = book.alarms[i]
            if let time { alarm.time = time }
            if let days { alarm.days = days }
            rest(&alarm)
            if alarm.days != .once {
                alarm.date = nil
            } else if time != nil || days != nil || alarm.date == nil {
                alarm.date = schedule.onceDate(for: alarm.time, now: t)
            }
            book.alarms[i] = alarm
            return alarm
        }
        return "changed alarm \(id): \(summary(changed, now: t))"
    }

    /// `remove ID`.
    public func remove(_ idText: String) throws -> String {
        let id = try Self.id(idText)
        let removed = try store.edit { (book: inout AlarmBook) throws(AlarmError) -> Alarm in
            guard let i = book.alarms.firstIndex(where: { $0.id == id }) else { throw .noSuchAlarm(id: id, ids: book.alarms.map(\.id)) }
            return book.alarms.remove(at: i)
        }
        return "removed alarm \(id): \(removed.shortText) (the file before is kept as \(store.url.lastPathComponent).bak)"
    }

    /// `enable ID` and `disable ID`.
    public func setEnabled(_ idText: String, _ on: Bool) throws -> String {
        let id = try Self.id(idText)
        let t = now()
        let alarm = try store.edit { (book: inout AlarmBook) throws(AlarmError) -> Alarm in
            guard let i = book.alarms.firstIndex(where: { $0.id == id }) else { throw .noSuchAlarm(id: id, ids: book.alarms.map(\.id)) }
            book.alarms[i].enabled = on
            if on, book.alarms[i].days == .once, schedule.next(book.alarms[i], after: t) == nil {
                book.alarms[i].date = schedule.onceDate(for: book.alarms[i].time, now: t)
            }
            return book.alarms[i]
        }
        return "\(on ? "enabled" : "disabled") alarm \(id): \(summary(alarm, now: t))"
    }

    /// `list`: one alarm a line with the next time it rings (`summary`).
    public func list() throws -> String {
        let book = try store.load()
        guard !book.alarms.isEmpty else { return "no alarms (add one with: woodshed alarm add 07:00)" }
        let t = now()
        return book.alarms.map { "\($0.id)  \(summary($0, now: t))" }.joined(separator: "\n")
    }

    /// `07:00 mon-fri "work" · beep 80 % · snooze 9 min · next Wednesday 2026-11-25 07:00 (in 22 h 50 min)`;
    /// control characters in the label shown escaped (`\u{1B}`), in every line that says it.
    public func summary(_ a: Alarm, now t: Double) -> String {
        var out = "\(a.shortText.escapingControlCharacters()) · \(a.sound) \(a.volume) % · snooze \(a.snoozeMinutes) min · "
        guard a.enabled else { return out + "off" }
        guard let next = schedule.next(a, after: t) else { return out + "done (its time has passed)" }
        let at = Double(next)
        let date = schedule.date(at: at)
        out += "next \(ClockFace.weekday(date)) \(date.text) \(schedule.time(at: at).text) (\(ClockFace.inText(at - t)))"
        return out
    }

    private func apply(_ s: Settings, to alarm: inout Alarm) throws { try parsed(s)(&alarm) }

    /// The values of `add` (`adding`) or `edit` checked before any file is read, so a wrong
    /// one is a usage error of its own command: the time or `--in`, the days, sound, volume and
    /// snooze, and `idText` (edit, remove, enable, disable).
    public static func check(_ s: Settings, adding: Bool, id idText: String? = nil) throws {
        if let idText { _ = try id(idText) }
        if adding {
            switch (s.time, s.after) {
            case (nil, nil): throw OptionProblem("give the alarm's time (such as 07:00) or --in DURATION")
            case (.some, .some): throw OptionProblem("give the alarm's time or --in, not both")
            case (_, let text?):
                guard DurationText.seconds(text) != nil else { throw OptionProblem(DurationText.invalid("--in", text)) }
                if let d = s.days, try days(d) != .once { throw OptionProblem("--in makes a once-only alarm; leave out --days \(d)") }
            default: break
            }
        } else if s.after != nil {
            throw OptionProblem("--in is for new alarms: give edit a time instead")
        }
        _ = try s.time.map(time)
        _ = try s.days.map(days)
        if let sound = s.sound {
            do { _ = try AlarmSound.resolve(sound) } catch { throw OptionProblem("--sound: \(error)") }
        }
        _ = try s.volume.map(volume)
        _ = try s.snooze.map(snooze)
    }

    /// The label, sound, volume and snooze of `s`, checked, as a change to make to an alarm.
    private func parsed(_ s: Settings) throws -> (inout Alarm) -> Void {
        if let sound = s.sound {
            do { _ = try AlarmSound.resolve(sound) } catch { throw OptionProblem("--sound: \(error)") }
        }
        let volume = try s.volume.map(Self.volume), snooze = try s.snooze.map(Self.snooze)
        return { alarm in
            if let label = s.label { alarm.label = label }
            if let sound = s.sound { alarm.sound = sound }
            if let volume { alarm.volume = volume }
            if let snooze { alarm.snoozeMinutes = snooze }
        }
    }

    static func id(_ text: String) throws -> Int {
        guard let n = Int(text), n >= 1 else { throw OptionProblem("'\(text)' is not an alarm number: see woodshed alarm list") }
        return n
    }

    static func time(_ text: String) throws -> AlarmTime {
        guard let t = AlarmTime(text) else { throw OptionProblem("'\(text)' is not a time of day: write HH:MM (24-hour), such as 07:00 or 18:30") }
        return t
    }

    static func days(_ text: String) throws -> AlarmDays {
        guard let d = AlarmDays(text) else { throw OptionProblem("--days takes \(AlarmDays.accepted), not '\(text)'") }
        return d
    }

    /// `80%` or `80`: 1 to 100.
    static func volume(_ text: String) throws -> Int {
        let digits = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let v = Int(digits.trimmingCharacters(in: .whitespaces)), Alarm.volumeRange.contains(v) else {
            throw OptionProblem("--volume takes a percentage from 1% to 100%, not '\(text)'")
        }
        return v
    }

    /// `9m`, `9`, `90s` (whole minutes): 1 to 30.
    static func snooze(_ text: String) throws -> Int {
        let seconds = Int(text).map { Double($0 * 60) } ?? DurationText.seconds(text)
        guard let seconds, seconds.truncatingRemainder(dividingBy: 60) == 0,
              Alarm.snoozeRange.contains(Int(seconds / 60)) else {
            throw OptionProblem("--snooze takes whole minutes from 1m to 30m, not '\(text)'")
        }
        return Int(seconds / 60)
    }
}
