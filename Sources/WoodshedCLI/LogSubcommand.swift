import Jobs
import App
import ArgumentParser

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

    @Option(parsing: .unconditional, help: "Only the last N days (N × 24 hours back from now).") var days: Int?
    @Option(help: "Only this audio file (its path).", completion: .audioFiles) var file: String?

    func validate() throws {
        if let days, days < 1 { throw ValidationError("--days takes a number of days, 1 or more, not \(days)") }
    }

    func run() throws {
        let report = try PracticeLogReport(days: days, file: file).make()
        for warning in report.warnings { writeStderr("Warning: \(warning)\n") }
        print(report.text)
    }
}
