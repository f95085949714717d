import ArgumentParser
import Jobs

/// `restore N`: backup N becomes the current file; the one it replaces becomes backup 1.
/// Main thread.
struct SectionsRestore: SectionsHistoryAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE restore", help: .sectionsRestore)

    @Argument(help: "The backup's number, from 1 (the newest), as history shows it.") var generation: Int

    func run(on session: inout SectionsSession) throws -> String { try session.restore(generation) }
}
