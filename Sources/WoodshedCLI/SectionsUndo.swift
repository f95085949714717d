import ArgumentParser
import Jobs

/// `undo`: `restore 1`, the version before the last change. Main thread.
struct SectionsUndo: SectionsHistoryAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE undo", help: .sectionsUndo)

    func run(on session: inout SectionsSession) throws -> String { try session.restore(1) }
}
