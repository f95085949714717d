import Foundation
import Persistence

/// When alarms ring on the wall clock of one time zone: wall-clock times of day turned into
/// instants (seconds since 1970 UTC), across daylight-saving changes. Any thread (a value).
///
/// - A time the clocks skip (02:30 on the night they go forward from 02:00 to 03:00) rings at
///   the first valid minute after it: the instant of the change (03:00).
/// - A time that comes twice (02:30 on the night they go back from 03:00 to 02:00) rings once,
///   at its first occurrence.
public struct AlarmSchedule: Sendable {
    public let timeZone: TimeZone

    public init(timeZone: TimeZone = .current) { self.timeZone = timeZone }

    /// The offset from UTC at instant `t`, in seconds.
    func offset(at t: Int64) -> Int64 {
        Int64(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(t))))
    }

    /// The local date at instant `t`.
    public func date(at t: Double) -> AlarmDate {
        let wall = Int64(t.rounded(.down)) + offset(at: Int64(t.rounded(.down)))
        return AlarmDate(daysSinceEpoch: Int(wall >= 0 ? wall / 86_400 : (wall - 86_399) / 86_400))
    }

    /// The local time of day at instant `t`.
    public func time(at t: Double) -> AlarmTime {
        let wall = Int64(t.rounded(.down)) + offset(at: Int64(t.rounded(.down)))
        let s = Int(((wall % 86_400) + 86_400) % 86_400)
        return AlarmTime(hour: s / 3600, minute: s / 60 % 60, second: s % 60)
    }

    /// The instant at which the wall clock shows `time` on `date`: its first occurrence when
    /// it comes twice, the end of the gap when the clocks skip it.
    public func instant(of date: AlarmDate, _ time: AlarmTime) -> Int64 {
        let wall = Int64(date.daysSinceEpoch) * 86_400 + Int64(time.secondOfDay)
        let before = offset(at: wall - 86_400), after = offset(at: wall + 86_400)
        let valid = Set([before, after]).map { wall - $0 }.filter { wall - offset(at: $0) == $0 }
        if let first = valid.min() { return first }
        // Skipped: the change happens between (wall − before) − gap and (wall − before).
        let from = Date(timeIntervalSince1970: Double(wall - before - 86_400))
        if let change = timeZone.nextDaylightSavingTimeTransition(after: from) {
            return Int64(change.timeIntervalSince1970.rounded(.up))
        }
        return wall - after
    }

    /// The first instant after `t` at which `alarm` rings (its snoozes aside); nil when it is
    /// disabled, or a once-only alarm whose time has passed.
    public func next(_ alarm: Alarm, after t: Double) -> Int64? {
        guard alarm.enabled else { return nil }
        if alarm.days == .once {
            guard let date = alarm.date else { return nil }
            let at = instant(of: date, alarm.time)
            return Double(at) > t ? at : nil
        }
        let first = date(at: t).daysSinceEpoch - 1
        for day in first...(first + 8) {
            let d = AlarmDate(daysSinceEpoch: day)
            guard alarm.days.includes(weekday: d.weekday) else { continue }
            let at = instant(of: d, alarm.time)
            if Double(at) > t { return at }
        }
        return nil
    }

    /// Every ring of `alarms` after `from` and at or before `through`, in time order (alarms
    /// of the same instant in their order in the file).
    public func rings(of alarms: [Alarm], after from: Double, through: Double) -> [AlarmRing] {
        var out: [AlarmRing] = []
        for alarm in alarms {
            var t = from
            while let at = next(alarm, after: t), Double(at) <= through {
                out.append(AlarmRing(alarm: alarm, scheduled: at))
                t = Double(at)
            }
        }
        return out.enumerated().sorted { ($0.element.scheduled, $0.offset) < ($1.element.scheduled, $1.offset) }.map(\.element)
    }

    /// The date a once-only alarm at `time` gets when added at `now`: today if the time is
    /// still to come, else tomorrow.
    public func onceDate(for time: AlarmTime, now: Double) -> AlarmDate {
        let probe = Alarm(id: 0, time: time, days: .daily)
        return date(at: Double(next(probe, after: now) ?? Int64(now)))
    }
}

/// One ringing of an alarm: which, and the instant it was due. Any thread (a value).
public struct AlarmRing: Sendable, Equatable {
    public var alarm: Alarm
    /// Seconds since 1970 UTC.
    public var scheduled: Int64

    public init(alarm: Alarm, scheduled: Int64) {
        self.alarm = alarm
        self.scheduled = scheduled
    }
}
