import Foundation

/// The practice log per calendar day, and the streak. Any thread (a value).
///
/// - A **day** is a calendar day in `timeZone` (the local one): an entry counts on the day it
///   ended.
/// - The **streak** is the number of consecutive days, each with at least `streakMinimum`
///   (5 minutes) of practice in all modes, up to today — or up to yesterday while today has not
///   reached it yet (the streak is not broken before the day is over).
public struct PracticeLogDays: Sendable, Equatable {
    /// One day's practice.
    public struct Day: Sendable, Equatable {
        /// `2025-03-01`, in the time zone.
        public var date: String
        public var milliseconds: Int64
        /// Per mode, in `PracticeLogEntry.Mode`'s order; modes without practice left out.
        public var modes: [(mode: PracticeLogEntry.Mode, milliseconds: Int64)]

        public init(date: String, milliseconds: Int64, modes: [(mode: PracticeLogEntry.Mode, milliseconds: Int64)]) {
            self.date = date
            self.milliseconds = milliseconds
            self.modes = modes
        }

        public static func == (a: Day, b: Day) -> Bool {
            a.date == b.date && a.milliseconds == b.milliseconds
                && a.modes.map(\.mode) == b.modes.map(\.mode) && a.modes.map(\.milliseconds) == b.modes.map(\.milliseconds)
        }
    }

    /// Days with practice, oldest first.
    public var days: [Day]
    /// Consecutive days of at least `streakMinimum`, ending today or yesterday.
    public var streak: Int
    /// The streak's last day (`2025-03-01`); nil when the streak is 0.
    public var streakThrough: String?

    /// A streak day needs this much practice: 5 minutes.
    public static let streakMinimum: Int64 = 5 * 60 * 1000

    /// The days of `entries` (in any order) in `timeZone`; `now` says which day is today.
    public init(entries: [PracticeLogEntry], now: Date, timeZone: TimeZone = .current) {
        let calendar = Self.calendar(timeZone)
        func key(_ date: Date) -> DateComponents { calendar.dateComponents([.year, .month, .day], from: date) }
        var totals: [DateComponents: [PracticeLogEntry.Mode: Int64]] = [:]
        for e in entries { totals[key(e.date), default: [:]][e.mode, default: 0] += e.milliseconds }
        func order(_ c: DateComponents) -> Int { (c.year ?? 0) * 10_000 + (c.month ?? 0) * 100 + (c.day ?? 0) }
        func text(_ c: DateComponents) -> String { Self.text(c) }
        days = totals.keys.sorted { order($0) < order($1) }.map { c in
            let modes = PracticeLogEntry.Mode.allCases.compactMap { m in totals[c]?[m].map { (m, $0) } }
            return Day(date: text(c), milliseconds: modes.reduce(0) { $0 + $1.1 }, modes: modes)
        }
        func enough(_ c: DateComponents) -> Bool { (totals[c]?.values.reduce(0, +) ?? 0) >= Self.streakMinimum }
        /// The day before `c`, stepping from its noon (a day is 23 or 25 hours around a clock change).
        func before(_ c: DateComponents) -> DateComponents {
            var noon = c
            noon.hour = 12
            let date = calendar.date(from: noon) ?? now
            return key(calendar.date(byAdding: .day, value: -1, to: date) ?? date)
        }
        var day = key(now)
        if !enough(day) { day = before(day) }
        var streak = 0
        let through = day
        while enough(day) {
            streak += 1
            day = before(day)
        }
        self.streak = streak
        streakThrough = streak > 0 ? text(through) : nil
    }

    /// The Gregorian calendar in `timeZone`: the log's days.
    static func calendar(_ timeZone: TimeZone) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        return calendar
    }

    /// `2025-03-01`: a day's year, month and day.
    static func text(_ c: DateComponents) -> String {
        String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }
}
