import Foundation

/// One saved version of a practice file: the current one (generation 0) or a backup (1 the
/// newest). Control thread (a value `SectionStore.versions` hands over).
public struct PracticeFileVersion: Sendable {
    /// 0: the current file; N: backup N.
    public var generation: Int
    public var url: URL
    /// When this version was saved.
    public var saved: Date
    /// The version's contents, or why it cannot be used.
    public var file: Result<PracticeFile, JSONFileError>
}
