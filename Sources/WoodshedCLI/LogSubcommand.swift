import App
import ArgumentParser
import Foundation
import WoodshedCore
import Persistence

/// `woodshed log`: the practice log summed up, per audio file and over all of them. Main thread.
struct LogSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Sum up the practice log: time, sessions, days, sections and the most repeated one, per file.",
        discussion: """
            The log is $XDG_STATE_HOME/woodshed/practice-log.jsonl (~/.local/state/...),
            one JSON line per section practised. A session is practice with no break
            over 30 minutes; days are calendar days in the local time zone.
            See docs/shadowing.md.
            """)

    @Option(parsing: .unconditional, help: "Only the last N days (N × 24 hours back from now).")
    var days: Int?

    @Option(help: "Only this audio file (its path).")
    var file: String?

    func validate() throws {
        if let days, days < 1 { throw ValidationError("--days takes a number of days, 1 or more, not \(days)") }
    }

    func run() throws {
        let log = PracticeLog()
        let contents: PracticeLogContents
        do {
            contents = try log.read()
        } catch {
            throw ValidationErrorMessage(error.description)
        }
        for warning in contents.warnings { writeStderr("Warning: \(warning)\n") }
        var entries = contents.entries
        var scope: [String] = []
        if let days {
            let since = Date().addingTimeInterval(-Double(days) * 86_400)
            entries = entries.filter { $0.date >= since }
            scope.append("in the last \(plural(days, "day"))")
        }
        if let file {
            let path = URL(fileURLWithPath: file).standardizedFileURL.path
            entries = entries.filter { $0.file == path }
            scope.append("with \(path)")
        }
        guard !entries.isEmpty else {
            print(contents.entries.isEmpty ? "nothing practised yet (the log is \(log.url.path))"
                                           : "nothing practised " + scope.joined(separator: " "))
            return
        }
        let summary = PracticeLogSummary(entries: entries)
        var blocks = summary.files.map { LogSubcommand.block($0.file, $0.totals, showFile: false) }
        if summary.files.count > 1 {
            blocks.append(LogSubcommand.block("all \(summary.files.count) files", summary.overall, showFile: true))
        }
        print(blocks.joined(separator: "\n\n"))
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
