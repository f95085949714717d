import ArgumentParser
import Foundation
import Persistence

/// An action on the saved versions of the practice file (`history`, `restore`, `undo`): it
/// works even when the current file does not parse. Main thread.
protocol SectionsHistoryAction: SectionsAction {}

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
        let lines = session.store.history(session.file.fingerprint)
        guard !lines.isEmpty else { return "no saved versions yet" }
        return lines.joined(separator: "\n")
    }
}

/// `restore N`: backup N becomes the current file; the one it replaces becomes backup 1.
/// Main thread.
struct SectionsRestore: SectionsHistoryAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE restore",
                                                    abstract: "Bring back backup N (see history); the current version becomes backup 1, so undo brings it back.")

    @Argument(help: "The backup's number, from 1 (the newest), as history shows it.") var generation: Int

    func run(on session: inout SectionsSession) throws -> String {
        try Self.restore(generation, in: &session)
    }

    /// Restores backup `generation` and says what it changed.
    static func restore(_ generation: Int, in session: inout SectionsSession) throws -> String {
        let fingerprint = session.file.fingerprint
        let done: (restored: PracticeFile, replaced: PracticeFile?)
        do {
            done = try session.store.restore(fingerprint, generation: generation)
        } catch {
            throw ValidationErrorMessage(error.description)
        }
        guard done.replaced != done.restored else {
            return "backup \(generation) is the same as the current version: nothing changed"
        }
        let change = done.replaced.map { ": " + done.restored.changes(since: $0) } ?? ""   // none, or one that doesn't parse
        return "restored backup \(generation)\(change) (the version it replaced is backup 1: undo brings it back)"
    }
}

/// `undo`: `restore 1`, the version before the last change. Main thread.
struct SectionsUndo: SectionsHistoryAction {
    static let configuration = CommandConfiguration(commandName: "woodshed sections FILE undo",
                                                    abstract: "Undo the last change: restore backup 1. Undo again to redo it.")

    func run(on session: inout SectionsSession) throws -> String {
        try SectionsRestore.restore(1, in: &session)
    }
}
