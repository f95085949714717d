import Jobs
import ArgumentParser

/// `woodshed log`: the practice log summed up per file and section, click and noise, per day,
/// with the streak and the weak spots. Main thread.
struct LogSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "log", help: .log)

    @Option(parsing: .unconditional, help: "Only the last N days (N × 24 hours back from now).") var days: Int?
    @Option(help: "Only this audio file (its path).", completion: .audioFiles) var file: String?
    @Flag(help: "Print the summary as JSON (times in seconds, tempos in BPM).") var json = false
    @Flag(help: "Notched listening (--notch) per day against the daily target instead.") var tinnitus = false
    @Option(help: "With --tinnitus: the daily target in whole minutes, e.g. 90m or 2h (default 90m).") var target: String?

    /// The options as a request for the report.
    var request: LogRequest { LogRequest(days: days, file: file, json: json, tinnitus: tinnitus, target: target) }

    func validate() throws { _ = try usage { try request.check() } }

    func run() throws { try usage { try request.run() } }
}
