import Persistence

/// `history`, `restore` and `undo` of `woodshed sections FILE`: they work on the saved versions,
/// even when the current file does not parse. Main thread.
extension SectionsSession {
    /// `history`: the current practice file and its backups, with when each was saved and what
    /// it changed (see `SectionStore.history`).
    public func history() -> String {
        let lines = store.history(file.fingerprint)
        guard !lines.isEmpty else { return "no saved versions yet" }
        return lines.joined(separator: "\n")
    }

    /// `restore N`: backup N becomes the current file; the one it replaces becomes backup 1
    /// (`undo` is `restore 1`). Says what it changed.
    public func restore(_ generation: Int) throws -> String {
        let fingerprint = file.fingerprint
        let done: (restored: PracticeFile, replaced: PracticeFile?)
        do {
            done = try store.restore(fingerprint, generation: generation)
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
