import ArgumentParser
import Jobs

/// `--coach`, `--advance-when` and `--coach-log` of `woodshed click`: listen on `woodshed:in`
/// against the click. Parsing only. Main thread.
struct CoachOptions: ParsableArguments {
    @Flag(name: .long, help: "Listen on woodshed:in (connect it with --input): how early or late each note is against the click, to the millisecond (JACK only; docs/coach.md).")
    var coach = false
    @Option(name: .customLong("advance-when"), help: ArgumentHelp("With --coach and a speed trainer (80-160/10, or a preset with one): step the tempo up only after a clean pass (every note within ±MS, none missed), back after a miss.", valueName: "clean:MS"))
    var advanceWhen: String?
    @Option(name: .customLong("coach-log"), help: ArgumentHelp("With --coach: write each note heard (time, position, deviation_ms) and each click missed as a JSON line to FILE.", valueName: "FILE"))
    var coachLog: String?

    func validate() throws {
        if !coach && (advanceWhen != nil || coachLog != nil) {
            throw ValidationError("\(advanceWhen != nil ? "--advance-when" : "--coach-log") needs --coach (it listens on woodshed:in)")
        }
        if let advanceWhen { try usage { _ = try CoachRequest.cleanWithin(advanceWhen) } }
    }

    /// The request, nil without --coach.
    var request: CoachRequest? {
        get throws {
            guard coach else { return nil }
            return CoachRequest(cleanWithinMs: try advanceWhen.map(CoachRequest.cleanWithin), log: coachLog)
        }
    }
}
