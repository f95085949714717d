import ArgumentParser
import Jobs

/// `--coach`, `--advance-when` and `--coach-log` of `woodshed click`: listen on `woodshed:in`
/// against the click. Parsing only. Main thread.
struct CoachOptions: ParsableArguments {
    @Flag(name: .long, help: ArgumentHelp(OptionHelp.coach)) var coach = false
    @Option(name: .customLong("advance-when"), help: ArgumentHelp(OptionHelp.advanceWhen, valueName: "clean:MS")) var advanceWhen: String?
    @Option(name: .customLong("coach-log"), help: ArgumentHelp(OptionHelp.coachLog, valueName: "FILE")) var coachLog: String?

    func validate() throws { _ = try request }

    /// The request, nil without --coach.
    var request: CoachRequest? { get throws { try usage { try CoachRequest.option(coach: coach, advanceWhen: advanceWhen, log: coachLog) } } }
}
