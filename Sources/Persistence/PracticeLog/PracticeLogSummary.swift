import Foundation

/// What the practice log adds up to, per audio file and over all of them: time spent,
/// sessions, days, sections practised, passes, and the most repeated section. Any thread (a value).
///
/// - An entry's `date` is when its practice ended; it began `seconds` earlier.
/// - A **session** is a run of practice with no break longer than `sessionBreak` (30 minutes)
///   between the end of one entry and the start of the next.
/// - A **day** is a calendar day in `timeZone` (the local one) on which an entry ended.
/// - A section is known by its file and name; the **most repeated** one has the most passes
///   in all (the first one practised, when several have as many).
public struct PracticeLogSummary: Sendable, Equatable {
    /// The totals of a set of entries.
    public struct Totals: Sendable, Equatable {
        public var milliseconds: Int64 = 0
        public var sessions = 0
        public var days = 0
        /// Different sections practised.
        public var sections = 0
        public var passes = 0
        public var entries = 0
        /// The section with the most passes; nil without entries.
        public var mostRepeated: MostRepeated?
    }

    /// A section and its passes in all.
    public struct MostRepeated: Sendable, Equatable {
        public var file: String
        public var section: String
        public var passes: Int
    }

    /// One audio file's totals.
    public struct FileTotals: Sendable, Equatable {
        /// The path the log gives.
        public var file: String
        public var totals: Totals
    }

    /// Per file, in the order they were last practised: the most recent last.
    public var files: [FileTotals]
    /// Over all the entries.
    public var overall: Totals

    /// Adds up `entries` (in any order).
    public init(entries: [PracticeLogEntry], timeZone: TimeZone = .current, sessionBreak: TimeInterval = 30 * 60) {
        let sorted = entries.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
        overall = PracticeLogSummary.totals(sorted, timeZone: timeZone, sessionBreak: sessionBreak)
        var lastPractised: [String: Int] = [:]
        for (k, e) in sorted.enumerated() { lastPractised[e.file] = k }
        files = lastPractised.sorted { $0.value < $1.value }.map { file, _ in
            FileTotals(file: file, totals: PracticeLogSummary.totals(sorted.filter { $0.file == file },
                                                                     timeZone: timeZone, sessionBreak: sessionBreak))
        }
    }

    /// The totals of `entries`, sorted by date.
    static func totals(_ entries: [PracticeLogEntry], timeZone: TimeZone, sessionBreak: TimeInterval) -> Totals {
        var t = Totals()
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var days = Set<DateComponents>()
        var passes: [String: (file: String, section: String, passes: Int, first: Int)] = [:]
        var lastEnd: Date?
        for (k, e) in entries.enumerated() {
            t.milliseconds += e.milliseconds
            t.passes += e.passes
            t.entries += 1
            let start = e.date.addingTimeInterval(-Double(e.milliseconds) / 1000)
            if let lastEnd, start.timeIntervalSince(lastEnd) <= sessionBreak {
                // the same session
            } else {
                t.sessions += 1
            }
            lastEnd = max(lastEnd ?? e.date, e.date)
            days.insert(calendar.dateComponents([.year, .month, .day], from: e.date))
            let key = e.file + "\u{0}" + e.section
            passes[key, default: (e.file, e.section, 0, k)].passes += e.passes
        }
        t.days = days.count
        t.sections = passes.count
        if let top = passes.values.sorted(by: { ($0.passes, -$0.first) > ($1.passes, -$1.first) }).first {
            t.mostRepeated = MostRepeated(file: top.file, section: top.section, passes: top.passes)
        }
        return t
    }
}
