import Jobs
import ArgumentParser

/// The plan options of `sections add` and `sections set`. Main thread.
struct SectionsPlanOptions: ParsableArguments {
    // Values are taken as they are, even with a leading "-" (then refused, naming the value and
    // the range), rather than read as an option.
    @Option(name: .customLong("repeat"), parsing: .unconditional, help: "Passes: 1 to 10000, or endless.") var repeats: String?
    @Option(parsing: .unconditional, help: ArgumentHelp(OptionHelp.sectionsGap)) var gap: String?
    @Option(name: .customLong("count-in"), parsing: .unconditional, help: "Bars of count-in clicks before each pass (0-64).") var countIn: String?
    @Option(parsing: .unconditional, help: ArgumentHelp(OptionHelp.sectionsSpeeds)) var speeds: String?
    @Option(help: "After the last pass: next, stop or loop-all.") var advance: String?

    /// The options as a change to a plan.
    var change: SectionPlanChange { SectionPlanChange(repeats: repeats, gap: gap, countIn: countIn, speeds: speeds, advance: advance) }
}
