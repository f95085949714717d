import ArgumentParser
import Jobs

/// `history`: the current practice file and its backups, with when each was saved and what it
/// changed (see `SectionStore.history`). Main thread.
struct SectionsHistory: SectionsHistoryAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE history",
                                                    abstract: "Show the saved versions: the current one and up to 5 backups, newest first.",
                                                    discussion: """
        Each line: the version (current, or the backup's number for restore), when it
        was saved (local time), and what it changed since the one before:
        + NAME added, - NAME removed, ~ NAME (what) changed, order, settings, path.
        """)

    func run(on session: inout SectionsSession) throws -> String {
        session.history()
    }
}
