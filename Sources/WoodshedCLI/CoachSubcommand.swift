import ArgumentParser
import Jobs

/// `woodshed coach TAKE TEMPO|--map FILE [--start SECONDS] [--json|--csv]`: how early or late
/// each note of a recording was against the click. Parsing only (the job: `CoachJob`). Main thread.
struct CoachSubcommand: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "coach", help: .coach)

    @Argument(help: "The recording (WAV, FLAC, MP3, Ogg, Opus, M4A...).", completion: .audioFiles) var take: String
    @OptionGroup(title: "The click") var click: ClickGridOptions
    @Option(name: .long, parsing: .unconditional, help: "Seconds into the take where bar 1, beat 1 falls.") var start: Double = 0
    @Flag(name: .long, help: "Write the rows and the summary as JSON.") var json = false
    @Flag(name: .long, help: "Write the rows as CSV (time,position,deviation_ms).") var csv = false

    var job: CoachJob { CoachJob(take: take, click: click.request(), start: start, format: json ? .json : csv ? .csv : .table) }

    func validate() throws {
        if json && csv { throw ValidationError("give --json or --csv, not both") }
        try usage { try job.check() }
    }

    func run() throws { print(try job.run(), terminator: "") }
}
