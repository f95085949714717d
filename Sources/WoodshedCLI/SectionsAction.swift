import ArgumentParser
import Jobs

/// One `woodshed sections FILE ACTION ...`: parsed from the words after ACTION, then run on the
/// audio's practice file. The file is saved after `run` only if it changed, and the lines
/// `run` returns are printed only after that. Main thread.
protocol SectionsAction: ParsableCommand {
    func run(on session: inout SectionsSession) throws -> String
}

extension SectionsAction {
    /// Not used: `SectionsSubcommand` calls `run(on:)`.
    func run() throws {}
}
