import ArgumentParser
import Jobs

/// `history`: the current practice file and its backups, with when each was saved and what it
/// changed (see `SectionStore.history`). Main thread.
struct SectionsHistory: SectionsHistoryAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE history", help: .sectionsHistory)

    func run(on session: inout SectionsSession) throws -> String { session.history() }
}
