import Foundation
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
    /// (`undo` is `restore 1`). Says what it changed, and promises `undo` only when it can
    /// bring the replaced version back: a current file that does not parse is kept as backup 1
    /// to repair by hand, and with no current file there is nothing to bring back.
    public func restore(_ generation: Int) throws -> String {
        let fingerprint = file.fingerprint
        let current = store.url(for: fingerprint)
        let hadCurrent = FileManager.default.fileExists(atPath: current.path)
        let done: (restored: PracticeFile, replaced: PracticeFile?)
        do {
            done = try store.restore(fingerprint, generation: generation)
        } catch {
            throw ValidationErrorMessage(error.description)
        }
        guard done.replaced != done.restored else {
            return "backup \(generation) is the same as the current version: nothing changed"
        }
        guard let replaced = done.replaced else {
            guard hadCurrent else { return "restored backup \(generation)" }
            return "restored backup \(generation) (the version it replaced could not be read: it is kept as backup 1, "
                + "\(store.backupURL(for: fingerprint).path), to repair by hand; undo can't bring it back)"
        }
        return "restored backup \(generation): \(done.restored.changes(since: replaced)) (the version it replaced is backup 1: undo brings it back)"
    }
}
