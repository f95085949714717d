import App
import Foundation
import Persistence
import WoodshedCore

/// `woodshed log`: the practice log summed up, per audio file and over all of them, for the
/// last `days` or one `file` when given. Main thread.
public struct PracticeLogReport: Sendable {
    /// Only the last N days (N × 24 hours back from `now`).
    public var days: Int?
    /// Only this audio file (its path as the user gave it).
    public var file: String?

    public init(days: Int? = nil, file: String? = nil) {
        self.days = days
        self.file = file
    }

    /// Reads `log` and returns the warnings about lines it could not read ("Warning: " is the
    /// caller's) and the text to print.
    public func make(log: PracticeLog = PracticeLog(), now: Date = Date()) throws -> (warnings: [String], text: String) {
        let contents: PracticeLogContents
        do {
            contents = try log.read()
        } catch {
            throw ValidationErrorMessage(error.description)
        }
        let warnings = contents.warnings.map { "\($0)" }
        var entries = contents.entries
        var scope: [String] = []
        if let days {
            let since = now.addingTimeInterval(-Double(days) * 86_400)
            entries = entries.filter { $0.date >= since }
            scope.append("in the last \(plural(days, "day"))")
        }
        if let file {
            let path = URL(fileURLWithPath: file).standardizedFileURL.path
            entries = entries.filter { $0.file == path }
            scope.append("with \(path)")
        }
        guard !entries.isEmpty else {
            return (warnings, contents.entries.isEmpty ? "nothing practised yet (the log is \(log.url.path))"
                                                       : "nothing practised " + scope.joined(separator: " "))
        }
        let summary = PracticeLogSummary(entries: entries)
        var blocks = summary.files.map { Self.block($0.file, $0.totals, showFile: false) }
        if summary.files.count > 1 {
            blocks.append(Self.block("all \(summary.files.count) files", summary.overall, showFile: true))
        }
        return (warnings, blocks.joined(separator: "\n\n"))
    }

    /// A title line, then one line per total:
    ///
    ///     /home/me/lesson.mp3
    ///       time spent     0:12:30
    ///       sessions       3, on 2 days
    ///       sections       14 (52 passes)
    ///       most repeated  's4' (9 passes)
    static func block(_ title: String, _ t: PracticeLogSummary.Totals, showFile: Bool) -> String {
        var rows = [
            ("time spent", duration(t.milliseconds)),
            ("sessions", "\(t.sessions), on \(plural(t.days, "day"))"),
            ("sections", "\(t.sections) (\(plural(t.passes, "pass", "passes")))"),
        ]
        if let m = t.mostRepeated {
            let place = showFile ? " in \(URL(fileURLWithPath: m.file).lastPathComponent)" : ""
            rows.append(("most repeated", "'\(m.section)'\(place) (\(plural(m.passes, "pass", "passes")))"))
        }
        return ([title] + rows.map { "  " + $0.0.padding(toLength: 15, withPad: " ", startingAt: 0) + $0.1 }).joined(separator: "\n")
    }

    /// Milliseconds as h:mm:ss, rounded to the nearest second (half up).
    static func duration(_ milliseconds: Int64) -> String {
        ClockText.hours(Int((milliseconds + 500) / 1000))
    }
}
