import Foundation

/// Notched listening per calendar day (`woodshed log --tinnitus`): the `notched` time of the
/// log's lines summed per day in `timeZone` (an entry counts on the day it ended), each day
/// against a daily target. Any thread (a value).
public struct PracticeLogNotchedDays: Sendable, Equatable {
    /// One day's notched listening.
    public struct Day: Sendable, Equatable {
        /// `2025-03-01`, in the time zone.
        public var date: String
        public var milliseconds: Int64
        /// At least the target.
        public var met: Bool

        public init(date: String, milliseconds: Int64, met: Bool) {
            self.date = date
            self.milliseconds = milliseconds
            self.met = met
        }
    }

    /// Days with notched listening, oldest first.
    public var days: [Day]
    /// The daily target in milliseconds.
    public var targetMilliseconds: Int64

    /// The default target: 90 minutes a day (the studies' 1–2 hours).
    public static let defaultTargetMilliseconds: Int64 = 90 * 60 * 1000

    /// The days of `entries` (in any order) with notched time, in `timeZone`.
    public init(entries: [PracticeLogEntry], targetMilliseconds: Int64 = Self.defaultTargetMilliseconds,
                timeZone: TimeZone = .current) {
        let calendar = PracticeLogDays.calendar(timeZone)
        var totals: [String: Int64] = [:]
        for e in entries where e.notchedMilliseconds > 0 {
            totals[PracticeLogDays.text(calendar.dateComponents([.year, .month, .day], from: e.date)), default: 0] += e.notchedMilliseconds
        }
        days = totals.keys.sorted().map { Day(date: $0, milliseconds: totals[$0] ?? 0, met: (totals[$0] ?? 0) >= targetMilliseconds) }
        self.targetMilliseconds = targetMilliseconds
    }

    /// The days as a JSON document (two-space indent, ending in a newline); times in seconds:
    ///
    ///     {"target": 5400, "days": [{"date": "2025-03-01", "seconds": 5520, "met": true}], "met": 1}
    ///
    /// `met` at the end: how many days met the target.
    public var jsonText: String {
        OrderedJSON.object([
            ("target", .thousandths(targetMilliseconds)),
            ("days", .list(days.map { d in
                .object([("date", .text(d.date)), ("seconds", .thousandths(d.milliseconds)), ("met", .number(d.met ? "true" : "false"))])
            })),
            ("met", .integer(days.filter(\.met).count)),
        ]).fileText
    }
}
