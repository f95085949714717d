import Jobs
import ArgumentParser

/// `woodshed log`: the practice log summed up per file and section, click and noise, per day,
/// with the streak and the weak spots. Main thread.
struct LogSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "log",
        abstract: "Sum up the practice log: time per file and section, click and noise, per day, the streak and the weak spots.",
        discussion: """
            The log is $XDG_STATE_HOME/woodshed/practice-log.jsonl (~/.local/state/...),
            one JSON line per stretch of practice in click, play, shadow or noise,
            and per track listened to in playlist play.
            A session is practice with no break over 30 minutes; days are calendar
            days in the local time zone; the streak counts consecutive days with 5
            minutes or more. Weak spots: the sections moved as bad cuts, asked for
            again or slower most in the last 14 days. --tinnitus: the notched
            listening (--notch) per day against --target (90m). See
            docs/practice-log.md.
            """)

    @Option(parsing: .unconditional, help: "Only the last N days (N × 24 hours back from now).") var days: Int?
    @Option(help: "Only this audio file (its path).", completion: .audioFiles) var file: String?
    @Flag(help: "Print the summary as JSON (times in seconds, tempos in BPM).") var json = false
    @Flag(help: "Notched listening (--notch) per day against the daily target instead.") var tinnitus = false
    @Option(help: "With --tinnitus: the daily target in whole minutes, e.g. 90m or 2h (default 90m).") var target: String?

    /// The options as a request for the report.
    var request: LogRequest { LogRequest(days: days, file: file, json: json, tinnitus: tinnitus, target: target) }

    func validate() throws {
        _ = try usage { try request.check() }
    }

    func run() throws {
        try usage { try request.run() }
    }
}
