import ArgumentParser
import Jobs

/// `restore N`: backup N becomes the current file; the one it replaces becomes backup 1.
/// Main thread.
struct SectionsRestore: SectionsHistoryAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE restore",
                                                    abstract: "Bring back backup N (see history); the current version becomes backup 1, so undo brings it back.")

    @Argument(help: "The backup's number, from 1 (the newest), as history shows it.") var generation: Int

    func run(on session: inout SectionsSession) throws -> String {
        try session.restore(generation)
    }
}
